/** A report's date range (London dates, both included) and its derived figures. Pure. */
import * as E from 'fp-ts/Either'
import { differenceInCalendarDays } from 'date-fns'

/** At most a year (a leap year's 366 days), so one request never reads an unbounded history. */
export const MAX_REPORT_DAYS = 366

export type ReportRangeRefusal = { readonly _tag: 'ToBeforeFrom' } | { readonly _tag: 'RangeTooLong' }

export const REPORT_RANGE_TEXT: Record<ReportRangeRefusal['_tag'], string> = {
  ToBeforeFrom: "The report's end date is before its start date.",
  RangeTooLong: `A report covers at most ${MAX_REPORT_DAYS} days. Choose a shorter range.`,
}

export function checkReportRange(from: string, to: string): E.Either<ReportRangeRefusal, { days: number }> {
  const days = differenceInCalendarDays(new Date(`${to}T12:00:00Z`), new Date(`${from}T12:00:00Z`)) + 1
  if (days < 1) return E.left({ _tag: 'ToBeforeFrom' })
  if (days > MAX_REPORT_DAYS) return E.left({ _tag: 'RangeTooLong' })
  return E.right({ days })
}

/** Booked over working minutes as a percentage with one decimal; null when nobody was due to work. */
export function utilisation(bookedMinutes: number, workingMinutes: number): number | null {
  if (workingMinutes <= 0) return null
  return Math.round((bookedMinutes / workingMinutes) * 1000) / 10
}
