/** A customer's changes to a booking they hold: cancel, release a pending hold, reschedule. */
import * as E from 'fp-ts/Either'
import type { AppointmentView, ReschedulePayload } from '../../src/contract'
import { guardCancel, guardReschedule, policyRefusalMessage } from '../../src/domain/policy/cancellation'
import { RetriesExhausted, retryTransaction } from '../db/transaction-retry'
import { lockingWork } from '../db/admission'
import { CHANGED_MEANWHILE_ERROR, conflict, invalid, notFound, SLOT_TAKEN_ERROR, type ServiceError } from '../service-error'
import { appointmentView } from './appointment-view'
import { fitsCalendar } from '../availability/availability.service'
import { londonDateOf } from '../../src/domain/london'
import { loadCalendars, serviceOptions } from '../availability/calendar.repository'
import { loadOrganisation } from '../organisation/organisation.service'
import { businessMetrics } from '../observability/metrics'
import { notify } from '../notifications/notifications.service'
import { isOverlapViolation, KEEPS_CLINIC, KEEPS_SERVICE, OFF_GRID, offeredStart, ownAppointment, pricesOf, type BookingDeps } from './booking.service'
import { lockPractitionerDays, regroupAfterCancel, releaseExpiredHolds, RELEASED } from './booking.repository'
import { emitWebhookEvent } from '../integrations/webhooks.service'
import { appointmentsData } from '../integrations/webhook-payloads'

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

export async function cancelByCustomer(deps: BookingDeps, tenant: string, customerId: string, id: string): Promise<E.Either<ServiceError, AppointmentView>> {
  const own = await ownAppointment(deps.db, tenant, customerId, id)
  if (E.isLeft(own)) return own
  const organisation = await loadOrganisation(deps.db, tenant)
  const guard = guardCancel(policyOf(own.right), deps.now, organisation?.settings ?? {})
  if (E.isLeft(guard)) return E.left(conflict(policyRefusalMessage(guard.left)))
  // Only if nothing changed since the policy was checked: a parallel cancel, or a reschedule into the
  // late-cancellation period, makes this one a 409 (on a PostgreSQL server they truly run at once).
  // The notice is written in the cancel's transaction: a crash between them loses neither.
  const cancelled = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('appointments')
      .set({ status: 'Cancelled', cancelled_by: 'customer', cancelled_at: deps.now, updated_at: deps.now })
      .where('tenant_id', '=', tenant)
      .where('id', '=', id)
      .where('status', '=', own.right.status)
      .where('starts_at', '=', new Date(own.right.event.start))
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) return false
    await regroupAfterCancel(trx, tenant, id, deps.now)
    await notify(trx, tenant, { kind: 'cancelled', appointmentIds: [id], at: deps.now })
    await emitWebhookEvent(trx, tenant, 'booking.cancelled', deps.now, () => appointmentsData(trx, tenant, [id], { cancelledBy: 'customer' }))
    return true
  })
  if (!cancelled) return E.left(CHANGED_MEANWHILE_ERROR)
  deps.afterCommit?.()
  businessMetrics.bookingCancelled(tenant)
  const view = await appointmentView(deps.db, tenant, id)
  return E.right(view!)
}

/** Releases a pending hold (and the holds booked with it). */
export async function deletePending(deps: BookingDeps, tenant: string, customerId: string, id: string): Promise<E.Either<ServiceError, { message: string }>> {
  const own = await ownAppointment(deps.db, tenant, customerId, id)
  if (E.isLeft(own)) return own
  if (own.right.status !== 'Pending') return E.left(conflict('Only a booking that is still pending can be released.'))
  const group = [id, ...(own.right.linkedAppointments ?? []).map((l) => l.id)]
  await deps.db
    .updateTable('appointments')
    .set({ status: RELEASED, updated_at: deps.now })
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('id', 'in', group)
    .where('status', '=', 'Pending')
    .execute()
  return E.right({ message: 'The pending booking has been released.' })
}

/** Thrown inside the reschedule transaction so that a half-moved visit rolls back. */
class ChangedMeanwhile extends Error {}

export async function reschedule(
  deps: BookingDeps,
  tenant: string,
  customerId: string,
  id: string,
  change: ReschedulePayload,
): Promise<E.Either<ServiceError, AppointmentView>> {
  const own = await ownAppointment(deps.db, tenant, customerId, id)
  if (E.isLeft(own)) return own
  const current = own.right
  const organisation = await loadOrganisation(deps.db, tenant)
  const guard = guardReschedule(policyOf(current), deps.now, organisation?.settings ?? {})
  if (E.isLeft(guard)) return E.left(conflict(policyRefusalMessage(guard.left)))
  // Rescheduling picks a practitioner and a time (spec section 3): the location and service stay.
  if (change.service && change.service !== current.service.id) return E.left(invalid(KEEPS_SERVICE))
  if (change.clinic && change.clinic !== current.clinic.id) return E.left(invalid(KEEPS_CLINIC))
  const clinicId = current.clinic.id
  const serviceId = current.service.id
  const practitionerId = change.practitioner ?? current.practitioner.id
  const { services, options } = await serviceOptions(deps.db, tenant, clinicId, [serviceId], true)
  if (!services.has(serviceId)) return E.left(notFound('This service cannot be booked online at this location.'))
  const option = options.find((o) => o.practitionerId === practitionerId)
  if (!option) return E.left(invalid('This practitioner does not offer this service at this location.'))
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
    const outcome = await lockingWork(deps.db, () => retryTransaction(() => deps.db.transaction().execute(async (trx): Promise<ServiceError | undefined> => {
      await lockPractitionerDays(trx, tenant, [{ practitionerId, start, end }, ...moves])
      await releaseExpiredHolds(trx, tenant, practitionerIds, from, to, deps.now)
      const calendars = await loadCalendars(trx, tenant, clinicId, practitionerIds, londonDateOf(from), londonDateOf(to), deps.db)
      if (!fitsCalendar(calendars, practitionerId, start.getTime(), end.getTime(), { now: deps.now, ignore: groupIds })) return SLOT_TAKEN_ERROR
      for (const m of moves) {
        if (!fitsCalendar(calendars, m.practitionerId, m.start.getTime(), m.end.getTime(), { now: deps.now, ignore: groupIds })) return SLOT_TAKEN_ERROR
      }
      // A moved appointment keeps its offsets to the others of the visit (spec section 3): the finest grid, 5 minutes.
      if (!offeredStart(calendars, option, start.getTime(), deps.now, groupIds, 5)) return invalid(OFF_GRID)
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
      await notify(trx, tenant, { kind: 'rescheduled', appointmentIds: groupIds, at: deps.now, movedFrom: [{ id, practitionerId: current.practitioner.id, start: current.event.start }] })
      await emitWebhookEvent(trx, tenant, 'booking.moved', deps.now, () => appointmentsData(trx, tenant, groupIds, { movedBy: 'customer' }))
      return undefined
    })))
    if (outcome) return E.left(outcome)
  } catch (error) {
    if (isOverlapViolation(error) || error instanceof RetriesExhausted) return E.left(SLOT_TAKEN_ERROR)
    if (error instanceof ChangedMeanwhile) return E.left(CHANGED_MEANWHILE_ERROR)
    throw error
  }
  deps.afterCommit?.()
  businessMetrics.bookingRescheduled(tenant)
  return E.right((await appointmentView(deps.db, tenant, id))!)
}
