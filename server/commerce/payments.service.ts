/**
 * Card payments of invoices (POST /invoice/{id}/pay, GET /coherence/check-payment/{transactionId},
 * POST /invoice/{id}/has-payment-intent) and their settlement.
 *
 * Idempotency: one open payment per invoice (a retried pay answers the same transaction), one row
 * per transaction id (unique), and settlement runs once per transaction under a row lock; the
 * processor is captured once. A payment whose booking hold expired is voided at the processor and
 * the invoice made Void: a paid invoice never exists without its appointments.
 */
import * as E from 'fp-ts/Either'
import type { PayInvoiceBody, PaymentCheck, PaymentIntentState, PaymentStarted } from '../../src/contract'
import { conflict, notAllowed, MESSAGES, notFound, type ServiceError } from '../service-error'
import type { CommerceDeps } from './commerce.deps'
import { money } from './commerce.tables'
import { invoiceAppointmentIds } from './invoices.repository'
import * as repo from './invoices.repository'
import { enqueueRefundNotice, fulfilInvoice } from './settlement'
import { businessMetrics } from '../observability/metrics'
import { bookingAppointmentsById } from '../booking/appointments.repository'
import { notify } from '../notifications/notifications.service'
import { emitWebhookEvent } from '../integrations/webhooks.service'
import { paymentData } from '../integrations/webhook-payloads'

export interface SettleOutcome {
  paid: boolean
  message: string
}

export const PAID_MESSAGE = 'Thank you. Your payment has been received.'

export async function payInvoice(
  deps: CommerceDeps,
  tenant: string,
  customerId: string,
  invoiceId: string,
  body: PayInvoiceBody,
): Promise<E.Either<ServiceError, PaymentStarted>> {
  const invoice = await repo.findInvoice(deps.db, tenant, invoiceId)
  if (!invoice) return E.left(notFound(MESSAGES.invoiceNotFound))
  if (invoice.customer_id !== customerId) return E.left(notAllowed())
  if (invoice.payment_status === 'Paid') return E.left(conflict(MESSAGES.invoicePaid))
  if (invoice.payment_status !== 'Unpaid') return E.left(conflict(MESSAGES.invoiceVoid))
  if (body.invoice && body.invoice !== invoiceId) return E.left({ _tag: 'Invalid', message: 'The payment is for another invoice.' })
  if (!body.payments.some((p) => p.coherentPaymentFlag || p.type === 'Card' || p.type === 'Online')) {
    return E.left({ _tag: 'Invalid', message: 'Only card payments can be made online.' })
  }
  if (body.payments.some((p) => p.value < 0 || (p.discount ?? 0) < 0)) return E.left({ _tag: 'Invalid', message: 'A payment amount cannot be negative.' })
  const open = await repo.openPaymentOf(deps.db, invoiceId)
  // A booking whose hold lapsed (or was released) is refused before the customer types a card,
  // also when a payment was already started for it.
  if (!(await bookingLive(deps, tenant, invoiceId))) {
    // An open payment of a lost hold: settle() voids it (or refunds it) and closes the invoice.
    if (open) await settle(deps, tenant, open.transaction_id)
    return E.left(conflict(MESSAGES.holdExpired))
  }
  if (open) {
    const stored = storedCardOf(body)
    return stored ? payWithStoredCard(deps, tenant, customerId, open.transaction_id, stored) : E.right(await startedOf(deps, open.transaction_id, tenant))
  }
  const attempt = await repo.countPayments(deps.db, invoiceId)
  const key = `invoice:${invoiceId}:${attempt}${body.idempotencyKey ? `:${body.idempotencyKey}` : ''}`
  const created = await deps.processor.createPayment({ tenant }, {
    amount: money(invoice.amount),
    currency: invoice.currency,
    reference: invoiceId,
    idempotencyKey: key,
    description: invoice.description,
  })()
  if (E.isLeft(created)) return E.left({ _tag: 'Conflict', message: created.left.message })
  try {
    await repo.insertPayment(deps.db, {
      tenant,
      invoiceId,
      transactionId: created.right.transactionId,
      processor: deps.processor.name,
      amount: money(invoice.amount),
      // The reconciler looks at it from the start: a card paid while this server restarts is still settled.
      checkAt: deps.clock(),
    })
  } catch (error) {
    // A concurrent pay opened the invoice's one open payment first: answer that one.
    const winner = await repo.openPaymentOf(deps.db, invoiceId)
    if (!winner) throw error
    // The same idempotency key gives parallel requests the same processor payment: void only our own.
    if (winner.transaction_id !== created.right.transactionId) await deps.processor.void({ tenant }, created.right.transactionId)()
    return E.right(await startedOf(deps, winner.transaction_id, tenant))
  }
  const row = await repo.openPaymentOf(deps.db, invoiceId)
  const transactionId = row?.transaction_id ?? created.right.transactionId
  const stored = storedCardOf(body)
  if (stored) return payWithStoredCard(deps, tenant, customerId, transactionId, stored)
  return E.right(await startedOf(deps, transactionId, tenant))
}

/** The stored card a payment line names (cardData.cardId or cardData.id), when not paying on the hosted page. */
function storedCardOf(body: PayInvoiceBody): string | undefined {
  for (const line of body.payments) {
    const data = line.cardData as Record<string, unknown> | undefined
    const id = data?.cardId ?? data?.id
    if (typeof id === 'string' && id !== '') return id
  }
  return undefined
}

async function payWithStoredCard(deps: CommerceDeps, tenant: string, customerId: string, transactionId: string, cardId: string): Promise<E.Either<ServiceError, PaymentStarted>> {
  const charged = await deps.processor.chargeStoredCard({ tenant }, transactionId, customerId, cardId)()
  if (E.isLeft(charged)) {
    if (charged.left._tag === 'CardDeclined' && !deps.processor.declinesByWebhook) {
      businessMetrics.payment('declined')
      businessMetrics.cardDeclined(deps.processor.name, charged.left.reason, charged.left.code)
    }
    if (charged.left._tag === 'UnknownTransaction') return E.left(notFound(charged.left.message))
    // A parallel request of the same invoice charged (or closed) the payment first: its state refuses this one.
    if (charged.left._tag === 'InvalidState') return E.left(conflict(charged.left.message))
    return E.left({ _tag: 'Invalid', message: charged.left.message })
  }
  const outcome = await settle(deps, tenant, transactionId)
  if (!outcome.paid) return E.left(conflict(outcome.message))
  return E.right(await startedOf(deps, transactionId, tenant))
}

async function startedOf(deps: CommerceDeps, transactionId: string, tenant: string): Promise<PaymentStarted> {
  const clientSecret = await deps.processor.clientSecretOf?.({ tenant }, transactionId)
  return { transactionId, paymentUrl: deps.processor.paymentPageUrl(transactionId), ...(clientSecret ? { clientSecret } : {}) }
}

/** Whether every hold the invoice pays for is still live (read without locks). */
async function bookingLive(deps: CommerceDeps, tenant: string, invoiceId: string): Promise<boolean> {
  const ids = await invoiceAppointmentIds(deps.db, invoiceId)
  if (ids.length === 0) return true
  const appointments = await bookingAppointmentsById(deps.db, tenant, ids)
  const now = deps.clock()
  return appointments.length === ids.length && appointments.every((a) => a.status === 'Pending' && (!a.holdExpiresAt || a.holdExpiresAt > now))
}

const doneOutcome = (payment: repo.PaymentRow): SettleOutcome =>
  payment.status === 'paid' ? { paid: true, message: PAID_MESSAGE } : { paid: false, message: payment.message ?? MESSAGES.holdExpired }

/**
 * Settles a payment the processor authorized: capture and fulfil, or void when the booking can no
 * longer be honoured (refund when it was lost between capture and fulfilment). Processor calls stay
 * outside database transactions (PGlite has one connection). Safe to call any number of times for
 * the same transaction, concurrently too: capture is idempotent at the processor and fulfilment
 * runs once under the payment row's lock.
 */
export async function settle(deps: CommerceDeps, tenant: string, transactionId: string): Promise<SettleOutcome> {
  const payment = await repo.findPayment(deps.db, tenant, transactionId)
  if (!payment) return { paid: false, message: MESSAGES.paymentNotFound }
  if (payment.status !== 'open') return doneOutcome(payment)
  const scope = { tenant }
  const status = await deps.processor.status(scope, transactionId)()
  if (E.isLeft(status)) return { paid: false, message: status.left.message }
  if (status.right.status !== 'authorized' && status.right.status !== 'captured') {
    return { paid: false, message: status.right.failureMessage ?? 'Waiting for the card payment.' }
  }
  const closeAs = async (paymentStatus: 'voided' | 'refunded', invoiceStatus: 'Void' | 'Refund'): Promise<void> => {
    await deps.db.transaction().execute(async (trx) => {
      const locked = await repo.lockPayment(trx, tenant, transactionId)
      if (!locked || locked.status !== 'open') return
      const now = deps.clock()
      await repo.settlePayment(trx, transactionId, paymentStatus, paymentStatus === 'refunded' ? MESSAGES.slotLostRefunded : MESSAGES.holdExpired, now)
      businessMetrics.payment(paymentStatus)
      const invoice = await repo.lockInvoice(trx, tenant, locked.invoice_id)
      if (invoice?.payment_status === 'Unpaid') await repo.setInvoiceStatus(trx, invoice.id, invoiceStatus, now)
      // Money went back to the card: the customer hears it by mail whether or not a page is open.
      if (paymentStatus === 'refunded' && invoice) {
        await enqueueRefundNotice(deps, trx, tenant, invoice.customer_id, { amount: money(locked.amount), currency: invoice.currency, invoiceCode: invoice.code })
        const appointmentIds = await invoiceAppointmentIds(trx, invoice.id)
        await emitWebhookEvent(trx, tenant, 'payment.refunded', now, () =>
          paymentData({ transactionId, invoiceId: invoice.id, customerId: invoice.customer_id, amount: money(locked.amount), currency: invoice.currency, appointmentIds }),
        )
      }
    })
  }
  if (status.right.status === 'authorized' && !(await bookingLive(deps, tenant, payment.invoice_id))) {
    const voided = await deps.processor.void(scope, transactionId)()
    if (E.isLeft(voided)) await deps.processor.refund(scope, transactionId)()
    await closeAs('voided', 'Void')
    return doneOutcome((await repo.findPayment(deps.db, tenant, transactionId))!)
  }
  const captured = await deps.processor.capture(scope, transactionId)()
  if (E.isLeft(captured)) return { paid: false, message: captured.left.message }
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const locked = await repo.lockPayment(trx, tenant, transactionId)
    if (!locked) return 'unknown' as const
    if (locked.status !== 'open') return 'done' as const
    const invoice = await repo.lockInvoice(trx, tenant, locked.invoice_id)
    if (!invoice || invoice.payment_status !== 'Unpaid') return 'lost' as const
    if (!(await fulfilInvoice(deps, trx, tenant, invoice.id, invoice.customer_id, { captured: true }))) return 'lost' as const
    const now = deps.clock()
    await repo.settlePayment(trx, transactionId, 'paid', null, now)
    await repo.setInvoiceStatus(trx, invoice.id, 'Paid', now)
    const appointmentIds = await invoiceAppointmentIds(trx, invoice.id)
    await notify(trx, tenant, { kind: 'deposit-paid', appointmentIds, at: now, deposit: { amount: money(locked.amount), currency: invoice.currency } })
    await emitWebhookEvent(trx, tenant, 'payment.succeeded', now, () =>
      paymentData({ transactionId, invoiceId: invoice.id, customerId: invoice.customer_id, amount: money(locked.amount), currency: invoice.currency, appointmentIds }),
    )
    return 'paid' as const
  })
  if (outcome === 'paid') businessMetrics.payment('paid')
  if (outcome === 'unknown') return { paid: false, message: MESSAGES.paymentNotFound }
  if (outcome === 'lost') {
    // The slot went to someone else before the payment was settled: give the money back. A failed
    // refund leaves the payment open for the next settle (the reconciler's, or a poll's).
    const refunded = await deps.processor.refund(scope, transactionId)()
    if (E.isLeft(refunded)) return { paid: false, message: refunded.left.message }
    await closeAs('refunded', 'Refund')
  }
  return doneOutcome((await repo.findPayment(deps.db, tenant, transactionId))!)
}

/**
 * Voids what is still open to pay of a booking the desk now takes payment for (checked in: its
 * checkout takes the whole balance): the open payment at the processor, so that its pay link takes
 * nothing, and the unpaid invoice. A card paid at that very moment cannot be voided: settle() then
 * refunds it (the booking is no longer waiting for it).
 */
export async function voidUnpaidOf(deps: CommerceDeps, tenant: string, appointmentId: string, message: string): Promise<void> {
  for (const invoice of await repo.unpaidInvoicesForAppointment(deps.db, tenant, appointmentId)) {
    const open = await repo.openPaymentOf(deps.db, invoice.id)
    if (open) {
      const voided = await deps.processor.void({ tenant }, open.transaction_id)()
      if (E.isLeft(voided)) {
        await settle(deps, tenant, open.transaction_id)
        continue
      }
    }
    await deps.db.transaction().execute(async (trx) => {
      const now = deps.clock()
      const locked = open ? await repo.lockPayment(trx, tenant, open.transaction_id) : undefined
      if (locked?.status === 'open') {
        await repo.settlePayment(trx, locked.transaction_id, 'voided', message, now)
        businessMetrics.payment('voided')
      }
      const current = await repo.lockInvoice(trx, tenant, invoice.id)
      if (current?.payment_status === 'Unpaid') await repo.setInvoiceStatus(trx, invoice.id, 'Void', now)
    })
  }
}

/** Why a payment was closed (voided, refunded), for the processor's own page of it. */
export async function closedPaymentMessage(deps: CommerceDeps, tenant: string, transactionId: string): Promise<string | undefined> {
  const payment = await repo.findPayment(deps.db, tenant, transactionId)
  return payment && payment.status !== 'open' && payment.status !== 'paid' ? (payment.message ?? undefined) : undefined
}

/** GET /coherence/check-payment/{transactionId}: settles an authorized payment if nobody did yet. */
export async function checkPayment(deps: CommerceDeps, tenant: string, transactionId: string): Promise<E.Either<ServiceError, PaymentCheck>> {
  let payment = await repo.findPayment(deps.db, tenant, transactionId)
  if (!payment) return E.left(notFound(MESSAGES.paymentNotFound))
  if (payment.status === 'open') {
    // Settle here too when the processor's page did not (a lost callback, another instance).
    await settle(deps, tenant, transactionId)
    payment = (await repo.findPayment(deps.db, tenant, transactionId))!
    if (payment.status === 'open') {
      const processor = await deps.processor.status({ tenant }, transactionId)()
      const failure = E.isRight(processor) ? processor.right.failureMessage : undefined
      return E.right(failure ? { isPaid: false, status: 'declined', message: failure } : { isPaid: false, status: 'pending' })
    }
  }
  if (payment.status === 'paid') return E.right({ isPaid: true, status: 'paid' })
  return E.right({ isPaid: false, status: payment.status, message: payment.message ?? MESSAGES.holdExpired })
}

export async function hasPaymentIntent(deps: CommerceDeps, tenant: string, customerId: string, invoiceId: string): Promise<E.Either<ServiceError, PaymentIntentState>> {
  const invoice = await repo.findInvoice(deps.db, tenant, invoiceId)
  if (!invoice) return E.left(notFound(MESSAGES.invoiceNotFound))
  if (invoice.customer_id !== customerId) return E.left(notAllowed())
  const open = await repo.openPaymentOf(deps.db, invoiceId)
  if (!open) return E.right({ hasPaymentIntent: false })
  return E.right({ hasPaymentIntent: true, ...(await startedOf(deps, open.transaction_id, tenant)) })
}
