/**
 * The deposit's pay link of a held booking, for a customer who is not at the booking's payment step:
 * the front desk's `--pay link` (server/desk/desk-booking.service.ts) and a booking made with an API
 * key (server/integrations/integration-bookings.service.ts). The booking is held for a day (as long as
 * the reconciler watches an open payment), its deposit invoice's payment is started on the processor's
 * page, and the customer is mailed the link. Paid, the booking is Scheduled and confirmed as online;
 * checked in or marked a no-show first, the link is voided (server/commerce).
 * No payment under way, no hold: a booking whose payment could not be started is released at once.
 */
import * as E from 'fp-ts/Either'
import type { DayBooking, Invoice } from '../../src/contract'
import { currencyOrDefault } from '../../src/domain/pricing/money'
import { formatLondonLongDate, formatLondonTime } from '../../src/domain/time'
import { appointmentRow } from '../admin/day.repository'
import { dayBooking } from '../admin/day.service'
import type { CommerceDeps } from '../commerce/commerce.deps'
import { createInvoice } from '../commerce/invoices.service'
import { payInvoice } from '../commerce/payments.service'
import type { Db } from '../db/schema'
import { brandedMail } from '../notifications/account-messages'
import type { MailApi } from '../notifications/mail.service'
import { loadOrganisation } from '../organisation/organisation.service'
import type { ServiceError } from '../service-error'
import { operatorDb } from '../staff/staff.tables'
import { deletePending } from './booking-changes.service'
import type { BookingDeps } from './booking.service'

/** A pay link's booking is held this long (the reconciler watches an open payment for a day). */
export const LINK_HOLD_SECONDS = 24 * 60 * 60

export interface PayLinkDeps {
  booking: BookingDeps
  commerce: CommerceDeps
  mail: MailApi
  /** The public origin, for the pay link when the processor's page is on this server. */
  origin: string
}

/** The held booking: its customer, location, main appointment, all its appointments (main first) and the deposit due. */
export interface HeldBooking {
  customer: { id: string; email: string; firstName: string }
  clinicId: string
  mainId: string
  ids: readonly string[]
  deposit: number
}

export interface PayLink {
  /** the processor's payment page of the deposit (absolute) */
  payUrl: string
  invoice: Invoice
}

/** The bookings as the desk's day lists them (service, practitioner, location by name). */
export async function bookingsOf(db: Db, tenant: string, ids: readonly string[]): Promise<DayBooking[]> {
  const rows = await Promise.all(ids.map((id) => appointmentRow(operatorDb(db), tenant, id)))
  return rows.filter((r) => r !== undefined).map(dayBooking)
}

function payLinkMessage(firstName: string, link: string, amount: string, visits: readonly DayBooking[]) {
  return {
    subject: 'Pay your deposit to confirm your appointment',
    paragraphs: [`Hello ${firstName},`, `Your appointment is held for you. Please pay the deposit of ${amount} to confirm it; unpaid, the hold ends in 24 hours.`],
    details: visits.map((v) => `${v.service} with ${v.practitioner}, ${formatLondonLongDate(new Date(v.start))} ${formatLondonTime(new Date(v.start))}, ${v.location}`),
    action: { label: 'Pay the deposit', url: link },
    sms: `Pay your deposit to confirm your appointment: ${link}`,
  }
}

/** The held booking released at now (no payment under way): the refusal to answer. */
export async function releaseHeld(deps: PayLinkDeps, tenant: string, held: HeldBooking, error: ServiceError): Promise<E.Either<ServiceError, never>> {
  await deletePending(deps.booking, tenant, held.customer.id, held.mainId)
  return E.left(error)
}

/** The held booking's deposit invoice (the open one when it has one); refused, the hold goes at once. */
export async function heldBookingInvoice(deps: PayLinkDeps, tenant: string, held: HeldBooking): Promise<E.Either<ServiceError, Invoice>> {
  const invoice = await createInvoice(deps.commerce, tenant, held.customer.id, { customer: held.customer.id, clinic: held.clinicId, appointmentId: held.mainId })
  return E.isLeft(invoice) ? releaseHeld(deps, tenant, held, invoice.left) : invoice
}

/**
 * The pay link of a booking held for LINK_HOLD_SECONDS: the deposit invoice's payment started on the
 * processor's page (idempotent per booking under `idempotencyKey`) and the link mailed to the customer.
 */
export async function sendPayLink(deps: PayLinkDeps, tenant: string, held: HeldBooking, idempotencyKey: string): Promise<E.Either<ServiceError, PayLink>> {
  const db = deps.booking.db
  const invoice = await heldBookingInvoice(deps, tenant, held)
  if (E.isLeft(invoice)) return invoice
  const started = await payInvoice(deps.commerce, tenant, held.customer.id, invoice.right.id, { payments: [depositLine(held.deposit)], idempotencyKey })
  if (E.isLeft(started)) return releaseHeld(deps, tenant, held, started.left)
  const payUrl = /^https?:\/\//.test(started.right.paymentUrl) ? started.right.paymentUrl : `${deps.origin}${started.right.paymentUrl}`
  const visits = await bookingsOf(db, tenant, held.ids)
  const currency = currencyOrDefault((await loadOrganisation(db, tenant))?.settings?.currency)
  const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(invoice.right.amount)
  await deps.mail.enqueueMail({ tenant, to: held.customer.email, ...(await brandedMail(db, tenant, payLinkMessage(held.customer.firstName, payUrl, amount, visits))) })
  return E.right({ payUrl, invoice: invoice.right })
}

/** The deposit's payment line (a card payment of the whole deposit). */
export function depositLine(value: number) {
  return { value, type: 'Card' as const, coherentPaymentFlag: true }
}
