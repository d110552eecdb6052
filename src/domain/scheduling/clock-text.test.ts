/** clock-text: the same text as Date#toISOString and as a formatted 'HH:mm', fast or not. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isoInstant, minuteLabel } from './clock-text'

describe('isoInstant', () => {
  it.each<{ name: string; instant: number; expected: string }>([
    { name: 'the epoch', instant: 0, expected: '1970-01-01T00:00:00.000Z' },
    { name: 'a whole minute', instant: Date.UTC(2027, 2, 3, 9, 15), expected: '2027-03-03T09:15:00.000Z' },
    { name: 'the last minute of a day', instant: Date.UTC(2027, 2, 3, 23, 59), expected: '2027-03-03T23:59:00.000Z' },
    { name: 'midnight of a leap day', instant: Date.UTC(2028, 1, 29), expected: '2028-02-29T00:00:00.000Z' },
    { name: 'seconds (written by Date)', instant: Date.UTC(2027, 2, 3, 9, 15, 30, 5), expected: '2027-03-03T09:15:30.005Z' },
    { name: 'before 1970 (written by Date)', instant: Date.UTC(1969, 11, 31, 23, 0), expected: '1969-12-31T23:00:00.000Z' },
    { name: 'year 10000 (written by Date)', instant: Date.UTC(10000, 0, 1), expected: '+010000-01-01T00:00:00.000Z' },
  ])('$name', ({ instant, expected }) => {
    expect(isoInstant(instant)).toBe(expected)
  })

  it('equals toISOString for any instant, asked in any order', () => {
    const instant = fc.oneof(
      fc.integer({ min: -1e13, max: 3e14 }),
      fc.integer({ min: 0, max: 5e9 }).map((m) => m * 60_000),
    )
    fc.assert(fc.property(fc.array(instant, { maxLength: 20 }), (xs) => xs.every((x) => isoInstant(x) === new Date(x).toISOString())))
  })
})

describe('minuteLabel', () => {
  it.each([
    [0, '00:00'],
    [9 * 60 + 5, '09:05'],
    [13 * 60 + 30, '13:30'],
    [23 * 60 + 59, '23:59'],
  ])('%i -> %s', (minute, expected) => {
    expect(minuteLabel(minute)).toBe(expected)
  })
})
