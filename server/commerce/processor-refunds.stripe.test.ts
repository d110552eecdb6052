/**
 * Refunds made in Stripe's dashboard (issue 30), against the local Stripe API: the signed
 * charge.refunded / refund.updated notifications record each refund once (by Stripe's refund id,
 * read again from Stripe) against the payment and invoice, and the tenant's webhooks hear
 * payment.refunded at a real receiver that verifies the signature. A refund the desk made is not
 * written twice when Stripe notifies it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { londonWorkdays } from '../test-support/dates'
import type { TestServer } from '../test-support/test-server'
import { StripeMock } from '../stripe-processor/testing/stripe-mock'
import { depositInvoice, refundEvents as eventsOf, refundRecords, startRefundFixture, type RefundFixture } from './testing/processor-refund-fixture'
import { DASHBOARD_REFUND_MESSAGE } from './processor-refunds'
import { STRIPE_WEBHOOK_PATH } from './webhooks.routes'

let f: RefundFixture
let t: TestServer
let mock: StripeMock
let demo: string
let admin: Record<string, string>

beforeAll(async () => {
  mock = await new StripeMock().start()
  for (const [name, value] of Object.entries(mock.processorEnv())) vi.stubEnv(name, value)
  f = await startRefundFixture()
  ;({ t, demo, admin } = f)
})
afterAll(async () => {
  await f.close()
  await mock.stop()
  vi.unstubAllEnvs()
})
beforeEach(() => {
  mock.failing = false
})

const slots = londonWorkdays(6, 2).flatMap((day) => ['09:00', '10:00', '11:00', '14:00', '15:00'].map((time) => ({ day, time })))
let slot = 0
const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => t.app.inject({ method, url, headers: token ? t.auth(token) : {}, ...(payload ? { payload } : {}) })

/** A deposit paid by card and captured (Stripe's webhook settled it): the payment a dashboard refund gives back. */
async function paidDeposit() {
  const { pay, ...deposit } = await depositInvoice(f, slots[slot++]!)
  const paid = await pay({}, { idempotencyKey: `${deposit.invoiceId}:card` })
  const { transactionId } = paid.json() as { transactionId: string }
  mock.confirmInBrowser(transactionId, 'visa')
  expect((await deliver('payment_intent.amount_capturable_updated', mock.intents.get(transactionId)!)).json()).toMatchObject({ outcome: 'Paid' })
  return { ...deposit, transactionId }
}

/** A notification as Stripe sends it: the object as Stripe keeps it, signed with the endpoint's secret. */
function deliver(type: string, object: Record<string, unknown>, eventId?: string) {
  const payload = mock.event(type, object, eventId)
  return t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': mock.sign(payload) }, payload })
}

const records = (invoiceId: string, transactionId: string) => refundRecords(f, invoiceId, transactionId)
const refundEvents = (transactionId: string) => eventsOf(f, transactionId)

describe("refunds made in Stripe's dashboard", () => {
  it('a part refund, then the rest: each recorded once whichever notification tells it and however often; payment.refunded for each', async () => {
    const p = await paidDeposit()
    const part = Math.round(p.amount * 100) - 1000
    const first = mock.refundInDashboard(p.transactionId, part)
    const charged = await deliver('charge.refunded', first.charge, 'evt_charge_refunded_1')
    expect(charged.statusCode, charged.body).toBe(200)
    expect(charged.json()).toEqual({ received: true, outcome: 'Refunds', recorded: 1 })
    // The same refund told again: by refund.updated, and the same event redelivered.
    expect((await deliver('refund.updated', first.refund)).json()).toEqual({ received: true, outcome: 'Refunds', recorded: 0 })
    expect((await deliver('charge.refunded', first.charge, 'evt_charge_refunded_1')).json()).toEqual({ received: true, outcome: 'Duplicate' })
    expect(await records(p.invoiceId, p.transactionId)).toEqual({ payment: 'paid', message: null, invoice: 'Paid', refunded: part / 100 })
    expect(await refundEvents(p.transactionId)).toEqual([expect.objectContaining({ verified: true, transactionId: p.transactionId, invoiceId: p.invoiceId, amount: part / 100, currency: 'GBP', appointmentIds: [p.appointmentId] })])

    const rest = mock.refundInDashboard(p.transactionId)
    expect((await deliver('refund.updated', rest.refund)).json()).toEqual({ received: true, outcome: 'Refunds', recorded: 1 })
    expect((await deliver('charge.refunded', rest.charge)).json()).toEqual({ received: true, outcome: 'Refunds', recorded: 0 })
    expect(await records(p.invoiceId, p.transactionId)).toEqual({ payment: 'refunded', message: DASHBOARD_REFUND_MESSAGE, invoice: 'Refund', refunded: p.amount })
    expect((await refundEvents(p.transactionId)).map((e) => e.amount)).toEqual([part / 100, 10])
    const invoice = await inject('GET', `/api/invoices/${p.invoiceId}`, demo)
    expect(invoice.json()).toMatchObject({ paymentStatus: 'Refund' })
  })

  it("is asked for again when Stripe cannot be read (503, Stripe redelivers); an unknown payment's refund is ignored", async () => {
    const p = await paidDeposit()
    const { refund } = mock.refundInDashboard(p.transactionId)
    mock.failing = true
    const refused = await deliver('refund.updated', refund, 'evt_refund_while_down')
    expect(refused.statusCode).toBe(503)
    mock.failing = false
    expect((await deliver('refund.updated', refund, 'evt_refund_while_down')).json()).toEqual({ received: true, outcome: 'Refunds', recorded: 1 })
    expect((await records(p.invoiceId, p.transactionId)).payment).toBe('refunded')
    expect((await deliver('refund.updated', { ...refund, id: 're_elsewhere', payment_intent: 'pi_not_ours' })).json()).toEqual({ received: true, outcome: 'Ignored' })
  })

  it("the desk's own refund, notified by Stripe afterwards, is not written twice", async () => {
    const p = await paidDeposit()
    const desk = await t.app.inject({ method: 'POST', url: `/api/admin/appointments/${p.appointmentId}/refund-deposit`, headers: admin })
    expect(desk.statusCode, desk.body).toBe(200)
    const [refund] = [...mock.refunds.values()].filter((r) => r.payment_intent === p.transactionId)
    expect((await deliver('charge.refunded', mock.charges.get(String(refund!.charge))!)).json()).toEqual({ received: true, outcome: 'Refunds', recorded: 0 })
    expect(await records(p.invoiceId, p.transactionId)).toEqual({ payment: 'refunded', message: 'Refunded at the desk', invoice: 'Refund', refunded: p.amount })
    expect((await refundEvents(p.transactionId)).map((e) => e.amount)).toEqual([p.amount])
  })

  it("the desk's refund after a part refund in the dashboard gives back and records only the rest", async () => {
    const p = await paidDeposit()
    const part = 1000
    const first = mock.refundInDashboard(p.transactionId, part)
    expect((await deliver('charge.refunded', first.charge)).json()).toMatchObject({ recorded: 1 })
    const rest = Math.round(p.amount * 100 - part) / 100
    // The desk sees what is left to give back, and what is still paid.
    const before = await t.app.inject({ method: 'GET', url: `/api/admin/appointments/${p.appointmentId}/checkout`, headers: admin })
    expect(before.json(), before.body).toMatchObject({ paid: rest, refundableDeposit: rest })
    const desk = await t.app.inject({ method: 'POST', url: `/api/admin/appointments/${p.appointmentId}/refund-deposit`, headers: admin })
    expect(desk.statusCode, desk.body).toBe(200)
    const atStripe = [...mock.refunds.values()].filter((r) => r.payment_intent === p.transactionId).map((r) => Number(r.amount) / 100)
    expect(atStripe.sort((a, b) => a - b)).toEqual([part / 100, rest].sort((a, b) => a - b))
    expect(await records(p.invoiceId, p.transactionId)).toEqual({ payment: 'refunded', message: 'Refunded at the desk', invoice: 'Refund', refunded: p.amount })
    // The outbox sends in no set order: both events, whichever comes first.
    expect((await refundEvents(p.transactionId)).map((e) => e.amount).sort((a, b) => a - b)).toEqual([part / 100, rest].sort((a, b) => a - b))
  })

  it('two notifications of one refund at once record it once', async () => {
    const p = await paidDeposit()
    const { charge, refund } = mock.refundInDashboard(p.transactionId)
    const answers = await Promise.all([deliver('charge.refunded', charge), deliver('refund.updated', refund)])
    expect(answers.map((a) => a.json().recorded).sort()).toEqual([0, 1])
    expect(await records(p.invoiceId, p.transactionId)).toMatchObject({ payment: 'refunded', refunded: p.amount })
    expect((await refundEvents(p.transactionId)).map((e) => e.amount)).toEqual([p.amount])
  })
})
