import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  addDaysToDate,
  dateOfBirthToIso,
  daysOfMonth,
  endOfLondonDayUtc,
  existsInLondon,
  formatLondonDateTime,
  formatLondonLongDate,
  formatLondonTime,
  isIsoDate,
  isoToDateOfBirth,
  londonDateOf,
  londonDayHours,
  londonToUtc,
  startOfLondonDayUtc,
  utcToLondon,
} from './time'

describe('londonToUtc / utcToLondon', () => {
  it.each([
    ['2026-01-15', '09:00', '2026-01-15T09:00:00.000Z'],
    ['2026-07-15', '09:00', '2026-07-15T08:00:00.000Z'],
    ['2026-03-29', '00:30', '2026-03-29T00:30:00.000Z'],
    ['2026-03-29', '02:00', '2026-03-29T01:00:00.000Z'],
    ['2026-10-25', '00:30', '2026-10-24T23:30:00.000Z'],
    ['2026-10-25', '02:00', '2026-10-25T02:00:00.000Z'],
    ['2026-12-31', '23:59', '2026-12-31T23:59:00.000Z'],
  ])('%s %s London is %s', (date, time, iso) => {
    expect(londonToUtc(date, time).toISOString()).toBe(iso)
    expect(utcToLondon(new Date(iso))).toEqual({ date, time })
  })

  it('both UTC instants of the repeated October hour read 01:30 in London', () => {
    expect(utcToLondon(new Date('2026-10-25T00:30:00Z'))).toEqual({ date: '2026-10-25', time: '01:30' })
    expect(utcToLondon(new Date('2026-10-25T01:30:00Z'))).toEqual({ date: '2026-10-25', time: '01:30' })
  })

  it.each([
    ['2026-02-30', '10:00'],
    ['2026-1-01', '10:00'],
    ['2026-01-01', '24:00'],
    ['2026-01-01', '9:00'],
  ])('rejects %s %s', (date, time) => {
    expect(() => londonToUtc(date, time)).toThrow(RangeError)
  })

  it.each([
    ['2026-03-29', '01:30', false],
    ['2026-03-29', '00:59', true],
    ['2026-03-29', '02:00', true],
    ['2026-10-25', '01:30', true],
    // not a time or not a day at all: false, not a RangeError (the CLI's --start reads it as "no")
    ['2026-12-02', '25:00', false],
    ['2026-12-02', '24:00', false],
    ['2026-02-30', '10:00', false],
  ])('existsInLondon(%s, %s) = %s', (date, time, exists) => {
    expect(existsInLondon(date, time)).toBe(exists)
  })

  const minutesOfDay = fc.integer({ min: 0, max: 24 * 60 - 1 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`)
  it.each(['2026-03-29', '2026-10-25'])('property: every existing minute of %s round-trips', (date) => {
    // exhaustive over the day, plus the fast-check property for shrinking on failure
    for (let m = 0; m < 24 * 60; m++) {
      const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
      if (date === '2026-03-29' && time >= '01:00' && time < '02:00') {
        expect(existsInLondon(date, time)).toBe(false)
        continue
      }
      expect(utcToLondon(londonToUtc(date, time))).toEqual({ date, time })
    }
    fc.assert(
      fc.property(minutesOfDay, (time) => {
        fc.pre(existsInLondon(date, time))
        expect(utcToLondon(londonToUtc(date, time))).toEqual({ date, time })
      }),
    )
  })

  it.each(['01:00', '01:30', '01:59'])('the repeated October hour: 2026-10-25 %s is its first instant (BST)', (time) => {
    const [h, m] = time.split(':').map(Number) as [number, number]
    expect(londonToUtc('2026-10-25', time).toISOString()).toBe(new Date(Date.UTC(2026, 9, 25, h - 1, m)).toISOString())
  })

  it('property: UTC -> London -> UTC is identity outside the repeated October hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2026, 0, 1) / 60000, max: Date.UTC(2027, 0, 1) / 60000 }), (minute) => {
        const instant = new Date(minute * 60000)
        const { date, time } = utcToLondon(instant)
        const back = londonToUtc(date, time)
        const diff = instant.getTime() - back.getTime()
        expect([0, 3_600_000]).toContain(diff)
        if (diff !== 0) expect(date).toBe('2026-10-25')
      }),
    )
  })
})

describe('London days', () => {
  it.each([
    ['2026-01-10', '2026-01-10T00:00:00.000Z', '2026-01-11T00:00:00.000Z', 24],
    ['2026-03-29', '2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z', 23],
    ['2026-10-25', '2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z', 25],
    ['2026-06-30', '2026-06-29T23:00:00.000Z', '2026-06-30T23:00:00.000Z', 24],
  ])('%s runs from %s to %s (%s h)', (date, start, end, hours) => {
    expect(startOfLondonDayUtc(date).toISOString()).toBe(start)
    expect(endOfLondonDayUtc(date).toISOString()).toBe(end)
    expect(londonDayHours(date)).toBe(hours)
  })

  it('londonDateOf gives the London calendar date', () => {
    expect(londonDateOf(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01')
    expect(londonDateOf(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31')
  })

  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-02-28', 1, '2028-02-29'],
  ])('addDaysToDate(%s, %s) = %s', (date, n, expected) => {
    expect(addDaysToDate(date, n)).toBe(expected)
  })

  it.each([
    [2026, 2, 28],
    [2028, 2, 29],
    [2026, 10, 31],
    [2026, 4, 30],
  ])('daysOfMonth(%s, %s) has %s days', (year, month, count) => {
    const days = daysOfMonth(year, month)
    expect(days).toHaveLength(count)
    expect(days[0]).toBe(`${year}-${String(month).padStart(2, '0')}-01`)
    expect(days.every(isIsoDate)).toBe(true)
  })

  it('daysOfMonth rejects a bad month', () => {
    expect(() => daysOfMonth(2026, 13)).toThrow(RangeError)
    expect(() => daysOfMonth(2026, 0)).toThrow(RangeError)
  })
})

describe('display formats', () => {
  it.each([
    ['2026-07-04T13:05:00Z', '04/07/2026 14:05', 'Saturday 4th July 2026', '14:05'],
    ['2026-01-01T09:00:00Z', '01/01/2026 09:00', 'Thursday 1st January 2026', '09:00'],
    ['2026-03-28T23:30:00Z', '28/03/2026 23:30', 'Saturday 28th March 2026', '23:30'],
    ['2026-03-29T23:30:00Z', '30/03/2026 00:30', 'Monday 30th March 2026', '00:30'],
  ])('%s', (iso, short, long, time) => {
    const instant = new Date(iso)
    expect(formatLondonDateTime(instant)).toBe(short)
    expect(formatLondonLongDate(instant)).toBe(long)
    expect(formatLondonTime(instant)).toBe(time)
  })
})

describe('date of birth', () => {
  it.each([
    ['01/02/1990', '1990-02-01T12:00:00.000Z'],
    [' 29/02/2000 ', '2000-02-29T12:00:00.000Z'],
    ['31/12/1999', '1999-12-31T12:00:00.000Z'],
    ['29/02/2001', undefined],
    ['32/01/2000', undefined],
    ['1/2/1990', undefined],
    ['1990-02-01', undefined],
    ['', undefined],
  ])('dateOfBirthToIso(%j) = %s', (dob, iso) => {
    expect(dateOfBirthToIso(dob)).toBe(iso)
  })

  it.each([
    ['1990-02-01T12:00:00.000Z', '01/02/1990'],
    ['1990-02-01', '01/02/1990'],
    ['1990-02-30', undefined],
    ['nonsense', undefined],
  ])('isoToDateOfBirth(%s) = %s', (iso, dob) => {
    expect(isoToDateOfBirth(iso)).toBe(dob)
  })

  it('property: round trip', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const iso = `${d.toISOString().slice(0, 10)}T12:00:00.000Z`
        const dob = isoToDateOfBirth(iso)!
        expect(dateOfBirthToIso(dob)).toBe(iso)
      }),
    )
  })
})
