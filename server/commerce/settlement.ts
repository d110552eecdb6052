/**
 * What happens when an invoice is paid, inside the payment's transaction: held appointments become
 * scheduled (or the payment is refused when a hold has expired), bought courses become active,
 * bought vouchers become available and their receivers are emailed. Booking confirmations with an
 * .ics attachment go through the outbox in the same transaction.
 */
import type { CommerceDeps } from './commerce.deps'
import type { CommerceDb } from './commerce.tables'
import type { AppointmentCommerce } from './core-data.port'
import { activateCoursesOfInvoice } from './courses.repository'
import { invoiceAppointmentIds } from './invoices.repository'
import { activateVouchersOfInvoice } from './vouchers.service'

/**
 * Confirms the holds an invoice pays for. False (and nothing changed) when any of them is no longer
 * a live hold: expired, released or taken.
 */
export async function confirmBooking(deps: CommerceDeps, trx: CommerceDb, tenant: string, invoiceId: string, customerId: string): Promise<boolean> {
  const ids = await invoiceAppointmentIds(trx, invoiceId)
  if (ids.length === 0) return true
  const appointments = await deps.core.lockAppointments(trx, tenant, ids)
  const now = deps.clock()
  const live = appointments.filter((a) => a.status === 'Pending' && (!a.holdExpiresAt || a.holdExpiresAt > now))
  if (live.length !== ids.length) return false
  await deps.core.scheduleAppointments(trx, tenant, ids)
  await enqueueBookingConfirmation(deps, trx, tenant, customerId, appointments)
  return true
}

/** Everything an invoice's payment turns on. False when the booking can no longer be honoured. */
export async function fulfilInvoice(deps: CommerceDeps, trx: CommerceDb, tenant: string, invoiceId: string, customerId: string): Promise<boolean> {
  if (!(await confirmBooking(deps, trx, tenant, invoiceId, customerId))) return false
  await activateCoursesOfInvoice(trx, invoiceId)
  await activateVouchersOfInvoice(deps, trx, tenant, invoiceId)
  return true
}

export async function enqueueBookingConfirmation(
  deps: CommerceDeps,
  db: CommerceDb,
  tenant: string,
  customerId: string,
  appointments: readonly AppointmentCommerce[],
): Promise<void> {
  await deps.core.notifyBooked(db, tenant, appointments.map((a) => a.id), deps.clock())
}
