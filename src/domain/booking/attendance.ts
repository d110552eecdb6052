/**
 * When the front desk may mark attendance: a no-show only once the appointment's start has passed
 * (marking one earlier would free a time the customer still means to come to), a check-in only on the
 * appointment's day (its Europe/London date) or later. Time comes in as an argument.
 */
import * as E from 'fp-ts/Either'
import { londonDateOf } from '../time'

export const ATTENDANCE_MARKS = ['checked-in', 'no-show'] as const
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number]

export type AttendanceRefusal = { readonly _tag: 'NoShowBeforeStart' } | { readonly _tag: 'CheckInBeforeDay' }

/**
 * A checked-in appointment refused a change (cancel, move, reschedule, a mark): one text for the
 * customer's side and the desk's (the spec quotes none).
 */
export const CHECKED_IN_TEXT = 'This appointment is checked in and cannot be changed.'

/** The words staff see (web desk, CLI, API message) for each refusal. */
export const ATTENDANCE_REFUSAL_TEXT: Record<AttendanceRefusal['_tag'], string> = {
  NoShowBeforeStart: 'A no-show can be marked only once the appointment has started.',
  CheckInBeforeDay: 'A customer can be checked in only on the day of the appointment.',
}

/** right when `mark` may be set on an appointment starting at `start`, given `now`. */
export function attendanceAllowed(mark: AttendanceMark, start: Date, now: Date): E.Either<AttendanceRefusal, void> {
  if (mark === 'no-show') return now.getTime() >= start.getTime() ? E.right(undefined) : E.left({ _tag: 'NoShowBeforeStart' })
  return londonDateOf(now) >= londonDateOf(start) ? E.right(undefined) : E.left({ _tag: 'CheckInBeforeDay' })
}
