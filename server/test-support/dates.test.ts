import { describe, expect, it } from 'vitest'
import { clearDate, clearDays, demoAppointmentDays, londonDate, londonWorkdays } from './dates'

const at = (iso: string) => new Date(iso)

describe('londonDate: the moves over weekends and Christmas', () => {
  it.each([
    ['a Wednesday, 7 days on: no move', '2026-11-25T10:00:00Z', 7, [1, 2, 3, 4, 5], '2026-12-02'],
    ['Saturday 28 November, 7 days on is a Saturday: Monday', '2026-11-28T10:00:00Z', 7, [1, 2, 3, 4, 5], '2026-12-07'],
    ['Friday 18 December, 7 days on is Christmas Day: past the closure and the weekend, 10 days on', '2026-12-18T10:00:00Z', 7, [1, 2, 3, 4, 5], '2026-12-28'],
    ['Saturday 19 December, 6 days on (Tuesday to Friday) is Christmas Day: Tuesday 29th, 10 days on', '2026-12-19T10:00:00Z', 6, [2, 3, 4, 5], '2026-12-29'],
    ['31 December at 23:30 UTC is London\u2019s 31st (winter): 1 day on is New Year\u2019s Day', '2026-12-31T23:30:00Z', 1, [1, 2, 3, 4, 5], '2027-01-01'],
  ])('%s', (_name, now, days, weekdays, expected) => {
    expect(londonDate(days, weekdays, at(now))).toBe(expected)
  })
})

describe('clearDate: off the days of the demo\u2019s seeded appointments too', () => {
  it('from 18 December, where londonDate(7) lands on Sarah\u2019s seeded appointment (Monday 28th), it takes the next clear day', () => {
    const now = at('2026-12-18T10:00:00Z')
    expect(demoAppointmentDays(now).has('2026-12-28')).toBe(true)
    const day = clearDate(7, undefined, now)
    expect(demoAppointmentDays(now).has(day)).toBe(false)
    expect(day > '2026-12-28').toBe(true)
  })

  it('from 19 December, Tuesday to Friday 6 days on: not Sarah\u2019s Tuesday 29th', () => {
    const now = at('2026-12-19T10:00:00Z')
    expect(londonDate(6, [2, 3, 4, 5], now)).toBe('2026-12-29')
    const day = clearDate(6, [2, 3, 4, 5], now)
    expect(demoAppointmentDays(now).has(day)).toBe(false)
    expect([2, 3, 4, 5]).toContain(new Date(`${day}T12:00:00Z`).getUTCDay())
  })

  it('on an ordinary day it is londonDate', () => {
    const now = at('2026-11-25T10:00:00Z')
    expect(clearDate(7, undefined, now)).toBe(londonDate(7, undefined, now))
  })
})

describe('londonWorkdays and clearDays: different days where the moves would give one', () => {
  it('from Monday 30 November, 5, 6 and 7 days on are all Monday 7 December: three different working days', () => {
    const now = at('2026-11-30T10:00:00Z')
    expect([5, 6, 7].map((days) => londonDate(days, undefined, now))).toEqual(['2026-12-07', '2026-12-07', '2026-12-07'])
    expect(londonWorkdays(5, 3, now)).toEqual(['2026-12-07', '2026-12-08', '2026-12-09'])
  })

  it('clearDays: as many clear days, different, in order, each clearDate\u2019s', () => {
    const now = at('2026-11-30T10:00:00Z')
    const days = clearDays(5, 3, now)
    expect(new Set(days).size).toBe(3)
    expect([...days].sort()).toEqual(days)
    expect(days[0]).toBe(clearDate(5, undefined, now))
    for (const day of days) expect(demoAppointmentDays(now).has(day)).toBe(false)
  })
})
