/**
 * The payment reconciler on the real server and database: card payments that nobody polled (the tab
 * closed, the server restarted) are settled by the server: booked when the time is still free,
 * otherwise refunded with a mail; racing the customer's poll and another instance, one outcome.
 */
import * as E from 'fp-ts/Either'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildServer } from '../app'
import { testConfig, type ServerConfig } from '../config'
import type { Database } from '../db/database'
import { HoldSweeper } from '../booking/hold-sweeper'
import { clearDate, londonInstant } from '../test-support/dates'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database'
import { DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER } from '../test-support/test-server'
import { MESSAGES } from '../service-error'
import { commerceDeps, sandboxOf } from './commerce.module'
import { PaymentReconciler } from './payment-reconciler'
import { REFUND_SUBJECT } from './settlement'

const card = { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' }
// Sarah's free times a week on, clear of the demo's own appointments, onto which a weekend and
// Christmas would move it (from 18 or 19 December: her seeded 28th or 29th).
const day = clearDate(7)
const at = (time: string) => ({ start: londonInstant(day, time), end: londonInstant(day, time) })

let database: TestDatabase
let second: Database
/** Injected time: the apps' clock runs this far from the wall clock. */
let offsetMs = 0
const clock = () => new Date(Date.now() + offsetMs)
const running: FastifyInstance[] = []

async function start(database: Database, overrides: Partial<ServerConfig> = {}): Promise<FastifyInstance> {
  const app = await buildServer(testConfig(overrides), { database, clock })
  await app.ready()
  running.push(app)
  return app
}

beforeAll(async () => {
  database = await createTestDatabase()
  second = await database.openAnother()
})
afterAll(async () => {
  for (const app of running) await app.close()
  await database?.cleanup()
})

async function login(app: FastifyInstance, who: { email: string; password: string }) {
  const res = await app.inject({ method: 'POST', url: '/api/login?from=customer', payload: who })
  return { authorization: `Bearer ${res.json().token}` }
}

/** A held deposit booking, its invoice and a started card payment (the customer is on the card page). */
async function startedPayment(app: FastifyInstance, time: string) {
  const auth = await login(app, DEMO_CUSTOMER)
  const held = await app.inject({ method: 'POST', url: '/api/appointments/public', headers: auth, payload: { appointment: { event: at(time), practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 } } })
  expect(held.json().appointment?.status, held.body).toBe('Pending')
  const appointmentId = held.json().appointment.id as string
  const invoice = await app.inject({ method: 'POST', url: '/api/invoice/create', headers: auth, payload: { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId } })
  const invoiceId = invoice.json().id as string
  const paid = await app.inject({ method: 'POST', url: `/api/invoice/${invoiceId}/pay`, headers: auth, payload: { payments: [{ value: 36, type: 'Card', coherentPaymentFlag: true }] } })
  expect(paid.statusCode, paid.body).toBe(200)
  return { appointmentId, invoiceId, transactionId: paid.json().transactionId as string }
}

/** The card is paid at the processor, and nothing on our side hears of it (a crash before settling; a processor that captures on its own page). */
async function paidAtProcessorOnly(app: FastifyInstance, transactionId: string, capture: boolean) {
  expect(E.isRight(await sandboxOf(app.deps).submitCard(transactionId, card))).toBe(true)
  if (capture) expect(E.isRight(await commerceDeps(app.deps).processor.capture({ tenant: 'demo' }, transactionId)())).toBe(true)
}

const appointmentStatus = async (id: string) => (await database.db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
const invoiceStatus = async (id: string) =>
  (await database.db.withTables<{ commerce_invoices: { id: string; payment_status: string } }>().selectFrom('commerce_invoices').select('payment_status').where('id', '=', id).executeTakeFirstOrThrow()).payment_status
const processorPayment = async (transactionId: string) =>
  database.db
    .withTables<{ sandbox_payments: { transaction_id: string; status: string; charges: number } }>()
    .selectFrom('sandbox_payments')
    .select(['status', 'charges'])
    .where('transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow()
/** The mails of the demo customer, once the app has turned pending notices into mails (as its sweep does). */
const mails = async (app: FastifyInstance, subject: string) => {
  await app.deps.mail.flush()
  return (await database.db.selectFrom('outbox').select(['subject', 'text']).where('to_address', '=', DEMO_CUSTOMER.email).execute()).filter((m) => m.subject.startsWith(subject))
}
const check = async (app: FastifyInstance, transactionId: string) => (await app.inject({ method: 'GET', url: `/api/coherence/check-payment/${transactionId}` })).json()

describe('payments nobody polled', () => {
  it('a card captured just before a restart: the next instance books the appointment, once', async () => {
    offsetMs = 0
    const before = await start(database)
    const { appointmentId, invoiceId, transactionId } = await startedPayment(before, '09:00')
    await paidAtProcessorOnly(before, transactionId, true)
    await before.close()

    const after = await start(second)
    const confirmations = (await mails(after, 'Booking confirmed')).length
    expect(await new PaymentReconciler(commerceDeps(after.deps)).run()).toBeGreaterThanOrEqual(1)
    expect(await appointmentStatus(appointmentId)).toBe('Scheduled')
    expect(await invoiceStatus(invoiceId)).toBe('Paid')
    expect(await processorPayment(transactionId)).toEqual({ status: 'captured', charges: 1 })
    expect(await mails(after, 'Booking confirmed')).toHaveLength(confirmations + 1)
    expect(await check(after, transactionId)).toEqual({ isPaid: true, status: 'paid' })
    // Nothing more happens on later runs.
    await new PaymentReconciler(commerceDeps(after.deps)).run()
    expect(await mails(after, 'Booking confirmed')).toHaveLength(confirmations + 1)
  })

  it('an authorized card whose customer closed the tab is captured and booked by the reconciler', async () => {
    offsetMs = 0
    const app = await start(database)
    const { appointmentId, invoiceId, transactionId } = await startedPayment(app, '10:00')
    await paidAtProcessorOnly(app, transactionId, false)
    await new PaymentReconciler(commerceDeps(app.deps)).run()
    expect(await appointmentStatus(appointmentId)).toBe('Scheduled')
    expect(await invoiceStatus(invoiceId)).toBe('Paid')
    expect(await processorPayment(transactionId)).toEqual({ status: 'captured', charges: 1 })
  })

  it('money captured after the hold lapsed (released by the sweeper) still books the time when nobody took it', async () => {
    // Booked ten minutes "ago": the hold lapsed five minutes ago by the database's own clock too.
    offsetMs = -10 * 60_000
    const app = await start(database)
    const { appointmentId, invoiceId, transactionId } = await startedPayment(app, '11:00')
    await paidAtProcessorOnly(app, transactionId, true)
    offsetMs = 0
    expect(await new HoldSweeper(database.db).sweep()).toBeGreaterThanOrEqual(1)
    expect(await appointmentStatus(appointmentId)).toBe('Deleted')
    await new PaymentReconciler(commerceDeps(app.deps)).run()
    expect(await appointmentStatus(appointmentId)).toBe('Scheduled')
    expect(await invoiceStatus(invoiceId)).toBe('Paid')
  })

  it('money captured after the hold lapsed and someone else booked the time: refunded, invoice Refund, the customer mailed', async () => {
    offsetMs = 0
    const app = await start(database)
    const { appointmentId, invoiceId, transactionId } = await startedPayment(app, '14:00')
    offsetMs = 6 * 60_000
    const other = await app.inject({ method: 'POST', url: '/api/appointments/public', headers: await login(app, OTHER_CUSTOMER), payload: { appointment: { event: at('14:00'), practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } } })
    expect(other.statusCode, other.body).toBe(200)
    await paidAtProcessorOnly(app, transactionId, true)
    const refunds = (await mails(app, REFUND_SUBJECT)).length

    await new PaymentReconciler(commerceDeps(app.deps)).run()
    expect(await processorPayment(transactionId)).toEqual({ status: 'refunded', charges: 1 })
    expect(await invoiceStatus(invoiceId)).toBe('Refund')
    expect(await appointmentStatus(appointmentId)).toBe('Deleted')
    expect(await appointmentStatus(other.json().appointment.id)).toBe('Scheduled')
    const sent = await mails(app, REFUND_SUBJECT)
    expect(sent).toHaveLength(refunds + 1)
    expect(sent.at(-1)!.text).toContain('£36.00')
    expect(await check(app, transactionId)).toEqual({ isPaid: false, status: 'refunded', message: MESSAGES.slotLostRefunded })
  })
})

describe('the reconciler racing the poll and another instance', () => {
  it('a bookable payment: booked once, charged once, one confirmation', async () => {
    offsetMs = 0
    const [one, two] = [await start(database), await start(second)]
    const { appointmentId, invoiceId, transactionId } = await startedPayment(one, '15:00')
    await paidAtProcessorOnly(one, transactionId, false)
    const confirmations = (await mails(one, 'Booking confirmed')).length
    const polls = await Promise.all([
      new PaymentReconciler(commerceDeps(one.deps)).run(),
      new PaymentReconciler(commerceDeps(two.deps)).run(),
      check(one, transactionId),
      check(two, transactionId),
      check(one, transactionId),
    ])
    expect(polls.slice(2).every((p) => typeof p === 'object')).toBe(true)
    expect(await appointmentStatus(appointmentId)).toBe('Scheduled')
    expect(await invoiceStatus(invoiceId)).toBe('Paid')
    expect(await processorPayment(transactionId)).toEqual({ status: 'captured', charges: 1 })
    expect(await mails(two, 'Booking confirmed')).toHaveLength(confirmations + 1)
    expect(await check(two, transactionId)).toEqual({ isPaid: true, status: 'paid' })
  })

  it('a payment whose time was taken: refunded once, one mail', async () => {
    offsetMs = 0
    const [one, two] = [await start(database), await start(second)]
    const { invoiceId, transactionId } = await startedPayment(one, '16:00')
    offsetMs = 6 * 60_000
    const other = await one.inject({ method: 'POST', url: '/api/appointments/public', headers: await login(one, OTHER_CUSTOMER), payload: { appointment: { event: at('16:00'), practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } } })
    expect(other.statusCode, other.body).toBe(200)
    await paidAtProcessorOnly(one, transactionId, true)
    const refunds = (await mails(one, REFUND_SUBJECT)).length
    await Promise.all([
      new PaymentReconciler(commerceDeps(one.deps)).run(),
      new PaymentReconciler(commerceDeps(two.deps)).run(),
      check(one, transactionId),
      check(two, transactionId),
    ])
    expect(await processorPayment(transactionId)).toEqual({ status: 'refunded', charges: 1 })
    expect(await invoiceStatus(invoiceId)).toBe('Refund')
    expect(await mails(two, REFUND_SUBJECT)).toHaveLength(refunds + 1)
  })
})

it('the server runs the reconciler by itself, next to the hold sweeper', async () => {
  offsetMs = 0
  const app = await start(database)
  const { appointmentId, transactionId } = await startedPayment(app, '16:30')
  await paidAtProcessorOnly(app, transactionId, true)
  const ticking = await start(second, { sweepIntervalMs: 25 })
  await vi.waitFor(async () => expect(await appointmentStatus(appointmentId)).toBe('Scheduled'), { timeout: 20_000, interval: 50 })
  await ticking.close()
})
