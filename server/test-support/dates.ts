/** London dates for tests, relative to now. */
import { addDays } from 'date-fns'
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz'
import { LONDON_TIME_ZONE } from '../../src/domain/london'
import { demoAppointmentStarts, londonAt } from '../seed/demo.seed'

/**
 * 'yyyy-MM-dd' (London) of the first of `weekdays` (0 = Sunday) at least `days` days from now, past the
 * seeded Christmas closure. Mind the moves: a weekend and Christmas can carry it four days further
 * (7 days from Friday 18 December 2026 is Monday 28 December), onto the days of the demo's own
 * appointments (8 to 12 days ahead); `clearDate` steps past those too.
 */
export function londonDate(days: number, weekdays: number[] = [1, 2, 3, 4, 5], now = new Date()): string {
  for (let offset = days; ; offset++) {
    const day = formatInTimeZone(londonAt(now, offset, '12:00', weekdays), LONDON_TIME_ZONE, 'yyyy-MM-dd')
    // The demo seed closes every clinic on 25 and 26 December.
    if (!/-12-2[56]$/.test(day)) return day
  }
}

/**
 * 'yyyy-MM-dd' (London) `days` days from now as the demo seed counts its dated closures (the London
 * clinic's training day 16 days ahead, Sarah's leave 21-27): no weekday moved, no Christmas skipped.
 */
export function seededDay(days: number, now = new Date()): string {
  return formatInTimeZone(addDays(now, days), LONDON_TIME_ZONE, 'yyyy-MM-dd')
}

/**
 * `count` different days that `dayAt` gives for `days`, `days + 1`... days from now: pickers move a
 * weekend or a holiday onto the next day they allow (from a Monday, 5, 6 and 7 days ahead are all the
 * next Monday), so the offsets are counted on until there are `count` of them.
 */
function distinctDays(days: number, count: number, dayAt: (offset: number) => string): string[] {
  const out: string[] = []
  for (let offset = days; out.length < count; offset++) {
    const day = dayAt(offset)
    if (!out.includes(day)) out.push(day)
  }
  return out
}

/** `count` different working days (Monday to Friday, London), the first at least `days` days from now. */
export function londonWorkdays(days: number, count: number, now = new Date()): string[] {
  return distinctDays(days, count, (offset) => londonDate(offset, undefined, now))
}

/** ISO instant of a London wall time ('HH:mm') on a London date. */
export function londonInstant(date: string, time: string): string {
  return fromZonedTime(`${date}T${time}:00`, LONDON_TIME_ZONE).toISOString()
}

/**
 * The London days of the demo's seeded appointments. The test database is seeded from a template made
 * within the last hour (test-database.ts), so both the seed of an hour ago and that of now count.
 */
export function demoAppointmentDays(now = new Date()): Set<string> {
  const seeds = [now, new Date(now.getTime() - 3_600_000)]
  return new Set(seeds.flatMap((at) => Object.values(demoAppointmentStarts(at)).map((start) => formatInTimeZone(start, LONDON_TIME_ZONE, 'yyyy-MM-dd'))))
}

/**
 * The days the demo seed closes by date (seededDay: the London clinic's training day 16 days ahead,
 * Sarah's leave 21 to 27), for both seeds that may be in the template (an hour ago and now): a test day
 * 16 days ahead (from a Sunday, 6 days on past the seeded appointments' days) met the closed clinic.
 */
export function demoClosureDays(now = new Date()): Set<string> {
  const seeds = [now, new Date(now.getTime() - 3_600_000)]
  return new Set(seeds.flatMap((at) => [16, 21, 22, 23, 24, 25, 26, 27].map((n) => seededDay(n, at))))
}

/**
 * `londonDate`, moved on past the days of the demo's seeded appointments and dated closures as well: for a test that books
 * the demo's practitioners at times of its own, which a seeded appointment would otherwise take when a
 * weekend or Christmas moves the day onto it (Sarah's 11:00 on Monday 28 December, seen from 18 December).
 */
export function clearDate(days: number, weekdays: number[] = [1, 2, 3, 4, 5], now = new Date()): string {
  const seeded = new Set([...demoAppointmentDays(now), ...demoClosureDays(now)])
  for (let offset = days; ; offset++) {
    const day = londonDate(offset, weekdays, now)
    if (!seeded.has(day)) return day
  }
}

/**
 * `count` different clear days (clearDate's), the first at least `days` days from now: for tests of one
 * file that book the same practitioners, which a weekend would otherwise move onto one day.
 */
export function clearDays(days: number, count: number, now = new Date(), weekdays?: number[]): string[] {
  return distinctDays(days, count, (offset) => clearDate(offset, weekdays, now))
}
