/**
 * Repeating blocks of time (issue 29): lunch every weekday, a team meeting every week. A series is the
 * same London wall-clock times on each date it repeats on, from the first block's date to an end date
 * (both included); each occurrence is an ordinary block, written together or not at all.
 */
import * as E from 'fp-ts/Either'
import { addDays, londonInstant, weekdayOf } from './week'
import { londonDateOf, londonTimeOf } from '../london'

export const REPEAT_EVERY = ['day', 'weekday', 'week'] as const
export type RepeatEvery = (typeof REPEAT_EVERY)[number]

/** At most this many blocks in one series (a weekday lunch for about five months). */
export const MOST_IN_SERIES = 100

export const SERIES_MESSAGES = {
  overDays: 'A repeating block starts and ends on the same day. Enter leave over several days on its own.',
  untilBefore: 'The last date of a repeating block must be on or after its first date.',
  tooMany: `A repeating block can have at most ${MOST_IN_SERIES} dates. Choose an earlier last date.`,
  none: 'The repeat falls on no date: every weekday from a Saturday or Sunday needs a last date on a weekday.',
  overlapsOn: (date: string) => `This time overlaps a booking or another block on ${date}. Move or cancel it first; no block of the series was added.`,
  notInSeries: 'This block does not repeat: remove it on its own.',
  removed: (count: number) => (count === 1 ? 'The block has been removed.' : `${count} blocks of the series have been removed.`),
} as const

export type SeriesRefusal = { _tag: 'OverDays' } | { _tag: 'UntilBefore' } | { _tag: 'TooMany' } | { _tag: 'None' }

export const SERIES_REFUSAL_TEXT: Record<SeriesRefusal['_tag'], string> = {
  OverDays: SERIES_MESSAGES.overDays,
  UntilBefore: SERIES_MESSAGES.untilBefore,
  TooMany: SERIES_MESSAGES.tooMany,
  None: SERIES_MESSAGES.none,
}

const repeatsOn = (every: RepeatEvery, first: string, date: string): boolean => {
  if (every === 'day') return true
  if (every === 'weekday') return weekdayOf(date) >= 1 && weekdayOf(date) <= 5
  return weekdayOf(date) === weekdayOf(first)
}

/** The London dates of a series from `first` to `until`, both included. */
export function seriesDates(first: string, every: RepeatEvery, until: string): E.Either<SeriesRefusal, string[]> {
  if (until < first) return E.left({ _tag: 'UntilBefore' })
  const dates: string[] = []
  for (let date = first; date <= until; date = addDays(date, every === 'week' ? 7 : 1)) {
    if (!repeatsOn(every, first, date)) continue
    if (dates.length === MOST_IN_SERIES) return E.left({ _tag: 'TooMany' })
    dates.push(date)
  }
  return dates.length === 0 ? E.left({ _tag: 'None' }) : E.right(dates)
}

/** The blocks of the series of [start, end): the same London times on each date (so 12:00 stays 12:00 across a clock change). */
export function blockSeries(start: Date, end: Date, every: RepeatEvery, until: string): E.Either<SeriesRefusal, { date: string; start: Date; end: Date }[]> {
  const first = londonDateOf(start)
  const endDate = londonDateOf(end)
  const from = londonTimeOf(start)
  const to = londonTimeOf(end)
  // One day: ends on the start's date (or at the midnight after it).
  if (endDate !== first && !(endDate === addDays(first, 1) && to === '00:00')) return E.left({ _tag: 'OverDays' })
  return E.map((dates: string[]) => dates.map((date) => ({ date, start: londonInstant(date, from), end: londonInstant(endDate === first ? date : addDays(date, 1), to) })))(seriesDates(first, every, until))
}
