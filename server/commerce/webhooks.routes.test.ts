/**
 * Card payments through the Stripe adapter (CARD_PROCESSOR=stripe) against a local Stripe API,
 * settled by Stripe's webhook alone: no browser polls check-payment in these tests.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { londonInstant, londonWorkdays } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { StripeMock } from '../stripe-processor/testing/stripe-mock'
import { STRIPE_WEBHOOK_PATH } from './webhooks.routes'
import { REFUND_SUBJECT } from './settlement'
import { processRegistry } from '../observability/metrics'
import { sampleOf } from '../observability/prometheus-text'

let t: TestServer
let mock: StripeMock
let demo: string
let other: string
let offsetMs = 0

beforeAll(async () => {
  mock = await new StripeMock().start()
  for (const [name, value] of Object.entries(mock.processorEnv())) vi.stubEnv(name, value)
  t = await buildTestServer({ clock: () => new Date(Date.now() + offsetMs) })
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
})
afterAll(async () => {
  await t.close()
  await mock.stop()
  vi.unstubAllEnvs()
})
beforeEach(() => {
  offsetMs = 0
})

const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '14:00', '14:30', '15:00', '15:30']
const slots = londonWorkdays(5, 2).flatMap((d) => times.map((time) => ({ day: d, time })))
let slot = 0

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? t.auth(token) : {}, ...(payload ? { payload } : {}) })

async function book(token: string, at: { day: string; time: string }): Promise<{ statusCode: number; id?: string }> {
  const res = await inject('POST', '/api/appointments/public', token, {
    appointment: { event: { start: londonInstant(at.day, at.time), end: londonInstant(at.day, at.time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
  })
  return { statusCode: res.statusCode, id: res.statusCode === 200 ? res.json().appointment.id : undefined }
}

/** Holds a slot, makes its deposit invoice and opens the card payment (a PaymentIntent). */
async function startDepositPayment() {
  const at = slots[slot++]
  const held = await book(demo, at)
  expect(held.statusCode).toBe(200)
  const invoice = await inject('POST', '/api/invoice/create', demo, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId: held.id, origin: 'SALE', description: 'Invoice for Booking Deposit' })
  expect(invoice.statusCode, invoice.body).toBe(200)
  const { id: invoiceId, amount } = invoice.json()
  const paid = await inject('POST', `/api/invoice/${invoiceId}/pay`, demo, { payments: [{ value: amount, type: 'Card', coherentPaymentFlag: true }], invoice: invoiceId, idempotencyKey: `${invoiceId}:card` })
  expect(paid.statusCode, paid.body).toBe(200)
  const started = paid.json() as { transactionId: string; paymentUrl: string; clientSecret?: string }
  return { at, appointmentId: held.id!, invoiceId, amount: amount as number, ...started }
}

function deliver(type: string, transactionId: string, eventId?: string, signature?: string) {
  const payload = mock.event(type, mock.intents.get(transactionId)!, eventId)
  return t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature ?? mock.sign(payload) }, payload })
}

const appointmentStatus = async (id: string) => (await t.db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
/** Mails to an address, once pending notices have become mails (as the app's sweep does). */
const mailsTo = async (email: string, subject: string) => {
  await t.app.deps.mail.flush()
  return (await t.db.selectFrom('outbox').select(['subject', 'text', 'html']).where('to_address', '=', email).execute()).filter((m) => m.subject.startsWith(subject))
}
const requestsTo = (path: string) => mock.requests.filter((r) => r.method === 'POST' && r.path === path)

describe('Stripe webhooks settle payments without a poll', () => {
  it('books with a deposit: the PaymentIntent is in the organisation currency, in minor units', async () => {
    const payment = await startDepositPayment()
    expect(payment.transactionId).toMatch(/^pi_/)
    const intent = mock.intents.get(payment.transactionId)!
    expect(intent).toMatchObject({ amount: Math.round(payment.amount * 100), currency: 'gbp', capture_method: 'manual', metadata: { tenant: 'demo', reference: payment.invoiceId } })
    // What the Payment Element needs, to the invoice's customer only.
    expect(payment.clientSecret).toBe(intent.client_secret)
    expect(payment.paymentUrl).toBe(`/pay/stripe/${payment.transactionId}`)
    const state = await inject('POST', `/api/invoice/${payment.invoiceId}/has-payment-intent`, demo)
    expect(state.json()).toEqual({ hasPaymentIntent: true, transactionId: payment.transactionId, paymentUrl: payment.paymentUrl, clientSecret: intent.client_secret })
    expect((await inject('POST', `/api/invoice/${payment.invoiceId}/has-payment-intent`, other)).statusCode).toBe(403)
  })

  it('a signed payment_intent.amount_capturable_updated schedules the appointment once; duplicates and later events change nothing', async () => {
    const before = (await mailsTo(DEMO_CUSTOMER.email, 'Booking confirmed')).length
    const payment = await startDepositPayment()
    mock.confirmInBrowser(payment.transactionId, 'visa')
    expect(await appointmentStatus(payment.appointmentId)).toBe('Pending')

    const first = await deliver('payment_intent.amount_capturable_updated', payment.transactionId, 'evt_capturable_1')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ received: true, outcome: 'Paid' })
    expect(await appointmentStatus(payment.appointmentId)).toBe('Scheduled')
    expect(mock.intents.get(payment.transactionId)!.status).toBe('succeeded')

    // The same event again (Stripe retries), then the later succeeded event: nothing more happens.
    const again = await deliver('payment_intent.amount_capturable_updated', payment.transactionId, 'evt_capturable_1')
    expect(again.json()).toEqual({ received: true, outcome: 'Duplicate' })
    expect((await deliver('payment_intent.succeeded', payment.transactionId)).json()).toEqual({ received: true, outcome: 'Paid' })
    expect(requestsTo(`/v1/payment_intents/${payment.transactionId}/capture`)).toHaveLength(1)
    expect((await mailsTo(DEMO_CUSTOMER.email, 'Booking confirmed')).length).toBe(before + 1)
    const invoice = await inject('GET', `/api/invoices/${payment.invoiceId}`, demo)
    expect(invoice.json()).toMatchObject({ paymentStatus: 'Paid' })
  })

  it('the same event delivered to two instances at once is handled once', async () => {
    const payment = await startDepositPayment()
    mock.confirmInBrowser(payment.transactionId)
    const [a, b] = await Promise.all([
      deliver('payment_intent.amount_capturable_updated', payment.transactionId, 'evt_parallel'),
      deliver('payment_intent.amount_capturable_updated', payment.transactionId, 'evt_parallel'),
    ])
    expect([a.json().outcome, b.json().outcome].sort()).toEqual(['Duplicate', 'Paid'])
    expect(await appointmentStatus(payment.appointmentId)).toBe('Scheduled')
    const rows = await t.db.selectFrom('commerce_webhook_events' as never).selectAll().where('event_id' as never, '=', 'evt_parallel' as never).execute()
    expect(rows).toHaveLength(1)
  })

  it('an event that arrives before the customer confirmed leaves the payment open; the next one settles it', async () => {
    const payment = await startDepositPayment()
    const early = await deliver('payment_intent.created', payment.transactionId)
    expect(early.json()).toEqual({ received: true, outcome: 'Open' })
    mock.confirmInBrowser(payment.transactionId, 'incorrect_cvc')
    expect((await deliver('payment_intent.payment_failed', payment.transactionId)).json()).toEqual({ received: true, outcome: 'Open' })
    const check = await inject('GET', `/api/coherence/check-payment/${payment.transactionId}`)
    expect(check.json()).toEqual({ isPaid: false, status: 'declined', message: 'CVV is not correct.' })
    mock.confirmInBrowser(payment.transactionId, 'visa')
    expect((await deliver('payment_intent.amount_capturable_updated', payment.transactionId)).json().outcome).toBe('Paid')
    expect(await appointmentStatus(payment.appointmentId)).toBe('Scheduled')
  })

  it('refuses a bad signature, a missing one and a body signed with another secret', async () => {
    const payment = await startDepositPayment()
    mock.confirmInBrowser(payment.transactionId)
    const payload = mock.event('payment_intent.amount_capturable_updated', mock.intents.get(payment.transactionId)!)
    const forged = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': mock.sign(payload, 'whsec_wrong') }, payload })
    expect(forged.statusCode).toBe(400)
    const tampered = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': mock.sign(payload) },
      payload: payload.replace('"livemode":false', '"livemode":true'),
    })
    expect(tampered.statusCode).toBe(400)
    const unsigned = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json' }, payload })
    expect(unsigned.statusCode).toBe(400)
    expect(await appointmentStatus(payment.appointmentId)).toBe('Pending')
    expect(requestsTo(`/v1/payment_intents/${payment.transactionId}/capture`)).toHaveLength(0)
  })

  it('a payment authorized after the hold expired and the slot was taken is cancelled, and the customer is told', async () => {
    const payment = await startDepositPayment()
    offsetMs = (t.config.holdSeconds + 60) * 1000
    const taken = await book(other, payment.at)
    expect(taken.statusCode).toBe(200)
    mock.confirmInBrowser(payment.transactionId, 'visa')
    const res = await deliver('payment_intent.amount_capturable_updated', payment.transactionId)
    expect(res.json()).toEqual({ received: true, outcome: 'Returned' })
    expect(mock.intents.get(payment.transactionId)!.status).toBe('canceled')
    expect(requestsTo(`/v1/payment_intents/${payment.transactionId}/capture`)).toHaveLength(0)
    expect(await appointmentStatus(payment.appointmentId)).not.toBe('Scheduled')
    expect((await inject('GET', `/api/invoices/${payment.invoiceId}`, demo)).json()).toMatchObject({ paymentStatus: 'Void' })
    // A second event about the same payment does not mail again.
    expect((await deliver('payment_intent.canceled', payment.transactionId)).json().outcome).toBe('Returned')
    const mails = await mailsTo(DEMO_CUSTOMER.email, 'Your payment was cancelled')
    expect(mails).toHaveLength(1)
    expect(mails[0].text).toContain('you have not been charged')
  })

  it('a payment captured after the hold expired and the slot was taken is refunded automatically, and the customer is told', async () => {
    const payment = await startDepositPayment()
    offsetMs = (t.config.holdSeconds + 60) * 1000
    expect((await book(other, payment.at)).statusCode).toBe(200)
    mock.confirmInBrowser(payment.transactionId, 'visa')
    // Captured at Stripe already (e.g. from the Dashboard) before our webhook ran.
    Object.assign(mock.intents.get(payment.transactionId)!, { status: 'succeeded', amount_received: mock.intents.get(payment.transactionId)!.amount })
    const res = await deliver('payment_intent.succeeded', payment.transactionId)
    expect(res.json()).toEqual({ received: true, outcome: 'Returned' })
    const refunds = requestsTo('/v1/refunds').filter((r) => r.body.payment_intent === payment.transactionId)
    expect(refunds).toHaveLength(1)
    expect(refunds[0].idempotencyKey).toBe(`demo:refund:${payment.transactionId}`)
    expect((await inject('GET', `/api/invoices/${payment.invoiceId}`, demo)).json()).toMatchObject({ paymentStatus: 'Refund' })
    // One mail, from settle() (the poll and the reconciler send the same one), none from the webhook path.
    const mails = await mailsTo(DEMO_CUSTOMER.email, REFUND_SUBJECT)
    expect(mails).toHaveLength(1)
    expect(mails[0].text).toContain(`Your payment of £${payment.amount.toFixed(2)}`)
    // The branded layout (MJML) of the same paragraphs, as every other mail.
    expect(mails[0].html).toContain('@media')
    expect(mails[0].html).toContain(`Your payment of £${payment.amount.toFixed(2)}`)
    expect(await mailsTo(DEMO_CUSTOMER.email, 'Your payment was refunded')).toHaveLength(0)
  })

  it('card setup through the API is a Stripe SetupIntent, read back in its three states by client secret', async () => {
    for (const status of ['succeeded', 'processing', 'requires_payment_method'] as const) {
      const created = await inject('POST', '/api/card-setup-intents', demo, { customerId: DEMO.customerDemo })
      expect(created.statusCode, created.body).toBe(200)
      const intent = created.json()
      expect(intent).toMatchObject({ status: 'requires_payment_method', customerId: DEMO.customerDemo })
      expect(intent.setupUrl).toBeUndefined()
      const pm = mock.completeSetup(intent.id, status)
      const read = await inject('GET', `/api/card-setup-intents/${encodeURIComponent(intent.clientSecret)}`, demo)
      expect(read.json()).toMatchObject({ id: intent.id, status, ...(status === 'succeeded' ? { card: { id: pm, last_4: '4242' } } : {}) })
    }
    const cards = await inject('GET', `/api/square/get-customer-cards/${DEMO.customerDemo}`, demo)
    expect(cards.json().map((c: { last_4: string }) => c.last_4)).toContain('4242')
  })

  it('tells the client the processor and its publishable key, never the secret keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' })
    expect(res.json()).toEqual({ processor: 'stripe', publishableKey: 'pk_test_mock' })
    const seller = await inject('GET', '/api/square/get-seller')
    expect(seller.json()).toMatchObject({ provider: 'stripe', applicationId: 'pk_test_mock' })
    expect(seller.body).not.toContain('sk_test_mock')
    expect(seller.body).not.toContain(mock.webhookSecret)
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/square', headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(404)
  })

  it('lets the browser load Stripe.js and the Payment Element frames (Content-Security-Policy)', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/public/organisations' })).headers['content-security-policy'])
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/)
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com[^;]*https:\/\/hooks\.stripe\.com/)
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/)
    expect(csp).not.toContain('squarecdn')
  })
})

describe("card setup: the customer's 'default' choice", () => {
  type Card = { id: string; last_4: string; isDefaultCard: boolean }
  const cardsOf = async (): Promise<Card[]> => (await inject('GET', `/api/square/get-customer-cards/${DEMO.customerOther}`, other)).json()
  const defaults = async () => (await cardsOf()).filter((c) => c.isDefaultCard).map((c) => c.id)
  /** What the client does when the customer confirms the card: the SetupIntent, with the box as ticked. */
  const startSetup = async (isDefaultCard?: boolean) => {
    const created = await inject('POST', '/api/card-setup-intents', other, { customerId: DEMO.customerOther, ...(isDefaultCard === undefined ? {} : { isDefaultCard }) })
    expect(created.statusCode, created.body).toBe(200)
    return created.json() as { id: string; clientSecret: string; isDefaultCard?: boolean }
  }
  /** The result dialog's read, as after Stripe's redirect back to /app: a new page, no client state, no token. */
  const result = async (clientSecret: string) => (await inject('GET', `/api/card-setup-intents/${encodeURIComponent(clientSecret)}`)).json()
  const deliverSetup = (setupIntentId: string, eventId?: string) => {
    const payload = mock.event('setup_intent.succeeded', mock.setupIntents.get(setupIntentId)!, eventId)
    return t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': mock.sign(payload) }, payload })
  }
  /** A customer with one card, the default (the first card is, ticked or not). */
  async function withOneCard(): Promise<string> {
    const existing = await cardsOf()
    if (existing.length) await inject('DELETE', `/api/square/delete-customer-cards/${DEMO.customerOther}`, other, { cards: existing.map((c) => ({ id: c.id })) })
    const first = await startSetup(false)
    const card = mock.completeSetup(first.id, 'succeeded', 'visa')!
    expect((await result(first.clientSecret)).card).toMatchObject({ id: card, isDefaultCard: true })
    expect(await defaults()).toEqual([card])
    return card
  }

  it("a second card set up with 'default' ticked becomes the default, also when the result is read after a redirect", async () => {
    const old = await withOneCard()
    const setup = await startSetup(true)
    expect(setup.isDefaultCard).toBe(true)
    const card = mock.completeSetup(setup.id, 'succeeded', 'mastercard')!
    expect(await result(setup.clientSecret)).toMatchObject({ status: 'succeeded', isDefaultCard: true, card: { id: card, last_4: '4444', isDefaultCard: true } })
    const cards = await cardsOf()
    expect(cards.find((c) => c.id === card)?.isDefaultCard).toBe(true)
    expect(cards.find((c) => c.id === old)?.isDefaultCard).toBe(false)
  })

  it("without the tick the old default stays", async () => {
    const old = await withOneCard()
    for (const isDefaultCard of [false, undefined]) {
      const setup = await startSetup(isDefaultCard)
      const card = mock.completeSetup(setup.id, 'succeeded', 'mastercard')!
      expect(await result(setup.clientSecret)).toMatchObject({ status: 'succeeded', isDefaultCard: false, card: { id: card, isDefaultCard: false } })
      expect(await defaults()).toEqual([old])
    }
  })

  it('the choice is applied once: reading the result again later leaves a default the customer changed since', async () => {
    const old = await withOneCard()
    const setup = await startSetup(true)
    const card = mock.completeSetup(setup.id, 'succeeded', 'mastercard')!
    await result(setup.clientSecret)
    expect(await defaults()).toEqual([card])
    await inject('PUT', `/api/customers/default-card/${DEMO.customerOther}`, other, { cardId: old })
    expect(await result(setup.clientSecret)).toMatchObject({ isDefaultCard: true, card: { id: card, isDefaultCard: false } })
    expect(await defaults()).toEqual([old])
  })

  it("still processing: nothing yet; the choice holds until Stripe says succeeded", async () => {
    const old = await withOneCard()
    const setup = await startSetup(true)
    const card = mock.completeSetup(setup.id, 'processing', 'mastercard')!
    expect(await result(setup.clientSecret)).toMatchObject({ status: 'processing' })
    expect(await defaults()).toEqual([old])
    mock.setupIntents.get(setup.id)!.status = 'succeeded'
    expect(await result(setup.clientSecret)).toMatchObject({ status: 'succeeded', card: { id: card, isDefaultCard: true } })
  })

  it("setup_intent.succeeded applies the choice when no browser comes back to read the result; once per event", async () => {
    const old = await withOneCard()
    const setup = await startSetup(true)
    const card = mock.completeSetup(setup.id, 'succeeded', 'mastercard')!
    const first = await deliverSetup(setup.id, 'evt_setup_1')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ received: true, outcome: 'CardSetup' })
    expect(await defaults()).toEqual([card])
    expect((await deliverSetup(setup.id, 'evt_setup_1')).json()).toEqual({ received: true, outcome: 'Duplicate' })
    // The customer changes the default; a late redelivery under a new id and the result dialog change nothing.
    await inject('PUT', `/api/customers/default-card/${DEMO.customerOther}`, other, { cardId: old })
    expect((await deliverSetup(setup.id)).json()).toEqual({ received: true, outcome: 'CardSetup' })
    expect((await result(setup.clientSecret)).card).toMatchObject({ id: card, isDefaultCard: false })
    expect(await defaults()).toEqual([old])
  })

  it('another customer cannot start a setup with a choice for this one', async () => {
    expect((await inject('POST', '/api/card-setup-intents', demo, { customerId: DEMO.customerOther, isDefaultCard: true })).statusCode).toBe(403)
  })
})

describe('declines metrics', () => {
  const declines = async (reason: string, code: string) => sampleOf(await processRegistry.metrics(), 'clinic_card_declines_total', { processor: 'stripe', reason, code })

  it('a card refused in the browser is counted once from payment_intent.payment_failed, by reason and decline code', async () => {
    const { transactionId, appointmentId } = await startDepositPayment()
    const [before, other] = [await declines('cvv', 'incorrect_cvc'), await declines('expiry', 'incorrect_cvc')]
    expect(mock.confirmInBrowser(transactionId, 'incorrect_cvc')).toMatchObject({ status: 'requires_payment_method' })
    const first = await deliver('payment_intent.payment_failed', transactionId, 'evt_declined_1')
    expect(first.statusCode, first.body).toBe(200)
    expect((await deliver('payment_intent.payment_failed', transactionId, 'evt_declined_1')).json()).toMatchObject({ outcome: 'Duplicate' })
    expect(await declines('cvv', 'incorrect_cvc')).toBe(before + 1)
    expect(await declines('expiry', 'incorrect_cvc')).toBe(other)
    expect(await appointmentStatus(appointmentId)).toBe('Pending')
  })

  it('a stored card refused when the server charges it is counted once, from the webhook Stripe sends for it', async () => {
    const { transactionId, invoiceId, amount, appointmentId } = await startDepositPayment()
    const setup = (await inject('POST', '/api/card-setup-intents', demo, { customerId: DEMO.customerDemo })).json()
    const card = mock.completeSetup(setup.id, 'succeeded', 'expired_card')!
    const before = await declines('expiry', 'expired_card')
    const charged = await inject('POST', `/api/invoice/${invoiceId}/pay`, demo, { payments: [{ value: amount, type: 'Card', coherentPaymentFlag: true, cardData: { cardId: card } }], invoice: invoiceId })
    expect(charged.statusCode).toBe(400)
    expect(charged.json().message).toBe('Expiry date is not correct.')
    expect(await declines('expiry', 'expired_card')).toBe(before)
    expect((await deliver('payment_intent.payment_failed', transactionId, 'evt_declined_2')).statusCode).toBe(200)
    expect(await declines('expiry', 'expired_card')).toBe(before + 1)
    expect(await appointmentStatus(appointmentId)).toBe('Pending')
  })
})
