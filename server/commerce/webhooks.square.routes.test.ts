/**
 * Card payments through the Square adapter (CARD_PROCESSOR=square) against a local Square API:
 * a card nonce from the Web Payments SDK pays the deposit; Square's payment.updated webhook
 * settles a payment nobody settled yet, once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { commerceDeps } from './commerce.module'
import { londonInstant, londonWorkdays } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { SquareMock, TEST_NONCES } from '../square-processor/testing/square-mock'
import { SQUARE_WEBHOOK_PATH } from './webhooks.routes'
import { processRegistry } from '../observability/metrics'
import { sampleOf } from '../observability/prometheus-text'

const WEBHOOK_URL = 'https://clinic.example.com/api/webhooks/square'
let t: TestServer
let mock: SquareMock
let demo: string

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
})
afterAll(async () => {
  await t.close()
  await mock.stop()
  vi.unstubAllEnvs()
})

const slots = londonWorkdays(6, 2).flatMap((day) => ['09:00', '09:30', '10:00', '10:30'].map((time) => ({ day, time })))
let slot = 0

const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? t.auth(token) : {}, ...(payload ? { payload } : {}) })

async function depositInvoice() {
  const { day, time } = slots[slot++]
  const held = await inject('POST', '/api/appointments/public', demo, {
    appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
  })
  expect(held.statusCode, held.body).toBe(200)
  const appointmentId = held.json().appointment.id as string
  const invoice = await inject('POST', '/api/invoice/create', demo, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId, origin: 'SALE', description: 'Invoice for Booking Deposit' })
  expect(invoice.statusCode, invoice.body).toBe(200)
  return { appointmentId, invoiceId: invoice.json().id as string, amount: invoice.json().amount as number }
}

const appointmentStatus = async (id: string) => (await t.db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
const squarePaymentOf = async (transactionId: string) =>
  (await t.db.selectFrom('commerce_square_payments' as never).select('square_payment_id' as never).where('transaction_id' as never, '=', transactionId as never).executeTakeFirstOrThrow()) as { square_payment_id: string }

function deliver(body: string, signature = mock.sign(WEBHOOK_URL, body)) {
  return t.app.inject({ method: 'POST', url: SQUARE_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': signature }, payload: body })
}

const declines = async (code: string, reason: string) => sampleOf(await processRegistry.metrics(), 'clinic_card_declines_total', { processor: 'square', reason, code })

describe('Square payments and webhooks', () => {
  it('pays a deposit with a Web Payments SDK nonce: Square payment in minor units, completed, appointment Scheduled', async () => {
    const { appointmentId, invoiceId, amount } = await depositInvoice()
    const paid = await inject('POST', `/api/invoice/${invoiceId}/pay`, demo, { payments: [{ value: amount, type: 'Card', coherentPaymentFlag: true, cardData: { cardId: TEST_NONCES.ok.nonce } }], invoice: invoiceId })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(await appointmentStatus(appointmentId)).toBe('Scheduled')
    const { square_payment_id } = await squarePaymentOf(paid.json().transactionId)
    expect(mock.payments.get(square_payment_id)).toMatchObject({ status: 'COMPLETED', amount_money: { amount: Math.round(amount * 100), currency: 'GBP' } })
  })

  it('a declined nonce answers the spec text and books nothing', async () => {
    const { appointmentId, invoiceId, amount } = await depositInvoice()
    const before = await declines('ADDRESS_VERIFICATION_FAILURE', 'postal_code')
    const paid = await inject('POST', `/api/invoice/${invoiceId}/pay`, demo, { payments: [{ value: amount, type: 'Card', coherentPaymentFlag: true, cardData: { cardId: TEST_NONCES.postalCode.nonce } }], invoice: invoiceId })
    expect(paid.statusCode).toBe(400)
    expect(paid.json().message).toBe('Postal code is not correct.')
    expect(await appointmentStatus(appointmentId)).toBe('Pending')
    expect(await declines('ADDRESS_VERIFICATION_FAILURE', 'postal_code')).toBe(before + 1)
  })

  it('payment.updated settles an approved payment nobody settled, once; a bad signature is refused', async () => {
    const { appointmentId, invoiceId, amount } = await depositInvoice()
    const started = await inject('POST', `/api/invoice/${invoiceId}/pay`, demo, { payments: [{ value: amount, type: 'Card', coherentPaymentFlag: true }], invoice: invoiceId })
    expect(started.statusCode, started.body).toBe(200)
    const { transactionId, paymentUrl } = started.json()
    expect(paymentUrl).toBe(`/pay/square/${transactionId}`)
    // The card was charged, but the instance that did it stopped before settling.
    const charged = await commerceDeps(t.app.deps).processor.chargeStoredCard({ tenant: 'demo' }, transactionId, DEMO.customerDemo, `${TEST_NONCES.ok.nonce}-late`)()
    expect(charged._tag).toBe('Right')
    expect(await appointmentStatus(appointmentId)).toBe('Pending')

    const { square_payment_id } = await squarePaymentOf(transactionId)
    const body = mock.event(square_payment_id, 'sq-evt-1')
    expect((await deliver(body, mock.sign('https://evil.example/hook', body))).statusCode).toBe(400)
    expect((await deliver(body, mock.sign(WEBHOOK_URL, body, 'not-the-key'))).statusCode).toBe(400)
    expect(await appointmentStatus(appointmentId)).toBe('Pending')

    const first = await deliver(body)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ received: true, outcome: 'Paid' })
    expect(await appointmentStatus(appointmentId)).toBe('Scheduled')
    expect(mock.payments.get(square_payment_id)!.status).toBe('COMPLETED')
    expect((await deliver(body)).json()).toEqual({ received: true, outcome: 'Duplicate' })
    expect(mock.requests.filter((r) => r.path === `/v2/payments/${square_payment_id}/complete`)).toHaveLength(1)
  })

  it('gives the client the application and location ids, never the access token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' })
    expect(res.json()).toEqual({ processor: 'square', applicationId: 'sandbox-sq0idb-app', locationId: mock.locationId, environment: 'sandbox' })
    expect(res.body).not.toContain(mock.accessToken)
    expect(res.body).not.toContain(mock.signatureKey)
  })
})

describe('Square cards on file (no setup intents)', () => {
  it('POST /card-setup-intents tells the client to tokenise and post the nonce to the cards-on-file call', async () => {
    const setup = await inject('POST', '/api/card-setup-intents', demo, { customerId: DEMO.customerDemo })
    expect(setup.statusCode, setup.body).toBe(200)
    expect(setup.json()).toEqual({ id: 'card-on-file', clientSecret: 'card-on-file', status: 'requires_payment_method', customerId: DEMO.customerDemo, addCardPath: '/square/add-customer-card' })
    expect((await inject('GET', '/api/card-setup-intents/card-on-file', demo)).statusCode).toBe(404)

    const added = await inject('POST', `/api${setup.json().addCardPath}`, demo, { cardNonce: `${TEST_NONCES.ok.nonce}-setup`, customerId: DEMO.customerDemo, isDefaultCard: true })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json()).toMatchObject({ isDefaultCard: true, last_4: expect.stringMatching(/^\d{4}$/) })
    const cards = await inject('GET', `/api/square/get-customer-cards/${DEMO.customerDemo}`, demo)
    expect(cards.json().map((c: { id: string }) => c.id)).toContain(added.json().id)
  })

  it("the 'default' box goes with the nonce: ticked, the new card is the default; unticked, the old default stays", async () => {
    const add = async (name: string, isDefaultCard: boolean) => {
      const added = await inject('POST', '/api/square/add-customer-card', demo, { cardNonce: `${TEST_NONCES.ok.nonce}-${name}`, customerId: DEMO.customerDemo, isDefaultCard })
      expect(added.statusCode, added.body).toBe(200)
      return added.json() as { id: string; isDefaultCard: boolean }
    }
    const defaults = async () => (await inject('GET', `/api/square/get-customer-cards/${DEMO.customerDemo}`, demo)).json().filter((c: { isDefaultCard: boolean }) => c.isDefaultCard).map((c: { id: string }) => c.id)
    const first = await add('default-a', true)
    expect(await defaults()).toEqual([first.id])
    expect(await add('default-b', false)).toMatchObject({ isDefaultCard: false })
    expect(await defaults()).toEqual([first.id])
    const third = await add('default-c', true)
    expect(third.isDefaultCard).toBe(true)
    expect(await defaults()).toEqual([third.id])
  })

  it('a refused card is not stored: the spec text, and one decline counted for Square with its code', async () => {
    const before = await declines('CVV_FAILURE', 'cvv')
    const cardsBefore = (await inject('GET', `/api/square/get-customer-cards/${DEMO.customerDemo}`, demo)).json().length
    const added = await inject('POST', '/api/square/add-customer-card', demo, { cardNonce: TEST_NONCES.cvv.nonce, customerId: DEMO.customerDemo })
    expect(added.statusCode).toBe(400)
    expect(added.json().message).toBe('CVV is not correct.')
    expect(await declines('CVV_FAILURE', 'cvv')).toBe(before + 1)
    expect((await inject('GET', `/api/square/get-customer-cards/${DEMO.customerDemo}`, demo)).json()).toHaveLength(cardsBefore)
  })
})
