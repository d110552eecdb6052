/**
 * A month's available days (POST /appointments/days-available-by-month): the London dates of a
 * month with at least one valid start for the whole basket.
 *
 * Rules and decisions:
 * - Dates whose London day has ended before now + minimum notice are never available; closed days
 *   (closedDates) are never available; holidays follow withHolidays (see prepared-day.ts).
 * - Each day stops at its first valid chain (hasChain), so a month costs at most one pass over each
 *   day's grid; with minimise gaps judged on whole chains (checkFirst false) the day is computed in
 *   full, since only the filter can say whether anything is offered.
 * - Day facts come from a provider function, so the server may load a month of bookings once.
 *   `calendarDays` builds such a provider from weekly London schedules, sorting busy time once
 *   and slicing each day out by binary search.
 */
import { hasChain } from './chain'
import { earliestStart } from './day-slots'
import { datesOfMonth, londonDay, scheduleToUtc, type TimeRange, type WeeklySchedule } from './london-day'
import type { Busy, Interval, PractitionerDay, ServiceRequest, SlotOptions } from './types'

export interface MonthInput {
  readonly year: number
  /** 1-12. */
  readonly month: number
  readonly services: readonly ServiceRequest[]
  readonly options: Omit<SlotOptions, 'closed'>
  /** London dates 'yyyy-MM-dd' the clinic is closed. */
  readonly closedDates?: Iterable<string>
  /** See ChainDayInput.assignment (default 'search'). */
  readonly assignment?: 'search' | 'first-free'
  /** The day facts of the practitioners the basket names, for one London date. */
  readonly practitionersOn: (date: string) => readonly PractitionerDay[]
}

/** London dates ('yyyy-MM-dd') of the month with at least one valid start for the basket. */
export function availableDays(input: MonthInput): string[] {
  const closed = new Set(input.closedDates ?? [])
  const earliest = earliestStart(input.options as SlotOptions)
  const out: string[] = []
  for (const date of datesOfMonth(input.year, input.month)) {
    if (closed.has(date)) continue
    if (londonDay(date).bounds.end <= earliest) continue
    const found = hasChain({
      date,
      practitioners: input.practitionersOn(date),
      services: input.services,
      options: input.options,
      assignment: input.assignment,
    })
    if (found) out.push(date)
  }
  return out
}

/** A practitioner's standing calendar: weekly London hours plus dated exceptions. */
export interface PractitionerCalendar {
  readonly practitionerId: string
  readonly schedule: WeeklySchedule
  readonly breaks?: WeeklySchedule
  /** Replaces the weekly hours on these London dates ([] = not working). */
  readonly overrides?: Readonly<Record<string, readonly TimeRange[]>>
  /** Bookings, holds, blocks, leave: any order, any span. */
  readonly busy?: readonly Busy[]
  /** London dates of holidays. */
  readonly holidays?: Iterable<string>
  readonly onlineBooking?: boolean
}

interface IndexedCalendar {
  readonly calendar: PractitionerCalendar
  readonly busy: readonly Busy[]
  readonly longest: number
  readonly holidays: ReadonlySet<string>
}

function firstStartAtOrAfter(sorted: readonly Busy[], t: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid].start < t) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * A `practitionersOn` provider built from calendars (busy sorted once). Each practitioner's day is
 * worked out only when first read: the month view usually stops at the first practitioner free.
 */
export function calendarDays(calendars: readonly PractitionerCalendar[]): (date: string) => PractitionerDay[] {
  const indexed: IndexedCalendar[] = calendars.map((calendar) => {
    const busy = sortedByStart(calendar.busy ?? [])
    const longest = busy.reduce((m, b) => Math.max(m, b.end - b.start), 0)
    return { calendar, busy, longest, holidays: new Set(calendar.holidays ?? []) }
  })
  return (date) => indexed.map((entry) => new CalendarDay(entry, date))
}

/** Busy time by start: the list itself when it is in order already (as the server reads it), else a sorted copy. */
function sortedByStart(busy: readonly Busy[]): readonly Busy[] {
  for (let i = 1; i < busy.length; i++) if (busy[i].start < busy[i - 1].start) return [...busy].sort((a, b) => a.start - b.start)
  return busy
}

/** One practitioner's facts for one date, computed on first read (see calendarDays). */
class CalendarDay implements PractitionerDay {
  readonly practitionerId: string
  readonly onlineBooking?: boolean
  private computed?: { working: Interval[]; breaks: Interval[]; busy: Busy[] }

  constructor(
    private readonly entry: IndexedCalendar,
    private readonly date: string,
  ) {
    this.practitionerId = entry.calendar.practitionerId
    this.onlineBooking = entry.calendar.onlineBooking
  }

  get holiday(): boolean {
    return this.entry.holidays.has(this.date)
  }

  get working(): Interval[] {
    return this.facts().working
  }

  get breaks(): Interval[] {
    return this.facts().breaks
  }

  get busy(): Busy[] {
    return this.facts().busy
  }

  private facts(): { working: Interval[]; breaks: Interval[]; busy: Busy[] } {
    if (this.computed !== undefined) return this.computed
    const { calendar, busy, longest } = this.entry
    const { date } = this
    const { bounds } = londonDay(date)
    const override = calendar.overrides?.[date]
    const working = override === undefined ? scheduleToUtc(calendar.schedule, date) : scheduleToUtc(everyDay(override), date)
    const from = firstStartAtOrAfter(busy, bounds.start - longest)
    const to = firstStartAtOrAfter(busy, bounds.end)
    this.computed = {
      working,
      breaks: calendar.breaks === undefined ? [] : scheduleToUtc(calendar.breaks, date),
      busy: busy.slice(from, to).filter((b) => b.end > bounds.start),
    }
    return this.computed
  }
}

function everyDay(ranges: readonly TimeRange[]): WeeklySchedule {
  return { 0: ranges, 1: ranges, 2: ranges, 3: ranges, 4: ranges, 5: ranges, 6: ranges }
}
