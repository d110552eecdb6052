/**
 * The front desk books on a customer's behalf (issue 29, POST /admin/desk/bookings). One booking
 * path: the times come from the availability engine's chain search (services not bookable online
 * too, no online notice), the booking from createBooking with its desk option (the same locks,
 * calendar checks and exclusion constraint: never over another booking), and the deposit through
 * the same invoices and payments as online:
 * - card: the deposit from the customer's stored card; refused, the booking is released (409);
 * - link: the customer is mailed a pay link (the processor's payment page of the deposit invoice)
 *   and the booking is held until paid, like an online hold, for a day (as long as the
 *   reconciler watches an open payment): server/booking/pay-link.service.ts, as for an API key's booking;
 *   the same request again (its transactionId) sends the link once within a short while, unless
 *   resendPayLink;
 * - clinic: nothing is taken now, the booking is Scheduled at once.
 * A Scheduled booking sends the same confirmation mail and .ics as online (the booking's
 * onScheduled, or the payment's settlement).
 */
import * as E from 'fp-ts/Either'
import type { AppointmentPayload, BookingCreated, DeskBookingBody, DeskBookingResult, DeskTime, DeskTimesBody } from '../../src/contract'
import { calendarDays, chainDay, nearestStarts, type ServiceRequest } from '../../src/domain/scheduling'
import { formatLondonTime, londonDateOf } from '../../src/domain/time'
import { fitsCalendar, slotOptions } from '../availability/availability.service'
import { loadCalendars, serviceOptions } from '../availability/calendar.repository'
import { outsideWorkingDay } from '../availability/working-day.service'
import { findCustomer } from '../accounts/account.service'
import { findTransaction } from '../booking/booking.repository'
import { deskRequestKey, sameRequest } from '../booking/transaction-request'
import { createBooking, DESK_RULES, MAX_SERVICES, TOO_MANY_SERVICES, type BookingDeps } from '../booking/booking.service'
import { bookingsOf, depositLine, heldBookingInvoice, LINK_HOLD_SECONDS, releaseHeld, sendPayLink, type HeldBooking, type PayLinkDeps } from '../booking/pay-link.service'
import { payInvoice } from '../commerce/payments.service'
import { toMoney, type DbOrTrx } from '../db/schema'
import { conflict, invalid, notFound, SLOT_TAKEN_ERROR, transactionReused, type ServiceError } from '../service-error'

export const DESK_MESSAGES = {
  noServices: 'Choose at least one service.',
  customerNotFound: 'Customer not found.',
  serviceNotHere: 'This service is not offered at this location.',
  noStoredCard: 'The customer has no stored card. Send a pay link, or take the payment at the clinic.',
  cardRefused: (why: string) => `The deposit was not taken from the stored card: ${why} The booking is not made.`,
  booked: 'The booking is made and the customer has their confirmation.',
  linkSent: 'The booking is held and the customer has been mailed a link to pay the deposit.',
  linkResent: 'The link to pay the deposit has been sent to the customer again.',
  linkNotResent: 'The booking is held. The customer was sent the link to pay the deposit a few minutes ago, so it was not sent again; resend it if they did not get it.',
  payAtClinic: 'The booking is made; the customer pays at the clinic.',
  offGrid: (time: string, nearest: string[]) =>
    `${time} is not one of the start times for this booking. ${nearest.length === 1 ? `The nearest free time is ${nearest[0]}.` : `The nearest free times are ${nearest.join(' and ')}.`}`,
} as const

function requestsOf(services: DeskTimesBody['services'], options: Awaited<ReturnType<typeof serviceOptions>>['options']): ServiceRequest[] | undefined {
  const requests: ServiceRequest[] = []
  for (const s of services) {
    const mine = options.filter((o) => o.serviceId === s.service && (!s.practitioner || o.practitionerId === s.practitioner))
    if (mine.length === 0) return undefined
    requests.push({ serviceId: s.service, options: mine.map((o) => ({ practitionerId: o.practitionerId, durationMinutes: o.durationMinutes })), intervalMinutes: mine[0].intervalMinutes })
  }
  return requests
}

/** POST /admin/desk/times: the chained start times of the day for the basket, as the desk may book them. */
export async function deskTimes(db: DbOrTrx, tenant: string, body: DeskTimesBody, now: Date): Promise<E.Either<ServiceError, DeskTime[]>> {
  if (body.services.length === 0) return E.left(invalid(DESK_MESSAGES.noServices))
  if (body.services.length > MAX_SERVICES) return E.left(invalid(TOO_MANY_SERVICES))
  const { services, options } = await serviceOptions(db, tenant, body.location, body.services.map((s) => s.service), false)
  if (body.services.some((s) => !services.has(s.service))) return E.left(notFound(DESK_MESSAGES.serviceNotHere))
  const requests = requestsOf(body.services, options)
  if (!requests) return E.right([])
  const practitionerIds = [...new Set(requests.flatMap((r) => r.options.map((o) => o.practitionerId)))]
  const { calendars, closedDates, settings } = await loadCalendars(db, tenant, body.location, practitionerIds, body.date, body.date)
  const chains = chainDay({
    date: body.date,
    practitioners: calendarDays(calendars)(body.date),
    services: requests,
    options: slotOptions(settings, { now, ignore: [], minimiseGaps: false, ...DESK_RULES }, closedDates.has(body.date)),
  })
  const iso = (ms: number) => new Date(ms).toISOString()
  return E.right(
    chains.map((c) => ({
      value: c.value,
      start: iso(c.start),
      end: iso(c.end),
      services: c.services.map((a) => ({ service: a.serviceId, practitioner: a.practitioner, start: iso(a.start), end: iso(a.end) })),
    })),
  )
}

/** The booking's payload: the chain found at the start (who does what), each service after the previous. */
export function payloadOf(location: string, time: DeskTime): AppointmentPayload {
  const [first, ...rest] = time.services
  return {
    event: { start: first.start, end: first.end },
    practitioner: first.practitioner,
    clinic: location,
    service: first.service,
    linkedAppointments: rest.map((s) => ({ event: { start: s.start, end: s.end }, clinic: location, service: s.service, practitioner: s.practitioner, isLinked: true, type: 'Appointment' as const })),
  }
}

/**
 * Why the chain search has no such start: outside the working day of everyone who could do one of the
 * services at the time it would start (the desk's one rule, as its move follows it:
 * src/domain/scheduling/working-hours.ts), else free but off the grid of start times (offGrid), else taken. Each service after the first starts when the
 * previous ends, at the earliest (its quickest practitioner); the refusal of a later one names it.
 */
async function whyNotFree(db: DbOrTrx, tenant: string, body: DeskBookingBody, times: readonly DeskTime[], now: Date): Promise<ServiceError> {
  const { options } = await serviceOptions(db, tenant, body.location, body.services.map((s) => s.service), false)
  let start = Date.parse(body.start)
  for (const [index, requested] of body.services.entries()) {
    const candidates = options
      .filter((o) => o.serviceId === requested.service && (!requested.practitioner || o.practitionerId === requested.practitioner))
      .map((o) => ({ practitionerId: o.practitionerId, minutes: o.durationMinutes }))
    if (candidates.length === 0) break
    const outside = await outsideWorkingDay(db, tenant, body.location, new Date(start), candidates)
    if (outside) {
      if (index === 0) return conflict(outside)
      const named = await db.selectFrom('services').select('name').where('tenant_id', '=', tenant).where('id', '=', requested.service).executeTakeFirst()
      return conflict(`${named?.name ?? 'The next service'} would start at ${formatLondonTime(new Date(start))}: ${outside}`)
    }
    start += Math.min(...candidates.map((c) => c.minutes)) * 60_000
  }
  return (await offGrid(db, tenant, body, times, now)) ?? SLOT_TAKEN_ERROR
}

/**
 * A start that is free for one of the first service's practitioners but not on its grid of start
 * times (the chain search offers those only): said so, with the nearest times offered, since 'no
 * longer available' would send the desk looking for a booking that is not there.
 */
async function offGrid(db: DbOrTrx, tenant: string, body: DeskBookingBody, times: readonly DeskTime[], now: Date): Promise<ServiceError | undefined> {
  const { options } = await serviceOptions(db, tenant, body.location, [body.services[0].service], false)
  const first = body.services[0]
  const candidates = options.filter((o) => o.serviceId === first.service && (!first.practitioner || o.practitionerId === first.practitioner))
  const start = Date.parse(body.start)
  const date = londonDateOf(new Date(start))
  if (candidates.length === 0) return undefined
  const calendars = await loadCalendars(db, tenant, body.location, candidates.map((c) => c.practitionerId), date, date)
  const free = candidates.some((c) => fitsCalendar(calendars, c.practitionerId, start, start + c.durationMinutes * 60_000, { now, ignore: [], ...DESK_RULES }))
  const nearest = nearestStarts(times.map((t) => Date.parse(t.start)), start)
  if (!free || nearest.length === 0) return undefined
  return conflict(DESK_MESSAGES.offGrid(formatLondonTime(new Date(start)), nearest.map((n) => formatLondonTime(new Date(n)))))
}

/** The desk's booking at the availability engine's chain at that start (none: the time is not free). */
async function bookDesk(deps: PayLinkDeps, tenant: string, customerId: string, body: DeskBookingBody): Promise<E.Either<ServiceError, BookingCreated>> {
  const db = deps.booking.db
  const date = londonDateOf(new Date(body.start))
  const times = await deskTimes(db, tenant, { location: body.location, date, services: body.services }, deps.booking.now)
  if (E.isLeft(times)) return times
  const time = times.right.find((t) => Date.parse(t.start) === Date.parse(body.start))
  if (!time) return E.left(await whyNotFree(db, tenant, body, times.right, deps.booking.now))
  const bookingDeps: BookingDeps = { ...deps.booking, desk: { payLater: body.payment === 'clinic', allowOverlap: body.allowOverlap === true }, ...(body.payment === 'link' ? { holdSeconds: LINK_HOLD_SECONDS } : {}) }
  return createBooking(bookingDeps, tenant, customerId, { appointment: payloadOf(body.location, time), ...(body.transactionId ? { coherentTransactionId: body.transactionId, requestKey: deskKey(body) } : {}) })
}

/** What identifies the desk's request for its transaction id: staff's choices (transaction-request.ts). */
const deskKey = (body: DeskBookingBody): string => deskRequestKey(body.location, body.start, body.services)

/** What the visits cost, all of it due at the clinic when nothing is paid now. */
export async function priceOf(db: DbOrTrx, tenant: string, ids: readonly string[]): Promise<number> {
  const rows = await db.selectFrom('appointments').select(['price', 'gross_price']).where('tenant_id', '=', tenant).where('id', 'in', [...ids]).execute()
  return Math.round(rows.reduce((sum, r) => sum + (toMoney(r.gross_price ?? r.price) ?? 0), 0) * 100) / 100
}

/** POST /admin/desk/bookings. */
export async function createDeskBooking(deps: PayLinkDeps, tenant: string, body: DeskBookingBody): Promise<E.Either<ServiceError, DeskBookingResult>> {
  const db = deps.booking.db
  const customer = await findCustomer(db, tenant, body.customer)
  if (!customer) return E.left(notFound(DESK_MESSAGES.customerNotFound))
  const scope = { tenant }
  const card = body.payment === 'card' ? (await deps.commerce.processor.listCards(scope, customer.id))[0] : undefined
  if (body.payment === 'card' && !card) return E.left(conflict(DESK_MESSAGES.noStoredCard))

  // The same request again (a retry, Book pressed twice): the booking it made, whose time is its own now;
  // the same id with other choices is refused (TransactionReused), nothing booked.
  const earlier = body.transactionId ? await findTransaction(db, tenant, customer.id, body.transactionId) : undefined
  if (earlier && !sameRequest(earlier.request, deskKey(body))) return E.left(transactionReused(earlier.booking.appointment.id))
  const booked = earlier ? E.right(earlier.booking) : await bookDesk(deps, tenant, customer.id, body)
  if (E.isLeft(booked)) return booked
  const ids = booked.right.appointments.map((a) => a.id)
  const mainId = booked.right.appointment.id
  const deposit = booked.right.deposit
  const result = async (message: string, extra: Partial<DeskBookingResult> = {}): Promise<E.Either<ServiceError, DeskBookingResult>> => {
    const appointments = await bookingsOf(db, tenant, ids)
    return E.right({
      appointments,
      payment: body.payment,
      status: appointments[0]?.status ?? 'Scheduled',
      deposit,
      depositPaid: appointments.reduce((sum, a) => sum + a.depositPaid, 0),
      message,
      ...extra,
    })
  }
  // Nothing to pay now (pay at the clinic, no deposit due, course sessions): booked and confirmed.
  if (booked.right.appointment.status !== 'Pending') {
    return body.payment === 'clinic' ? result(DESK_MESSAGES.payAtClinic, { dueAtClinic: await priceOf(db, tenant, ids) }) : result(DESK_MESSAGES.booked)
  }

  // No payment under way, no hold: a booking the desk could not ask payment for goes at once.
  const held: HeldBooking = { customer: { id: customer.id, email: customer.email, firstName: customer.first_name }, clinicId: body.location, mainId, ids, deposit }
  if (body.payment === 'card') {
    const invoice = await heldBookingInvoice(deps, tenant, held)
    if (E.isLeft(invoice)) return invoice
    const paid = await payInvoice(deps.commerce, tenant, customer.id, invoice.right.id, { payments: [{ ...depositLine(deposit), cardData: { cardId: card!.id } }], idempotencyKey: `desk:${mainId}` })
    // No deposit, no booking: the hold goes at once rather than at its expiry.
    if (E.isLeft(paid)) return releaseHeld(deps, tenant, held, conflict(DESK_MESSAGES.cardRefused('message' in paid.left ? paid.left.message : 'the card was refused.')))
    return result(DESK_MESSAGES.booked)
  }
  // A retry (the same transactionId) sends the link once; staff resending it on purpose send it again.
  const link = await sendPayLink(deps, tenant, held, `desk:${mainId}`, { resend: body.resendPayLink === true })
  if (E.isLeft(link)) return link
  const message = !link.right.sent ? DESK_MESSAGES.linkNotResent : body.resendPayLink ? DESK_MESSAGES.linkResent : DESK_MESSAGES.linkSent
  return result(message, { payLink: link.right.payUrl, holdExpiresAt: booked.right.holdExpiresAt })
}
