import { describe, expect, it } from 'vitest'
import { formatInTimeZone } from 'date-fns-tz'
import { LONDON_TIME_ZONE, londonDateOf, londonMonthOf, londonTimeOf } from './london'

describe('London date and time on Intl', () => {
  it('gives the London date and clock time on both sides of the clock changes', () => {
    // 29 March 2026: clocks go forward at 01:00 GMT; 25 October 2026: back at 01:00 GMT.
    expect([londonDateOf(Date.parse('2026-03-28T23:30:00Z')), londonTimeOf(Date.parse('2026-03-28T23:30:00Z'))]).toEqual(['2026-03-28', '23:30'])
    expect([londonDateOf(Date.parse('2026-03-29T01:30:00Z')), londonTimeOf(Date.parse('2026-03-29T01:30:00Z'))]).toEqual(['2026-03-29', '02:30'])
    expect([londonDateOf(new Date('2026-07-01T23:30:00Z')), londonTimeOf(new Date('2026-07-01T23:30:00Z'))]).toEqual(['2026-07-02', '00:30'])
    expect([londonDateOf(Date.parse('2026-10-25T00:30:00Z')), londonTimeOf(Date.parse('2026-10-25T00:30:00Z'))]).toEqual(['2026-10-25', '01:30'])
    expect(londonTimeOf(Date.parse('2026-10-25T01:30:00Z'))).toBe('01:30')
    expect(londonMonthOf(Date.parse('2026-11-30T23:59:00Z'))).toEqual({ year: 2026, month: 11 })
    expect(londonMonthOf(Date.parse('2026-05-31T23:30:00Z'))).toEqual({ year: 2026, month: 6 })
  })

  it('agrees with date-fns-tz every 37 minutes through a year', () => {
    const start = Date.parse('2026-01-01T00:00:00Z')
    for (let at = start; at < start + 366 * 86_400_000; at += 37 * 60_000) {
      expect(`${londonDateOf(at)} ${londonTimeOf(at)}`).toBe(formatInTimeZone(at, LONDON_TIME_ZONE, 'yyyy-MM-dd HH:mm'))
    }
  })

  it('gives each instant of an hour the same date, asked again after many other hours too', () => {
    const first = Date.parse('2026-07-01T23:00:00Z')
    const last = Date.parse('2026-07-01T23:59:59.999Z')
    expect([londonDateOf(first), londonDateOf(last), londonDateOf(new Date(last))]).toEqual(['2026-07-02', '2026-07-02', '2026-07-02'])
    expect(londonDateOf(last + 1)).toBe('2026-07-02')
    expect(londonDateOf(Date.parse('2026-01-01T23:59:59.999Z'))).toBe('2026-01-01')
    for (let h = 0; h < 3000; h++) londonDateOf(Date.parse('2020-01-01T00:00:00Z') + h * 3_600_000)
    expect([londonDateOf(first), londonDateOf(Date.parse('2026-01-02T00:00:00Z') - 1)]).toEqual(['2026-07-02', '2026-01-01'])
    expect(() => londonDateOf(new Date('not a date'))).toThrow(RangeError)
  })
})
