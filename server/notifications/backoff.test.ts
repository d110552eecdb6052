import { describe, expect, it } from 'vitest'
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelayMs } from './backoff'

describe('retryDelayMs', () => {
  it.each([
    [1, 0, FIRST_RETRY_MS / 2],
    [1, 0.999999, FIRST_RETRY_MS],
    [2, 0, FIRST_RETRY_MS],
    [3, 0.5, FIRST_RETRY_MS * 3],
    [50, 0, MAX_RETRY_MS / 2],
    [50, 0.999999, MAX_RETRY_MS],
  ])('after %i tries with random %f waits %i ms', (attempts, random, expected) => {
    expect(retryDelayMs(attempts, random)).toBeCloseTo(expected, -1)
  })

  it('keeps trying for a day with at most an hour between tries', () => {
    let elapsed = 0
    let tries = 0
    while (elapsed < 24 * 3_600_000) elapsed += retryDelayMs(++tries, 1)
    expect(tries).toBeGreaterThan(24)
  })
})
