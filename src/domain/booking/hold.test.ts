import { describe, expect, it } from 'vitest'
import { parseHoldParam, holdParam, extendedHoldExpiry, formatCountdown, holdBannerText, holdExpiresAt, holdLengthSeconds, holdRemainingSeconds, isHoldExpired, pendingHoldExpiry } from './hold'

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

describe('extending a hold for a new account (issue 17)', () => {
  const now = new Date('2026-05-01T10:02:00Z')
  it.each([
    ['a live hold runs 10 minutes from now', '2026-05-01T10:05:00Z', false, '2026-05-01T10:12:00.000Z'],
    ['never shorter than it was', '2026-05-01T10:20:00Z', false, '2026-05-01T10:20:00.000Z'],
    ['only once', '2026-05-01T10:05:00Z', true, undefined],
    ['not once it ended', '2026-05-01T10:02:00Z', false, undefined],
  ])('%s', (_, current, extended, expected) => {
    expect(extendedHoldExpiry(new Date(current), now, extended)?.toISOString()).toBe(expected)
  })
})

describe('the length of a new hold', () => {
  it.each([
    [300, undefined, 300],
    [300, null, 300],
    [300, 20, 20],
    [300, 900, 300],
    [300, 0, 1],
    [300, 4.7, 4],
  ])('configured %s, asked %s: %s', (configured, requested, expected) => {
    expect(holdLengthSeconds(configured, requested)).toBe(expected)
  })
})

describe('the hold URL parameter', () => {
  const key = { id: '0123456789abcdef01234567', token: 'AbC_def-0123456789xyz' }
  it('round-trips a key', () => {
    expect(holdParam(key)).toBe('0123456789abcdef01234567.AbC_def-0123456789xyz')
    expect(parseHoldParam(holdParam(key))).toEqual(key)
  })
  it.each([undefined, '', 'abc', '0123456789abcdef01234567', '0123456789abcdef01234567.short', 'zz23456789abcdef01234567.AbC_def-0123456789xyz'])('rejects %s', (value) => {
    expect(parseHoldParam(value)).toBeUndefined()
  })
})

describe('pendingHoldExpiry', () => {
  const now = new Date('2026-03-10T09:00:00Z')
  const at = (iso: string) => new Date(iso)
  it.each([
    ['no slot hold claimed: the hold length from now', undefined, '2026-03-10T09:05:00.000Z'],
    ['a slot hold ending sooner: still the hold length from now', { end: at('2026-03-10T09:02:00Z'), extended: false }, '2026-03-10T09:05:00.000Z'],
    ['an extended slot hold ending later: its end', { end: at('2026-03-10T09:08:30Z'), extended: true }, '2026-03-10T09:08:30.000Z'],
    ['an extended slot hold ending sooner: the hold length from now', { end: at('2026-03-10T09:03:00Z'), extended: true }, '2026-03-10T09:05:00.000Z'],
    ["a waitlist offer's hold, its window ending later: the hold length from now", { end: at('2026-03-10T09:14:00Z'), extended: false }, '2026-03-10T09:05:00.000Z'],
    ["a waitlist offer's hold of hours: the hold length from now", { end: at('2026-03-10T13:00:00Z'), extended: false }, '2026-03-10T09:05:00.000Z'],
    ['an extended hold ending beyond the extension from now: the extension from now', { end: at('2026-03-10T13:00:00Z'), extended: true }, '2026-03-10T09:10:00.000Z'],
  ])('%s', (_, claimed, expected) => {
    expect(pendingHoldExpiry(now, 300, claimed).toISOString()).toBe(expected)
  })
})
