/**
 * serve(app, route, handler): registers one src/contract route. The request's params, query and
 * body are validated with the route's codecs (400 with a clear message when they do not decode, but
 * credentials first: 401/403 before any 400/413/415, see credentialsRefusal);
 * the handler gets the decoded input and a context; its tagged result becomes the HTTP answer here,
 * the only place that knows statuses. A success body is encoded with the route's codec.
 */
import * as E from 'fp-ts/Either'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, preParsingHookHandler, RouteShorthandOptions } from 'fastify'
import type * as t from 'io-ts'
import { STAFF_ROLES } from '../../src/contract/staff.routes'
import { API_KEY_HEADER, describeErrors, fastifyPattern, successStatus, type DecodedRequest, type Route } from '../../src/contract/route'
import type { Db } from '../db/schema'
import { publicOrigin } from '../config'
import type { ServerDeps } from '../deps'
import type { AuthClaims } from '../accounts/jwt.service'
import { SESSION_ENDED, sessionRefusal, sessionState, tokenHash, TOKEN_MESSAGE, type SessionToCheck } from '../accounts/session.service'
import { API_KEY_MESSAGES, apiKeyFingerprint, checkApiKey, type UsedApiKey } from '../integrations/api-keys.service'
import { authenticate } from '../staff/staff.service'
import { operatorDb } from '../staff/staff.tables'
import { failureOf } from './service-failure'
import { chooseEncoding, type EncodedBody } from './encoded-body'
import { decodeInput } from './request-input'
import { EdgeFailure, STATUS_OF, unauthorized, type Failure, type Result } from './results'

export interface RequestContext {
  tenant: string
  db: Db
  deps: ServerDeps
  /** The decoded, valid JWT of this tenant, or undefined (no token, bad token, other tenant). */
  auth: AuthClaims | undefined
  /** The integrator's API key that opened the route (checked against the route's scope), if one was sent. */
  apiKey: UsedApiKey | undefined
  /** The signed-in customer's claims; answers 401 (ends the request) when there is none. */
  requireCustomer(): Promise<AuthClaims>
  /**
   * The customer's claims with the session left to check (no query): for a handler whose own
   * statement reads the customer's row and checks `session` there (the booking). Answers 401 when
   * there is no valid token. The handler must check the session before it changes anything, and
   * call requireCustomer() before answering with any refusal of its own.
   */
  customerToCheck(): { claims: AuthClaims; session: SessionToCheck }
  now(): Date
  /** The public origin for links: PUBLIC_URL (else http://localhost:PORT), never a request header. */
  origin: string
  request: FastifyRequest
  reply: FastifyReply
}

type SuccessBody<R extends Route> = R['responses'][200] extends t.Mixed
  ? t.TypeOf<R['responses'][200]>
  : R['responses'][201] extends t.Mixed
    ? t.TypeOf<R['responses'][201]>
    : unknown

export type Handler<R extends Route> = (
  input: DecodedRequest<R>,
  ctx: RequestContext,
) => Promise<Result<SuccessBody<R>>>

export interface ServeOptions {
  /** @fastify/rate-limit settings for this route (login, register, forgot-password). */
  rateLimit?: { max: number; timeWindow: number }
  /**
   * The route's own credentials check where its access is none the edge knows (the operator's key):
   * the refusal, or undefined when they open the route. Asked before a refusal of the input.
   */
  credentials?: (request: FastifyRequest) => Failure | undefined
}

export { SESSION_ENDED, TOKEN_MESSAGE }

/** Requests a minute per API key on the routes a key opens (docs/integrations.md). */
export const API_KEY_RATE_LIMIT = 300

/** The API key the request sends (X-Api-Key), if any. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[API_KEY_HEADER]
  const key = typeof header === 'string' ? header.trim() : undefined
  return key || undefined
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (typeof header !== 'string' || header.trim() === '') return undefined
  const match = /^Bearer\s+(.+)$/i.exec(header.trim())
  return (match ? match[1] : header).trim()
}

export async function authOf(request: FastifyRequest, deps: ServerDeps): Promise<AuthClaims | undefined> {
  const token = bearerToken(request)
  if (!token) return undefined
  const claims = await deps.jwt.verify(token)
  return claims && claims.tenant === request.tenant ? claims : undefined
}

/** Checks the token's customer still exists and the token was neither logged out nor issued before a password change. */
async function checkCustomer(deps: ServerDeps, request: FastifyRequest, claims: AuthClaims | undefined): Promise<AuthClaims> {
  const token = bearerToken(request)
  if (!claims || !token) throw new EdgeFailure(unauthorized(TOKEN_MESSAGE))
  const refusal = sessionRefusal(await sessionState(deps.db, request.tenant, claims.sub, token), claims)
  if (refusal) throw new EdgeFailure(unauthorized(refusal))
  return claims
}

/** The claims of a valid token of this tenant and its session, to check in the handler's own statement. */
function customerToCheck(request: FastifyRequest, claims: AuthClaims | undefined): { claims: AuthClaims; session: SessionToCheck } {
  const token = bearerToken(request)
  if (!claims || !token) throw new EdgeFailure(unauthorized(TOKEN_MESSAGE))
  return { claims, session: { tokenHash: tokenHash(token), claims } }
}

/**
 * The origin links are built from. Only the configuration: Host and X-Forwarded-Host are the client's
 * to choose, and a reset link pointing at another site hands it the token.
 */
export function originOf(request: FastifyRequest, deps: ServerDeps): string {
  return publicOrigin(deps.config, request.tenant)
}

export function sendFailure(reply: FastifyReply, failure: Failure): FastifyReply {
  const statusCode = STATUS_OF[failure._tag]
  return reply.status(statusCode).send({ statusCode, message: failure.message })
}

/** A prepared body: its kept brotli or gzip form when the client takes one (the compression plugin leaves it be). */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  reply.type('application/json; charset=utf-8')
  if (!body.compressible) return reply.send(body.json)
  reply.header('vary', 'accept-encoding')
  const encoding = chooseEncoding(request.headers['accept-encoding'])
  return encoding ? reply.header('content-encoding', encoding).send(body.compressed(encoding)) : reply.send(body.json)
}

/** The key each request opened its route with (checked in keyCheck, read by the handler). */
const usedKeys = new WeakMap<FastifyRequest, UsedApiKey>()

/**
 * The preParsing hook of a route a key opens: the key sent is checked against the route's scope before
 * the body is parsed; refused, the answer is sent here and the request goes no further (`done` is not
 * called). The request log names the key's id, never the key.
 */
function keyCheck(app: FastifyInstance, route: Route): preParsingHookHandler {
  const scope = route.scope!
  return (request, reply, payload, done) => {
    const sentKey = apiKeyOf(request)
    if (!sentKey) {
      if (route.access === 'apiKey') return void sendFailure(reply, unauthorized(API_KEY_MESSAGES.missing))
      return done(null, payload)
    }
    const deps = app.deps
    checkApiKey(deps.db, request.tenant, sentKey, scope, deps.clock()).then((checked) => {
      if (E.isLeft(checked)) return void sendFailure(reply, failureOf(checked.left))
      usedKeys.set(request, checked.right)
      request.signedIn = { id: checked.right.id, role: 'apiKey' }
      done(null, payload)
    }, (error: Error) => done(error))
  }
}

/**
 * Why the route's credentials refuse the request (401 none or ended, 403 without the role), or undefined
 * when they open it. Asked only before refusing the input (the handler checks them on its way), so an
 * unauthenticated caller hears 401 first and learns nothing of the route's input, as Stripe and GitHub
 * answer. Public routes, an optional login and credentials in the body have none here; a key is checked
 * before the body is read (keyCheck).
 */
async function credentialsRefusal(route: Route, request: FastifyRequest, deps: ServerDeps, options: ServeOptions): Promise<Failure | undefined> {
  if (options.credentials) return options.credentials(request)
  if (route.access === 'customer') {
    try {
      await checkCustomer(deps, request, await authOf(request, deps))
      return undefined
    } catch (error) {
      if (error instanceof EdgeFailure) return error.failure
      throw error
    }
  }
  if (route.access === 'staff' || route.access === 'admin') {
    const roles = route.access === 'admin' ? (['admin'] as const) : STAFF_ROLES
    const staff = await authenticate(operatorDb(deps.db), deps.jwt, request.tenant, bearerToken(request), roles)
    return E.isLeft(staff) ? failureOf(staff.left) : undefined
  }
  return undefined
}

/** The statuses of a body Fastify could not read: its type (415), its JSON (400), its size (413). */
const UNREADABLE_BODY = new Set([400, 413, 415])

/**
 * The error handler of a route with credentials: a body Fastify could not read is refused after the
 * credentials, as one that does not decode; every other error goes on to the app's handler.
 */
function unreadableBody(app: FastifyInstance, route: Route, options: ServeOptions) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.statusCode !== undefined && UNREADABLE_BODY.has(error.statusCode)) {
      const refusal = await credentialsRefusal(route, request, app.deps, options)
      if (refusal) return sendFailure(reply, refusal)
    }
    throw error
  }
}

export function serve<R extends Route>(app: FastifyInstance, route: R, handler: Handler<R>, options: ServeOptions = {}): void {
  const ok = successStatus(route)
  const scope = route.scope
  // A route a key opens is limited per key (its fingerprint, never the key); calls without a key are not counted here.
  const keyLimit = scope
    ? {
        max: API_KEY_RATE_LIMIT,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `api-key:${apiKeyFingerprint(apiKeyOf(request) ?? '')}`,
        allowList: (request: FastifyRequest) => apiKeyOf(request) === undefined,
      }
    : undefined
  const rateLimit = options.rateLimit ?? keyLimit
  const hasCredentials = options.credentials !== undefined || route.access === 'customer' || route.access === 'staff' || route.access === 'admin'
  const routeOptions: RouteShorthandOptions = {
    ...(rateLimit ? { config: { rateLimit } } : {}),
    // An integrator's key first (401 unknown or revoked, 403 without the route's scope), before the
    // body is read (docs/integrations.md): a malformed body sent without a valid key answers 401/403, not 400.
    ...(scope ? { preParsing: keyCheck(app, route) } : {}),
    ...(hasCredentials ? { errorHandler: unreadableBody(app, route, options) } : {}),
  }
  app.route({
    ...routeOptions,
    method: route.method,
    url: fastifyPattern(route),
    handler: async (request, reply) => {
      const deps = app.deps
      const apiKey = usedKeys.get(request)
      // An integrator's misspelt field is refused (400), never dropped: it would book what was not meant.
      const decoded = decodeInput(route, { params: request.params, query: request.query, body: request.body }, route.access === 'apiKey')
      if (E.isLeft(decoded)) return sendFailure(reply, (await credentialsRefusal(route, request, deps, options)) ?? { _tag: 'BadRequest', message: decoded.left })
      const auth = await authOf(request, deps)
      if (auth) request.signedIn = { id: auth.sub, role: auth.role }
      const ctx: RequestContext = {
        tenant: request.tenant,
        db: deps.db,
        deps,
        auth,
        apiKey,
        requireCustomer: () => checkCustomer(deps, request, auth),
        customerToCheck: () => customerToCheck(request, auth),
        now: deps.clock,
        origin: originOf(request, deps),
        request,
        reply,
      }
      let result: Result<unknown>
      try {
        result = await handler(decoded.right, ctx)
      } catch (error) {
        if (error instanceof EdgeFailure) return sendFailure(reply, error.failure)
        throw error
      }
      if (result._tag !== 'Ok') return sendFailure(reply, result)
      const status = result.status ?? ok
      if (result.encoded !== undefined) return sendEncoded(request, reply.status(status), result.encoded)
      const codec = route.responses[status] as t.Mixed | undefined
      if (!codec) {
        request.log.error({ status, path: route.path }, 'contract violation: no response codec for status')
        return sendFailure(reply, { _tag: 'Unavailable', message: 'Internal Server Error' })
      }
      // The type guard first (no allocation); decode only to tell what is wrong, and a body decode
      // accepts is no violation, as before (~3% of a booking's server CPU went to decoding its answer).
      const check = codec.is(result.body) ? undefined : codec.decode(result.body)
      if (check !== undefined && E.isLeft(check)) {
        const detail = describeErrors(check.left, `response of ${route.method} ${route.path}`)
        request.log.error({ path: route.path, detail }, 'contract violation: response does not match its codec')
        // Tests fail loudly; elsewhere the client still gets the body (its decoder reports it).
        if (deps.config.env === 'test') return reply.status(500).send({ statusCode: 500, message: `Contract violation: ${detail}` })
      }
      return reply.status(status).send(codec.encode(result.body))
    },
  })
}
