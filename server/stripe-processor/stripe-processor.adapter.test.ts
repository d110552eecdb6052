/**
 * The Stripe adapter with the official SDK against a local Stripe API (testing/stripe-mock.ts):
 * real HTTP on 127.0.0.1, the SDK's own request code.
 */
import * as E from 'fp-ts/Either'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARD_ERROR_MESSAGES, NOT_CONNECTED_MESSAGE, type ProcessorPayment } from '../commerce/card-processor.port'
import type { Db } from '../db/schema'
import { commerceTestDb } from '../commerce/testing/commerce-test-db'
import { StripeProcessor } from './stripe-processor.adapter'
import { StripeMock, type TestCard } from './testing/stripe-mock'

let db: Db
let close: () => Promise<void>
let mock: StripeMock
let stripe: StripeProcessor
const scope = { tenant: 'demo' }
let n = 0

beforeAll(async () => {
  ;({ db, close } = await commerceTestDb())
  mock = await new StripeMock().start()
  stripe = new StripeProcessor({
    db: db,
    config: { name: 'stripe', secretKey: 'sk_test_mock', publishableKey: 'pk_test_mock', webhookSecret: mock.webhookSecret, apiBase: new URL(mock.baseUrl) },
  })
})
afterAll(async () => {
  await mock.stop()
  await close()
})

const right = <T>(result: E.Either<{ message: string }, T>): T => {
  if (E.isLeft(result)) throw new Error(result.left.message)
  return result.right
}

async function open(amount = 36, currency = 'GBP', tenant = scope.tenant): Promise<string> {
  const created = right(await stripe.createPayment({ tenant }, { amount, currency, reference: `inv${++n}`, idempotencyKey: `invoice:inv${n}:0` })())
  return created.transactionId
}

describe('Stripe adapter: payments', () => {
  it('creates a manual-capture PaymentIntent in minor units with an idempotency key, once per key', async () => {
    const input = { amount: 19.99, currency: 'GBP', reference: 'inv-a', idempotencyKey: 'invoice:inv-a:0', description: 'Invoice for Booking Deposit' }
    const a = right(await stripe.createPayment(scope, input)())
    const b = right(await stripe.createPayment(scope, input)())
    expect(b.transactionId).toBe(a.transactionId)
    expect(a.paymentUrl).toBe(`/pay/stripe/${a.transactionId}`)
    const intent = mock.intents.get(a.transactionId)!
    expect(intent).toMatchObject({ amount: 1999, currency: 'gbp', capture_method: 'manual', metadata: { tenant: 'demo', reference: 'inv-a' } })
    const creates = mock.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
    expect(creates.slice(-2).map((r) => r.idempotencyKey)).toEqual(['demo:pay:invoice:inv-a:0', 'demo:pay:invoice:inv-a:0'])
    expect(await stripe.clientSecretOf(scope, a.transactionId)).toBe(intent.client_secret)
    expect(await stripe.clientSecretOf({ tenant: 'other' }, a.transactionId)).toBeUndefined()
  })

  it.each([
    ['GBP', 0.1 + 0.2, 30],
    ['USD', 19.99, 1999],
    ['EUR', 4.35, 435],
    ['AUD', 1234.56, 123456],
  ])('sends %s %d as %d minor units and reads it back exactly', async (currency, amount, minor) => {
    const transactionId = await open(amount, currency)
    expect(mock.intents.get(transactionId)).toMatchObject({ amount: minor, currency: currency.toLowerCase() })
    expect(right(await stripe.status(scope, transactionId)())).toMatchObject({ status: 'open', amount: Number(amount.toFixed(2)), currency })
  })

  it('confirm → authorized, capture once (idempotent), refund once', async () => {
    const transactionId = await open()
    mock.confirmInBrowser(transactionId, 'visa')
    expect(right(await stripe.status(scope, transactionId)()).status).toBe('authorized')
    const captured = right(await stripe.capture(scope, transactionId)())
    expect(captured).toMatchObject<Partial<ProcessorPayment>>({ status: 'captured', amount: 36, currency: 'GBP' })
    expect(right(await stripe.capture(scope, transactionId)()).status).toBe('captured')
    const captures = mock.requests.filter((r) => r.path === `/v1/payment_intents/${transactionId}/capture`)
    expect(captures).toHaveLength(1)
    expect(captures[0].idempotencyKey).toBe(`demo:capture:${transactionId}`)
    expect(right(await stripe.refund(scope, transactionId)()).status).toBe('refunded')
    expect(right(await stripe.refund(scope, transactionId)()).status).toBe('refunded')
    const refunds = mock.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === transactionId)
    expect(refunds.map((r) => r.idempotencyKey)).toEqual([`demo:refund:${transactionId}`])
  })

  it('voids an authorized payment and refuses to capture it afterwards', async () => {
    const transactionId = await open()
    mock.confirmInBrowser(transactionId)
    expect(right(await stripe.void(scope, transactionId)()).status).toBe('voided')
    const capture = await stripe.capture(scope, transactionId)()
    expect(E.isLeft(capture) && capture.left._tag).toBe('InvalidState')
  })

  it.each<[TestCard, string]>([
    ['incorrect_number', CARD_ERROR_MESSAGES.card_number],
    ['expired_card', CARD_ERROR_MESSAGES.expiry],
    ['incorrect_cvc', CARD_ERROR_MESSAGES.cvv],
    ['incorrect_zip', CARD_ERROR_MESSAGES.postal_code],
    ['card_declined', CARD_ERROR_MESSAGES.other],
  ])('a decline with %s shows the spec text on the payment', async (card, message) => {
    const transactionId = await open()
    mock.confirmInBrowser(transactionId, card)
    expect(right(await stripe.status(scope, transactionId)())).toMatchObject({ status: 'open', failureMessage: message })
  })

  it('another tenant, an unknown id and Stripe being down are answered in the port terms', async () => {
    const transactionId = await open()
    expect(E.isLeft(await stripe.status({ tenant: 'other' }, transactionId)())).toBe(true)
    const unknown = await stripe.status(scope, 'pi_doesnotexist')()
    expect(E.isLeft(unknown) && unknown.left._tag).toBe('UnknownTransaction')
    mock.failing = true
    try {
      const down = await new StripeProcessor({
        db: db,
        config: { name: 'stripe', secretKey: 'sk_test_mock', publishableKey: 'pk', webhookSecret: 'w', apiBase: new URL(mock.baseUrl) },
      }).createPayment(scope, { amount: 1, currency: 'GBP', reference: 'r', idempotencyKey: 'down' })()
      expect(down).toEqual(E.left({ _tag: 'NotConnected', message: NOT_CONNECTED_MESSAGE }))
      expect(await stripe.isConnected(scope)).toBe(false)
    } finally {
      mock.failing = false
    }
    expect(await stripe.isConnected(scope)).toBe(true)
  })
})

describe('Stripe adapter: stored cards and setup intents', () => {
  it('saves a card on a Stripe Customer made once, lists it and charges it', async () => {
    const customerId = 'cust-1'
    const card = right(await stripe.saveCard(scope, customerId, mock.createPaymentMethod('visa'))())
    expect(card).toMatchObject({ last_4: '4242', card_brand: 'VISA', exp_month: 12, exp_year: 2039 })
    right(await stripe.saveCard(scope, customerId, mock.createPaymentMethod('mastercard'))())
    expect(mock.requests.filter((r) => r.path === '/v1/customers' && r.body.metadata && (r.body.metadata as Record<string, string>).customer_id === customerId)).toHaveLength(1)
    expect((await stripe.listCards(scope, customerId)).map((c) => c.last_4)).toEqual(['4242', '4444'])
    expect(await stripe.listCards(scope, 'nobody')).toEqual([])

    const transactionId = await open(50)
    const charged = right(await stripe.chargeStoredCard(scope, transactionId, customerId, card.id)())
    expect(charged.status).toBe('authorized')
    expect(mock.intents.get(transactionId)).toMatchObject({ payment_method: card.id, status: 'requires_capture' })
    // A retried charge answers the authorized payment without a second confirm.
    expect(right(await stripe.chargeStoredCard(scope, transactionId, customerId, card.id)()).status).toBe('authorized')
    expect(mock.requests.filter((r) => r.path === `/v1/payment_intents/${transactionId}/confirm`)).toHaveLength(1)
  })

  it('refuses to save a bad card with the spec text, and to charge or delete another customer’s card', async () => {
    const saved = await stripe.saveCard(scope, 'cust-2', mock.createPaymentMethod('incorrect_cvc'))()
    expect(saved).toEqual(E.left({ _tag: 'CardDeclined', reason: 'cvv', message: CARD_ERROR_MESSAGES.cvv, code: 'incorrect_cvc' }))
    const mine = right(await stripe.saveCard(scope, 'cust-2', mock.createPaymentMethod('visa'))())
    const transactionId = await open()
    const theirs = await stripe.chargeStoredCard(scope, transactionId, 'cust-3', mine.id)()
    expect(E.isLeft(theirs) && theirs.left.message).toBe('Card not found.')
    expect(await stripe.deleteCard(scope, 'cust-3', mine.id)).toBe(false)
    expect(await stripe.deleteCard(scope, 'cust-2', mine.id)).toBe(true)
    expect(await stripe.listCards(scope, 'cust-2')).toEqual([])
  })

  it('a stored card that declines at charge time gives the spec text', async () => {
    const customerId = 'cust-4'
    right(await stripe.saveCard(scope, customerId, mock.createPaymentMethod('visa'))())
    const transactionId = await open()
    // Stripe.js attached a card that later declines (e.g. it expired since).
    const pm = mock.createPaymentMethod('expired_card')
    mock.methods.get(pm)!.customer = mock.methods.get((await stripe.listCards(scope, customerId))[0].id)!.customer
    const charged = await stripe.chargeStoredCard(scope, transactionId, customerId, pm)()
    expect(charged).toEqual(E.left({ _tag: 'CardDeclined', reason: 'expiry', message: CARD_ERROR_MESSAGES.expiry, code: 'expired_card' }))
  })

  it.each(['succeeded', 'processing', 'requires_payment_method'] as const)('reads a setup intent that ended %s', async (status) => {
    const customerId = `setup-${status}`
    const intent = await stripe.createSetupIntent(scope, customerId)
    expect(intent).toMatchObject({ status: 'requires_payment_method', customerId })
    expect(intent.clientSecret).toMatch(/^seti_.+_secret_/)
    const pm = mock.completeSetup(intent.clientSecret.replace(/_secret.*$/, ''), status)
    const read = await stripe.retrieveSetupIntent(scope, intent.clientSecret)
    expect(read).toEqual({ clientSecret: intent.clientSecret, status, customerId, ...(pm ? { cardId: pm } : {}) })
    if (status === 'succeeded') expect((await stripe.listCards(scope, customerId)).map((c) => c.id)).toEqual([pm])
    // The secret is the capability: the id with a wrong secret, or another tenant, finds nothing.
    expect(await stripe.retrieveSetupIntent(scope, intent.clientSecret.replace(/_secret_.*/, '_secret_wrong'))).toBeUndefined()
    expect(await stripe.retrieveSetupIntent({ tenant: 'other' }, intent.clientSecret)).toBeUndefined()
  })
})
