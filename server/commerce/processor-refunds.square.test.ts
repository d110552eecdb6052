/**
 * Refunds made in Square's dashboard (issue 30), against the local Square API: signed
 * refund.created / refund.updated notifications; the payment's refunds are read again from Square
 * (refund_ids, each refund) and each COMPLETED one is recorded once by Square's refund id, with
 * payment.refunded to the tenant's webhooks (a real receiver verifies the signature).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { londonWorkdays } from '../test-support/dates'
import type { TestServer } from '../test-support/test-server'
import { SquareMock, TEST_NONCES } from '../square-processor/testing/square-mock'
import { depositInvoice, refundEvents as eventsOf, refundRecords, startRefundFixture, type RefundFixture } from './testing/processor-refund-fixture'
import { DASHBOARD_REFUND_MESSAGE } from './processor-refunds'
import { SQUARE_WEBHOOK_PATH } from './webhooks.routes'

const WEBHOOK_URL = 'https://clinic.example.com/api/webhooks/square'
let f: RefundFixture
let t: TestServer
let mock: SquareMock
let admin: Record<string, string>

beforeAll(async () => {
  mock = await new SquareMock().start()
  vi.stubEnv('CARD_PROCESSOR', 'square')
  vi.stubEnv('SQUARE_ACCESS_TOKEN', mock.accessToken)
  vi.stubEnv('SQUARE_APPLICATION_ID', 'sandbox-sq0idb-app')
  vi.stubEnv('SQUARE_LOCATION_ID', mock.locationId)
  vi.stubEnv('SQUARE_WEBHOOK_SIGNATURE_KEY', mock.signatureKey)
  vi.stubEnv('SQUARE_WEBHOOK_URL', WEBHOOK_URL)
  vi.stubEnv('SQUARE_API_BASE', mock.baseUrl)
  f = await startRefundFixture()
  ;({ t, admin } = f)
})
afterAll(async () => {
  await f.close()
  await mock.stop()
  vi.unstubAllEnvs()
})

const slots = londonWorkdays(7, 2).flatMap((day) => ['09:00', '10:00', '11:00'].map((time) => ({ day, time })))
let slot = 0

/** A deposit paid with a Web Payments SDK nonce (completed at Square at once). */
async function paidDeposit() {
  const { pay, ...deposit } = await depositInvoice(f, slots[slot++]!)
  const paid = await pay({ cardData: { cardId: TEST_NONCES.ok.nonce } })
  expect(paid.statusCode, paid.body).toBe(200)
  const transactionId = paid.json().transactionId as string
  const row = await t.db.selectFrom('commerce_square_payments').select('square_payment_id').where('transaction_id', '=', transactionId).executeTakeFirstOrThrow()
  return { ...deposit, transactionId, squarePaymentId: row.square_payment_id! }
}

function deliver(body: string) {
  return t.app.inject({ method: 'POST', url: SQUARE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': mock.sign(WEBHOOK_URL, body) }, payload: body })
}

const records = (invoiceId: string, transactionId: string) => refundRecords(f, invoiceId, transactionId)
const refundEvents = (transactionId: string) => eventsOf(f, transactionId)

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
