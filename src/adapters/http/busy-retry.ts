import type { HttpRequest, HttpResponse, HttpTransport } from './transport'
import { retryAfterSeconds } from './retry-after'

/**
 * Issue 31: a server too busy sheds a request with 503 and Retry-After. A request that can be sent again
 * without harm (a read, or a write the server answers once whatever the tries: `idempotent`, a payment's
 * idempotency key) is sent again after the wait, a few times, and the customer is told meanwhile
 * (`onWait`) rather than shown an error. Any other write (a booking, a hold) is never sent again: its
 * 503 goes back to the caller, whose message names the wait (application/errors.ts) and keeps the input.
 */
export interface BusyRetryOptions {
  /** Retries after the first try (default 3): then the 503 goes to the caller. */
  maxRetries?: number
  /** A longer Retry-After is not waited for here (default 30 s): the caller says when to try again. */
  maxWaitSeconds?: number
  /** Told before each wait: the seconds to wait and which retry follows (1, 2, ...). */
  onWait?: (seconds: number, retry: number) => void
  /** Waits; rejects when the request's signal aborts (tests pass one that returns at once). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

export const DEFAULT_BUSY_RETRIES = 3
export const DEFAULT_MAX_WAIT_SECONDS = 30

/** Whether sending `request` twice does no harm: reads, and writes the caller marked idempotent. */
export function isRetryable(request: HttpRequest): boolean {
  const method = request.method.toUpperCase()
  return method === 'GET' || method === 'HEAD' || request.idempotent === true
}

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'))
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort)
      resolve()
    }, ms)
    const abort = () => {
      clearTimeout(timer)
      reject(signal?.reason ?? new Error('aborted'))
    }
    signal?.addEventListener('abort', abort, { once: true })
  })
}

/** `inner`, with a retryable request sent again after a 503's Retry-After (bounded; see BusyRetryOptions). */
export function withBusyRetry(inner: HttpTransport, options: BusyRetryOptions = {}): HttpTransport {
  const maxRetries = options.maxRetries ?? DEFAULT_BUSY_RETRIES
  const maxWait = options.maxWaitSeconds ?? DEFAULT_MAX_WAIT_SECONDS
  const sleep = options.sleep ?? sleepFor
  return {
    async request(request: HttpRequest): Promise<HttpResponse> {
      const retryable = isRetryable(request)
      for (let retry = 1; ; retry++) {
        const response = await inner.request(request)
        if (response.status !== 503 || !retryable || retry > maxRetries) return response
        const seconds = retryAfterSeconds(response.headers)
        // No Retry-After: the server did not say it would be back soon (an outage, not a queue).
        if (seconds === undefined || seconds > maxWait) return response
        options.onWait?.(seconds, retry)
        await sleep(seconds * 1000, request.signal)
      }
    },
  }
}
