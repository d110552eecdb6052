/**
 * What a processor's webhook does to a payment: settle it as the check-payment poll would, with no
 * browser involved, and tell the customer when the money went back because the booking was lost.
 *
 * `settlePayment` is the ONE call from the webhooks into settlement: the same settle() the poll and the
 * payment reconciler run (book if the slot is still free, otherwise refund, mailing the refund).
 */
import type { CommerceDeps } from './commerce.deps'
import type { CommerceDb } from './commerce.tables'
import { findPayment } from './invoices.repository'
import { settle, type SettleOutcome } from './payments.service'
import { enqueueMail } from '../notifications/mail.service'
import { brandedHtmlOfText } from '../notifications/account-messages'
import { customerSummary } from '../accounts/customers.repository'
import { organisationTerms } from '../organisation/organisation.repository'

export type WebhookSettlement =
  | { _tag: 'UnknownPayment' }
  | { _tag: 'Open'; message: string }
  | { _tag: 'Paid' }
  | { _tag: 'Returned'; status: 'voided' | 'refunded' }

/** Settlement of one payment: the poll's and the reconciler's path. */
export const settlePayment = (deps: CommerceDeps, tenant: string, transactionId: string): Promise<SettleOutcome> => settle(deps, tenant, transactionId)

export async function settleFromWebhook(deps: CommerceDeps, tenant: string, transactionId: string): Promise<WebhookSettlement> {
  if (!(await findPayment(deps.db, tenant, transactionId))) return { _tag: 'UnknownPayment' }
  const outcome = await settlePayment(deps, tenant, transactionId)
  const payment = (await findPayment(deps.db, tenant, transactionId))!
  if (payment.status === 'paid') return { _tag: 'Paid' }
  if (payment.status === 'voided' || payment.status === 'refunded') {
    // settle() mails a refund itself (whoever settles); a void (the card was never charged) is mailed here.
    if (payment.status === 'voided') await tellCustomerOnce(deps, tenant, payment.transaction_id, payment.invoice_id, payment.status)
    return { _tag: 'Returned', status: payment.status }
  }
  return { _tag: 'Open', message: outcome.message }
}

const symbolOf = (currency: string) => ({ GBP: '£', USD: '$', EUR: '€', AUD: 'A$' })[currency.toUpperCase()] ?? `${currency.toUpperCase()} `

/** One mail per returned payment, whichever instance or event got there: the notice row is the guard. */
async function tellCustomerOnce(deps: CommerceDeps, tenant: string, transactionId: string, invoiceId: string, status: 'voided' | 'refunded'): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('commerce_refund_notices')
      .values({ transaction_id: transactionId, tenant_id: tenant })
      .onConflict((oc) => oc.column('transaction_id').doNothing())
      .returning('transaction_id')
      .executeTakeFirst()
    if (!claimed) return
    await enqueueReturnedPaymentMail(deps, trx, tenant, invoiceId, status)
  })
}

async function enqueueReturnedPaymentMail(deps: CommerceDeps, trx: CommerceDb, tenant: string, invoiceId: string, status: 'voided' | 'refunded'): Promise<void> {
  const invoice = await trx.selectFrom('commerce_invoices').select(['customer_id', 'amount', 'currency']).where('id', '=', invoiceId).where('tenant_id', '=', tenant).executeTakeFirst()
  if (!invoice) return
  const customer = await customerSummary(trx, tenant, invoice.customer_id)
  if (!customer) return
  const organisation = await organisationTerms(trx, tenant)
  const amount = `${symbolOf(invoice.currency)}${Number(invoice.amount).toFixed(2)}`
  const what =
    status === 'refunded'
      ? `so we have refunded your payment of ${amount} in full. Depending on your bank, the refund takes 5 to 10 working days to appear.`
      : `so the payment of ${amount} was cancelled and you have not been charged.`
  const text = [
    `Hi ${customer.firstName},`,
    '',
    `Your payment to ${organisation.name} reached us after the hold on your appointment had expired and the time was no longer available, ${what}`,
    '',
    'Please book again.',
  ].join('\n')
  const subject = status === 'refunded' ? 'Your payment was refunded' : 'Your payment was cancelled'
  await enqueueMail(trx, { tenant, to: customer.email, subject, text, html: await brandedHtmlOfText(trx, tenant, subject, text) })
}
