import type { HttpTransport } from './transport'
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { decodeResponse, pathFor, type Route } from '../../contract/route'
import { httpError, type ApiFailure } from '../../application/failure'
import { retryAfterSeconds } from './retry-after'

type SuccessStatus = 200 | 201 | 204
/** Decoded body of any success status the route declares. */
export type SuccessOf<R extends Route> = {
  [S in keyof R['responses'] & SuccessStatus]: R['responses'][S] extends t.Mixed ? t.TypeOf<R['responses'][S]> : never
}[keyof R['responses'] & SuccessStatus]

export interface CallInput<R extends Route> {
  params?: t.TypeOf<R['params']>
  query?: t.TypeOf<R['query']>
  body?: t.TypeOf<R['body']>
  /** Overrides the instance timeout for this call (delete-pending uses 10 s). */
  timeoutMs?: number
  signal?: AbortSignal
  /** The request outlives the page (pagehide); fetch transport only. */
  keepalive?: boolean
  /** The server answers it once whatever the tries (an idempotency key): sent again after a 503's Retry-After. */
  idempotent?: boolean
}

const messageOf = (body: unknown): string | undefined => {
  if (body && typeof body === 'object' && 'message' in body) {
    const m = (body as { message: unknown }).message
    if (typeof m === 'string' && m !== '') return m
    if (Array.isArray(m) && m.every((x) => typeof x === 'string')) return m.join(', ')
  }
  return undefined
}

function compactQuery(value: unknown): Record<string, unknown> | undefined {
  if (!value || typeof value !== 'object') return undefined
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) out[k] = v
  return out
}

/**
 * Calls one contract route: encodes query and body with the route's codecs, fills the path, and
 * decodes the response by status. Statuses of 400 or more are HttpError with the server's message;
 * a network error or timeout is Unreachable; anything the contract does not allow is ContractViolation.
 */
export async function callRoute<R extends Route>(
  http: HttpTransport,
  route: R,
  input: CallInput<R> = {},
): Promise<E.Either<ApiFailure, SuccessOf<R>>> {
  let url: string
  try {
    url = pathFor(route, (input.params ?? {}) as Record<string, string | number>)
  } catch (e) {
    return E.left({ _tag: 'ContractViolation', detail: (e as Error).message })
  }
  let response
  try {
    response = await http.request({
      method: route.method,
      url,
      params: compactQuery(input.query === undefined ? undefined : route.query.encode(input.query)),
      data: input.body === undefined ? undefined : route.body.encode(input.body),
      timeout: input.timeoutMs,
      signal: input.signal,
      ...(input.keepalive ? { keepalive: true } : {}),
      ...(input.idempotent || route.read ? { idempotent: true } : {}),
      validateStatus: () => true,
    })
  } catch (e) {
    return E.left({ _tag: 'Unreachable', message: e instanceof Error ? e.message : String(e) })
  }
  const { status, data } = response
  if (status >= 400) return E.left(httpError(status, messageOf(data), status === 503 || status === 429 ? retryAfterSeconds(response.headers) : undefined))
  const body = data === '' && status === 204 ? undefined : data
  const decoded = decodeResponse(route, status as keyof R['responses'] & number, body)
  if (E.isLeft(decoded)) {
    const f = decoded.left
    const detail =
      f._tag === 'UnexpectedStatus'
        ? `${route.method} ${route.path}: unexpected status ${f.status}`
        : `${route.method} ${route.path}: ${f.message}`
    console.error(`Contract violation: ${detail}`)
    return E.left({ _tag: 'ContractViolation', detail })
  }
  return E.right(decoded.right as SuccessOf<R>)
}
