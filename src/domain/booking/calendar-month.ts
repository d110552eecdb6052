/**
 * Which month the time step's calendar opens on (spec section 2, 'Time').
 *
 * Rules and decisions:
 * - A month named by the booking (a reload or a URL with its date, a month the customer moved to)
 *   opens as named; without a free day from today on it says 'No availability'.
 * - Otherwise the calendar opens on the current month when it has a free day left; near a month's
 *   end, when it has none, on the first of the next `lookAhead` months that has one (as the
 *   practitioner step's 'Next: …' promised), without the dialog.
 * - When none of those months has a free day either, the current month opens with the dialog
 *   (and what the waitlist attaches to it). The look ahead is bounded: a month is asked at a time.
 */

/** How many months after the current one are asked before the calendar says 'No availability'. */
export const CALENDAR_LOOK_AHEAD_MONTHS = 2

/** The available days of one month ('yyyy-MM'), as the days-available-by-month call answered. */
export interface MonthDays {
  readonly month: string
  readonly days: readonly string[]
}

export type CalendarOpening =
  /** Ask the available days of this month, then decide again with its answer. */
  | { readonly _tag: 'Load'; readonly month: string }
  | { readonly _tag: 'Show'; readonly month: string; readonly noAvailability: boolean }

export interface CalendarOpeningInput {
  /** London date 'yyyy-MM-dd' of now. */
  readonly today: string
  /** The month the booking names ('yyyy-MM'), if any. */
  readonly named?: string
  /** The months asked so far. */
  readonly loaded: readonly MonthDays[]
  readonly lookAhead?: number
}

export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number)
  const index = y * 12 + (m - 1) + delta
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

export function calendarOpening({ today, named, loaded, lookAhead = CALENDAR_LOOK_AHEAD_MONTHS }: CalendarOpeningInput): CalendarOpening {
  const start = named ?? today.slice(0, 7)
  const months = named === undefined ? Math.max(0, lookAhead) + 1 : 1
  for (let i = 0; i < months; i++) {
    const month = shiftMonth(start, i)
    const answer = loaded.find((m) => m.month === month)
    if (!answer) return { _tag: 'Load', month }
    if (answer.days.some((d) => d >= today)) return { _tag: 'Show', month, noAvailability: false }
  }
  return { _tag: 'Show', month: start, noAvailability: true }
}
