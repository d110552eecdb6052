/**
 * When a failed outbox message is tried again: exponential from 30 s, capped at one hour, with
 * "equal jitter" (half fixed, half random) so that many messages failing together (an SMTP outage)
 * do not all come back in the same second. A message is given up a day after its first failure.
 */
export const FIRST_RETRY_MS = 30_000
export const MAX_RETRY_MS = 60 * 60_000
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000

/** Delay before the next try after `attempts` tries (1 = the first one failed). random: 0 ≤ r < 1. */
export function retryDelayMs(attempts: number, random: number = Math.random()): number {
  const exponential = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)))
  return Math.round(exponential / 2 + (exponential / 2) * random)
}
