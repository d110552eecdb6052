/**
 * Time zone and date formats (spec §9 "timezone Europe/London, all times converted to and from it.
 * Display dates dd/MM/yyyy HH:mm", §2 summary date 'EEEE do MMMM yyyy', §5 "date of birth dd/MM/yyyy,
 * sent as date at 12:00 UTC"). Conversions use date-fns-tz so they stay correct across the March and
 * October clock changes. No clock reads: every instant comes in as an argument.
 */
import { addDays, format, getDaysInMonth, isValid, parse } from 'date-fns'
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz'
import { LONDON_TIME_ZONE } from './london'

export { LONDON_TIME_ZONE, londonDateOf, londonMonthOf, londonTimeOf } from './london'
export const DISPLAY_DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm'
export const DISPLAY_LONG_DATE_FORMAT = 'EEEE do MMMM yyyy'
export const DATE_OF_BIRTH_FORMAT = 'dd/MM/yyyy'

/** A London wall-clock moment as strings: date 'yyyy-MM-dd', time 'HH:mm'. */
export interface LondonParts {
  date: string
  time: string
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/

/** True when the string is a real calendar date 'yyyy-MM-dd'. */
export function isIsoDate(date: string): boolean {
  if (!DATE_RE.test(date)) return false
  const parsed = parse(date, 'yyyy-MM-dd', new Date(2000, 0, 1))
  return isValid(parsed) && format(parsed, 'yyyy-MM-dd') === date
}

/**
 * The UTC instant of a London wall-clock time. A time inside the March gap (01:00-01:59 on the
 * clock-change day) does not exist in London; it resolves to the instant one hour later in wall time.
 */
export function londonToUtc(date: string, time: string): Date {
  if (!isIsoDate(date) || !TIME_RE.test(time)) throw new RangeError(`Invalid London date/time: ${date} ${time}`)
  const instant = fromZonedTime(`${date}T${time}:00`, LONDON_TIME_ZONE)
  // The October hour that repeats (01:00-01:59 as the clocks go back) names two instants; date-fns-tz
  // gives the second for 01:00 and the first for the rest: always the first (still BST).
  if (date.slice(5, 7) === '10' && time.startsWith('01:')) {
    const earlier = new Date(instant.getTime() - 3_600_000)
    const back = utcToLondon(earlier)
    if (back.date === date && back.time === time) return earlier
  }
  return instant
}

/** London wall-clock date and time of a UTC instant. */
export function utcToLondon(instant: Date): LondonParts {
  return {
    date: formatInTimeZone(instant, LONDON_TIME_ZONE, 'yyyy-MM-dd'),
    time: formatInTimeZone(instant, LONDON_TIME_ZONE, 'HH:mm'),
  }
}

/** True when the wall-clock time exists in London on that date (false inside the March gap). */
export function existsInLondon(date: string, time: string): boolean {
  if (!isIsoDate(date) || !TIME_RE.test(time)) return false
  const back = utcToLondon(londonToUtc(date, time))
  return back.date === date && back.time === time
}

/** Adds whole calendar days to a 'yyyy-MM-dd' date. */
export function addDaysToDate(date: string, days: number): string {
  return format(addDays(parse(date, 'yyyy-MM-dd', new Date(2000, 0, 1)), days), 'yyyy-MM-dd')
}

/** The UTC instant at which the London day begins (00:00 London). */
export function startOfLondonDayUtc(date: string): Date {
  return londonToUtc(date, '00:00')
}

/** The UTC instant at which the London day ends: the start of the next day (exclusive end). */
export function endOfLondonDayUtc(date: string): Date {
  return startOfLondonDayUtc(addDaysToDate(date, 1))
}

/** Length of a London day in hours: 23 in March, 25 in October, 24 otherwise. */
export function londonDayHours(date: string): number {
  return (endOfLondonDayUtc(date).getTime() - startOfLondonDayUtc(date).getTime()) / 3_600_000
}

/** Every date of a month as 'yyyy-MM-dd'; month is 1-12. */
export function daysOfMonth(year: number, month: number): string[] {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid month: ${month}`)
  const count = getDaysInMonth(new Date(year, month - 1, 1))
  const mm = String(month).padStart(2, '0')
  return Array.from({ length: count }, (_, i) => `${String(year).padStart(4, '0')}-${mm}-${String(i + 1).padStart(2, '0')}`)
}

/** 'dd/MM/yyyy HH:mm' in London time. */
export function formatLondonDateTime(instant: Date): string {
  return formatInTimeZone(instant, LONDON_TIME_ZONE, DISPLAY_DATE_TIME_FORMAT)
}

/** 'EEEE do MMMM yyyy' in London time, e.g. 'Sunday 29th March 2026'. */
export function formatLondonLongDate(instant: Date): string {
  return formatInTimeZone(instant, LONDON_TIME_ZONE, DISPLAY_LONG_DATE_FORMAT)
}

/** 'dd/MM/yyyy' in London time (a purchase's or a form's date). */
export function formatLondonDate(instant: Date | string): string {
  return formatInTimeZone(instant, LONDON_TIME_ZONE, DATE_OF_BIRTH_FORMAT)
}

/** 'EEE d MMM, HH:mm' in London time, e.g. 'Mon 30 Nov, 09:15'. */
export function formatLondonShortDateTime(instant: Date | string): string {
  return formatInTimeZone(instant, LONDON_TIME_ZONE, 'EEE d MMM, HH:mm')
}

/** 'HH:mm' in London time. */
export function formatLondonTime(instant: Date): string {
  return formatInTimeZone(instant, LONDON_TIME_ZONE, 'HH:mm')
}

/** Date of birth 'dd/MM/yyyy' -> 'yyyy-MM-ddT12:00:00.000Z'; undefined when not a real date. */
export function dateOfBirthToIso(dob: string): string | undefined {
  const trimmed = dob.trim()
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(trimmed)) return undefined
  const parsed = parse(trimmed, DATE_OF_BIRTH_FORMAT, new Date(2000, 0, 1))
  if (!isValid(parsed) || format(parsed, DATE_OF_BIRTH_FORMAT) !== trimmed) return undefined
  return `${format(parsed, 'yyyy-MM-dd')}T12:00:00.000Z`
}

/** An ISO date or date-time (as the server sends a date of birth) -> 'dd/MM/yyyy'; undefined if invalid. */
export function isoToDateOfBirth(iso: string): string | undefined {
  const datePart = iso.trim().slice(0, 10)
  if (!isIsoDate(datePart)) return undefined
  const [y, m, d] = datePart.split('-')
  return `${d}/${m}/${y}`
}
