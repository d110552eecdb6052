/**
 * The day's work at the front desk: the day's appointments by practitioner, customer look-up, and
 * changes on a customer's behalf (cancel without a late fee, move, checked in, no-show). A
 * practitioner sees and marks only their own appointments; an admin every one.
 */
import * as E from 'fp-ts/Either'
import { addDays } from 'date-fns'
import { fromZonedTime } from 'date-fns-tz'
import { LONDON_TIME_ZONE } from '../../src/domain/london'
import type { CustomerSummary, DayBooking } from '../../src/contract/admin.routes'
import { ATTENDANCE_REFUSAL_TEXT, type AttendanceMark, attendanceAllowed, CHECKED_IN_TEXT } from '../../src/domain/booking/attendance'
import { toMoney, type Db } from '../db/schema'
import { outsideWorkingDay } from '../availability/working-day.service'
import { notify } from '../notifications/notifications.service'
import { moveNotifiesCustomer } from '../../src/domain/booking/move-notice'
import type { SignedInStaff } from '../staff/staff.service'
import { operatorDb, type OperatorDbOrTrx } from '../staff/staff.tables'
import { conflict, invalid, MESSAGES, notAllowed, notFound, SLOT_TAKEN_ERROR, type ServiceError } from '../service-error'
import type { CommerceDeps } from '../commerce/commerce.deps'
import { voidUnpaidOf } from '../commerce/payments.service'
import * as repo from './day.repository'
import { regroupAfterCancel } from '../booking/booking.repository'
import { emitWebhookEvent } from '../integrations/webhooks.service'
import { appointmentsData } from '../integrations/webhook-payloads'
import { customerClash, customerClashText } from '../../src/domain/booking/customer-clash'
import { customerVisitsBetween, lockCustomerVisits } from '../booking/customer-visits.repository'
import { dueOf } from '../desk/checkout.service'

/** Texts of the front desk's refusals (the status is the ServiceError tag's). */
export const DAY_MESSAGES = {
  appointmentNotFound: 'Appointment not found.',
  customerNotFound: 'Customer not found.',
  notYours: 'This appointment is not one of yours.',
  // Not the customer's CHANGED_MEANWHILE text: staff look again at the day rather than reload.
  changedMeanwhile: 'This appointment was changed meanwhile. Please look again.',
  wrongStatus: (status: string) => `This appointment is ${status.toLowerCase()} and cannot be changed.`,
  checkedIn: CHECKED_IN_TEXT,
  unknownPractitioner: (named: string) => `No single practitioner is called '${named}'.`,
  unknownLocation: (named: string) => `No location is called '${named}'.`,
  noPractitioner: (named: string) => `No practitioner is called '${named}'.`,
} as const

/**
 * Statuses a front desk may still cancel, move or mark, and then only before the check-in: the
 * customer has come, so moving, cancelling or a no-show would record a visit that did not happen
 * (the web desk shows no menu then; checkout, checkout.service.ts, is what follows).
 */
const OPEN = ['Scheduled', 'Pending', 'Running late']

/** A row as the desk lists it, with what its booking's checkout would take now (`due`, dayBookingsOf). */
export function dayBooking(row: repo.DayRow, due: number): DayBooking {
  const customer = [row.first_name, row.surname].filter(Boolean).join(' ')
  return {
    id: row.id,
    start: new Date(row.starts_at).toISOString(),
    end: new Date(row.ends_at).toISOString(),
    status: row.status,
    checkedIn: row.checked_in,
    practitioner: row.practitioner,
    location: row.location,
    service: row.service,
    customer: customer || '(no customer)',
    depositPaid: toMoney(row.deposit_paid) ?? 0,
    paid: (row.paid ?? []).map((p) => ({ type: p.type, amount: toMoney(p.amount) ?? 0 })),
    due,
    ...(row.email ? { customerEmail: row.email } : {}),
    ...(row.mobile_phone ? { customerPhone: row.mobile_phone } : {}),
    ...(row.customer_id ? { customerId: row.customer_id } : {}),
  }
}

/** The rows as the desk lists them, each with its booking's balance as the checkout computes it (checkout.service.ts). */
export async function dayBookingsOf(db: Db, tenant: string, rows: readonly repo.DayRow[]): Promise<DayBooking[]> {
  const due = await dueOf(db, tenant, rows.map((r) => r.id))
  return rows.map((r) => dayBooking(r, due.get(r.id) ?? 0))
}

const ownOnly = (who: SignedInStaff) => who.role === 'practitioner'

export async function dayBookings(
  root: Db,
  who: SignedInStaff,
  query: { date: string; location?: string; practitioner?: string },
): Promise<E.Either<ServiceError, DayBooking[]>> {
  const tenant = who.staff.tenant_id
  const db = operatorDb(root)
  const from = fromZonedTime(`${query.date}T00:00:00`, LONDON_TIME_ZONE)
  const to = fromZonedTime(`${addDays(new Date(`${query.date}T12:00:00Z`), 1).toISOString().slice(0, 10)}T00:00:00`, LONDON_TIME_ZONE)
  const clinicIds = query.location ? await repo.idsNamed(db, tenant, 'clinics', query.location) : undefined
  let practitionerIds = query.practitioner ? await repo.idsNamed(db, tenant, 'practitioners', query.practitioner) : undefined
  // A name that matches nothing is a typo, not an empty day.
  if (query.location && clinicIds?.length === 0) return E.left(invalid(DAY_MESSAGES.unknownLocation(query.location)))
  if (query.practitioner && practitionerIds?.length === 0) return E.left(invalid(DAY_MESSAGES.noPractitioner(query.practitioner)))
  if (ownOnly(who)) {
    const own = who.staff.practitioner_id
    practitionerIds = own && (!practitionerIds || practitionerIds.includes(own)) ? [own] : []
  }
  const rows = await repo.appointmentsBetween(db, tenant, from, to, { clinicIds, practitionerIds })
  return E.right(await dayBookingsOf(root, tenant, rows))
}

/** Who works at the location on the date (Europe/London weekday); a practitioner sees only themself. */
export async function rota(db: OperatorDbOrTrx, who: SignedInStaff, query: { date: string; location: string }): Promise<{ id: string; name: string }[]> {
  const tenant = who.staff.tenant_id
  const clinicIds = await repo.idsNamed(db, tenant, 'clinics', query.location)
  const weekday = new Date(`${query.date}T12:00:00Z`).getUTCDay()
  const rows = await repo.practitionersWorking(db, tenant, clinicIds, weekday)
  return rows.filter((r) => !ownOnly(who) || r.id === who.staff.practitioner_id).map((r) => ({ id: r.id, name: r.display_name }))
}

export async function findCustomers(db: OperatorDbOrTrx, tenant: string, query: string, page?: { offset: number; limit: number }): Promise<CustomerSummary[]> {
  const rows = await repo.findCustomers(db, tenant, query, page)
  return rows.map((r) => ({ id: r.id, email: r.email, firstName: r.first_name, surname: r.surname, ...(r.mobile_phone ? { mobilePhone: r.mobile_phone } : {}) }))
}

export async function checkCustomer(db: OperatorDbOrTrx, tenant: string, id: string): Promise<E.Either<ServiceError, void>> {
  return (await repo.customerExists(db, tenant, id)) ? E.right(undefined) : E.left(notFound(DAY_MESSAGES.customerNotFound))
}

export async function openAppointment(db: OperatorDbOrTrx, who: SignedInStaff, id: string): Promise<E.Either<ServiceError, repo.DayRow>> {
  const row = await repo.appointmentRow(db, who.staff.tenant_id, id)
  if (!row) return E.left(notFound(DAY_MESSAGES.appointmentNotFound))
  if (ownOnly(who) && row.practitioner_id !== who.staff.practitioner_id) return E.left(notAllowed(DAY_MESSAGES.notYours))
  if (!OPEN.includes(row.status)) return E.left(conflict(DAY_MESSAGES.wrongStatus(row.status)))
  if (row.checked_in) return E.left(conflict(DAY_MESSAGES.checkedIn))
  return E.right(row)
}

async function reread(db: Db, tenant: string, id: string, changed: boolean): Promise<E.Either<ServiceError, DayBooking>> {
  if (!changed) return E.left(conflict(DAY_MESSAGES.changedMeanwhile))
  const row = await repo.appointmentRow(operatorDb(db), tenant, id)
  return row ? E.right((await dayBookingsOf(db, tenant, [row]))[0]!) : E.left(notFound(DAY_MESSAGES.appointmentNotFound))
}

/** Cancels on the customer's behalf, without a late-cancellation fee (late-fee.service.ts takes one when asked). */
export async function cancel(root: Db, who: SignedInStaff, id: string, now: Date): Promise<E.Either<ServiceError, DayBooking>> {
  const db = operatorDb(root)
  const open = await openAppointment(db, who, id)
  if (E.isLeft(open)) return open
  const changed = await repo.setStatus(db, who.staff.tenant_id, id, open.right.status, { status: 'Cancelled', cancelled_by: 'clinic' }, now)
  return reread(root, who.staff.tenant_id, id, changed)
}

/** A transaction seen as a plain handle (it is one): its operator view runs on the same connection. */
const asHandle = (trx: Db): Db => trx

/**
 * The clinic cancels: the appointment and the customer's notice ("cancelled by the clinic", with a
 * METHOD:CANCEL .ics) in one transaction, so a crash between them loses neither.
 */
export async function cancelByClinic(db: Db, who: SignedInStaff, id: string, now: Date): Promise<E.Either<ServiceError, DayBooking>> {
  return db.transaction().execute(async (trx) => {
    const result = await cancel(asHandle(trx), who, id, now)
    if (E.isRight(result)) await regroupAfterCancel(trx, who.staff.tenant_id, id, now)
    if (E.isRight(result) && result.right.customerId) await notify(trx, who.staff.tenant_id, { kind: 'cancelled-by-clinic', appointmentIds: [id], at: now })
    if (E.isRight(result)) await emitWebhookEvent(trx, who.staff.tenant_id, 'booking.cancelled', now, () => appointmentsData(trx, who.staff.tenant_id, [id], { cancelledBy: 'clinic' }))
    return result
  })
}

/** Where to: the new start, another practitioner (by name), and whether staff move although the customer is elsewhere then. */
export interface MoveTo {
  start: string
  practitioner?: string
  allowOverlap?: boolean
}

/**
 * The clinic moves: the appointment and the customer's "Booking moved" notice (new .ics SEQUENCE) in
 * one transaction; no notice for a move to a time already past (recording when the visit happened).
 */
export async function moveByClinic(
  db: Db,
  who: SignedInStaff,
  id: string,
  to: MoveTo,
  now: Date,
  isOverlap: (error: unknown) => boolean,
): Promise<E.Either<ServiceError, DayBooking>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await repo.appointmentRow(operatorDb(asHandle(trx)), who.staff.tenant_id, id)
      const result = await move(asHandle(trx), who, id, to, now, isOverlap)
      const movedFrom = before ? [{ id, practitionerId: before.practitioner_id, start: new Date(before.starts_at).toISOString() }] : []
      const tell = E.isRight(result) && Boolean(result.right.customerId) && moveNotifiesCustomer(new Date(result.right.start), now)
      if (tell) await notify(trx, who.staff.tenant_id, { kind: 'rescheduled', appointmentIds: [id], at: now, movedFrom })
      if (E.isRight(result)) await emitWebhookEvent(trx, who.staff.tenant_id, 'booking.moved', now, () => appointmentsData(trx, who.staff.tenant_id, [id], { movedBy: 'clinic' }))
      return result
    })
  } catch (error) {
    // On PostgreSQL the overlap aborts the transaction: it surfaces at the statement or at commit.
    if (isOverlap(error)) return E.left(SLOT_TAKEN_ERROR)
    throw error
  }
}

/**
 * Checked in (from the appointment's London day) or no-show (once its start has passed): too early
 * is a Conflict with the domain's text, mapped to 409 at the edge.
 */
export async function mark(root: Db, who: SignedInStaff, id: string, mark: AttendanceMark, now: Date): Promise<E.Either<ServiceError, DayBooking>> {
  const db = operatorDb(root)
  const open = await openAppointment(db, who, id)
  if (E.isLeft(open)) return open
  const allowed = attendanceAllowed(mark, new Date(open.right.starts_at), now)
  if (E.isLeft(allowed)) return E.left(conflict(ATTENDANCE_REFUSAL_TEXT[allowed.left._tag]))
  // A booking still waiting for its deposit (a pay link not yet paid) whose customer has come is a
  // booking: Scheduled, so that its hold cannot lapse and checkout takes its balance (it takes none of a Pending one).
  const arrived = open.right.status === 'Pending' ? { checked_in: true, status: 'Scheduled' } : { checked_in: true }
  const change = mark === 'checked-in' ? arrived : { status: 'No show', checked_in: false }
  const changed = await repo.setStatus(db, who.staff.tenant_id, id, open.right.status, change, now)
  return reread(root, who.staff.tenant_id, id, changed)
}

/**
 * The desk's mark, and a pay link still open for the appointment closed, saying why: checked in, the
 * visit is paid at the desk (checkout takes the whole balance; the link would take the deposit on top);
 * a no-show's link would pay for a visit that did not happen (and, paid late, be refused as an expired hold).
 */
export async function markAttendance(db: Db, commerce: CommerceDeps, who: SignedInStaff, id: string, attendance: AttendanceMark, now: Date): Promise<E.Either<ServiceError, DayBooking>> {
  const marked = await mark(db, who, id, attendance, now)
  if (E.isRight(marked)) await voidUnpaidOf(commerce, who.staff.tenant_id, id, attendance === 'checked-in' ? MESSAGES.payLinkVoided : MESSAGES.payLinkVoidedNoShow)
  return marked
}

/**
 * Moves to another start (same length), optionally to another practitioner: within their working day
 * at the appointment's location, not where the customer has another visit (unless staff chose to, as
 * the desk's booking: src/domain/booking/customer-clash.ts), and the overlap constraint decides the
 * rest. `trx`: one transaction, read through its operator view for the appointment and as itself for
 * the calendars.
 */
async function move(
  trx: Db,
  who: SignedInStaff,
  id: string,
  to: MoveTo,
  now: Date,
  isOverlap: (error: unknown) => boolean,
): Promise<E.Either<ServiceError, DayBooking>> {
  const tenant = who.staff.tenant_id
  const db = operatorDb(trx)
  const open = await openAppointment(db, who, id)
  if (E.isLeft(open)) return open
  let practitionerId = open.right.practitioner_id
  if (to.practitioner) {
    const found = await repo.idsNamed(db, tenant, 'practitioners', to.practitioner)
    if (found.length !== 1) return E.left(invalid(DAY_MESSAGES.unknownPractitioner(to.practitioner)))
    practitionerId = found[0]!
  }
  const start = new Date(to.start)
  const length = new Date(open.right.ends_at).getTime() - new Date(open.right.starts_at).getTime()
  // The desk's one rule (src/domain/scheduling/working-hours.ts), as its booking follows it.
  const outside = await outsideWorkingDay(trx, tenant, open.right.clinic_id, start, [{ practitionerId, minutes: length / 60_000 }])
  if (outside) return E.left(conflict(outside))
  const end = new Date(start.getTime() + length)
  const customerId = open.right.customer_id
  if (customerId && !to.allowOverlap) {
    await lockCustomerVisits(trx, tenant, customerId)
    const others = (await customerVisitsBetween(trx, tenant, customerId, start, end, now)).filter((v) => v.id !== id)
    const clash = customerClash(others, [{ start: start.getTime(), end: end.getTime() }])
    if (E.isLeft(clash)) return E.left(conflict(customerClashText(clash.left.visit)))
  }
  try {
    const changed = await repo.moveAppointment(db, tenant, id, open.right.status, { starts_at: start, ends_at: end, practitioner_id: practitionerId }, now)
    return reread(trx, tenant, id, changed)
  } catch (error) {
    if (isOverlap(error)) return E.left(SLOT_TAKEN_ERROR)
    throw error
  }
}
