import { describe, expect, it } from 'vitest'
import { formatCountdown, holdBannerText, holdExpiresAt, holdRemainingSeconds, isHoldExpired } from './hold'

const heldAt = new Date('2026-05-01T10:00:00Z')
const after = (ms: number) => new Date(heldAt.getTime() + ms)

describe('hold', () => {
  it('expires 300 seconds after the time is chosen', () => {
    expect(holdExpiresAt(heldAt).toISOString()).toBe('2026-05-01T10:05:00.000Z')
  })

  it.each([
    [0, 300, false],
    [500, 300, false],
    [1000, 299, false],
    [299_001, 1, false],
    [300_000, 0, true],
    [400_000, 0, true],
    [-5000, 300, false],
  ])('after %s ms: %s s left, expired %s', (ms, left, expired) => {
    expect(holdRemainingSeconds(heldAt, after(ms))).toBe(left)
    expect(isHoldExpired(heldAt, after(ms))).toBe(expired)
  })

  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [61, '1:01'],
    [59, '0:59'],
    [0, '0:00'],
    [-3, '0:00'],
    [9.7, '0:09'],
  ])('formatCountdown(%s) = %s', (s, text) => {
    expect(formatCountdown(s)).toBe(text)
  })

  it('banner text', () => {
    expect(holdBannerText(300)).toBe('Your appointment will be held for 5:00')
    expect(holdBannerText(65)).toBe('Your appointment will be held for 1:05')
  })
})
