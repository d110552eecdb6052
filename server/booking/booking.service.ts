/**
 * Bookings: create (a pending hold of HOLD_SECONDS, or Scheduled at once when nothing is due),
 * read, cancel, release a pending hold, reschedule, and the customer's list. Ownership: a customer
 * only sees and changes their own appointments (another's answers 404, revealing nothing).
 * No double booking: the exclusion constraint `appointments_no_overlap` is the last word; its
 * violation (23P01) becomes SlotTaken.
 */
import * as E from 'fp-ts/Either'
import { sql, type Transaction } from 'kysely'
import type { AppointmentPayload, AppointmentView, BookingCreated, CustomerAppointments, HoldKey } from '../../src/contract'
import { calculateDeposit, type DepositItem } from '../../src/domain/pricing/deposit'
import { round2 } from '../../src/domain/pricing/money'
import { pendingHoldExpiry } from '../../src/domain/booking/hold'
import { customerClash, customerClashText } from '../../src/domain/booking/customer-clash'
import { customerLockKey, customerVisitsBetween } from './customer-visits.repository'
import { reserveCourseSessions } from '../commerce/courses.service'
import { newId } from '../db/ids'
import { RetriesExhausted, retryTransaction } from '../db/transaction-retry'
import { lockingWork } from '../db/admission'
import type { CoreTables, Db, DbOrTrx } from '../db/schema'
import { conflict, invalid, MESSAGES, notFound, SLOT_TAKEN_ERROR, unauthenticated, TOO_MANY_HOLDS_ERROR, type ServiceError } from '../service-error'
import { appointmentView, appointmentViews, bookingViewParts, insertAppointmentViews } from './appointment-view'
import { calendarDays, offersStart } from '../../src/domain/scheduling'
import { fitsCalendar, slotOptions } from '../availability/availability.service'
import { londonDateOf } from '../../src/domain/london'
import { calendarRange, loadCalendars, serviceOptions, type Calendars, type ServiceOptionRow } from '../availability/calendar.repository'
import { businessMetrics } from '../observability/metrics'
import { claimHold, heldForClaim } from './hold-claim'
import { bookingRequestKey } from './transaction-request'
import { refusedUnlessUsed, replay, type BookingMade } from './transaction-replay'
import { bookerFacts, bookingMessage, expiredHoldIds, lockPractitionerDays, releaseExpiredHoldsById, RELEASED } from './booking.repository'
import { sessionRefusal, type SessionToCheck } from '../accounts/session.service'
import { emitWebhookEvent } from '../integrations/webhooks.service'
import { appointmentsData } from '../integrations/webhook-payloads'

export const NOT_FOUND = MESSAGES.appointmentNotFound
export const MAX_SERVICES = 10
export const TOO_MANY_SERVICES = `At most ${MAX_SERVICES} services can be booked together.`
export const OFF_GRID = 'Please choose one of the times offered.'
export const KEEPS_SERVICE = 'A booking keeps its service when it is moved. Please cancel it and book the other service.'
export const KEEPS_CLINIC = 'A booking keeps its location when it is moved. Please cancel it and book at the other location.'

/** The price columns of an appointment from its gross price and tax rate. */
export function pricesOf(price: number, taxRate: number) {
  const net = round2(price / (1 + taxRate / 100))
  return { price, gross_price: price, net_price: net, tax: round2(price - net) }
}

/**
 * Whether a free start time is one the practitioner's slot grid offers (the service's step from the
 * start of each working interval, spec section 4), so that a client cannot book at 10:07 between
 * the 10:00 and 10:15 slots (a reschedule: the 5-minute grid). Uses the calendars already loaded: no query. Minimise-gaps filtering is
 * a display rule and is not applied here.
 */
export function offeredStart(cal: Calendars, option: ServiceOptionRow, start: number, now: Date, ignore: string[], forceInterval?: number, desk?: DeskRules): boolean {
  const date = londonDateOf(start)
  return offersStart(
    {
      date,
      practitioners: calendarDays(cal.calendars.filter((c) => c.practitionerId === option.practitionerId))(date),
      service: { serviceId: option.serviceId, options: [{ practitionerId: option.practitionerId, durationMinutes: option.durationMinutes }], intervalMinutes: option.intervalMinutes, ...(forceInterval ? { forceInterval } : {}) },
      options: { ...slotOptions(cal.settings, { now, ignore, minimiseGaps: false, ...desk }, cal.closedDates.has(date)), includeInvalid: true },
    },
    start,
  )
}

/** How the front desk's requests see the calendars: practitioners who take no online bookings and no online notice. */
export interface DeskRules {
  onlineBooking: false
  minNoticeMinutes: 0
}
export const DESK_RULES: DeskRules = { onlineBooking: false, minNoticeMinutes: 0 }

/**
 * A booking the front desk makes on the customer's behalf (POST /admin/desk/bookings): services not
 * bookable online and times inside the online notice too, no cap on the customer's live holds (the
 * desk is not a bot), and with payLater nothing due now ('pay at the clinic': Scheduled at once).
 * Never over another booking: the same calendars, locks and exclusion constraint as online.
 */
export interface DeskOption {
  payLater: boolean
  /** Book even when the customer has another visit at the time (src/domain/booking/customer-clash.ts): staff chose to. */
  allowOverlap?: boolean
}

export interface BookingDeps {
  db: Db
  now: Date
  holdSeconds: number
  /** Unpaid holds one customer may keep at once (config MAX_LIVE_HOLDS). */
  maxLiveHolds: number
  /** Called inside the booking's transaction when appointments are Scheduled at once (nothing to pay): the confirmation mail. */
  onScheduled?: (trx: Transaction<CoreTables>, customerId: string, appointmentIds: readonly string[]) => Promise<void>
  /** Called after the commit when the booking wrote a notice (to send the outbox now). */
  afterCommit?: () => void
  /**
   * Called inside the booking's transaction once its rows are written (not for a replay): an API key's
   * booking marks its first answer as being made, so that a replay racing it can tell (integration-bookings.service.ts).
   */
  onMade?: (trx: DbOrTrx, made: { appointmentIds: readonly string[]; holdExpiresAt: Date | null }) => Promise<void>
  /** Set when the front desk books on the customer's behalf. */
  desk?: DeskOption
  /**
   * The customer's token, when its session is checked here (in the booking's read, under its locks)
   * rather than at the door: an ended one refuses with Unauthenticated before anything is written.
   */
  session?: SessionToCheck
}

export function isOverlapViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === '23P01'
}

interface Item {
  start: Date
  clinicId: string
  serviceId: string
  practitionerId: string
  courseId: string | null
  linked: boolean
}

export function itemsOf(appointment: AppointmentPayload): Item[] | ServiceError {
  const items: Item[] = [
    {
      start: new Date(appointment.event.start),
      clinicId: appointment.clinic,
      serviceId: appointment.service,
      practitionerId: appointment.practitioner,
      courseId: appointment.course ?? null,
      linked: false,
    },
  ]
  if ((appointment.linkedAppointments?.length ?? 0) + 1 > MAX_SERVICES) return invalid(TOO_MANY_SERVICES)
  for (const l of appointment.linkedAppointments ?? []) {
    const practitioner = l.practitioner ?? l.practitioners?.[0]
    if (!practitioner) return invalid('Each linked appointment needs a practitioner.')
    if (l.clinic !== appointment.clinic) return invalid('All services of a booking must be at the same location.')
    items.push({ start: new Date(l.event.start), clinicId: l.clinic, serviceId: l.service, practitionerId: practitioner, courseId: l.course ?? null, linked: true })
  }
  return items
}

/**
 * `requestKey`: what identifies the request for its transaction id (transaction-request.ts); by
 * default the payload's clinic and services (the desk passes its own: staff's choices, not the chain).
 */
export type BookingRequest = { appointment: AppointmentPayload; coherentTransactionId?: string | null; hold?: HoldKey | null; requestKey?: string }

export async function createBooking(deps: BookingDeps, tenant: string, customerId: string, body: BookingRequest): Promise<E.Either<ServiceError, BookingCreated>> {
  return E.map((made: BookingMade) => made.booking)(await makeBooking(deps, tenant, customerId, body))
}

export type { BookingMade }

/** createBooking, saying whether the booking was made now or by an earlier request with the same transaction id. */
export async function makeBooking(deps: BookingDeps, tenant: string, customerId: string, body: BookingRequest): Promise<E.Either<ServiceError, BookingMade>> {
  const transactionId = body.coherentTransactionId?.trim() || null
  // A refusal of the checks made before the transaction: its transaction id is answered first (transaction-replay.ts).
  const refused = (error: ServiceError, requestKey?: string) => refusedUnlessUsed(deps.db, tenant, customerId, { transactionId, requestKey, ...(deps.session ? { session: deps.session } : {}) }, error)
  const parsed = itemsOf(body.appointment)
  if (!Array.isArray(parsed)) return refused(parsed, body.requestKey)
  const items = parsed
  const clinicId = items[0].clinicId
  const requestKey = transactionId ? (body.requestKey ?? bookingRequestKey(clinicId, items)) : null

  const desk = deps.desk ? DESK_RULES : undefined
  const serviceIds = [...new Set(items.map((i) => i.serviceId))]
  const [{ services, options }, viewParts] = await Promise.all([
    serviceOptions(deps.db, tenant, clinicId, serviceIds, !desk),
    bookingViewParts(deps.db, tenant, clinicId, serviceIds, items.map((i) => i.practitionerId)),
  ])
  const chosen: (ServiceOptionRow & Item & { end: Date })[] = []
  for (const item of items) {
    if (!services.has(item.serviceId)) return refused(notFound('This service cannot be booked online at this location.'), requestKey ?? undefined)
    const option = options.find((o) => o.serviceId === item.serviceId && o.practitionerId === item.practitionerId)
    if (!option) return refused(invalid('This practitioner does not offer this service at this location.'), requestKey ?? undefined)
    chosen.push({ ...option, ...item, end: new Date(item.start.getTime() + option.durationMinutes * 60_000) })
  }
  for (let i = 1; i < chosen.length; i++) {
    if (chosen[i].start.getTime() < chosen[i - 1].end.getTime() && chosen[i].practitionerId === chosen[i - 1].practitionerId) {
      return refused(invalid('The services of a booking must follow one another.'), requestKey ?? undefined)
    }
  }

  const courseItems = chosen.filter((c) => c.courseId)
  const depositItems: DepositItem[] = chosen
    .filter((c) => !c.courseId)
    .map((c) => ({
      serviceDefaultPrice: c.defaultPrice,
      practitionerGrossPrice: c.grossPrice,
      serviceDepositType: c.depositType,
      serviceDepositAmount: c.depositAmount,
    }))
  // Known once the transaction has read the balance and the settings.
  let deposit = 0
  let status = 'Scheduled' as 'Pending' | 'Scheduled'
  // Known once the customer's own slot hold (if any) has been read: one extended for a new account keeps its end.
  let holdExpiresAt = pendingHoldExpiry(deps.now, deps.holdSeconds)
  const mainId = newId()
  const ids = chosen.map((_, i) => (i === 0 ? mainId : newId()))
  const from = new Date(Math.min(...chosen.map((c) => c.start.getTime())))
  const to = new Date(Math.max(...chosen.map((c) => c.end.getTime())))
  const practitionerIds = [...new Set(chosen.map((c) => c.practitionerId))]
  const fromDate = londonDateOf(from)
  const toDate = londonDateOf(to)

  let views: AppointmentView[]
  try {
    const outcome = await lockingWork(deps.db, () => retryTransaction(() => deps.db.transaction().execute(async (trx): Promise<ServiceError | typeof REPLAYED | AppointmentView[]> => {
      // Locks in one fixed order (transaction id, customer, practitioner days) so that they never
      // deadlock, all in one statement. Retries of one request running at once queue on the first;
      // the later ones then answer the first's booking. The cap is counted under the per-customer
      // lock held to commit: parallel requests of one customer counting without it would each see
      // room (40 at once made 30 holds against 10). Everything the booking reads comes in the next
      // statement (one round trip): no read before the transaction.
      await lockPractitionerDays(trx, tenant, chosen, [...(transactionId ? [`booking:${tenant}:${transactionId}`] : []), customerLockKey(tenant, customerId)])
      // The customer's own slot hold (made when the time was picked) counts as free for this booking;
      // its row is locked before the calendars are read (with the facts).
      const claimed = await heldForClaim(trx, tenant, body.hold, deps.now)
      const held = claimed.rowIds
      holdExpiresAt = pendingHoldExpiry(deps.now, deps.holdSeconds, claimed.hold)
      const facts = await bookerFacts(trx, tenant, customerId, transactionId, deps.session?.tokenHash ?? null, deps.now, calendarRange(practitionerIds, fromDate, toDate))
      if (deps.session) {
        const refusal = sessionRefusal(facts?.session, deps.session.claims)
        if (refusal) return unauthenticated(refusal)
      }
      // A retried request (same transaction id) answers the booking it already made (if it asks for the same: replay).
      if (facts?.taken) return REPLAYED
      if (!facts?.settings) return notFound('Organisation not found.')
      if (!desk && facts.holds >= deps.maxLiveHolds) return TOO_MANY_HOLDS_ERROR
      deposit = deps.desk?.payLater ? 0 : depositItems.length ? calculateDeposit({ settings: facts.settings, items: depositItems, accountBalance: facts.accountBalance }) : 0
      status = deposit > 0 ? 'Pending' : 'Scheduled'
      const calendars = await loadCalendars(trx, tenant, clinicId, practitionerIds, fromDate, toDate, deps.db, facts.busyOf)
      // Expired holds in the way still count for the exclusion constraint until released (the
      // calendar already treats them as free); released here only when there are any.
      await releaseExpiredHoldsById(trx, tenant, expiredHoldIds(calendars.calendars, practitionerIds, from, to, deps.now), deps.now)
      for (const c of chosen) {
        if (!fitsCalendar(calendars, c.practitionerId, c.start.getTime(), c.end.getTime(), { now: deps.now, ignore: held, ...desk })) return SLOT_TAKEN_ERROR
      }
      // The desk books for a customer who may already be elsewhere then: refused unless staff chose to.
      if (deps.desk && !deps.desk.allowOverlap) {
        const clash = customerClash(await customerVisitsBetween(trx, tenant, customerId, from, to, deps.now), chosen.map((c) => ({ start: c.start.getTime(), end: c.end.getTime() })))
        if (E.isLeft(clash)) return conflict(customerClashText(clash.left.visit))
      }
      // Later services of a chain start where the previous one ends; the first must be an offered time.
      if (!offeredStart(calendars, chosen[0], chosen[0].start.getTime(), deps.now, held, undefined, desk)) return invalid(OFF_GRID)
      for (const courseId of new Set(courseItems.map((c) => c.courseId!))) {
        const booked = courseItems.filter((c) => c.courseId === courseId)
        const guard = await reserveCourseSessions(trx, tenant, customerId, courseId, booked.length, deps.now, booked.map((c) => c.serviceId))
        if (E.isLeft(guard)) return guard.left
      }
      await claimHold(trx, tenant, body.hold, customerId, { id: mainId, scheduled: status === 'Scheduled' }, deps.now)
      // The rows in one statement; their views for the answer from what was written and the catalogue's parts.
      const views = await insertAppointmentViews(
        trx,
        tenant,
        chosen
          .map((c, i) => {
            const price = c.courseId ? 0 : (c.grossPrice ?? c.defaultPrice)
            return {
              id: ids[i],
              tenant_id: tenant,
              customer_id: customerId,
              practitioner_id: c.practitionerId,
              clinic_id: c.clinicId,
              service_id: c.serviceId,
              status,
              starts_at: c.start,
              ends_at: c.end,
              hold_expires_at: status === 'Pending' ? holdExpiresAt : null,
              group_id: chosen.length > 1 ? mainId : null,
              is_linked: i > 0,
              course_id: c.courseId,
              ...pricesOf(price, c.taxRate),
              deposit: i === 0 ? deposit : 0,
              transaction_id: transactionId,
              transaction_request: requestKey,
            }
          })
          // One order for every booking (practitioner, then time): two bookings of overlapping
          // times then wait for each other in turn instead of deadlocking.
          .sort((a, b) => a.practitioner_id.localeCompare(b.practitioner_id) || a.starts_at.getTime() - b.starts_at.getTime()),
        ids,
        viewParts,
      )
      if (status === 'Scheduled') await deps.onScheduled?.(trx, customerId, ids)
      await deps.onMade?.(trx, { appointmentIds: ids, holdExpiresAt: status === 'Pending' ? holdExpiresAt : null })
      await emitWebhookEvent(trx, tenant, 'booking.created', deps.now, () => appointmentsData(trx, tenant, ids), facts.webhookListens)
      return views
    })))
    if (outcome === REPLAYED) return replay(deps.db, tenant, customerId, transactionId!, requestKey!)
    if (!Array.isArray(outcome)) return E.left(outcome)
    views = outcome
    // Only a Scheduled booking wrote a notice; a held one has nothing to send (the drain would cost
    // a transaction of four statements for nothing; the sweep sends whatever else is due).
    if (status === 'Scheduled') deps.afterCommit?.()
    businessMetrics.bookingCreated(tenant, status)
  } catch (error) {
    // Aborted again and again by concurrent bookings of the same time: that time is contested.
    if (isOverlapViolation(error) || error instanceof RetriesExhausted) return E.left(SLOT_TAKEN_ERROR)
    // Two retries of one transaction id racing: the loser answers the winner's booking.
    if ((error as { code?: string }).code === '23505' && transactionId) {
      return replay(deps.db, tenant, customerId, transactionId, requestKey!)
    }
    throw error
  }
  return E.right({
    booking: {
      appointment: views[0],
      appointments: views,
      deposit,
      // Nothing is held when it is Scheduled at once: no hold expiry then.
      ...(status === 'Pending' ? { holdExpiresAt: holdExpiresAt.toISOString() } : {}),
      message: bookingMessage(deposit),
    },
    replayed: false,
  })
}

const REPLAYED = 'replayed' as const

/** The appointment if it belongs to the customer (NotFound otherwise, for unknown and foreign alike). */
export async function ownAppointment(db: Db, tenant: string, customerId: string, id: string): Promise<E.Either<ServiceError, AppointmentView>> {
  const view = await appointmentView(db, tenant, id)
  if (!view || view.customer !== customerId) return E.left(notFound(NOT_FOUND))
  return E.right(view)
}

/** The customer's appointments, newest first; released holds are left out. */
export async function customerAppointments(
  db: Db,
  tenant: string,
  customerId: string,
  page: { pageSize: number; page: number },
): Promise<CustomerAppointments> {
  const base = db
    .selectFrom('appointments')
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where((eb) => eb.not(eb.and([eb('status', '=', RELEASED), eb('hold_expires_at', 'is not', null)])))
  const [rows, total] = await Promise.all([
    base
      .select('id')
      .orderBy('starts_at', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { appointments: await appointmentViews(db, tenant, rows.map((r) => r.id)), total: Number(total.n) }
}
