/**
 * One customer in two places at once: the front desk books for a customer on the phone, and a second
 * booking at a time they already have a visit (with another practitioner: the calendars allow it) is
 * almost always a slip. Booking products warn of it (Fresha, Pabau); the spec is silent, so the desk
 * is refused with the visit named, and staff may book anyway on purpose (two practitioners working on
 * one customer together). The rule lives here once; the server asks it, the /staff page and
 * `clinic admin book` offer the override (`allowOverlap`).
 */
import * as E from 'fp-ts/Either'
import { formatLondonDate, formatLondonTime } from '../time'

/** One of the customer's visits that occupies time (scheduled, held unpaid, running late, done). */
export interface CustomerVisit {
  readonly id: string
  /** epoch ms */
  readonly start: number
  readonly end: number
  readonly service: string
  readonly practitioner: string
}

export interface CustomerClash {
  readonly _tag: 'CustomerClash'
  readonly visit: CustomerVisit
}

/**
 * The first visit (by start) that overlaps one of the times to book; half-open, so a visit that ends
 * when the new one starts is no clash (back-to-back services are the normal case).
 */
export function customerClash(visits: readonly CustomerVisit[], wanted: readonly { start: number; end: number }[]): E.Either<CustomerClash, void> {
  const clashing = [...visits]
    .sort((a, b) => a.start - b.start)
    .find((v) => wanted.some((w) => v.start < w.end && w.start < v.end))
  return clashing ? E.left({ _tag: 'CustomerClash', visit: clashing }) : E.right(undefined)
}

/** How every refusal of a clash starts: the client tells the refusal (409) by it and offers to book anyway. */
export const CUSTOMER_CLASH_OPENING = 'This customer already has a booking at this time:'

export function customerClashText(visit: CustomerVisit): string {
  const start = new Date(visit.start)
  return `${CUSTOMER_CLASH_OPENING} ${visit.service} with ${visit.practitioner}, ${formatLondonDate(start)} ${formatLondonTime(start)}–${formatLondonTime(new Date(visit.end))} (appointment ${visit.id}).`
}

export const isCustomerClashText = (message: string | undefined): boolean => Boolean(message?.startsWith(CUSTOMER_CLASH_OPENING))
