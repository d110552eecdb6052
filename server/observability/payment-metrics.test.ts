import * as E from 'fp-ts/Either'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CommerceDeps } from '../commerce/commerce.deps'
import { createInvoice } from '../commerce/invoices.service'
import { payInvoice, settle } from '../commerce/payments.service'
import { commerceTestDb, holdAppointment } from '../commerce/testing/commerce-test-db'
import type { Db } from '../db/schema'
import { SandboxProcessor } from '../sandbox-processor/sandbox-processor.adapter'
import { DEMO } from '../seed/demo.seed'
import { processRegistry } from './metrics'
import { sampleOf } from './prometheus-text'

const tenant = 'demo'
const alice = DEMO.customerDemo
const clinic = DEMO.clinicLondon
const card = (cardNo: string) => ({ cardNo, expDate: '12/30', cvv: '123', postCode: 'SW1A 1AA' })
const payBody = { payments: [{ value: 20, type: 'Card' as const, coherentPaymentFlag: true }] }

let db: Db
let close: () => Promise<void>
let now: Date
let deps: CommerceDeps
let sandbox: SandboxProcessor

beforeAll(async () => {
  ;({ db, close } = await commerceTestDb())
  now = new Date('2026-11-22T10:00:00Z')
  sandbox = new SandboxProcessor({ db, clock: () => now })
  deps = { db, processor: sandbox, clock: () => now }
})
afterAll(async () => close())

async function startedPayment(): Promise<{ transactionId: string; appointmentId: string }> {
  const appointmentId = await holdAppointment(db, now)
  const invoice = await createInvoice(deps, tenant, alice, { customer: alice, clinic, appointmentId })
  if (E.isLeft(invoice)) throw new Error(JSON.stringify(invoice.left))
  const started = await payInvoice(deps, tenant, alice, invoice.right.id, payBody)
  if (E.isLeft(started)) throw new Error(JSON.stringify(started.left))
  return { transactionId: started.right.transactionId, appointmentId }
}

const payments = async (outcome: string) => sampleOf(await processRegistry.metrics(), 'clinic_payments_total', { outcome })

describe('clinic_payments_total', () => {
  it('counts a declined card, then one paid payment however often it is settled', async () => {
    const { transactionId } = await startedPayment()
    const [declined, paid] = [await payments('declined'), await payments('paid')]
    expect(E.isLeft(await sandbox.submitCard(transactionId, card('4000000000000002')))).toBe(true)
    expect(await payments('declined')).toBe(declined + 1)
    expect(E.isRight(await sandbox.submitCard(transactionId, card('4242424242424242')))).toBe(true)
    expect(await settle(deps, tenant, transactionId)).toMatchObject({ paid: true })
    expect(await settle(deps, tenant, transactionId)).toMatchObject({ paid: true })
    expect(await payments('paid')).toBe(paid + 1)
  })

  it('counts a payment voided because its hold lapsed', async () => {
    const { transactionId, appointmentId } = await startedPayment()
    expect(E.isRight(await sandbox.submitCard(transactionId, card('4242424242424242')))).toBe(true)
    const voided = await payments('voided')
    await db.updateTable('appointments').set({ status: 'Deleted', updated_at: now }).where('id', '=', appointmentId).execute()
    expect(await settle(deps, tenant, transactionId)).toMatchObject({ paid: false })
    expect(await settle(deps, tenant, transactionId)).toMatchObject({ paid: false })
    expect(await payments('voided')).toBe(voided + 1)
  })
})
