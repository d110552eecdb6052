/**
 * Whether a visit fits a practitioner's working day: the one rule the front desk's booking and its
 * move follow (web /staff, the API and `clinic admin book` alike). Staff may book a service not
 * offered online and without the online notice, but never outside the practitioner's working hours
 * at that location, in a break, on their leave or on a day the clinic is closed: those are refused
 * with the reason and the hours, so the desk knows what to pick instead (rather than 'no longer
 * available', which sends them looking for a clash that is not there).
 */
import * as E from 'fp-ts/Either'
import { format } from 'date-fns'
import type { Interval, PractitionerDay } from './types'
import type { LondonDay } from './london-day'
import { DISPLAY_LONG_DATE_FORMAT } from '../time'

export type OutsideWorkingDay =
  | { readonly _tag: 'ClinicClosed'; readonly date: string }
  | { readonly _tag: 'OnLeave'; readonly date: string }
  | { readonly _tag: 'NotWorking'; readonly date: string }
  /** hours: the day's working hours, 'HH:mm' London, merged and in order. */
  | { readonly _tag: 'OutsideWorkingHours'; readonly date: string; readonly hours: readonly { start: string; end: string }[] }
  | { readonly _tag: 'InBreak'; readonly date: string; readonly break: { start: string; end: string } }

/** Touching or overlapping intervals as one, in order. */
function merged(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start)
  const out: Interval[] = []
  for (const i of sorted) {
    const last = out[out.length - 1]
    if (last && i.start <= last.end) out[out.length - 1] = { start: last.start, end: Math.max(last.end, i.end) }
    else out.push({ start: i.start, end: i.end })
  }
  return out
}

/** Right when [visit.start, visit.end) lies in one stretch of working hours and meets no break. */
export function fitsWorkingDay(day: Pick<PractitionerDay, 'working' | 'breaks' | 'holiday'>, visit: Interval, london: LondonDay, closed = false): E.Either<OutsideWorkingDay, void> {
  const date = london.date
  if (closed) return E.left({ _tag: 'ClinicClosed', date })
  if (day.holiday) return E.left({ _tag: 'OnLeave', date })
  const hours = merged(day.working)
  if (hours.length === 0) return E.left({ _tag: 'NotWorking', date })
  if (!hours.some((h) => h.start <= visit.start && visit.end <= h.end)) {
    return E.left({ _tag: 'OutsideWorkingHours', date, hours: hours.map((h) => ({ start: london.label(h.start), end: london.label(h.end) })) })
  }
  const lunch = (day.breaks ?? []).find((b) => b.start < visit.end && visit.start < b.end)
  if (lunch) return E.left({ _tag: 'InBreak', date, break: { start: london.label(lunch.start), end: london.label(lunch.end) } })
  return E.right(undefined)
}

const longDate = (date: string) => format(new Date(`${date}T12:00:00`), DISPLAY_LONG_DATE_FORMAT)
const ranges = (hours: readonly { start: string; end: string }[]) => {
  const texts = hours.map((h) => `${h.start} to ${h.end === '00:00' ? '24:00' : h.end}`)
  return texts.length > 1 ? `${texts.slice(0, -1).join(', ')} and ${texts[texts.length - 1]}` : texts[0]
}

/** The refusal as the desk reads it (not quoted by the spec), naming the practitioner and the hours. */
export function outsideWorkingDayText(refusal: OutsideWorkingDay, practitioner: string): string {
  const on = longDate(refusal.date)
  switch (refusal._tag) {
    case 'ClinicClosed':
      return `The clinic is closed on ${on}. Please choose another day.`
    case 'OnLeave':
      return `${practitioner} is on leave on ${on}. Please choose another day or practitioner.`
    case 'NotWorking':
      return `${practitioner} does not work here on ${on}. Please choose another day or practitioner.`
    case 'OutsideWorkingHours':
      return `This time is outside ${practitioner}'s working hours: ${ranges(refusal.hours)} on ${on}. Please choose a time within them.`
    case 'InBreak':
      return `This time is in ${practitioner}'s break (${ranges([refusal.break])}) on ${on}. Please choose another time.`
  }
}

/** When any of several practitioners could do it and none works then. */
export function nobodyWorkingText(date: string): string {
  return `None of the practitioners for this service works at this time on ${longDate(date)}. Please choose another time.`
}
