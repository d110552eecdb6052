import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { byDate, checkBlock, hoursOfWeek, weekDates, type WeeklyHours } from './week'

describe('weekDates', () => {
  it.each([
    ['2031-03-17', '2031-03-17'], // a Monday
    ['2031-03-19', '2031-03-17'],
    ['2031-03-23', '2031-03-17'], // the Sunday ends the week
    ['2031-03-24', '2031-03-24'],
  ])('the week of %s starts on Monday %s and has seven dates', (date, monday) => {
    const week = weekDates(date)
    expect(week[0]).toBe(monday)
    expect(week).toHaveLength(7)
    expect(week[6]).toBe(new Date(Date.parse(`${monday}T12:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10))
  })

  it('crosses the clock change at the end of March without losing a date', () => {
    expect(weekDates('2031-03-30')).toEqual(['2031-03-24', '2031-03-25', '2031-03-26', '2031-03-27', '2031-03-28', '2031-03-29', '2031-03-30'])
  })
})

describe('hoursOfWeek', () => {
  const weekly: WeeklyHours[] = [
    { clinicId: 'london', location: 'London', weekday: 1, startTime: '09:00', endTime: '17:00', kind: 'work' },
    { clinicId: 'london', location: 'London', weekday: 1, startTime: '12:00', endTime: '13:00', kind: 'break' },
    { clinicId: 'leeds', location: 'Leeds', weekday: 2, startTime: '10:00', endTime: '14:00', kind: 'work' },
    { clinicId: 'london', location: 'London', weekday: 3, startTime: '09:00', endTime: '12:00', kind: 'work' },
  ]
  const dates = weekDates('2031-06-16') // Monday 16 June 2031 (BST)

  it('gives each date its weekly hours in London time', () => {
    const hours = hoursOfWeek(dates, weekly, { holidays: new Set(), closed: new Map() }, 'work')
    expect(hours.map((h) => [h.date, h.start, h.end, h.location])).toEqual([
      ['2031-06-16', '2031-06-16T08:00:00.000Z', '2031-06-16T16:00:00.000Z', 'London'],
      ['2031-06-17', '2031-06-17T09:00:00.000Z', '2031-06-17T13:00:00.000Z', 'Leeds'],
      ['2031-06-18', '2031-06-18T08:00:00.000Z', '2031-06-18T11:00:00.000Z', 'London'],
    ])
    expect(hoursOfWeek(dates, weekly, { holidays: new Set(), closed: new Map() }, 'break').map((h) => h.start)).toEqual(['2031-06-16T11:00:00.000Z'])
  })

  it('leaves out holidays and the days a clinic is closed', () => {
    const hours = hoursOfWeek(dates, weekly, { holidays: new Set(['2031-06-16']), closed: new Map([['leeds', new Set(['2031-06-17'])]]) }, 'work')
    expect(hours.map((h) => h.date)).toEqual(['2031-06-18'])
  })
})

describe('byDate', () => {
  it('puts each entry on the London date of its start, every date present', () => {
    const dates = weekDates('2031-06-16')
    const map = byDate(dates, [{ start: '2031-06-17T23:30:00.000Z' }, { start: '2031-06-16T09:00:00.000Z' }])
    expect([...map.keys()]).toEqual(dates)
    expect(map.get('2031-06-18')).toEqual([{ start: '2031-06-17T23:30:00.000Z' }]) // 00:30 BST on the 18th
    expect(map.get('2031-06-16')).toHaveLength(1)
    expect(map.get('2031-06-20')).toEqual([])
  })
})

describe('checkBlock', () => {
  const at = (iso: string) => new Date(iso)
  it.each([
    ['2031-06-16T09:00:00Z', '2031-06-16T10:00:00Z', 'ok'],
    ['2031-06-16T09:00:00Z', '2031-06-16T09:00:00Z', 'EndBeforeStart'],
    ['2031-06-16T10:00:00Z', '2031-06-16T09:00:00Z', 'EndBeforeStart'],
    ['2031-06-16T00:00:00Z', '2031-06-23T00:00:00Z', 'ok'],
    ['2031-06-16T00:00:00Z', '2031-06-23T00:01:00Z', 'TooLong'],
  ])('%s to %s: %s', (start, end, expected) => {
    const result = checkBlock(at(start), at(end))
    expect(E.isRight(result) ? 'ok' : result.left._tag).toBe(expected)
  })
})
