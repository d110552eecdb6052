/**
 * Test support for refunds made in a card processor's dashboard (processor-refunds.*.test.ts): the
 * demo tenant's server with an integrator listening for payment.refunded, a deposit invoice for a
 * held time, and what the desk's records and the integrator show of a payment afterwards.
 */
import { expect } from 'vitest'
import { DEMO_STAFF_ADMIN } from '../../seed/demo.seed'
import { londonInstant } from '../../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../../test-support/test-server'
import { startWebhookReceiver, type WebhookReceiver } from '../../test-support/webhook-receiver'

export interface RefundFixture {
  t: TestServer
  /** The demo customer's token. */
  demo: string
  /** The demo tenant's admin, as request headers. */
  admin: Record<string, string>
  receiver: WebhookReceiver
  close(): Promise<void>
}

/** The server (with the processor's environment already stubbed) and a receiver subscribed to payment.refunded. */
export async function startRefundFixture(): Promise<RefundFixture> {
  const t = await buildTestServer()
  const demo = await t.login(DEMO_CUSTOMER)
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })
  const admin = { authorization: `Bearer ${login.json().token as string}` }
  const receiver = await startWebhookReceiver()
  const hook = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: admin, payload: { url: receiver.url, events: ['payment.refunded'] } })
  expect(hook.statusCode, hook.body).toBe(201)
  receiver.secret = hook.json().secret
  return {
    t,
    demo,
    admin,
    receiver,
    close: async () => {
      await receiver.close()
      await t.close()
    },
  }
}

/** Dr Sarah's anti-wrinkle time at London on the day and time given, held, and its deposit invoice. */
export async function depositInvoice(f: RefundFixture, at: { day: string; time: string }) {
  const inject = (url: string, payload: object) => f.t.app.inject({ method: 'POST', url, headers: f.t.auth(f.demo), payload })
  const start = londonInstant(at.day, at.time)
  const held = await inject('/api/appointments/public', { appointment: { event: { start, end: start }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 } })
  expect(held.statusCode, held.body).toBe(200)
  const appointmentId = held.json().appointment.id as string
  const invoice = await inject('/api/invoice/create', { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId, origin: 'SALE', description: 'Invoice for Booking Deposit' })
  const { id: invoiceId, amount } = invoice.json() as { id: string; amount: number }
  return { appointmentId, invoiceId, amount, pay: (payment: object, extra: object = {}) => inject(`/api/invoice/${invoiceId}/pay`, { payments: [{ value: amount, type: 'Card', coherentPaymentFlag: true, ...payment }], invoice: invoiceId, ...extra }) }
}

/** The payment's and invoice's state and what the invoice's lines say was given back. */
export async function refundRecords(f: RefundFixture, invoiceId: string, transactionId: string) {
  const payment = await f.t.db.selectFrom('commerce_payments').select(['status', 'message']).where('transaction_id', '=', transactionId).executeTakeFirstOrThrow()
  const invoice = await f.t.db.selectFrom('commerce_invoices').select('payment_status').where('id', '=', invoiceId).executeTakeFirstOrThrow()
  const items = await f.t.db.selectFrom('commerce_invoice_items').select('refunded_amount').where('invoice_id', '=', invoiceId).execute()
  return { payment: payment.status, message: payment.message, invoice: invoice.payment_status, refunded: items.reduce((sum, i) => sum + Number(i.refunded_amount), 0) }
}

/** The payment.refunded events about this payment that reached the receiver (the outbox sent first). */
export async function refundEvents(f: RefundFixture, transactionId: string) {
  await f.t.app.deps.mail.flush()
  return f.receiver.received.filter((r) => r.event.type === 'payment.refunded' && r.event.data.payment.transactionId === transactionId).map((r) => ({ verified: r.verified, ...r.event.data.payment }))
}
