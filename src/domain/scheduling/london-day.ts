/**
 * Europe/London days for scheduling: the UTC bounds of a London date, 'HH:mm' labels, and a weekly
 * London schedule (weekday -> [{ start: '09:00', end: '17:30' }]) turned into UTC intervals for one
 * date, correct across the March and October clock changes.
 *
 * Speed: the London offset is looked up (date-fns-tz) once per date and cached; on ordinary days
 * conversions are plain arithmetic. Only the two clock-change days per year convert each time with
 * date-fns-tz. A wall time that does not exist (01:30 on the March change day) is resolved the way
 * date-fns-tz `fromZonedTime` resolves it; a range whose end is not after its start is dropped.
 * Weekdays are 0 = Sunday .. 6 = Saturday (as Date#getDay). '24:00' as an end means midnight.
 */
import { formatInTimeZone, fromZonedTime, getTimezoneOffset } from 'date-fns-tz'
import type { Interval } from './types'
import { minuteLabel } from './clock-text'
import { LONDON_TIME_ZONE } from '../time'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export interface TimeRange {
  /** 'HH:mm' London wall time. */
  readonly start: string
  readonly end: string
}

/** weekday (0 = Sunday .. 6 = Saturday) -> ranges of London wall time. */
export type WeeklySchedule = Readonly<Partial<Record<number, readonly TimeRange[]>>>

export interface LondonDay {
  /** 'yyyy-MM-dd'. */
  readonly date: string
  /** 0 = Sunday .. 6 = Saturday. */
  readonly weekday: number
  /** [London midnight, next London midnight) in UTC ms. */
  readonly bounds: Interval
  /** UTC instant of a London wall time on this date, given as minutes after midnight. */
  toUtc(minutes: number): number
  /** 'HH:mm' London of an instant of this day. */
  label(instant: number): string
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/

function parseDate(date: string): { y: number; m: number; d: number } {
  const match = DATE_RE.exec(date)
  if (match === null) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`)
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) }
}

const clocks = new Map<string, number>()

/** 'HH:mm' -> minutes after midnight (memoised: schedules repeat the same few times every day). */
export function parseClock(hhmm: string): number {
  const known = clocks.get(hhmm)
  if (known !== undefined) return known
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm)
  if (match === null) throw new RangeError(`Not an HH:mm time: ${hhmm}`)
  const minutes = Number(match[1]) * 60 + Number(match[2])
  if (clocks.size >= CLOCK_LIMIT) clocks.clear()
  clocks.set(hhmm, minutes)
  return minutes
}

const CLOCK_LIMIT = 4096

const pad = (n: number): string => (n < 10 ? `0${n}` : String(n))

/** 'yyyy-MM-dd' of a UTC calendar date built from parts (month 1-12, day may overflow). */
export function isoDate(year: number, month: number, day: number): string {
  const t = new Date(Date.UTC(year, month - 1, day))
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`
}


const cache = new Map<string, LondonDay>()
const CACHE_LIMIT = 4096

/** The London day of a 'yyyy-MM-dd' date (memoised; the result is immutable). */
export function londonDay(date: string): LondonDay {
  const hit = cache.get(date)
  if (hit !== undefined) return hit
  const day = buildLondonDay(date)
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(date, day)
  return day
}

function buildLondonDay(date: string): LondonDay {
  const { y, m, d } = parseDate(date)
  const utcMidnight = Date.UTC(y, m - 1, d)
  const weekday = new Date(utcMidnight).getUTCDay()
  // London is UTC+0 or UTC+1; the clock changes at 01:00 UTC, so these two samples bracket the day.
  const offsetEarly = getTimezoneOffset(LONDON_TIME_ZONE, new Date(utcMidnight - 2 * HOUR))
  const offsetLate = getTimezoneOffset(LONDON_TIME_ZONE, new Date(utcMidnight + DAY - 2 * HOUR))
  const bounds = {
    start: fromZonedTime(`${date}T00:00:00`, LONDON_TIME_ZONE).getTime(),
    end: fromZonedTime(`${isoDate(y, m, d + 1)}T00:00:00`, LONDON_TIME_ZONE).getTime(),
  }
  if (offsetEarly === offsetLate) {
    const offset = offsetEarly
    return {
      date,
      weekday,
      bounds,
      toUtc: (minutes) => utcMidnight + minutes * MINUTE - offset,
      label: (instant) => clockLabel(instant + offset),
    }
  }
  return {
    date,
    weekday,
    bounds,
    toUtc: (minutes) =>
      minutes >= 24 * 60
        ? bounds.end + (minutes - 24 * 60) * MINUTE
        : fromZonedTime(`${date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`, LONDON_TIME_ZONE).getTime(),
    label: (instant) => formatInTimeZone(instant, LONDON_TIME_ZONE, 'HH:mm'),
  }
}

function clockLabel(shifted: number): string {
  const inDay = ((shifted % DAY) + DAY) % DAY
  return minuteLabel(Math.floor(inDay / MINUTE))
}

/** The UTC intervals of a weekly London schedule on one London date (sorted by start as given). */
export function scheduleToUtc(schedule: WeeklySchedule, date: string): Interval[] {
  const day = londonDay(date)
  const ranges = schedule[day.weekday] ?? []
  const out: Interval[] = []
  for (const r of ranges) {
    const start = day.toUtc(parseClock(r.start))
    const end = day.toUtc(parseClock(r.end))
    if (end > start) out.push({ start, end })
  }
  return out
}

/** Every London date of a month (month 1-12), in order. */
export function datesOfMonth(year: number, month: number): string[] {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const out: string[] = []
  for (let d = 1; d <= days; d++) out.push(`${year}-${pad(month)}-${pad(d)}`)
  return out
}
