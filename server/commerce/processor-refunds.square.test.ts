/**
 * Refunds made in Square's dashboard (issue 30), against the local Square API: signed
 * refund.created / refund.updated notifications; the payment's refunds are read again from Square
 * (refund_ids, each refund) and each COMPLETED one is recorded once by Square's refund id, with
 * payment.refunded to the tenant's webhooks (a real receiver verifies the signature).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { londonInstant, londonWorkdays } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver'
import { SquareMock, TEST_NONCES } from '../square-processor/testing/square-mock'
import { DASHBOARD_REFUND_MESSAGE } from './processor-refunds'
import { SQUARE_WEBHOOK_PATH } from './webhooks.routes'

const WEBHOOK_URL = 'https://clinic.example.com/api/webhooks/square'
let t: TestServer
let mock: SquareMock
let demo: string
let admin: Record<string, string>
let receiver: WebhookReceiver

beforeAll(async () => {
  mock = await new SquareMock().start()
  vi.stubEnv('CARD_PROCESSOR', 'square')
  vi.stubEnv('SQUARE_ACCESS_TOKEN', mock.accessToken)
  vi.stubEnv('SQUARE_APPLICATION_ID', 'sandbox-sq0idb-app')
  vi.stubEnv('SQUARE_LOCATION_ID', mock.locationId)
  vi.stubEnv('SQUARE_WEBHOOK_SIGNATURE_KEY', mock.signatureKey)
  vi.stubEnv('SQUARE_WEBHOOK_URL', WEBHOOK_URL)
  vi.stubEnv('SQUARE_API_BASE', mock.baseUrl)
  t = await buildTestServer()
  demo = await t.login(DEMO_CUSTOMER)
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })
  admin = { authorization: `Bearer ${login.json().token as string}` }
  receiver = await startWebhookReceiver()
  const hook = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: admin, payload: { url: receiver.url, events: ['payment.refunded'] } })
  expect(hook.statusCode, hook.body).toBe(201)
  receiver.secret = hook.json().secret
})
afterAll(async () => {
  await receiver.close()
  await t.close()
  await mock.stop()
  vi.unstubAllEnvs()
})

const slots = londonWorkdays(7, 2).flatMap((day) => ['09:00', '10:00', '11:00'].map((time) => ({ day, time })))
let slot = 0
const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => t.app.inject({ method, url, headers: token ? t.auth(token) : {}, ...(payload ? { payload } : {}) })

/** A deposit paid with a Web Payments SDK nonce (completed at Square at once). */
async function paidDeposit() {
  const { day, time } = slots[slot++]!
  const held = await inject('POST', '/api/appointments/public', demo, {
    appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
  })
  expect(held.statusCode, held.body).toBe(200)
  const appointmentId = held.json().appointment.id as string
  const invoice = await inject('POST', '/api/invoice/create', demo, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId, origin: 'SALE', description: 'Invoice for Booking Deposit' })
  const { id: invoiceId, amount } = invoice.json() as { id: string; amount: number }
  const paid = await inject('POST', `/api/invoice/${invoiceId}/pay`, demo, { payments: [{ value: amount, type: 'Card', coherentPaymentFlag: true, cardData: { cardId: TEST_NONCES.ok.nonce } }], invoice: invoiceId })
  expect(paid.statusCode, paid.body).toBe(200)
  const transactionId = paid.json().transactionId as string
  const row = (await t.db.selectFrom('commerce_square_payments').select('square_payment_id').where('transaction_id', '=', transactionId).executeTakeFirstOrThrow())
  return { appointmentId, invoiceId, amount, transactionId, squarePaymentId: row.square_payment_id! }
}

function deliver(body: string) {
  return t.app.inject({ method: 'POST', url: SQUARE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': mock.sign(WEBHOOK_URL, body) }, payload: body })
}

const records = async (invoiceId: string, transactionId: string) => {
  const payment = await t.db.selectFrom('commerce_payments').select(['status', 'message']).where('transaction_id', '=', transactionId).executeTakeFirstOrThrow()
  const invoice = await t.db.selectFrom('commerce_invoices').select('payment_status').where('id', '=', invoiceId).executeTakeFirstOrThrow()
  const items = await t.db.selectFrom('commerce_invoice_items').select('refunded_amount').where('invoice_id', '=', invoiceId).execute()
  return { payment: payment.status, message: payment.message, invoice: invoice.payment_status, refunded: items.reduce((sum, i) => sum + Number(i.refunded_amount), 0) }
}
const refundEvents = async (transactionId: string) => {
  await t.app.deps.mail.flush()
  return receiver.received.filter((r) => r.event.type === 'payment.refunded' && r.event.data.payment.transactionId === transactionId).map((r) => ({ verified: r.verified, ...r.event.data.payment }))
}

describe("refunds made in Square's dashboard", () => {
  it('a pending refund waits; once COMPLETED it is recorded once, however often Square tells it; then the rest', async () => {
    const p = await paidDeposit()
    const part = Math.round(p.amount * 100) - 500
    const first = mock.refundInDashboard(p.squarePaymentId, part)
    expect((await deliver(mock.refundEvent(String(first.id), 'refund.created'))).json()).toEqual({ received: true, outcome: 'Refunds', recorded: 0 })
    expect((await records(p.invoiceId, p.transactionId)).refunded).toBe(0)
    mock.completeRefund(String(first.id))
    const completed = mock.refundEvent(String(first.id), 'refund.updated', 'sq_evt_refund_done')
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'Refunds', recorded: 1 })
    expect((await deliver(completed)).json()).toEqual({ received: true, outcome: 'Duplicate' })
    expect((await deliver(mock.refundEvent(String(first.id)))).json()).toEqual({ received: true, outcome: 'Refunds', recorded: 0 })
    expect(await records(p.invoiceId, p.transactionId)).toEqual({ payment: 'paid', message: null, invoice: 'Paid', refunded: part / 100 })
    expect(await refundEvents(p.transactionId)).toEqual([expect.objectContaining({ verified: true, invoiceId: p.invoiceId, amount: part / 100, currency: 'GBP', appointmentIds: [p.appointmentId] })])

    const rest = mock.completeRefund(String(mock.refundInDashboard(p.squarePaymentId).id))
    expect((await deliver(mock.refundEvent(String(rest.id)))).json()).toEqual({ received: true, outcome: 'Refunds', recorded: 1 })
    expect(await records(p.invoiceId, p.transactionId)).toEqual({ payment: 'refunded', message: DASHBOARD_REFUND_MESSAGE, invoice: 'Refund', refunded: p.amount })
    expect((await refundEvents(p.transactionId)).map((e) => e.amount)).toEqual([part / 100, 5])
  })

  it("the desk's own refund, completed and notified by Square afterwards, is not written twice", async () => {
    const p = await paidDeposit()
    const desk = await t.app.inject({ method: 'POST', url: `/api/admin/appointments/${p.appointmentId}/refund-deposit`, headers: admin })
    expect(desk.statusCode, desk.body).toBe(200)
    const [refundId] = mock.payments.get(p.squarePaymentId)!.refund_ids as string[]
    mock.completeRefund(refundId!)
    expect((await deliver(mock.refundEvent(refundId!))).json()).toEqual({ received: true, outcome: 'Refunds', recorded: 0 })
    expect(await records(p.invoiceId, p.transactionId)).toEqual({ payment: 'refunded', message: 'Refunded at the desk', invoice: 'Refund', refunded: p.amount })
    expect((await refundEvents(p.transactionId)).map((e) => e.amount)).toEqual([p.amount])
  })
})
