import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import { PathReporter } from 'io-ts/PathReporter'

/**
 * One definition per API call (spec section 7), shared by the axios adapters and the Fastify routes.
 * `path` is the spec's path after the `/api` base, with `{name}` placeholders for params.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * Who may call a route, declared with it so that the OpenAPI document (and the test that calls every
 * route without a token) cannot drift from what the server checks:
 * - public: no credentials (a form's password or a hold's token travel as input);
 * - optionalCustomer: public, a customer's bearer token is read when sent;
 * - customer: a customer's bearer token (401 without one);
 * - staff / admin: a staff bearer token (admin: of the admin role; a customer token is refused);
 * - operator: the X-Operator-Key header (tenant creation);
 * - metrics: the METRICS_TOKEN bearer token when the server has one (GET /metrics);
 * - apiKey: an integrator's API key of the tenant (the X-Api-Key header) with the route's `scope`.
 */
export const ACCESS = ['public', 'optionalCustomer', 'customer', 'staff', 'admin', 'operator', 'metrics', 'apiKey'] as const
export type Access = (typeof ACCESS)[number]

/** What an integrator's API key may do (docs/integrations.md). */
export const API_KEY_SCOPES = ['catalogue:read', 'bookings:read', 'bookings:write', 'customers:read'] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]
/** The header that carries an API key. */
export const API_KEY_HEADER = 'x-api-key'

export interface Route<
  P extends t.Mixed = t.Mixed,
  Q extends t.Mixed = t.Mixed,
  B extends t.Mixed = t.Mixed,
  R extends Partial<Record<number, t.Mixed>> = Partial<Record<number, t.Mixed>>,
> {
  readonly method: Method
  readonly path: string
  readonly access: Access
  /**
   * The API key scope that opens this route: required with access 'apiKey'; on a public route, a key
   * sent is checked, rate limited and logged (a revoked key answers 401).
   */
  readonly scope?: ApiKeyScope
  /** One line for the API's readers (the OpenAPI operation's summary). */
  readonly summary: string
  /** What the call does and answers (the OpenAPI operation's description). */
  readonly description: string
  /** The media type of a success body that is not JSON (a calendar file, the metrics' text). */
  readonly mediaType?: string
  /**
   * A query sent as POST (its input is a body): it changes nothing on the server, so a client may send
   * it again, e.g. after a busy server's 503 + Retry-After, as it does a GET.
   */
  readonly read?: true
  readonly params: P
  readonly query: Q
  readonly body: B
  /** Response codecs keyed by HTTP status. A status without a codec is a contract violation. */
  readonly responses: R
}

/** What a route takes where it names no params, query or body. */
export const NoInput = t.union([t.undefined, t.null, t.UnknownRecord])

/** Builds a route with permissive defaults for the parts a call does not use. */
export function route<
  P extends t.Mixed = typeof NoInput,
  Q extends t.Mixed = typeof NoInput,
  B extends t.Mixed = typeof NoInput,
  R extends Partial<Record<number, t.Mixed>> = Partial<Record<number, t.Mixed>>,
>(def: { method: Method; path: string; access: Access; scope?: ApiKeyScope; summary: string; description: string; mediaType?: string; read?: true; params?: P; query?: Q; body?: B; responses: R }): Route<P, Q, B, R> {
  return {
    method: def.method,
    path: def.path,
    access: def.access,
    ...(def.scope ? { scope: def.scope } : {}),
    summary: def.summary,
    description: def.description,
    ...(def.mediaType ? { mediaType: def.mediaType } : {}),
    ...(def.read ? { read: true as const } : {}),
    params: (def.params ?? NoInput) as P,
    query: (def.query ?? NoInput) as Q,
    body: (def.body ?? NoInput) as B,
    responses: def.responses,
  }
}

export type ParamsOf<T extends Route> = t.TypeOf<T['params']>
export type QueryOf<T extends Route> = t.TypeOf<T['query']>
export type BodyOf<T extends Route> = t.TypeOf<T['body']>
/** Decoded type of the response for a given status. */
export type ResponseOf<T extends Route, S extends keyof T['responses'] = 200> = T['responses'][S] extends t.Mixed
  ? t.TypeOf<T['responses'][S]>
  : never
/** Wire (encoded) type of the response for a given status: what the server sends. */
export type ResponseOutputOf<T extends Route, S extends keyof T['responses'] = 200> = T['responses'][S] extends t.Mixed
  ? t.OutputOf<T['responses'][S]>
  : never

/** The error body of every failed call: the client shows `message` where the spec says so. */
export const ErrorBody = t.intersection([
  t.type({ statusCode: t.number, message: t.string }),
  t.partial({ error: t.string }),
])
export type ErrorBody = t.TypeOf<typeof ErrorBody>

/** Human-readable description of io-ts decode errors: 'Invalid value "x" supplied to body.email'. */
export function describeErrors(errors: t.Errors, where: string): string {
  const lines = PathReporter.report(E.left(errors))
  const first = lines[0] ?? 'Invalid input'
  return `Invalid ${where}: ${first.replace(/^Invalid value /, 'value ')}`
}

export function decodeWith<C extends t.Mixed>(codec: C, value: unknown, where: string): E.Either<string, t.TypeOf<C>> {
  return pipe(
    codec.decode(value),
    E.mapLeft((errors) => describeErrors(errors, where)),
  )
}

/** Substitutes `{name}` placeholders; every value is URI-encoded. Throws on a missing param (programmer error). */
export function pathFor(r: Pick<Route, 'path'>, params: Record<string, string | number> = {}): string {
  return r.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${r.path}`)
    return encodeURIComponent(String(value))
  })
}

/** Fastify-style URL pattern of a route: '/appointments/{id}' becomes '/appointments/:id'. */
export function fastifyPattern(r: Pick<Route, 'path'>): string {
  return r.path.replace(/\{(\w+)\}/g, ':$1')
}

export interface DecodedRequest<T extends Route> {
  params: ParamsOf<T>
  query: QueryOf<T>
  body: BodyOf<T>
}

/** Server side: validates an incoming request against the route. Left is the 400 message. */
export function decodeRequest<T extends Route>(
  r: T,
  input: { params: unknown; query: unknown; body: unknown },
): E.Either<string, DecodedRequest<T>> {
  return pipe(
    E.Do,
    E.bind('params', () => decodeWith(r.params, input.params ?? {}, 'path parameters')),
    E.bind('query', () => decodeWith(r.query, input.query ?? {}, 'query')),
    E.bind('body', () => decodeWith(r.body, input.body ?? undefined, 'body')),
  ) as E.Either<string, DecodedRequest<T>>
}

export type ResponseDecodeFailure =
  | { _tag: 'UnexpectedStatus'; status: number }
  | { _tag: 'InvalidBody'; status: number; message: string }

/** Client side: decodes a response by status with the route's codec. */
export function decodeResponse<T extends Route, S extends keyof T['responses'] & number>(
  r: T,
  status: S,
  body: unknown,
): E.Either<ResponseDecodeFailure, ResponseOf<T, S>> {
  const codec = r.responses[status] as t.Mixed | undefined
  if (!codec) return E.left({ _tag: 'UnexpectedStatus', status })
  return pipe(
    codec.decode(body),
    E.mapLeft((errors) => ({ _tag: 'InvalidBody' as const, status, message: describeErrors(errors, 'response') })),
  )
}

/** The 2xx statuses a route declares, lowest first (the server answers success with the first). */
export function successStatuses(r: Pick<Route, 'responses'>): number[] {
  return Object.keys(r.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
    .sort((a, b) => a - b)
}

/** The status a successful call answers with (the lowest 2xx of the route; 200 if none is declared). */
export function successStatus(r: Pick<Route, 'responses'>): number {
  return successStatuses(r)[0] ?? 200
}

/** The error statuses (4xx, 5xx) a route declares. */
export function errorStatuses(r: Pick<Route, 'responses'>): number[] {
  return Object.keys(r.responses)
    .map(Number)
    .filter((s) => s >= 400)
    .sort((a, b) => a - b)
}

/** What a caller passes for a route: its params, query and body (decoded types). */
export interface RequestOf<T extends Route> {
  params: ParamsOf<T>
  query: QueryOf<T>
  body: BodyOf<T>
}

/**
 * Client side: the URL (path with params, after the `/api` base, plus the encoded query string) and
 * the encoded body of a call. Query values that encode to undefined are left out.
 */
export function encodeRequest<T extends Route>(
  r: T,
  input: Partial<RequestOf<T>>,
): { method: Method; url: string; query: Record<string, string>; body: unknown } {
  const path = pathFor(r, (input.params ?? {}) as Record<string, string | number>)
  const encodedQuery = (input.query === undefined ? {} : r.query.encode(input.query)) as Record<string, unknown> | null
  const query: Record<string, string> = {}
  for (const [k, v] of Object.entries(encodedQuery ?? {})) if (v !== undefined && v !== null) query[k] = String(v)
  const search = new URLSearchParams(query).toString()
  return {
    method: r.method,
    url: search ? `${path}?${search}` : path,
    query,
    body: input.body === undefined ? undefined : r.body.encode(input.body),
  }
}
