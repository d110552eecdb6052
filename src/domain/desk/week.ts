/**
 * The desk's week of a practitioner (issue 29): the London dates of the week holding a date (Monday
 * to Sunday), the working hours and breaks of each date from weekly hours less days off, which
 * booking or block falls on which date, and the rules of a block of time.
 */
import * as E from 'fp-ts/Either'
import { fromZonedTime } from 'date-fns-tz'
import { LONDON_TIME_ZONE, londonDateOf } from '../london'

const DAY_MS = 86_400_000

/** The date `days` after the London date (calendar arithmetic at noon UTC: no DST edge). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** 0 = Sunday .. 6 = Saturday of a London date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay()
}

/** The seven London dates, Monday first, of the week that holds the date. */
export function weekDates(date: string): string[] {
  const monday = addDays(date, -((weekdayOf(date) + 6) % 7))
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i))
}

/** The instant of a London date and clock time ('HH:mm'). */
export function londonInstant(date: string, time: string): Date {
  return fromZonedTime(`${date}T${time}:00`, LONDON_TIME_ZONE)
}

export interface WeeklyHours {
  clinicId: string
  location: string
  /** 0 = Sunday */
  weekday: number
  startTime: string
  endTime: string
  kind: 'work' | 'break'
}

export interface DatedHours {
  date: string
  start: string
  end: string
  locationId: string
  location: string
}

export interface DaysOff {
  /** dates the practitioner does not work anywhere (holidays) */
  holidays: ReadonlySet<string>
  /** dates a clinic is closed, by clinic id */
  closed: ReadonlyMap<string, ReadonlySet<string>>
}

/** Each date's hours of a kind: the weekly hours on that weekday, except on holidays and where the clinic is closed. */
export function hoursOfWeek(dates: readonly string[], weekly: readonly WeeklyHours[], off: DaysOff, kind: 'work' | 'break'): DatedHours[] {
  const out: DatedHours[] = []
  for (const date of dates) {
    if (off.holidays.has(date)) continue
    for (const h of weekly) {
      if (h.kind !== kind || h.weekday !== weekdayOf(date) || off.closed.get(h.clinicId)?.has(date)) continue
      out.push({ date, start: londonInstant(date, h.startTime).toISOString(), end: londonInstant(date, h.endTime).toISOString(), locationId: h.clinicId, location: h.location })
    }
  }
  return out.sort((a, b) => a.start.localeCompare(b.start))
}

/** The entries of a week by London date of their start, every date present (Monday first). */
export function byDate<T extends { start: string }>(dates: readonly string[], entries: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>(dates.map((d) => [d, []]))
  for (const entry of entries) map.get(londonDateOf(new Date(entry.start)))?.push(entry)
  for (const list of map.values()) list.sort((a, b) => a.start.localeCompare(b.start))
  return map
}

/** A block may last at most this long (longer absences are leave in the practitioner's set-up, i.e. holidays). */
export const LONGEST_BLOCK_MS = 7 * DAY_MS

export const BLOCK_MESSAGES = {
  endBeforeStart: 'The end of a block must be after its start.',
  tooLong: 'A block can last at most 7 days. Enter longer leave as a holiday in the practitioner\'s set-up.',
  overlaps: 'This time overlaps a booking or another block. Move or cancel it first.',
  notFound: 'Block not found.',
  noLocation: 'The practitioner works at no location: give one.',
} as const

export type BlockRefusal = { _tag: 'EndBeforeStart' } | { _tag: 'TooLong' }

/** Whether a block of [start, end) may be written (its overlaps are the database's to refuse). */
export function checkBlock(start: Date, end: Date): E.Either<BlockRefusal, { start: Date; end: Date }> {
  if (!(end.getTime() > start.getTime())) return E.left({ _tag: 'EndBeforeStart' })
  if (end.getTime() - start.getTime() > LONGEST_BLOCK_MS) return E.left({ _tag: 'TooLong' })
  return E.right({ start, end })
}

export const BLOCK_REFUSAL_TEXT: Record<BlockRefusal['_tag'], string> = {
  EndBeforeStart: BLOCK_MESSAGES.endBeforeStart,
  TooLong: BLOCK_MESSAGES.tooLong,
}
