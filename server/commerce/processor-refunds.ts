/**
 * Refunds made in the card processor's dashboard (issue 30): a refund notification (Stripe's
 * charge.refunded, refund.created/updated) names a payment; its refunds are read again from the
 * processor and each succeeded one is written once, keyed by the processor's refund id, against the
 * same records the desk's refund writes (the payment refunded once the refunds cover it, the invoice's
 * first line's refunded amount, the invoice marked Refund when it is all given back), and the tenant's
 * webhooks hear payment.refunded with the refund's amount.
 *
 * A refund the product made itself (the desk's, a lost booking's) finds its payment refunded
 * already: it is remembered by its id and written nowhere else. No mail: the processor sends the
 * customer its own receipt of a refund made in its dashboard.
 */
import * as E from 'fp-ts/Either'
import { emitWebhookEvent } from '../integrations/webhooks.service'
import { paymentData } from '../integrations/webhook-payloads'
import type { ProcessorRefund } from './card-processor.port'
import type { CommerceDeps } from './commerce.deps'
import { money, type CommerceDb } from './commerce.tables'
import { invoiceAppointmentIds } from './invoices.repository'
import { dashboardRefunded } from './processor-refunds.repository'

export const DASHBOARD_REFUND_MESSAGE = "Refunded in the card processor's dashboard"

export type RefundsOutcome =
  | { _tag: 'UnknownPayment' }
  /** The processor could not be asked: the notification is to be delivered again. */
  | { _tag: 'Unreadable'; message: string }
  | { _tag: 'Read'; recorded: number }

export async function recordProcessorRefunds(deps: CommerceDeps, processor: string, transactionId: string): Promise<RefundsOutcome> {
  const payment = await deps.db
    .selectFrom('commerce_payments')
    .select(['tenant_id'])
    .where('processor', '=', processor)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst()
  if (!payment || !deps.processor.refundsOf || deps.processor.name !== processor) return { _tag: 'UnknownPayment' }
  const tenant = payment.tenant_id
  const refunds = await deps.processor.refundsOf({ tenant }, transactionId)()
  if (E.isLeft(refunds)) return refunds.left._tag === 'UnknownTransaction' ? { _tag: 'UnknownPayment' } : { _tag: 'Unreadable', message: refunds.left.message }
  let recorded = 0
  // Oldest first, so that the refund that covers the payment is the last one written.
  for (const refund of [...refunds.right].reverse()) {
    if (refund.status !== 'succeeded') continue
    if (await recordOne(deps, processor, tenant, transactionId, refund)) recorded++
  }
  return { _tag: 'Read', recorded }
}

/** One refund, once: true when it was written against the payment now. */
async function recordOne(deps: CommerceDeps, processor: string, tenant: string, transactionId: string, refund: ProcessorRefund): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('commerce_payments')
      .select(['id', 'invoice_id', 'amount', 'status'])
      .where('tenant_id', '=', tenant)
      .where('transaction_id', '=', transactionId)
      .forUpdate()
      .executeTakeFirst()
    if (!payment) return false
    const known = await trx.selectFrom('commerce_processor_refunds').select('refund_id').where('processor', '=', processor).where('refund_id', '=', refund.id).executeTakeFirst()
    if (known) return false
    // Only money taken and kept is given back here; a refunded payment was given back by the product itself.
    const record = payment.status === 'paid'
    await trx
      .insertInto('commerce_processor_refunds')
      .values({ processor, refund_id: refund.id, tenant_id: tenant, payment_id: payment.id, amount: refund.amount, recorded: record })
      .execute()
    if (!record) return false
    const now = deps.clock()
    await writeRefund(trx, payment, refund.amount, now)
    const invoice = await trx.selectFrom('commerce_invoices').select(['id', 'customer_id', 'currency']).where('id', '=', payment.invoice_id).executeTakeFirstOrThrow()
    const appointmentIds = await invoiceAppointmentIds(trx, invoice.id)
    await emitWebhookEvent(trx, tenant, 'payment.refunded', now, () =>
      paymentData({ transactionId, invoiceId: invoice.id, customerId: invoice.customer_id, amount: refund.amount, currency: invoice.currency, appointmentIds }),
    )
    return true
  })
}

/** The desk's records of a refund: the invoice's first line, then the payment and invoice once it is all given back. */
async function writeRefund(trx: CommerceDb, payment: { id: string; invoice_id: string; amount: string }, amount: number, now: Date): Promise<void> {
  const first = await trx.selectFrom('commerce_invoice_items').select(['id', 'refunded_amount']).where('invoice_id', '=', payment.invoice_id).orderBy('position').executeTakeFirst()
  if (first) await trx.updateTable('commerce_invoice_items').set({ refunded_amount: money(first.refunded_amount) + amount }).where('id', '=', first.id).execute()
  if ((await dashboardRefunded(trx, payment.id)) + 0.005 < money(payment.amount)) return
  await trx.updateTable('commerce_payments').set({ status: 'refunded', message: DASHBOARD_REFUND_MESSAGE, settled_at: now }).where('id', '=', payment.id).execute()
  await trx.updateTable('commerce_invoices').set({ payment_status: 'Refund', updated_at: now }).where('id', '=', payment.invoice_id).execute()
}
