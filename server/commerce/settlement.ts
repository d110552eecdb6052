/**
 * What happens when an invoice is paid, inside the payment's transaction: held appointments become
 * scheduled (or the payment is refused when a hold has expired), bought courses become active,
 * bought vouchers become available and their receivers are emailed. Booking confirmations with an
 * .ics attachment go through the outbox in the same transaction.
 */
import { currencyOrDefault, formatMoney } from '../../src/domain/pricing/money'
import type { CommerceDeps } from './commerce.deps'
import type { CommerceDb } from './commerce.tables'
import { activateCoursesOfInvoice, coursesOfInvoice } from './courses.repository'
import { invoiceAppointmentIds } from './invoices.repository'
import { activateVouchersOfInvoice } from './vouchers.service'
import { enqueueMail } from '../notifications/mail.service'
import { brandedHtmlOfText } from '../notifications/account-messages'
import { notify, notifyPurchase } from '../notifications/notifications.service'
import { type BookedAppointment, lockAppointments, reviveAppointments, scheduleAppointments } from '../booking/appointments.repository'
import { customerSummary } from '../accounts/customers.repository'
import { organisationTerms } from '../organisation/organisation.repository'

/**
 * Confirms the holds an invoice pays for. False (and nothing changed) when any of them is no longer
 * a live hold: expired, released or taken. Once the money is captured, a hold that merely lapsed
 * is booked all the same when its time is still free (the customer paid; nobody else wants it).
 */
export async function confirmBooking(
  deps: CommerceDeps,
  trx: CommerceDb,
  tenant: string,
  invoiceId: string,
  customerId: string,
  options: { captured?: boolean } = {},
): Promise<boolean> {
  const ids = await invoiceAppointmentIds(trx, invoiceId)
  if (ids.length === 0) return true
  const appointments = await lockAppointments(trx, tenant, ids)
  const now = deps.clock()
  const live = appointments.filter((a) => a.status === 'Pending' && (!a.holdExpiresAt || a.holdExpiresAt > now))
  if (live.length === ids.length) await scheduleAppointments(trx, tenant, ids)
  else if (!options.captured || !(await reviveAppointments(trx, tenant, ids, now))) return false
  await enqueueBookingConfirmation(deps, trx, tenant, customerId, appointments)
  return true
}

/** Everything an invoice's payment turns on. False when the booking can no longer be honoured. */
export async function fulfilInvoice(
  deps: CommerceDeps,
  trx: CommerceDb,
  tenant: string,
  invoiceId: string,
  customerId: string,
  options: { captured?: boolean } = {},
): Promise<boolean> {
  if (!(await confirmBooking(deps, trx, tenant, invoiceId, customerId, options))) return false
  await activateCoursesOfInvoice(trx, invoiceId)
  const courses = (await coursesOfInvoice(trx, invoiceId)).map((c) => ({ name: c.name, quantity: c.quantity }))
  await notifyPurchase(trx, tenant, { kind: 'course-bought', customerId, at: deps.clock(), purchase: { items: courses } })
  await activateVouchersOfInvoice(deps, trx, tenant, invoiceId)
  return true
}

export async function enqueueBookingConfirmation(
  deps: CommerceDeps,
  db: CommerceDb,
  tenant: string,
  customerId: string,
  appointments: readonly BookedAppointment[],
): Promise<void> {
  await notify(db, tenant, { kind: 'booked', appointmentIds: appointments.map((a) => a.id), at: deps.clock() })
}

export const REFUND_SUBJECT = 'Your payment has been refunded'

/** Tells the customer that a payment taken for a booking that could not be made was given back (outbox, in the refund's transaction). */
export async function enqueueRefundNotice(deps: CommerceDeps, db: CommerceDb, tenant: string, customerId: string, refund: { amount: number; currency: string; invoiceCode: string }): Promise<void> {
  const customer = await customerSummary(db, tenant, customerId)
  if (!customer) return
  const organisation = await organisationTerms(db, tenant)
  const amount = formatMoney(refund.amount, currencyOrDefault(refund.currency))
  const text = [
    `Hi ${customer.firstName},`,
    '',
    `The time you paid a deposit for with ${organisation.name} was no longer available when your payment came through, so we could not book it.`,
    `Your payment of ${amount} (invoice ${refund.invoiceCode}) has been refunded to your card.`,
    '',
    'Please book another time.',
  ].join('\n')
  // Written as text; the HTML part is the branded layout of the same paragraphs.
  await enqueueMail(db, { tenant, to: customer.email, subject: REFUND_SUBJECT, text, html: await brandedHtmlOfText(db, tenant, REFUND_SUBJECT, text) })
}
