/** Europe/London days: offsets in winter and summer, the 23- and 25-hour clock-change days, weekly schedules. */
import { describe, expect, it } from 'vitest'
import { londonDateOf } from '../time'
import { datesOfMonth, isoDate, londonDay, parseClock, scheduleToUtc, type WeeklySchedule } from './london-day'

const schedule: WeeklySchedule = {
  0: [{ start: '00:30', end: '03:00' }],
  1: [{ start: '09:00', end: '17:30' }],
  3: [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '24:00' },
  ],
}

describe('londonDay', () => {
  it('winter: London is UTC', () => {
    const day = londonDay('2026-01-14')
    expect(day.weekday).toBe(3)
    expect(new Date(day.bounds.start).toISOString()).toBe('2026-01-14T00:00:00.000Z')
    expect(day.label(Date.parse('2026-01-14T09:15:00Z'))).toBe('09:15')
  })
  it('summer: London is UTC+1', () => {
    const day = londonDay('2026-07-15')
    expect(new Date(day.bounds.start).toISOString()).toBe('2026-07-14T23:00:00.000Z')
    expect(new Date(day.toUtc(9 * 60)).toISOString()).toBe('2026-07-15T08:00:00.000Z')
    expect(day.label(Date.parse('2026-07-15T08:00:00Z'))).toBe('09:00')
  })
  it('the March change day is 23 hours long and the October one 25', () => {
    const march = londonDay('2026-03-29')
    const october = londonDay('2026-10-25')
    expect((march.bounds.end - march.bounds.start) / 3_600_000).toBe(23)
    expect((october.bounds.end - october.bounds.start) / 3_600_000).toBe(25)
    expect(march.label(Date.parse('2026-03-29T00:30:00Z'))).toBe('00:30')
    expect(march.label(Date.parse('2026-03-29T01:30:00Z'))).toBe('02:30')
    expect(october.label(Date.parse('2026-10-25T00:30:00Z'))).toBe('01:30')
    expect(october.label(Date.parse('2026-10-25T01:30:00Z'))).toBe('01:30')
    expect(october.toUtc(24 * 60)).toBe(october.bounds.end)
  })
  it('rejects a malformed date', () => {
    expect(() => londonDay('2026-1-4')).toThrow(RangeError)
  })
})

describe('scheduleToUtc', () => {
  it('converts a weekday with two ranges, 24:00 meaning midnight', () => {
    expect(scheduleToUtc(schedule, '2026-01-14').map((i) => new Date(i.start).toISOString())).toEqual([
      '2026-01-14T09:00:00.000Z',
      '2026-01-14T13:00:00.000Z',
    ])
    expect(new Date(scheduleToUtc(schedule, '2026-01-14')[1].end).toISOString()).toBe('2026-01-15T00:00:00.000Z')
  })
  it('is empty on a day without hours', () => {
    expect(scheduleToUtc(schedule, '2026-01-15')).toEqual([])
  })
  it('follows BST after the March change', () => {
    expect(new Date(scheduleToUtc(schedule, '2026-03-30')[0].start).toISOString()).toBe('2026-03-30T08:00:00.000Z')
    expect(new Date(scheduleToUtc(schedule, '2026-03-23')[0].start).toISOString()).toBe('2026-03-23T09:00:00.000Z')
  })
  it('spans the change itself on the change day (Sunday 00:30-03:00 London)', () => {
    const [march] = scheduleToUtc(schedule, '2026-03-29')
    expect(new Date(march.start).toISOString()).toBe('2026-03-29T00:30:00.000Z')
    expect(new Date(march.end).toISOString()).toBe('2026-03-29T02:00:00.000Z')
    const [october] = scheduleToUtc(schedule, '2026-10-25')
    expect(new Date(october.start).toISOString()).toBe('2026-10-24T23:30:00.000Z')
    expect(new Date(october.end).toISOString()).toBe('2026-10-25T03:00:00.000Z')
  })
  it('drops a range that ends before it starts', () => {
    expect(scheduleToUtc({ 1: [{ start: '10:00', end: '09:00' }] }, '2026-01-12')).toEqual([])
  })
})

describe('helpers', () => {
  it('parseClock', () => {
    expect(parseClock('9:05')).toBe(545)
    expect(() => parseClock('9h')).toThrow(RangeError)
  })
  it('isoDate normalises overflow', () => {
    expect(isoDate(2026, 12, 32)).toBe('2027-01-01')
  })
  it('datesOfMonth knows leap years', () => {
    expect(datesOfMonth(2028, 2)).toHaveLength(29)
    expect(datesOfMonth(2026, 2).at(-1)).toBe('2026-02-28')
  })
  it('londonDateOf', () => {
    expect(londonDateOf(Date.parse('2026-07-14T23:30:00Z'))).toBe('2026-07-15')
    expect(londonDateOf(Date.parse('2026-01-14T23:30:00Z'))).toBe('2026-01-14')
  })
})
