/** Time and waiting, so flows that poll or time out run instantly in tests. */
export interface Clock {
  now(): Date
  /** Resolves after `ms`; rejects with an AbortError when the signal fires first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}
