/**
 * What a route handler returns: a tagged result. Only the HTTP edge (contract-route.ts) turns the
 * tags into statuses; services return the same tags (or their own, mapped by the route).
 */
import type { EncodedBody } from './encoded-body'

export type Failure =
  | { readonly _tag: 'BadRequest'; readonly message: string }
  | { readonly _tag: 'Unauthorized'; readonly message: string }
  | { readonly _tag: 'Forbidden'; readonly message: string }
  | { readonly _tag: 'NotFound'; readonly message: string }
  | { readonly _tag: 'Conflict'; readonly message: string }
  | { readonly _tag: 'TooManyRequests'; readonly message: string }
  | { readonly _tag: 'Unavailable'; readonly message: string }

export interface Ok<T> {
  readonly _tag: 'Ok'
  readonly body: T
  /** default: the route's success status */
  readonly status?: number
  /** The body already checked and encoded (cached answers): sent as it is. */
  readonly encoded?: EncodedBody
}

export type Result<T> = Ok<T> | Failure

export const ok = <T>(body: T, status?: number): Ok<T> => ({ _tag: 'Ok', body, ...(status ? { status } : {}) })
/** A success whose JSON text was checked against the route's codec and encoded beforehand. */
export const okEncoded = (encoded: EncodedBody): Ok<never> => ({ _tag: 'Ok', body: undefined as never, encoded })
export const badRequest = (message: string): Failure => ({ _tag: 'BadRequest', message })
export const unauthorized = (message = 'Unauthorized'): Failure => ({ _tag: 'Unauthorized', message })
export const forbidden = (message = 'Forbidden'): Failure => ({ _tag: 'Forbidden', message })
export const notFound = (message = 'Not found'): Failure => ({ _tag: 'NotFound', message })
export const conflict = (message: string): Failure => ({ _tag: 'Conflict', message })

export const STATUS_OF: Record<Failure['_tag'], number> = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  TooManyRequests: 429,
  Unavailable: 503,
}

export function isFailure<T>(r: Result<T> | Failure): r is Failure {
  return r._tag !== 'Ok'
}

/**
 * Thrown (only) by ctx.requireCustomer() and similar edge guards, caught by serve(): lets a handler
 * say "this needs a signed-in customer" in one line. Business code returns Failures instead.
 */
export class EdgeFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message)
  }
}
