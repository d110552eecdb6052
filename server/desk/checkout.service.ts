/**
 * The desk's checkout (issue 29): the balance of a booking (its appointments' prices less what was
 * paid for it) taken by stored card (through the card processor), card terminal, cash or gift voucher,
 * written as a checkout invoice (src/domain/desk/checkout.ts) with its payments; and the refund of a
 * paid deposit (card payments through the processor), told to the customer by mail.
 *
 * Order for a stored card, so that no card is charged for a checkout that is not written: authorize,
 * write the invoice and payments in one transaction (vouchers debited under their lock), then capture
 * (or void the authorization when the transaction did not happen).
 */
import * as E from 'fp-ts/Either'
import type { Checkout, CheckoutPayment, CheckoutPaymentInput } from '../../src/contract/desk-calendar.routes'
import type { PaymentType } from '../../src/contract/invoices.codecs'
import {
  balanceOf,
  CHECKOUT_DESCRIPTION,
  CHECKOUT_MESSAGES,
  checkoutLines,
  chargeable,
  checkPayments,
  depositRefund,
  depositRefundRefusalText,
  paymentsRefusalText,
  PAYMENT_TYPE_OF,
  sum,
  type ChargedAppointment,
  type PaymentsRefusal,
} from '../../src/domain/desk/checkout'
import { currencyOrDefault, formatMoney, round2 } from '../../src/domain/pricing/money'
import { toMoney } from '../db/schema'
import { conflict, invalid, MESSAGES, notFound, type ServiceError } from '../service-error'
import type { CommerceDeps } from '../commerce/commerce.deps'
import { money, newId, type CommerceDb } from '../commerce/commerce.tables'
import * as invoices from '../commerce/invoices.repository'
import { invoiceView } from '../commerce/invoices.service'
import { voucherStatus } from '../commerce/vouchers.service'
import { dashboardRefunded } from '../commerce/processor-refunds.repository'
import { customerSummary } from '../accounts/customers.repository'
import { organisationTerms } from '../organisation/organisation.repository'
import { enqueueMail } from '../notifications/mail.service'
import { brandedHtmlOfText } from '../notifications/account-messages'
import { emitWebhookEvent } from '../integrations/webhooks.service'
import { paymentData } from '../integrations/webhook-payloads'
import * as repo from './checkout.repository'

/** Payment types that went through the card processor (refunded through it). */
const PROCESSOR_TYPES = ['Online', 'Card']

export const DEPOSIT_REFUND_SUBJECT = 'Your deposit has been refunded'

const chargedOf = (row: repo.BookingRow): ChargedAppointment => {
  const gross = toMoney(row.gross_price ?? row.price) ?? toMoney(row.default_price) ?? 0
  const taxValue = toMoney(row.tax) ?? 0
  return { id: row.id, serviceName: row.service, clinicId: row.clinic_id, grossPrice: gross, netPrice: toMoney(row.net_price) ?? round2(gross - taxValue), taxValue }
}

const live = (rows: readonly repo.BookingRow[]) => rows.filter((r) => chargeable(r.status))

/** What the payments of a booking come to: paid in total, and the deposit part (on deposit invoices) still refundable. */
function paidOf(payments: readonly repo.BookingPaymentRow[]) {
  const paid = payments.filter((p) => p.status === 'paid')
  const deposits = paid.filter((p) => p.description !== CHECKOUT_DESCRIPTION)
  // A part refunded in the processor's dashboard is no longer paid.
  const kept = (p: repo.BookingPaymentRow) => money(p.amount) - money(p.dashboard_refunded)
  return { paid: sum(paid.map(kept)), deposit: sum(deposits.map(kept)), deposits }
}

function paymentView(p: repo.BookingPaymentRow): CheckoutPayment {
  return {
    type: p.type as PaymentType,
    amount: money(p.amount),
    status: p.status,
    invoiceCode: p.invoice_code,
    at: (p.settled_at ?? p.created_at).toISOString(),
    ...(p.voucher_code ? { voucherCode: p.voucher_code } : {}),
    ...(PROCESSOR_TYPES.includes(p.type) ? { transactionId: p.transaction_id } : {}),
  }
}

async function loadBooking(deps: CommerceDeps, tenant: string, id: string): Promise<E.Either<ServiceError, repo.BookingRow[]>> {
  const rows = await repo.bookingRows(deps.db, tenant, id)
  if (!rows.some((r) => r.id === id)) return E.left(notFound(MESSAGES.appointmentNotFound))
  return E.right(rows)
}

/** The booking's price, what was paid, the balance and the refundable deposit. */
export async function checkoutOf(deps: CommerceDeps, tenant: string, id: string): Promise<E.Either<ServiceError, Checkout>> {
  const booking = await loadBooking(deps, tenant, id)
  if (E.isLeft(booking)) return booking
  return E.right(await summary(deps, tenant, booking.right))
}

/** The booking's price (its chargeable appointments), what was paid for it and the balance: the checkout's and the desk's `due` alike. */
function balanceOfBooking(rows: readonly repo.BookingRow[], payments: readonly repo.BookingPaymentRow[]) {
  const price = sum(live(rows).map((r) => chargedOf(r).grossPrice))
  const { paid } = paidOf(payments)
  return { price, paid, balance: balanceOf(price, paid) }
}

/**
 * What the checkout of each appointment's booking would take now, by appointment id (every appointment
 * of a booking has its booking's balance): the desk's day and week views show it and offer a checkout by it.
 */
export async function dueOf(db: CommerceDb, tenant: string, ids: readonly string[]): Promise<Map<string, number>> {
  const due = new Map<string, number>()
  if (ids.length === 0) return due
  // Three queries for the whole list (not two a booking): the bookings' rows, then their invoices and payments.
  const rows = await repo.rowsOfBookings(db, tenant, [...new Set(ids)])
  const bookings = new Map<string, repo.BookingRow[]>()
  for (const r of rows) bookings.set(r.root, [...(bookings.get(r.root) ?? []), r])
  const rootOf = new Map(rows.map((r) => [r.id, r.root]))
  const { links, payments } = await repo.paymentsOfAppointments(db, tenant, rows.map((r) => r.id))
  // A booking's invoices: those of any of its appointments (a deposit invoice names them all).
  const invoicesOf = new Map<string, Set<string>>()
  for (const l of links) {
    const root = rootOf.get(l.appointment_id)
    if (root !== undefined) invoicesOf.set(root, (invoicesOf.get(root) ?? new Set()).add(l.invoice_id))
  }
  for (const [root, booking] of bookings) {
    const invoices = invoicesOf.get(root)
    const { balance } = balanceOfBooking(booking, payments.filter((p) => invoices?.has(p.invoice_id)))
    for (const r of booking) due.set(r.id, balance)
  }
  return due
}

async function summary(deps: CommerceDeps, tenant: string, rows: readonly repo.BookingRow[]): Promise<Checkout> {
  const ids = rows.map((r) => r.id)
  const [payments, organisation, invoiceId] = await Promise.all([repo.bookingPayments(deps.db, tenant, ids), organisationTerms(deps.db, tenant), repo.checkoutInvoiceId(deps.db, tenant, ids)])
  const charged = live(rows)
  const { price, paid, balance } = balanceOfBooking(rows, payments)
  const { deposit } = paidOf(payments)
  const invoice = invoiceId ? await invoices.findInvoice(deps.db, tenant, invoiceId) : undefined
  const main = rows[0]!
  return {
    appointmentId: main.id,
    service: rows.map((r) => r.service).join(', '),
    customer: main.customer ?? '(no customer)',
    currency: currencyOrDefault(organisation.currency),
    price,
    paid,
    balance,
    refundableDeposit: E.getOrElse(() => 0)(depositRefund(deposit, invoiceId !== undefined)),
    payments: payments.map(paymentView),
    ...(main.customer_id ? { customerId: main.customer_id } : {}),
    ...(invoice ? { invoice: await invoiceView(deps.db, invoice) } : {}),
    // Its price is 0 then: said why, rather than read as a free booking.
    ...(charged.length === 0 ? { notChargeable: CHECKOUT_MESSAGES.wrongStatus(main.status) } : {}),
  }
}

const REFUSAL_TEXT = (refusal: PaymentsRefusal, currency: string): string => paymentsRefusalText(refusal, (n) => formatMoney(n, currencyOrDefault(currency)))

class Refused extends Error {
  constructor(readonly failure: ServiceError) {
    super(failure._tag)
  }
}

/** Takes the balance with the desk's payments (they must add up to it) and answers the booking's checkout after. */
export async function checkout(deps: CommerceDeps, tenant: string, id: string, parts: readonly CheckoutPaymentInput[]): Promise<E.Either<ServiceError, Checkout>> {
  const booking = await loadBooking(deps, tenant, id)
  if (E.isLeft(booking)) return booking
  const rows = booking.right
  const main = rows[0]!
  const charged = live(rows)
  if (charged.length === 0 || !main.customer_id) return E.left(conflict(CHECKOUT_MESSAGES.wrongStatus(main.status)))
  const customerId = main.customer_id
  const before = await summary(deps, tenant, rows)
  const checked = checkPayments(before.balance, parts)
  if (E.isLeft(checked)) return E.left(checked.left._tag === 'NothingDue' ? conflict(REFUSAL_TEXT(checked.left, before.currency)) : invalid(REFUSAL_TEXT(checked.left, before.currency)))
  const scope = { tenant }
  // Stored cards first: authorized, captured once the checkout is written.
  const authorized: { index: number; transactionId: string }[] = []
  const voidAll = async () => {
    for (const a of authorized) await deps.processor.void(scope, a.transactionId)()
  }
  for (const [index, part] of parts.entries()) {
    if (part.method !== 'card') continue
    const cards = await deps.processor.listCards(scope, customerId)
    const card = part.cardId ? cards.find((c) => c.id === part.cardId) : cards[0]
    if (!card) {
      await voidAll()
      return E.left(conflict(CHECKOUT_MESSAGES.noCard))
    }
    const key = `checkout:${main.id}:${before.payments.length}:${index}`
    const opened = await deps.processor.createPayment(scope, { amount: part.amount, currency: before.currency, reference: key, idempotencyKey: key, description: CHECKOUT_DESCRIPTION })()
    const charged = E.isRight(opened) ? await deps.processor.chargeStoredCard(scope, opened.right.transactionId, customerId, card.id)() : opened
    if (E.isLeft(charged)) {
      await voidAll()
      return E.left(conflict(CHECKOUT_MESSAGES.cardRefused(charged.left.message)))
    }
    authorized.push({ index, transactionId: charged.right.transactionId })
  }
  const { deposit, deposits } = paidOf(await repo.bookingPayments(deps.db, tenant, rows.map((r) => r.id)))
  const depositLabel = `Deposit paid (${[...new Set(deposits.map((p) => p.invoice_code))].join(', ')})`
  try {
    await deps.db.transaction().execute(async (trx) => {
      await repo.lockBooking(trx, tenant, rows.map((r) => r.id))
      const now = deps.clock()
      // A checkout that raced this one: the balance it was checked against has changed.
      const paidNow = paidOf(await repo.bookingPayments(trx, tenant, rows.map((r) => r.id))).paid
      if (paidNow !== before.paid) throw new Refused(conflict(CHECKOUT_MESSAGES.changedMeanwhile))
      const lines = checkoutLines(charged.map(chargedOf), deposit, depositLabel)
      const invoice = await invoices.insertInvoice(trx, {
        tenant,
        customerId,
        clinicId: main.clinic_id,
        description: CHECKOUT_DESCRIPTION,
        origin: 'SALE',
        amount: sum(lines.map((l) => l.finalPrice)),
        currency: before.currency,
        items: lines,
      })
      for (const [index, part] of parts.entries()) {
        let voucherId: string | null = null
        if (part.method === 'voucher') {
          const voucher = await repo.lockVoucher(trx, tenant, part.voucherCode ?? '')
          if (!voucher) throw new Refused(invalid(CHECKOUT_MESSAGES.voucherUnknown))
          const status = voucherStatus(voucher, now)
          if (status !== 'Available') throw new Refused(conflict(CHECKOUT_MESSAGES.voucherNotUsable(status)))
          const left = money(voucher.balance)
          if (left < part.amount) throw new Refused(conflict(CHECKOUT_MESSAGES.voucherShort(formatMoney(left, currencyOrDefault(before.currency)))))
          await repo.debitVoucher(trx, voucher.id, round2(left - part.amount))
          voucherId = voucher.id
        }
        const card = authorized.find((a) => a.index === index)
        await repo.insertDeskPayment(trx, {
          tenant,
          invoiceId: invoice.id,
          type: PAYMENT_TYPE_OF[part.method],
          processor: card ? deps.processor.name : part.method,
          transactionId: card ? card.transactionId : `${part.method}-${newId()}`,
          amount: part.amount,
          voucherId,
          now,
        })
      }
      await invoices.setInvoiceStatus(trx, invoice.id, 'Paid', now)
    })
  } catch (error) {
    await voidAll()
    if (error instanceof Refused) return E.left(error.failure)
    throw error
  }
  for (const a of authorized) {
    const captured = await deps.processor.capture(scope, a.transactionId)()
    if (E.isLeft(captured)) deps.log?.('checkout capture refused', { transactionId: a.transactionId, message: captured.left.message })
  }
  return E.right(await summary(deps, tenant, rows))
}

/** Gives back the booking's paid deposit (card payments through the processor, others as given back at the desk) and mails the customer. */
export async function refundDeposit(deps: CommerceDeps, tenant: string, id: string): Promise<E.Either<ServiceError, Checkout>> {
  const booking = await loadBooking(deps, tenant, id)
  if (E.isLeft(booking)) return booking
  const rows = booking.right
  const ids = rows.map((r) => r.id)
  const [payments, checkoutInvoice] = await Promise.all([repo.bookingPayments(deps.db, tenant, ids), repo.checkoutInvoiceId(deps.db, tenant, ids)])
  const { deposit, deposits } = paidOf(payments)
  const allowed = depositRefund(deposit, checkoutInvoice !== undefined)
  if (E.isLeft(allowed)) return E.left(conflict(depositRefundRefusalText(allowed.left)))
  const scope = { tenant }
  for (const payment of deposits) {
    if (PROCESSOR_TYPES.includes(payment.type)) {
      const refunded = await deps.processor.refund(scope, payment.transaction_id)()
      if (E.isLeft(refunded)) return E.left(conflict(refunded.left.message))
    }
    await deps.db.transaction().execute(async (trx) => {
      const now = deps.clock()
      // A part refunded in the processor's dashboard was recorded then: only the rest is given back now.
      const amount = Math.round((money(payment.amount) - (await dashboardRefunded(trx, payment.id))) * 100) / 100
      const marked = await repo.markRefunded(trx, payment.id, payment.invoice_id, amount, now)
      await refundNotice(trx, tenant, payment.customer_id, amount, payment.invoice_code, PROCESSOR_TYPES.includes(payment.type))
      // The processor's refund notification came first: it wrote the refund and told the integrators.
      if (!marked) return
      // Integrators hear of a desk refund as of any other (issue 30), in the refund's transaction.
      await emitWebhookEvent(trx, tenant, 'payment.refunded', now, () =>
        paymentData({ transactionId: payment.transaction_id, invoiceId: payment.invoice_id, customerId: payment.customer_id, amount, currency: payment.currency, appointmentIds: rows.map((r) => r.id) }),
      )
    })
  }
  return E.right(await summary(deps, tenant, rows))
}

async function refundNotice(db: CommerceDb, tenant: string, customerId: string, amount: number, invoiceCode: string, toCard: boolean): Promise<void> {
  const customer = await customerSummary(db, tenant, customerId)
  if (!customer) return
  const organisation = await organisationTerms(db, tenant)
  const text = [
    `Hi ${customer.firstName},`,
    '',
    `${organisation.name} has refunded your deposit of ${formatMoney(amount, currencyOrDefault(organisation.currency))} (invoice ${invoiceCode})${toCard ? ' to your card' : ''}.`,
  ].join('\n')
  await enqueueMail(db, { tenant, to: customer.email, subject: DEPOSIT_REFUND_SUBJECT, text, html: await brandedHtmlOfText(db, tenant, DEPOSIT_REFUND_SUBJECT, text) })
}
