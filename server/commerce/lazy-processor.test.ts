/** The lazily imported card processor: nothing loads until a call needs the adapter, then once. */
import * as E from 'fp-ts/Either'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/schema'
import { SandboxProcessor } from '../sandbox-processor/sandbox-processor.adapter'
import { commerceTestDb } from './testing/commerce-test-db'
import { lazyProcessor } from './lazy-processor'

let db: Db
let close: () => Promise<void>
const scope = { tenant: 'demo' }

beforeAll(async () => {
  ;({ db, close } = await commerceTestDb())
})
afterAll(async () => close())

function counted(options: { failFirst?: boolean } = {}) {
  let loads = 0
  const processor = lazyProcessor({ name: 'sandbox', paymentPath: '/pay/lazy', declinesByWebhook: true }, async () => {
    loads++
    if (options.failFirst && loads === 1) throw new Error('module not found')
    return new SandboxProcessor({ db, clock: () => new Date('2026-11-22T10:00:00Z') })
  })
  return { processor, loads: () => loads }
}

describe('lazyProcessor', () => {
  it('answers its name, webhook declines and payment page without loading the adapter', () => {
    const { processor, loads } = counted()
    expect(processor.name).toBe('sandbox')
    expect(processor.declinesByWebhook).toBe(true)
    expect(processor.paymentPageUrl('tx1')).toBe('/pay/lazy/tx1')
    expect(processor.clientSecretOf).toBeUndefined()
    // A TaskEither is only a description until it runs.
    processor.createPayment(scope, { amount: 10, currency: 'GBP', reference: 'r', idempotencyKey: 'k0' })
    expect(loads()).toBe(0)
  })

  it('loads the adapter once for concurrent first calls and forwards to it', async () => {
    const { processor, loads } = counted()
    const [connected, created] = await Promise.all([
      processor.isConnected(scope),
      processor.createPayment(scope, { amount: 10, currency: 'GBP', reference: 'r', idempotencyKey: 'k1' })(),
    ])
    expect(connected).toBe(true)
    expect(E.isRight(created)).toBe(true)
    if (E.isRight(created)) expect(await processor.status(scope, created.right.transactionId)()).toMatchObject({ right: { status: 'open', amount: 10 } })
    expect(loads()).toBe(1)
  })

  it('a failed import is tried again on the next call', async () => {
    const { processor, loads } = counted({ failFirst: true })
    await expect(processor.listCards(scope, 'c1')).rejects.toThrow('module not found')
    expect(await processor.listCards(scope, 'c1')).toEqual([])
    expect(loads()).toBe(2)
  })
})
