import * as E from 'fp-ts/Either'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/schema'
import { commerceTestDb } from '../commerce/testing/commerce-test-db'
import { SandboxProcessor } from './sandbox-processor.adapter'

let db: Db
let close: () => Promise<void>
let processor: SandboxProcessor
const scope = { tenant: 'demo' }
const good = { cardNo: '4242424242424242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' }
let n = 0

beforeAll(async () => {
  ;({ db, close } = await commerceTestDb())
  processor = new SandboxProcessor({ db, clock: () => new Date('2026-11-22T10:00:00Z') })
})
afterAll(async () => close())

async function open(amount = 25) {
  const created = await processor.createPayment(scope, { amount, currency: 'GBP', reference: 'inv', idempotencyKey: `k${++n}` })()
  if (E.isLeft(created)) throw new Error(created.left.message)
  return created.right.transactionId
}

describe('sandbox processor', () => {
  it('answers the same payment for the same idempotency key', async () => {
    const a = await processor.createPayment(scope, { amount: 10, currency: 'GBP', reference: 'x', idempotencyKey: 'same' })()
    const b = await processor.createPayment(scope, { amount: 10, currency: 'GBP', reference: 'x', idempotencyKey: 'same' })()
    expect(a).toEqual(b)
    const other = await processor.createPayment({ tenant: 'other' }, { amount: 10, currency: 'GBP', reference: 'x', idempotencyKey: 'same' })()
    expect(E.isRight(other) && E.isRight(a) && other.right.transactionId !== a.right.transactionId).toBe(true)
  })

  it('authorizes, captures once, refunds; a payment of another tenant is unknown', async () => {
    const id = await open()
    expect(await processor.capture(scope, id)()).toMatchObject({ left: { _tag: 'InvalidState' } })
    await processor.submitCard(id, good)
    expect(await processor.capture(scope, id)()).toMatchObject({ right: { status: 'captured' } })
    expect(await processor.capture(scope, id)()).toMatchObject({ right: { status: 'captured' } })
    expect(await processor.chargeCount(id)).toBe(1)
    expect(await processor.void(scope, id)()).toMatchObject({ left: { _tag: 'InvalidState' } })
    expect(await processor.refund(scope, id)()).toMatchObject({ right: { status: 'refunded' } })
    expect(await processor.status({ tenant: 'other' }, id)()).toMatchObject({ left: { _tag: 'UnknownTransaction' } })
  })

  it('voids an authorized payment; a voided payment takes no card', async () => {
    const id = await open()
    await processor.submitCard(id, good)
    expect(await processor.void(scope, id)()).toMatchObject({ right: { status: 'voided' } })
    expect(await processor.submitCard(id, good)).toMatchObject({ left: { _tag: 'InvalidState' } })
    expect(await processor.chargeCount(id)).toBe(0)
  })

  it('keeps a declined payment open with the card error, for another try', async () => {
    const id = await open()
    expect(await processor.submitCard(id, { ...good, cvv: '12' })).toMatchObject({ left: { message: 'CVV is not correct.' } })
    expect(await processor.status(scope, id)()).toMatchObject({ right: { status: 'open', failureMessage: 'CVV is not correct.' } })
    expect(await processor.submitCard(id, good)).toMatchObject({ right: { status: 'authorized' } })
    expect(await processor.status(scope, id)()).toEqual(E.right({ transactionId: id, status: 'authorized', amount: 25, currency: 'GBP', reference: 'inv' }))
  })

  it('stores cards from single-use nonces, per customer and tenant', async () => {
    const nonce = await processor.tokenize(scope, good)
    if (E.isLeft(nonce)) throw new Error('tokenize failed')
    const card = await processor.saveCard(scope, 'cust1', nonce.right.nonce)()
    expect(card).toMatchObject({ right: { last_4: '4242', card_brand: 'VISA', exp_month: 12, exp_year: 2039 } })
    expect(await processor.saveCard(scope, 'cust1', nonce.right.nonce)()).toMatchObject({ left: { _tag: 'CardDeclined' } })
    expect(await processor.listCards({ tenant: 'other' }, 'cust1')).toEqual([])
    expect(await processor.listCards(scope, 'cust2')).toEqual([])
    const id = E.isRight(card) ? card.right.id : ''
    expect(await processor.deleteCard(scope, 'cust2', id)).toBe(false)
    expect(await processor.deleteCard(scope, 'cust1', id)).toBe(true)
    expect(await processor.listCards(scope, 'cust1')).toEqual([])
  })
})
