/**
 * The desk's 'Move this booking' dialog as a value: the fields, what the move asks the server, and what
 * a refusal leaves on screen. StaffDeskViewModel holds one and sends the request.
 */
import * as E from 'fp-ts/Either'
import type { AppError } from '../../application/failure'
import type { DayBooking } from '../../contract/admin.routes'
import { isCustomerClashText } from '../../domain/booking/customer-clash'
import { isMoveIntoPast } from '../../domain/booking/move-notice'
import { existsInLondon, formatLondonDateTime, londonDateOf, londonTimeOf, londonToUtc } from '../../domain/time'

export interface MoveForm {
  booking: DayBooking
  date: string
  time: string
  practitioner: string
  error?: string
  /**
   * The customer's other visit at the new time, as the server named it (src/domain/booking/customer-clash.ts):
   * staff choose another time, or move anyway. Cleared when a field changes, so 'Move anyway' moves exactly what was refused.
   */
  clash?: string
  /**
   * The new time has already passed (src/domain/booking/move-notice.ts): 'asked' while the dialog warns,
   * 'confirmed' once staff move it there on purpose. Cleared when a field changes, as a clash is.
   */
  intoPast?: 'asked' | 'confirmed'
}

export type MoveField = 'date' | 'time' | 'practitioner'

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

/** The dialog opened on a booking: its own clinic date, time and practitioner. */
export const moveFormOf = (booking: DayBooking): MoveForm => ({ booking, date: londonDateOf(new Date(booking.start)), time: londonTimeOf(new Date(booking.start)), practitioner: booking.practitioner })

/** A field changed: the last refusal (an error or a clash) was about other values. */
export const withMoveField = (form: MoveForm, field: MoveField, value: string): MoveForm => ({ ...form, [field]: value, error: undefined, clash: undefined, intoPast: undefined })

/**
 * The move to ask for (the start as an instant; a practitioner only when another), or the form with why
 * not: a time that does not read as one, or one already past (at `now`) that staff have not confirmed.
 */
export function moveRequest(form: MoveForm, now: Date): E.Either<MoveForm, { start: string; practitioner?: string }> {
  if (!DATE.test(form.date) || !TIME.test(form.time) || !existsInLondon(form.date, form.time)) return E.left({ ...form, error: 'Enter a date and a time (HH:mm).' })
  const start = londonToUtc(form.date, form.time)
  if (isMoveIntoPast(start, now) && form.intoPast !== 'confirmed') return E.left({ ...form, error: undefined, intoPast: 'asked' })
  const practitioner = form.practitioner && form.practitioner !== form.booking.practitioner ? form.practitioner : undefined
  return E.right({ start: start.toISOString(), ...(practitioner ? { practitioner } : {}) })
}

/** Staff move the booking into the past on purpose (the warning's button). */
export const confirmedIntoPast = (form: MoveForm): MoveForm => ({ ...form, intoPast: 'confirmed' })

/** The warning while staff decide (a move into the past records when a visit happened): the time, and that the customer is not told. */
export const intoPastWarning = (form: MoveForm): string =>
  `${formatLondonDateTime(londonToUtc(form.date, form.time))} has already passed: the customer is not sent a 'Booking moved' notice.`

/** The server refused: the customer's clash is a question for staff (not an error to fix); anything else its message. */
export const refusedMove = (form: MoveForm, error: AppError): MoveForm =>
  error._tag === 'Refused' && error.status === 409 && isCustomerClashText(error.message) ? { ...form, error: undefined, clash: error.message } : { ...form, error: error.message, clash: undefined }
