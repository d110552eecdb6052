/**
 * The deposit's pay link of a held booking, for a customer who is not at the booking's payment step:
 * the front desk's `--pay link` (server/desk/desk-booking.service.ts) and a booking made with an API
 * key (server/integrations/integration-bookings.service.ts). The booking is held for a day (as long as
 * the reconciler watches an open payment), its deposit invoice's payment is started on the processor's
 * page, and the customer is mailed the link, and texted it where they chose texts (notificationTypes
 * holds SMS), have a valid mobile number and texts are on (Twilio, or the log outside production), as
 * every notice (docs/notifications.md). The same link is sent once within PAY_LINK_QUIET_MS, however
 * often a retried or replayed request asks, unless staff resend it (src/domain/booking/pay-link.ts).
 * Paid, the booking is Scheduled and confirmed as online; checked in or marked a no-show first, the
 * link is voided (server/commerce).
 * No payment under way, no hold: a booking whose payment could not be started is released at once.
 */
import * as E from 'fp-ts/Either'
import type { DayBooking, Invoice } from '../../src/contract'
import { payLinkMessageDue, payLinkText } from '../../src/domain/booking/pay-link'
import { currencyOrDefault } from '../../src/domain/pricing/money'
import { formatLondonLongDate, formatLondonTime } from '../../src/domain/time'
import { customerTextTo } from '../../src/domain/policy/text-consent'
import { appointmentRow } from '../admin/day.repository'
import { dayBookingsOf } from '../admin/day.service'
import type { CommerceDeps } from '../commerce/commerce.deps'
import { createInvoice } from '../commerce/invoices.service'
import { payInvoice } from '../commerce/payments.service'
import { newId } from '../db/ids'
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
  /** Whether texts are written at all (no SMS port: production without Twilio), as for every notice. */
  smsEnabled: boolean
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
  /** whether the customer was sent it now (false: the same link went a moment ago, see payLinkMessageDue) */
  sent: boolean
}

export interface PayLinkOptions {
  /** staff send the link again on purpose: sent even within the quiet time */
  resend?: boolean
}

/** The bookings as the desk's day lists them (service, practitioner, location by name). */
export async function bookingsOf(db: Db, tenant: string, ids: readonly string[]): Promise<DayBooking[]> {
  const rows = await Promise.all(ids.map((id) => appointmentRow(operatorDb(db), tenant, id)))
  return dayBookingsOf(db, tenant, rows.filter((r) => r !== undefined))
}

function payLinkMessage(org: string, firstName: string, link: string, amount: string, visits: readonly DayBooking[]) {
  const first = visits[0]
  return {
    subject: 'Pay your deposit to confirm your appointment',
    paragraphs: [`Hello ${firstName},`, `Your appointment is held for you. Please pay the deposit of ${amount} to confirm it; unpaid, the hold ends in 24 hours.`],
    details: visits.map((v) => `${v.service} with ${v.practitioner}, ${formatLondonLongDate(new Date(v.start))} ${formatLondonTime(new Date(v.start))}, ${v.location}`),
    action: { label: 'Pay the deposit', url: link },
    // One SMS segment where a wording allows (src/domain/booking/pay-link.ts).
    sms: payLinkText({ organisation: org, amount, link, ...(first ? { start: new Date(first.start) } : {}) }),
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
 * processor's page (idempotent per booking under `idempotencyKey`) and the link sent to the customer
 * (once within the quiet time unless `resend`).
 */
export async function sendPayLink(deps: PayLinkDeps, tenant: string, held: HeldBooking, idempotencyKey: string, options: PayLinkOptions = {}): Promise<E.Either<ServiceError, PayLink>> {
  const invoice = await heldBookingInvoice(deps, tenant, held)
  if (E.isLeft(invoice)) return invoice
  const started = await payInvoice(deps.commerce, tenant, held.customer.id, invoice.right.id, { payments: [depositLine(held.deposit)], idempotencyKey })
  if (E.isLeft(started)) return releaseHeld(deps, tenant, held, started.left)
  const payUrl = /^https?:\/\//.test(started.right.paymentUrl) ? started.right.paymentUrl : `${deps.origin}${started.right.paymentUrl}`
  const sent = await messagePayLink(deps, tenant, held, payUrl, invoice.right.amount, options.resend ?? false)
  return E.right({ payUrl, invoice: invoice.right, sent })
}

/**
 * The link's mail, and its text where the customer takes texts, written with the booking's
 * pay_link_messages row in one transaction (the row locked: two retries at once send it once).
 * Everything read first: PGlite runs one transaction at a time on its one connection.
 */
async function messagePayLink(deps: PayLinkDeps, tenant: string, held: HeldBooking, payUrl: string, deposit: number, resend: boolean): Promise<boolean> {
  const db = deps.booking.db
  const now = deps.booking.now
  const [visits, organisation, contact] = await Promise.all([
    bookingsOf(db, tenant, held.ids),
    loadOrganisation(db, tenant),
    db.selectFrom('customers').select(['mobile_phone', 'notification_types']).where('tenant_id', '=', tenant).where('id', '=', held.customer.id).executeTakeFirst(),
  ])
  const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: currencyOrDefault(organisation?.settings?.currency) }).format(deposit)
  const message = payLinkMessage(organisation?.name ?? 'Online booking', held.customer.firstName, payUrl, amount, visits)
  const mail = { tenant, to: held.customer.email, ...(await brandedMail(db, tenant, message)) }
  // Texts as for every notice: the customer chose them, the number is valid, texts are on.
  const mobile = customerTextTo({ notificationTypes: contact?.notification_types, mobile: contact?.mobile_phone, textsOn: deps.smsEnabled })
  return db.transaction().execute(async (trx) => {
    const key = { tenant_id: tenant, appointment_id: held.mainId }
    const fresh = await trx.insertInto('pay_link_messages').values({ ...key, pay_url: payUrl, sent_at: now }).onConflict((oc) => oc.columns(['tenant_id', 'appointment_id']).doNothing()).returning('appointment_id').executeTakeFirst()
    if (!fresh) {
      const last = await trx.selectFrom('pay_link_messages').select(['pay_url', 'sent_at']).where('tenant_id', '=', tenant).where('appointment_id', '=', held.mainId).forUpdate().executeTakeFirstOrThrow()
      if (!payLinkMessageDue({ payUrl: last.pay_url, sentAt: new Date(last.sent_at) }, { payUrl, now, resend })) return false
      await trx.updateTable('pay_link_messages').set({ pay_url: payUrl, sent_at: now }).where('tenant_id', '=', tenant).where('appointment_id', '=', held.mainId).execute()
    }
    await deps.mail.enqueueMail(mail, trx)
    if (mobile) {
      await trx.insertInto('outbox').values({ id: newId(), tenant_id: tenant, channel: 'sms', to_address: mobile, subject: 'pay-link', text: message.sms, attachments: JSON.stringify([]) }).execute()
    }
    return true
  })
}

/** The deposit's payment line (a card payment of the whole deposit). */
export function depositLine(value: number) {
  return { value, type: 'Card' as const, coherentPaymentFlag: true }
}
