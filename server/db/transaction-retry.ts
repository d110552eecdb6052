/**
 * Retries a whole database transaction that PostgreSQL aborted because of concurrency, not because
 * of anything in the request: a deadlock (40P01; two bookings writing overlapping rows in opposite
 * orders wait on each other through the exclusion constraint) or a serialization failure (40001).
 * The aborted attempt changed nothing, so running it again is safe; the next attempt sees what the
 * winner committed and answers as usual (a booking: the slot is taken). PGlite runs one transaction
 * at a time and never reports either.
 */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set(['40P01', '40001'])

export function isRetryableConflict(error: unknown): boolean {
  return RETRYABLE_CODES.has((error as { code?: string })?.code ?? '')
}

export interface RetryOptions {
  /** Attempts in all (the first included). */
  attempts?: number
  /** Called before each retry (logging). */
  onRetry?: (error: unknown, attempt: number) => void
}

/** Thrown when every attempt was aborted by a concurrency conflict; `cause` is the last one. */
export class RetriesExhausted extends Error {
  constructor(readonly attempts: number, cause: unknown) {
    super(`Transaction aborted by concurrent ones ${attempts} times`, { cause })
  }
}

/** Runs `transaction` (one BEGIN..COMMIT per call), again on a deadlock or serialization failure. */
export async function retryTransaction<T>(transaction: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction()
    } catch (error) {
      if (!isRetryableConflict(error)) throw error
      if (attempt >= attempts) throw new RetriesExhausted(attempts, error)
      options.onRetry?.(error, attempt)
      // A little random spread so that the same two do not collide again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt))
    }
  }
}
