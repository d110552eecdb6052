/**
 * Bookings: create (a pending hold of HOLD_SECONDS, or Scheduled at once when nothing is due),
 * read, cancel, release a pending hold, reschedule, and the customer's list. Ownership: a customer
 * only sees and changes their own appointments (another's answers 404, revealing nothing).
 * No double booking: the exclusion constraint `appointments_no_overlap` is the last word; its
 * violation (23P01) becomes a 409 with SLOT_TAKEN.
 */
import * as E from 'fp-ts/Either'
import { sql, type Transaction } from 'kysely'
import type { AppointmentPayload, AppointmentView, BookingCreated, CustomerAppointments, HoldKey, ReschedulePayload } from '../../src/contract'
import { guardCancel, guardReschedule, policyRefusalMessage } from '../../src/domain/policy/cancellation'
import { calculateDeposit, type DepositItem } from '../../src/domain/pricing/deposit'
import { round2 } from '../../src/domain/pricing/money'
import { reserveCourseSessions } from '../commerce/courses.service'
import { newId } from '../db/ids'
import { RetriesExhausted, retryTransaction } from '../db/transaction-retry'
import { toMoney, type CoreTables, type Db, type DbOrTrx } from '../db/schema'
import { badRequest, conflict, notFound, ok, type Failure, type Ok } from '../http/results'
import { appointmentView, appointmentViews } from './appointment-view'
import { calendarDays, daySlots } from '../../src/domain/scheduling'
import { fitsCalendar, loadCalendars, londonDateOfIso, serviceOptions, slotOptions, type Calendars, type ServiceOptionRow } from './availability.service'
import { coreData } from '../commerce/core-data.repository'
import { loadOrganisation } from './organisation.service'
import { businessMetrics } from '../observability/metrics'
import { notify } from '../notifications/notifications.service'
import { claimHold, heldForClaim } from './hold-claim'

/** Live (unexpired) pending bookings of a customer, counted once per booking (linked services aside). */
async function liveHolds(db: DbOrTrx, tenant: string, customerId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('status', '=', 'Pending')
    .where('is_linked', '=', false)
    .where('hold_expires_at', '>', now)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export const SLOT_TAKEN = 'Sorry, this time is no longer available. Please choose another time.'
export const NOT_FOUND = 'Appointment not found'
export const RELEASED = 'Deleted'
export const MAX_SERVICES = 10
export const TOO_MANY_SERVICES = `At most ${MAX_SERVICES} services can be booked together.`
export const TOO_MANY_HOLDS = 'You have too many bookings waiting for payment. Please pay for or release one of them first.'
export const OFF_GRID = 'Please choose one of the times offered.'
export const TRANSACTION_IN_USE = 'This transaction id belongs to another booking. Please try again.'
export const CHANGED_MEANWHILE = 'This appointment has just changed. Please reload it.'
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
export function offeredStart(cal: Calendars, option: ServiceOptionRow, start: number, now: Date, ignore: string[], forceInterval?: number): boolean {
  const date = londonDateOfIso(new Date(start).toISOString())
  const slots = daySlots({
    date,
    practitioners: calendarDays(cal.calendars.filter((c) => c.practitionerId === option.practitionerId))(date),
    service: { serviceId: option.serviceId, options: [{ practitionerId: option.practitionerId, durationMinutes: option.durationMinutes }], intervalMinutes: option.intervalMinutes, ...(forceInterval ? { forceInterval } : {}) },
    options: { ...slotOptions(cal.settings, { now, ignore, minimiseGaps: false }, cal.closedDates.has(date)), includeInvalid: true },
  })
  return slots.some((s) => Date.parse(s.startDate) === start)
}

export interface BookingDeps {
  db: Db
  now: Date
  holdSeconds: number
  /** Unpaid holds one customer may keep at once (config MAX_LIVE_HOLDS). */
  maxLiveHolds: number
  /** Called inside the booking's transaction when appointments are Scheduled at once (nothing to pay): the confirmation mail. */
  onScheduled?: (trx: Transaction<CoreTables>, customerId: string, appointmentIds: readonly string[]) => Promise<void>
  /** Called after the commit (e.g. to send the outbox now). */
  afterCommit?: () => void
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

export function itemsOf(appointment: AppointmentPayload): Item[] | Failure {
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
  if ((appointment.linkedAppointments?.length ?? 0) + 1 > MAX_SERVICES) return badRequest(TOO_MANY_SERVICES)
  for (const l of appointment.linkedAppointments ?? []) {
    const practitioner = l.practitioner ?? l.practitioners?.[0]
    if (!practitioner) return badRequest('Each linked appointment needs a practitioner.')
    if (l.clinic !== appointment.clinic) return badRequest('All services of a booking must be at the same location.')
    items.push({ start: new Date(l.event.start), clinicId: l.clinic, serviceId: l.service, practitionerId: practitioner, courseId: l.course ?? null, linked: true })
  }
  return items
}

/**
 * Bookings and moves into one practitioner's day take turns (a transaction lock per practitioner and
 * London date, in one order). Without it two bookings of overlapping times both write their rows and
 * then wait for each other through the exclusion constraint: a deadlock that PostgreSQL resolves only
 * after a second. Taken first in the transaction, before any row lock.
 */
export async function lockPractitionerDays(trx: Transaction<CoreTables>, tenant: string, spans: readonly { practitionerId: string; start: Date; end: Date }[]) {
  const keys = new Set<string>()
  for (const span of spans) {
    for (const at of [span.start, span.end]) keys.add(`booking-day:${tenant}:${span.practitionerId}:${londonDateOfIso(at.toISOString())}`)
  }
  for (const key of [...keys].sort()) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx)
}

/** Releases expired holds that overlap [from, to) for these practitioners (inside the booking's transaction). */
export async function releaseExpiredHolds(trx: Transaction<CoreTables>, tenant: string, practitionerIds: string[], from: Date, to: Date, now: Date) {
  await trx
    .updateTable('appointments')
    .set({ status: RELEASED, updated_at: now })
    .where('tenant_id', '=', tenant)
    .where('practitioner_id', 'in', practitionerIds)
    .where('status', '=', 'Pending')
    .where('hold_expires_at', '<=', now)
    .where(sql<boolean>`tstzrange(starts_at, ends_at) && tstzrange(${from}, ${to})`)
    .execute()
}

export async function createBooking(
  deps: BookingDeps,
  tenant: string,
  customerId: string,
  body: { appointment: AppointmentPayload; coherentTransactionId?: string | null; hold?: HoldKey | null },
): Promise<Ok<BookingCreated> | Failure> {
  const parsed = itemsOf(body.appointment)
  if (!Array.isArray(parsed)) return parsed
  const items = parsed
  const clinicId = items[0].clinicId
  const transactionId = body.coherentTransactionId?.trim() || null

  // A retried request (same transaction id) answers the booking it already made.
  if (transactionId) {
    const existing = await findByTransaction(deps.db, tenant, customerId, transactionId)
    if (existing) return ok(existing)
  }

  if ((await liveHolds(deps.db, tenant, customerId, deps.now)) >= deps.maxLiveHolds) {
    return { _tag: 'TooManyRequests', message: TOO_MANY_HOLDS }
  }

  const [{ services, options }, organisation, customer] = await Promise.all([
    serviceOptions(deps.db, tenant, clinicId, [...new Set(items.map((i) => i.serviceId))], true),
    loadOrganisation(deps.db, tenant),
    deps.db.selectFrom('customers').select(['account_balance']).where('tenant_id', '=', tenant).where('id', '=', customerId).executeTakeFirst(),
  ])
  if (!organisation || !customer) return notFound('Organisation not found')
  const chosen: (ServiceOptionRow & Item & { end: Date })[] = []
  for (const item of items) {
    if (!services.has(item.serviceId)) return notFound('This service cannot be booked online at this location.')
    const option = options.find((o) => o.serviceId === item.serviceId && o.practitionerId === item.practitionerId)
    if (!option) return badRequest('This practitioner does not offer this service at this location.')
    chosen.push({ ...option, ...item, end: new Date(item.start.getTime() + option.durationMinutes * 60_000) })
  }
  for (let i = 1; i < chosen.length; i++) {
    if (chosen[i].start.getTime() < chosen[i - 1].end.getTime() && chosen[i].practitionerId === chosen[i - 1].practitionerId) {
      return badRequest('The services of a booking must follow one another.')
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
  const deposit = depositItems.length
    ? calculateDeposit({ settings: organisation.settings, items: depositItems, accountBalance: toMoney(customer.account_balance) })
    : 0
  const status = deposit > 0 ? 'Pending' : 'Scheduled'
  const holdExpiresAt = new Date(deps.now.getTime() + deps.holdSeconds * 1000)
  const mainId = newId()
  const ids = chosen.map((_, i) => (i === 0 ? mainId : newId()))
  const from = new Date(Math.min(...chosen.map((c) => c.start.getTime())))
  const to = new Date(Math.max(...chosen.map((c) => c.end.getTime())))
  const practitionerIds = [...new Set(chosen.map((c) => c.practitionerId))]

  try {
    const outcome = await retryTransaction(() => deps.db.transaction().execute(async (trx): Promise<Failure | typeof REPLAYED | undefined> => {
      // Locks in one fixed order (transaction id, customer, practitioner days) so that they never deadlock.
      if (transactionId) {
        // Retries of one request running at once queue here; the later ones then answer the first's booking.
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`booking:${tenant}:${transactionId}`}, 0))`.execute(trx)
        if (await transactionTaken(trx, tenant, transactionId)) return REPLAYED
      }
      // The cap, again under a per-customer lock held to commit: the count above is only a fast path,
      // parallel requests of one customer would each see room (40 at once made 30 holds against 10).
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`live-holds:${tenant}:${customerId}`}, 0))`.execute(trx)
      if (status === 'Pending' && (await liveHolds(trx, tenant, customerId, deps.now)) >= deps.maxLiveHolds) {
        return { _tag: 'TooManyRequests', message: TOO_MANY_HOLDS }
      }
      await lockPractitionerDays(trx, tenant, chosen)
      await releaseExpiredHolds(trx, tenant, practitionerIds, from, to, deps.now)
      // The customer's own slot hold (made when the time was picked) counts as free for this booking.
      const held = await heldForClaim(trx, tenant, body.hold, deps.now)
      const calendars = await loadCalendars(trx, tenant, clinicId, practitionerIds, londonDateOfIso(from.toISOString()), londonDateOfIso(to.toISOString()), deps.db)
      for (const c of chosen) {
        if (!fitsCalendar(calendars, c.practitionerId, c.start.getTime(), c.end.getTime(), { now: deps.now, ignore: held })) return conflict(SLOT_TAKEN)
      }
      // Later services of a chain start where the previous one ends; the first must be an offered time.
      if (!offeredStart(calendars, chosen[0], chosen[0].start.getTime(), deps.now, held)) return badRequest(OFF_GRID)
      for (const courseId of new Set(courseItems.map((c) => c.courseId!))) {
        const booked = courseItems.filter((c) => c.courseId === courseId)
        const guard = await reserveCourseSessions(trx, coreData, tenant, customerId, courseId, booked.length, deps.now, booked.map((c) => c.serviceId))
        if (E.isLeft(guard)) {
          const tag = guard.left._tag
          return { _tag: tag === 'Invalid' ? 'BadRequest' : tag, message: guard.left.message } as Failure
        }
      }
      await claimHold(trx, tenant, body.hold, customerId, deps.now)
      await trx
        .insertInto('appointments')
        .values(
          chosen.map((c, i) => {
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
            }
          })
            // One order for every booking (practitioner, then time): two bookings of overlapping
            // times then wait for each other in turn instead of deadlocking.
            .sort((a, b) => a.practitioner_id.localeCompare(b.practitioner_id) || a.starts_at.getTime() - b.starts_at.getTime()),
        )
        .execute()
      if (status === 'Scheduled') await deps.onScheduled?.(trx, customerId, ids)
      return undefined
    }))
    if (outcome === REPLAYED) return replay(deps.db, tenant, customerId, transactionId!)
    if (outcome) return outcome
    deps.afterCommit?.()
    businessMetrics.bookingCreated(tenant, status)
  } catch (error) {
    // Aborted again and again by concurrent bookings of the same time: that time is contested.
    if (isOverlapViolation(error) || error instanceof RetriesExhausted) return conflict(SLOT_TAKEN)
    // Two retries of one transaction id racing: the loser answers the winner's booking.
    if ((error as { code?: string }).code === '23505' && transactionId) {
      const existing = await findByTransaction(deps.db, tenant, customerId, transactionId)
      if (existing) return ok(existing)
      // Another customer's booking holds this transaction id.
      return conflict(TRANSACTION_IN_USE)
    }
    throw error
  }
  const views = await appointmentViews(deps.db, tenant, ids)
  return ok({
    appointment: views[0],
    appointments: views,
    deposit,
    holdExpiresAt: (status === 'Pending' ? holdExpiresAt : deps.now).toISOString(),
    message: status === 'Pending' ? 'Your appointment is held while you pay the deposit.' : 'Your appointment is booked.',
  })
}

const REPLAYED = 'replayed' as const

/** Whether a live booking already carries this transaction id (any customer's). */
async function transactionTaken(trx: Transaction<CoreTables>, tenant: string, transactionId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('appointments')
    .select('id')
    .where('tenant_id', '=', tenant)
    .where('transaction_id', '=', transactionId)
    .where('status', '!=', RELEASED)
    .executeTakeFirst()
  return row !== undefined
}

/** The answer to a retried request: the booking it made, or a 409 when the id is another customer's. */
async function replay(db: Db, tenant: string, customerId: string, transactionId: string): Promise<Ok<BookingCreated> | Failure> {
  const existing = await findByTransaction(db, tenant, customerId, transactionId)
  return existing ? ok(existing) : conflict(TRANSACTION_IN_USE)
}

async function findByTransaction(db: Db, tenant: string, customerId: string, transactionId: string): Promise<BookingCreated | undefined> {
  const rows = await db
    .selectFrom('appointments')
    .select(['id', 'is_linked', 'status', 'hold_expires_at', 'deposit'])
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('transaction_id', '=', transactionId)
    .where('status', '!=', RELEASED)
    .orderBy('is_linked')
    .orderBy('starts_at')
    .execute()
  if (rows.length === 0) return undefined
  const views = await appointmentViews(db, tenant, rows.map((r) => r.id))
  return {
    appointment: views[0],
    appointments: views,
    deposit: toMoney(rows[0].deposit) ?? 0,
    holdExpiresAt: (rows[0].hold_expires_at ?? new Date()).toISOString(),
  }
}

/** The appointment if it belongs to the customer (404 otherwise, for unknown and foreign alike). */
export async function ownAppointment(db: Db, tenant: string, customerId: string, id: string): Promise<Ok<AppointmentView> | Failure> {
  const view = await appointmentView(db, tenant, id)
  if (!view || view.customer !== customerId) return notFound(NOT_FOUND)
  return ok(view)
}

function policyOf(view: AppointmentView) {
  return {
    start: new Date(view.event.start),
    status: view.status,
    checkedIn: view.checkedIn ?? false,
    // Only a service booked as part of another's visit is 'linked'; the visit's first one moves with its linked ones.
    isLinked: view.isLinked ?? false,
    linkedAppointments: view.linkedAppointments ?? [],
    price: view.price ?? 0,
  }
}

export async function cancelByCustomer(deps: BookingDeps, tenant: string, customerId: string, id: string): Promise<Ok<AppointmentView> | Failure> {
  const own = await ownAppointment(deps.db, tenant, customerId, id)
  if (own._tag !== 'Ok') return own
  const organisation = await loadOrganisation(deps.db, tenant)
  const guard = guardCancel(policyOf(own.body), deps.now, organisation?.settings ?? {})
  if (E.isLeft(guard)) return conflict(policyRefusalMessage(guard.left))
  // Only if nothing changed since the policy was checked: a parallel cancel, or a reschedule into the
  // late-cancellation period, makes this one a 409 (on a PostgreSQL server they truly run at once).
  const updated = await deps.db
    .updateTable('appointments')
    .set({ status: 'Cancelled', updated_at: deps.now })
    .where('tenant_id', '=', tenant)
    .where('id', '=', id)
    .where('status', '=', own.body.status)
    .where('starts_at', '=', new Date(own.body.event.start))
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) return conflict(CHANGED_MEANWHILE)
  await notify(deps.db, tenant, { kind: 'cancelled', appointmentIds: [id], at: deps.now }).then(deps.afterCommit)
  businessMetrics.bookingCancelled(tenant)
  const view = await appointmentView(deps.db, tenant, id)
  return ok(view!)
}

/** Releases a pending hold (and the holds booked with it). */
export async function deletePending(deps: BookingDeps, tenant: string, customerId: string, id: string): Promise<Ok<{ message: string }> | Failure> {
  const own = await ownAppointment(deps.db, tenant, customerId, id)
  if (own._tag !== 'Ok') return own
  if (own.body.status !== 'Pending') return conflict('Only a booking that is still pending can be released.')
  const group = [id, ...(own.body.linkedAppointments ?? []).map((l) => l.id)]
  await deps.db
    .updateTable('appointments')
    .set({ status: RELEASED, updated_at: deps.now })
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('id', 'in', group)
    .where('status', '=', 'Pending')
    .execute()
  return ok({ message: 'The pending booking has been released.' })
}

/** Thrown inside the reschedule transaction so that a half-moved visit rolls back. */
class ChangedMeanwhile extends Error {}

export async function reschedule(
  deps: BookingDeps,
  tenant: string,
  customerId: string,
  id: string,
  change: ReschedulePayload,
): Promise<Ok<AppointmentView> | Failure> {
  const own = await ownAppointment(deps.db, tenant, customerId, id)
  if (own._tag !== 'Ok') return own
  const current = own.body
  const organisation = await loadOrganisation(deps.db, tenant)
  const guard = guardReschedule(policyOf(current), deps.now, organisation?.settings ?? {})
  if (E.isLeft(guard)) return conflict(policyRefusalMessage(guard.left))
  // Rescheduling picks a practitioner and a time (spec section 3): the location and service stay.
  if (change.service && change.service !== current.service.id) return badRequest(KEEPS_SERVICE)
  if (change.clinic && change.clinic !== current.clinic.id) return badRequest(KEEPS_CLINIC)
  const clinicId = current.clinic.id
  const serviceId = current.service.id
  const practitionerId = change.practitioner ?? current.practitioner.id
  const { services, options } = await serviceOptions(deps.db, tenant, clinicId, [serviceId], true)
  if (!services.has(serviceId)) return notFound('This service cannot be booked online at this location.')
  const option = options.find((o) => o.practitionerId === practitionerId)
  if (!option) return badRequest('This practitioner does not offer this service at this location.')
  const start = new Date(change.event.start)
  const end = new Date(start.getTime() + option.durationMinutes * 60_000)
  // Another practitioner may charge another price (a course session stays free).
  const repriced = practitionerId !== current.practitioner.id && !current.course ? pricesOf(option.grossPrice ?? option.defaultPrice, option.taxRate) : {}
  // The services booked with it (linked) move by the same shift, each with its own practitioner.
  const shift = start.getTime() - new Date(current.event.start).getTime()
  const linked = await deps.db
    .selectFrom('appointments')
    .select(['id', 'practitioner_id', 'starts_at', 'ends_at', 'status'])
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('group_id', '=', id)
    .where('is_linked', '=', true)
    .where('status', '=', current.status)
    .execute()
  const moves = linked.map((l) => ({ id: l.id, practitionerId: l.practitioner_id, start: new Date(new Date(l.starts_at).getTime() + shift), end: new Date(new Date(l.ends_at).getTime() + shift) }))
  const groupIds = [id, ...moves.map((m) => m.id)]
  const from = new Date(Math.min(start.getTime(), ...moves.map((m) => m.start.getTime())))
  const to = new Date(Math.max(end.getTime(), ...moves.map((m) => m.end.getTime())))
  const practitionerIds = [...new Set([practitionerId, ...moves.map((m) => m.practitionerId)])]
  try {
    const outcome = await retryTransaction(() => deps.db.transaction().execute(async (trx): Promise<Failure | undefined> => {
      await lockPractitionerDays(trx, tenant, [{ practitionerId, start, end }, ...moves])
      await releaseExpiredHolds(trx, tenant, practitionerIds, from, to, deps.now)
      const calendars = await loadCalendars(trx, tenant, clinicId, practitionerIds, londonDateOfIso(from.toISOString()), londonDateOfIso(to.toISOString()), deps.db)
      if (!fitsCalendar(calendars, practitionerId, start.getTime(), end.getTime(), { now: deps.now, ignore: groupIds })) return conflict(SLOT_TAKEN)
      for (const m of moves) {
        if (!fitsCalendar(calendars, m.practitionerId, m.start.getTime(), m.end.getTime(), { now: deps.now, ignore: groupIds })) return conflict(SLOT_TAKEN)
      }
      // A moved appointment keeps its offsets to the others of the visit (spec section 3): the finest grid, 5 minutes.
      if (!offeredStart(calendars, option, start.getTime(), deps.now, groupIds, 5)) return badRequest(OFF_GRID)
      // Row by row, the one moving into the others' old time last (the exclusion constraint checks every row).
      const steps = [
        { id, start, end, original: new Date(current.event.start).getTime(), main: true },
        ...moves.map((m) => ({ id: m.id, start: m.start, end: m.end, original: m.start.getTime() - shift, main: false })),
      ].sort((a, b) => (shift > 0 ? b.original - a.original : a.original - b.original))
      for (const step of steps) {
        const updated = await trx
          .updateTable('appointments')
          .set(step.main ? { starts_at: start, ends_at: end, practitioner_id: practitionerId, updated_at: deps.now, ...repriced } : { starts_at: step.start, ends_at: step.end, updated_at: deps.now })
          .where('tenant_id', '=', tenant)
          .where('id', '=', step.id)
          .where('customer_id', '=', customerId)
          .where('status', '=', current.status)
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) !== 1) throw new ChangedMeanwhile()
      }
      await notify(trx, tenant, { kind: 'rescheduled', appointmentIds: groupIds, at: deps.now })
      return undefined
    }))
    if (outcome) return outcome
  } catch (error) {
    if (isOverlapViolation(error) || error instanceof RetriesExhausted) return conflict(SLOT_TAKEN)
    if (error instanceof ChangedMeanwhile) return conflict(CHANGED_MEANWHILE)
    throw error
  }
  deps.afterCommit?.()
  businessMetrics.bookingRescheduled(tenant)
  return ok((await appointmentView(deps.db, tenant, id))!)
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
