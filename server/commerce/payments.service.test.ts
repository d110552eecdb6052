import * as E from 'fp-ts/Either'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/schema'
import { SandboxProcessor } from '../sandbox-processor/sandbox-processor.adapter'
import { DEMO } from '../seed/demo.seed'
import type { CommerceDeps } from './commerce.deps'
import { createInvoice } from './invoices.service'
import { checkPayment, hasPaymentIntent, payInvoice, settle } from './payments.service'
import { appointmentStatus, commerceTestDb, holdAppointment, noticesAbout, setDeposit } from './testing/commerce-test-db'

const tenant = 'demo'
const alice = DEMO.customerDemo
const bob = DEMO.customerOther
const clinic = DEMO.clinicLondon
const seedDeposit = { bookingDepositType: 'percentage', bookingDepositAmount: 20, bookingDepositMultipleServicesRule: 'sum', bookingDepositRule: 'each time' }
const good = { cardNo: '4242424242424242', expDate: '12/30', cvv: '123', postCode: 'SW1A 1AA' }
const payBody = { payments: [{ value: 20, type: 'Card' as const, coherentPaymentFlag: true }] }

let db: Db
let close: () => Promise<void>
let now: Date
let sandbox: SandboxProcessor
let deps: CommerceDeps

beforeAll(async () => {
  ;({ db, close } = await commerceTestDb())
})
afterAll(async () => close())

beforeEach(async () => {
  now = new Date('2026-11-22T10:00:00Z')
  await setDeposit(db, seedDeposit)
  sandbox = new SandboxProcessor({ db, clock: () => now })
  deps = { db, processor: sandbox, clock: () => now }
})

const held = (over: { courseId?: string } = {}) => holdAppointment(db, now, over)

async function depositInvoice(appointmentId: string) {
  const invoice = await createInvoice(deps, tenant, alice, { customer: alice, clinic, appointmentId })
  if (E.isLeft(invoice)) throw new Error(JSON.stringify(invoice.left))
  return invoice.right
}

async function startPayment(invoiceId: string) {
  const started = await payInvoice(deps, tenant, alice, invoiceId, payBody)
  if (E.isLeft(started)) throw new Error(JSON.stringify(started.left))
  return started.right
}

describe('booking deposit and payment', () => {
  it('computes the deposit on the server from the held appointment', async () => {
    const invoice = await depositInvoice(await held())
    expect(invoice).toMatchObject({ amount: 20, isDraft: true, paymentStatus: 'Unpaid', origin: 'SALE', description: 'Invoice for Booking Deposit' })
    expect(invoice.items[0]).toMatchObject({ type: 'Service', finalPrice: 20 })
  })

  it('answers the same draft invoice when created twice for one hold', async () => {
    const id = await held()
    const first = await depositInvoice(id)
    const second = await depositInvoice(id)
    expect(second.id).toBe(first.id)
  })

  it("refuses another customer's appointment and invoice", async () => {
    const id = await held()
    expect(await createInvoice(deps, tenant, bob, { customer: bob, clinic, appointmentId: id })).toMatchObject({ left: { _tag: 'NotAllowed' } })
    expect(await createInvoice(deps, tenant, bob, { customer: alice, clinic, appointmentId: id })).toMatchObject({ left: { _tag: 'NotAllowed' } })
    const invoice = await depositInvoice(id)
    expect(await payInvoice(deps, tenant, bob, invoice.id, payBody)).toMatchObject({ left: { _tag: 'NotAllowed' } })
    expect(await hasPaymentIntent(deps, tenant, bob, invoice.id)).toMatchObject({ left: { _tag: 'NotAllowed' } })
  })

  it('pays by card: the hold becomes Scheduled, a confirmation with an .ics goes out, charged once', async () => {
    const id = await held()
    const invoice = await depositInvoice(id)
    const started = await startPayment(invoice.id)
    expect(started.paymentUrl).toBe(`/sandbox/pay/${started.transactionId}`)
    // A retried pay answers the same transaction.
    expect((await startPayment(invoice.id)).transactionId).toBe(started.transactionId)
    expect(await hasPaymentIntent(deps, tenant, alice, invoice.id)).toEqual(E.right({ hasPaymentIntent: true, transactionId: started.transactionId, paymentUrl: started.paymentUrl }))
    expect(await checkPayment(deps, tenant, started.transactionId)).toEqual(E.right({ isPaid: false, status: 'pending' }))

    expect(E.isRight(await sandbox.submitCard(started.transactionId, good))).toBe(true)
    // The same card submitted again, and settlement retried, never charge twice.
    expect(E.isRight(await sandbox.submitCard(started.transactionId, good))).toBe(true)
    expect(await settle(deps, tenant, started.transactionId)).toEqual({ paid: true, message: expect.any(String) })
    expect(await settle(deps, tenant, started.transactionId)).toMatchObject({ paid: true })
    expect(await checkPayment(deps, tenant, started.transactionId)).toEqual(E.right({ isPaid: true, status: 'paid' }))
    expect(await sandbox.chargeCount(started.transactionId)).toBe(1)
    expect(await appointmentStatus(db, id)).toBe('Scheduled')
    const payments = await db.selectFrom('commerce_payments').selectAll().where('invoice_id', '=', invoice.id).execute()
    expect(payments.map((p) => p.status)).toEqual(['paid'])
    // The mail itself (with its .ics) is server/notifications' part: notifications.routes.test.ts.
    expect(await noticesAbout(db, 'booked', id)).toEqual([{ appointmentIds: [id] }])
    expect(await payInvoice(deps, tenant, alice, invoice.id, payBody)).toMatchObject({ left: { _tag: 'Conflict', message: 'This invoice is already paid.' } })
  })

  it('sends the customer a deposit receipt once, with the amount paid, when the deposit payment settles', async () => {
    const id = await held()
    const invoice = await depositInvoice(id)
    const started = await startPayment(invoice.id)
    expect(await noticesAbout(db, 'deposit-paid', id)).toEqual([])
    await sandbox.submitCard(started.transactionId, good)
    await Promise.all([settle(deps, tenant, started.transactionId), settle(deps, tenant, started.transactionId)])
    await settle(deps, tenant, started.transactionId)
    expect(await noticesAbout(db, 'deposit-paid', id)).toEqual([{ appointmentIds: [id], deposit: { amount: 20, currency: 'GBP' } }])
  })

  it('settles concurrent retries of the same transaction once', async () => {
    const id = await held()
    const invoice = await depositInvoice(id)
    const started = await startPayment(invoice.id)
    await sandbox.submitCard(started.transactionId, good)
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => checkPayment(deps, tenant, started.transactionId)))
    expect(outcomes.every((o) => E.isRight(o) && o.right.isPaid)).toBe(true)
    expect(await sandbox.chargeCount(started.transactionId)).toBe(1)
    expect(await noticesAbout(db, 'booked', id)).toHaveLength(1)
  })

  it.each([
    ['4000000000000002', 'Unhandled request.'],
    ['4000000000000101', 'Card number is not correct.'],
    ['4000000000000069', 'Expiry date is not correct.'],
    ['4000000000000127', 'CVV is not correct.'],
    ['4000000000000036', 'Postal code is not correct.'],
  ])('a declined card %s answers %s and the customer can try another card', async (cardNo, message) => {
    const invoice = await depositInvoice(await held())
    const started = await startPayment(invoice.id)
    expect(await sandbox.submitCard(started.transactionId, { ...good, cardNo })).toEqual(E.left({ _tag: 'CardDeclined', reason: expect.any(String), message }))
    expect(await checkPayment(deps, tenant, started.transactionId)).toEqual(E.right({ isPaid: false, status: 'declined', message }))
    expect(await sandbox.chargeCount(started.transactionId)).toBe(0)
    expect(E.isRight(await sandbox.submitCard(started.transactionId, good))).toBe(true)
    expect(await checkPayment(deps, tenant, started.transactionId)).toEqual(E.right({ isPaid: true, status: 'paid' }))
  })

  it('refuses to start paying once the hold expired', async () => {
    const invoice = await depositInvoice(await held())
    now = new Date(now.getTime() + 6 * 60_000)
    expect(await payInvoice(deps, tenant, alice, invoice.id, payBody)).toMatchObject({ left: { _tag: 'Conflict', message: expect.stringContaining('hold has expired') } })
  })

  it('voids a card authorized after the hold expired: never a paid invoice without its appointment', async () => {
    const id = await held()
    const invoice = await depositInvoice(id)
    const started = await startPayment(invoice.id)
    now = new Date(now.getTime() + 6 * 60_000)
    expect(E.isRight(await sandbox.submitCard(started.transactionId, good))).toBe(true)
    const outcome = await settle(deps, tenant, started.transactionId)
    expect(outcome).toEqual({ paid: false, message: expect.stringContaining('you have not been charged') })
    expect(await checkPayment(deps, tenant, started.transactionId)).toEqual(E.right({ isPaid: false, status: 'voided', message: outcome.message }))
    expect((await sandbox.status({ tenant }, started.transactionId)()) ).toMatchObject({ right: { status: 'voided' } })
    expect(await sandbox.chargeCount(started.transactionId)).toBe(0)
    expect(await appointmentStatus(db, id)).toBe('Pending')
    const row = await db.selectFrom('commerce_invoices').select('payment_status').where('id', '=', invoice.id).executeTakeFirstOrThrow()
    expect(row.payment_status).toBe('Void')
    expect(await noticesAbout(db, 'booked', id)).toHaveLength(0)
  })

  it('a slot lost to someone else (hold released) is voided the same way', async () => {
    const id = await held()
    const invoice = await depositInvoice(id)
    const started = await startPayment(invoice.id)
    // Released by the customer before the hold lapsed: the time may be someone else's now.
    await db.updateTable('appointments').set({ status: 'Deleted', updated_at: now }).where('id', '=', id).execute()
    await sandbox.submitCard(started.transactionId, good)
    expect(await settle(deps, tenant, started.transactionId)).toMatchObject({ paid: false })
  })

  it('a zero deposit needs no payment: the hold is confirmed at once', async () => {
    await setDeposit(db, { bookingDepositType: 'no deposit' })
    const id = await held()
    const invoice = await depositInvoice(id)
    expect(invoice).toMatchObject({ amount: 0, paymentStatus: 'Paid', isDraft: false })
    expect(await appointmentStatus(db, id)).toBe('Scheduled')
    expect(await noticesAbout(db, 'booked', id)).toHaveLength(1)
  })

  it('a session booked from a course carries no deposit', async () => {
    const invoice = await depositInvoice(await held({ courseId: DEMO.customerCourseDemo }))
    expect(invoice.amount).toBe(0)
  })

  it('check-payment of an unknown transaction is not found', async () => {
    expect(await checkPayment(deps, tenant, 'txn_nope')).toMatchObject({ left: { _tag: 'NotFound' } })
  })
})
