/**
 * The Square adapter with the official SDK against a local Square API (testing/square-mock.ts):
 * real HTTP on 127.0.0.1, the SDK's own request code.
 */
import * as E from 'fp-ts/Either'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARD_ERROR_MESSAGES } from '../commerce/card-processor.port'
import type { Db } from '../db/schema'
import { commerceTestDb } from '../commerce/testing/commerce-test-db'
import { SquareProcessor } from './square-processor.adapter'
import { verifySquareEvent } from './square-webhook'
import { SquareMock, TEST_NONCES } from './testing/square-mock'

let db: Db
let close: () => Promise<void>
let mock: SquareMock
let square: SquareProcessor
const scope = { tenant: 'demo' }
let n = 0

beforeAll(async () => {
  ;({ db, close } = await commerceTestDb())
  mock = await new SquareMock().start()
  square = new SquareProcessor({
    db: db,
    config: { name: 'square', accessToken: mock.accessToken, applicationId: 'sandbox-sq0idb-app', locationId: mock.locationId, webhookSignatureKey: mock.signatureKey, environment: 'sandbox', apiBase: mock.baseUrl },
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

async function open(amount = 36, currency = 'GBP'): Promise<string> {
  return right(await square.createPayment(scope, { amount, currency, reference: `inv${++n}`, idempotencyKey: `invoice:inv${n}:0` })()).transactionId
}

const squarePaymentOf = async (transactionId: string) =>
  (await db.selectFrom('commerce_square_payments').select('square_payment_id').where('transaction_id', '=', transactionId).executeTakeFirstOrThrow()).square_payment_id!

describe('Square adapter', () => {
  it('is connected to its location and gives the Web Payments SDK what it needs', async () => {
    expect(await square.isConnected()).toBe(true)
    expect(await square.seller(scope)).toEqual({ applicationId: 'sandbox-sq0idb-app', locationId: mock.locationId, tokenizerUrl: 'https://sandbox.web.squarecdn.com/v1/square.js' })
  })

  it.each([
    ['GBP', 19.99, 1999],
    ['USD', 0.1 + 0.2, 30],
    ['EUR', 4.35, 435],
    ['AUD', 120, 12000],
  ])('charges %s %d as %d minor units with a nonce, delayed capture, completes once, refunds once', async (currency, amount, minor) => {
    const transactionId = await open(amount, currency)
    expect(right(await square.status(scope, transactionId)()).status).toBe('open')
    const charged = right(await square.chargeStoredCard(scope, transactionId, 'cust-pay', TEST_NONCES.ok.nonce)())
    expect(charged).toMatchObject({ status: 'authorized', currency, amount: Number(amount.toFixed(2)) })
    const paymentId = await squarePaymentOf(transactionId)
    expect(mock.payments.get(paymentId)).toMatchObject({ amount_money: { amount: minor, currency }, status: 'APPROVED', location_id: mock.locationId })
    // A retried charge answers the same payment.
    expect(right(await square.chargeStoredCard(scope, transactionId, 'cust-pay', TEST_NONCES.ok.nonce)()).status).toBe('authorized')
    expect(mock.requests.filter((r) => r.path === '/v2/payments' && r.method === 'POST' && String(r.body.note).endsWith(transactionId))).toHaveLength(1)
    expect(right(await square.capture(scope, transactionId)()).status).toBe('captured')
    expect(right(await square.capture(scope, transactionId)()).status).toBe('captured')
    expect(mock.requests.filter((r) => r.path === `/v2/payments/${paymentId}/complete`)).toHaveLength(1)
    expect(right(await square.refund(scope, transactionId)()).status).toBe('refunded')
    expect(right(await square.refund(scope, transactionId)()).status).toBe('refunded')
    const refunds = mock.requests.filter((r) => r.path === '/v2/refunds' && r.body.payment_id === paymentId)
    expect(refunds).toHaveLength(1)
    expect(refunds[0].body).toMatchObject({ amount_money: { amount: minor, currency }, idempotency_key: expect.any(String) })
  })

  it.each([
    [TEST_NONCES.cardNumber.nonce, CARD_ERROR_MESSAGES.card_number],
    [TEST_NONCES.expiration.nonce, CARD_ERROR_MESSAGES.expiry],
    [TEST_NONCES.cvv.nonce, CARD_ERROR_MESSAGES.cvv],
    [TEST_NONCES.postalCode.nonce, CARD_ERROR_MESSAGES.postal_code],
    [TEST_NONCES.declined.nonce, CARD_ERROR_MESSAGES.other],
  ])('a decline with %s gives the spec text, and another card may follow', async (nonce, message) => {
    const transactionId = await open()
    const declined = await square.chargeStoredCard(scope, transactionId, 'cust-decline', nonce)()
    expect(E.isLeft(declined) && declined.left).toMatchObject({ _tag: 'CardDeclined', message })
    expect(right(await square.status(scope, transactionId)())).toMatchObject({ status: 'open', failureMessage: message })
    expect(right(await square.chargeStoredCard(scope, transactionId, 'cust-decline', TEST_NONCES.ok.nonce)()).status).toBe('authorized')
  })

  it('voids before and after a card was given', async () => {
    const untouched = await open()
    expect(right(await square.void(scope, untouched)()).status).toBe('voided')
    const authorized = await open()
    right(await square.chargeStoredCard(scope, authorized, 'cust-void', TEST_NONCES.ok.nonce)())
    expect(right(await square.void(scope, authorized)()).status).toBe('voided')
    expect(mock.payments.get(await squarePaymentOf(authorized))!.status).toBe('CANCELED')
  })

  it('stores cards on file for a Square customer made once, charges one, refuses another customer’s', async () => {
    const card = right(await square.saveCard(scope, 'cust-cof', `${TEST_NONCES.ok.nonce}-a`)())
    expect(card).toMatchObject({ last_4: '1111', card_brand: 'VISA', exp_month: 12, exp_year: 2039 })
    expect(card.id).toMatch(/^ccof:/)
    const second = right(await square.saveCard(scope, 'cust-cof', `${TEST_NONCES.ok.nonce}-b`)())
    expect(mock.requests.filter((r) => r.path === '/v2/customers' && r.body.reference_id === 'cust-cof')).toHaveLength(1)
    expect((await square.listCards(scope, 'cust-cof')).map((c) => c.id)).toEqual([card.id, second.id])
    expect(await square.listCards(scope, 'nobody')).toEqual([])
    const saved = await square.saveCard(scope, 'cust-cof', TEST_NONCES.cvv.nonce)()
    expect(E.isLeft(saved) && saved.left.message).toBe(CARD_ERROR_MESSAGES.cvv)

    const transactionId = await open(50)
    const theirs = await square.chargeStoredCard(scope, transactionId, 'cust-other', card.id)()
    expect(E.isLeft(theirs) && theirs.left.message).toBe('Card not found.')
    expect(right(await square.chargeStoredCard(scope, transactionId, 'cust-cof', card.id)()).status).toBe('authorized')
    expect(mock.payments.get(await squarePaymentOf(transactionId))).toMatchObject({ customer_id: mock.cards.get(card.id)!.customer_id, status: 'APPROVED' })

    expect(await square.deleteCard(scope, 'cust-other', card.id)).toBe(false)
    expect(await square.deleteCard(scope, 'cust-cof', card.id)).toBe(true)
    expect((await square.listCards(scope, 'cust-cof')).map((c) => c.id)).toEqual([second.id])
  })

  it('verifies webhooks with the SDK: a good signature names our payment, a bad one is refused', async () => {
    const transactionId = await open()
    right(await square.chargeStoredCard(scope, transactionId, 'cust-hook', `${TEST_NONCES.ok.nonce}-hook`)())
    const url = 'https://clinic.example.com/api/webhooks/square'
    const body = mock.event(await squarePaymentOf(transactionId), 'evt-square-1')
    const good = await verifySquareEvent(db, Buffer.from(body), mock.sign(url, body), mock.signatureKey, url)
    expect(good).toEqual(E.right({ id: 'evt-square-1', type: 'payment.updated', payment: { tenant: 'demo', transactionId, expectsSettlement: true } }))
    const wrongKey = await verifySquareEvent(db, Buffer.from(body), mock.sign(url, body, 'other-key'), mock.signatureKey, url)
    expect(wrongKey).toEqual(E.left('Invalid signature.'))
    const otherUrl = await verifySquareEvent(db, Buffer.from(body), mock.sign('https://evil.example/hook', body), mock.signatureKey, url)
    expect(E.isLeft(otherUrl)).toBe(true)
    const missing = await verifySquareEvent(db, Buffer.from(body), undefined, mock.signatureKey, url)
    expect(E.isLeft(missing)).toBe(true)
  })

  it('has no setup intents (cards are added with a nonce)', async () => {
    expect(await square.createSetupIntent()).toBeUndefined()
    expect(await square.retrieveSetupIntent()).toBeUndefined()
  })
})
