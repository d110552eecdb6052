/** London dates for tests, relative to now. */
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz'
import { londonAt } from '../seed/demo.seed'

/** 'yyyy-MM-dd' (London) of the first of `weekdays` (0 = Sunday) at least `days` days from now. */
export function londonDate(days: number, weekdays: number[] = [1, 2, 3, 4, 5], now = new Date()): string {
  return formatInTimeZone(londonAt(now, days, '12:00', weekdays), 'Europe/London', 'yyyy-MM-dd')
}

/** `count` different working days (Monday to Friday, London), the first at least `days` days from now. */
export function londonWorkdays(days: number, count: number, now = new Date()): string[] {
  const out: string[] = []
  for (let offset = days; out.length < count; offset++) {
    const day = londonDate(offset, undefined, now)
    if (!out.includes(day)) out.push(day)
  }
  return out
}

/** ISO instant of a London wall time ('HH:mm') on a London date. */
export function londonInstant(date: string, time: string): string {
  return fromZonedTime(`${date}T${time}:00`, 'Europe/London').toISOString()
}
