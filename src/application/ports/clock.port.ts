/**
 * Time and timers, one port for the web app and the CLI, swapped for a manual clock in tests: use
 * cases wait with sleep (polling), view models tick with every and after (countdowns, banners).
 */
export interface Clock {
  now(): Date
  /** Resolves after `ms`; rejects with an AbortError when the signal fires first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
  /** Calls `tick` every `ms` until the returned stop is called. */
  every(ms: number, tick: () => void): () => void
  /** Calls `run` once after `ms` unless the returned cancel is called first. */
  after(ms: number, run: () => void): () => void
}
