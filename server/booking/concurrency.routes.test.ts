/**
 * Races an outside tester runs: create against reschedule into one slot, two reschedules into one
 * slot, parallel payments of one invoice (stored card and hosted page), a payment racing the
 * release of its hold, parallel cancels. Invariants: one winner, clear 409s for the rest, never a
 * 500, a card charged once, never a paid invoice without its scheduled appointment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant, londonWorkdays } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { SLOT_TAKEN, transactionReusedText } from '../http/service-failure'

let t: TestServer
let demo: string
let other: string
beforeAll(async () => {
  t = await buildTestServer()
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
})
afterAll(() => t.close())

const day = londonDate(5)
const at = (time: string) => ({ start: londonInstant(day, time), end: londonInstant(day, time) })
const book = (token: string, time: string, service: string = DEMO.sConsultation) =>
  t.app.inject({
    method: 'POST',
    url: '/api/appointments/public',
    headers: t.auth(token),
    payload: { appointment: { event: at(time), practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service } },
  })
const reschedule = (token: string, id: string, time: string) =>
  t.app.inject({ method: 'PUT', url: `/api/appointments/reschedule/${id}`, headers: t.auth(token), payload: { appointment: { event: at(time) } } })
const card = { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' }
const charges = async (transactionId: string) =>
  (
    await t.db
      .withTables<{ sandbox_payments: { transaction_id: string; charges: number } }>()
      .selectFrom('sandbox_payments')
      .select('charges')
      .where('transaction_id', '=', transactionId)
      .executeTakeFirstOrThrow()
  ).charges
const statusOf = async (id: string) => (await t.db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

function oneWinner(responses: { statusCode: number; json(): { message?: string } }[]) {
  const codes = responses.map((r) => r.statusCode).sort()
  expect(codes.filter((c) => c === 200)).toHaveLength(1)
  for (const r of responses.filter((x) => x.statusCode !== 200)) expect(r.json()).toEqual({ statusCode: 409, message: SLOT_TAKEN })
}

async function heldInvoice(time: string) {
  const held = await book(demo, time, DEMO.sAntiWrinkle1)
  expect(held.statusCode, held.body).toBe(200)
  const appointmentId = held.json().appointment.id as string
  const invoice = await t.app.inject({
    method: 'POST',
    url: '/api/invoice/create',
    headers: t.auth(demo),
    payload: { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId },
  })
  expect(invoice.statusCode, invoice.body).toBe(200)
  return { appointmentId, invoiceId: invoice.json().id as string }
}

describe('races on one slot', () => {
  it('a create and a reschedule into the same slot: one wins, the other is a clear 409', async () => {
    for (const [from, to] of [['09:00', '09:30'], ['10:00', '10:30'], ['15:00', '15:30']]) {
      const made = await book(demo, from)
      expect(made.json().appointment.status).toBe('Scheduled')
      oneWinner(await Promise.all([book(other, to), reschedule(demo, made.json().appointment.id, to)]))
    }
  })

  it('two reschedules into the same slot: one wins', async () => {
    const a = (await book(demo, '16:00')).json().appointment.id
    const b = (await book(other, '16:15')).json().appointment.id
    oneWinner(await Promise.all([reschedule(demo, a, '16:45'), reschedule(other, b, '16:45')]))
  })

  it('parallel cancels of one appointment: cancelled once, the rest a clear 409', async () => {
    const id = (await book(demo, '12:00')).json().appointment.id
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${id}`, headers: t.auth(demo) })))
    for (const a of answers) expect([200, 409]).toContain(a.statusCode)
    expect(answers.some((a) => a.statusCode === 200)).toBe(true)
    expect(await statusOf(id)).toBe('Cancelled')
  })
})

// Past Sarah's leave (21-27 days ahead), the last of the demo's dated entries: free whatever today is.
// James (the linked service) works in London Tuesday to Saturday, Sarah Monday to Friday.
const retried = londonDate(30, [2, 3, 4, 5])

describe('parallel retries of one booking (same transaction id)', () => {
  const on = (time: string) => ({ start: londonInstant(retried, time), end: londonInstant(retried, time) })
  const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/appointments/public', headers: t.auth(demo), payload })

  it.each([
    ['a single service', { event: on('10:00'), practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation }],
    [
      'linked services',
      {
        event: on('11:00'),
        practitioner: DEMO.pSarah,
        clinic: DEMO.clinicLondon,
        service: DEMO.sConsultation,
        linkedAppointments: [{ event: on('11:15'), practitioner: DEMO.pJames, clinic: DEMO.clinicLondon, service: DEMO.sConsultation, isLinked: true }],
      },
    ],
    ['a held deposit', { event: on('15:00'), practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 }],
  ])('%s: every retry answers the one booking, never that its own time is taken', async (_, appointment) => {
    const coherentTransactionId = `txn-parallel-${retried}-${appointment.event.start}`
    const answers = await Promise.all(Array.from({ length: 8 }, () => send({ appointment, coherentTransactionId })))
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([])
    const ids = answers.map((a) => a.json().appointment.id)
    expect(new Set(ids).size).toBe(1)
    const rows = await t.db.selectFrom('appointments').select('id').where('transaction_id', '=', coherentTransactionId).execute()
    expect(rows).toHaveLength('linkedAppointments' in appointment ? 2 : 1)
  })

  it('requests racing with one transaction id and different times: one is booked, every other is refused (409) and books nothing', async () => {
    const coherentTransactionId = `txn-parallel-reused-${retried}`
    const times = ['09:00', '12:00', '14:00', '16:00']
    const answers = await Promise.all(times.map((time) => send({ appointment: { event: on(time), practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation }, coherentTransactionId })))
    const booked = answers.filter((a) => a.statusCode === 200)
    expect(booked).toHaveLength(1)
    const id = booked[0].json().appointment.id
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.json())).toEqual(Array(times.length - 1).fill({ statusCode: 409, message: transactionReusedText(id) }))
    const rows = await t.db.selectFrom('appointments').select('id').where('transaction_id', '=', coherentTransactionId).execute()
    expect(rows.map((r) => r.id)).toEqual([id])
  })
})

describe('races on one appointment (a PostgreSQL server runs them truly in parallel)', () => {
  // Four weeks ahead, past everything the demo seeds for Sarah: her own appointments (10 and 11 days
  // ahead, moved to a weekday: on a Wednesday both land on the Monday 12 days ahead), the London
  // clinic's training day (16 days ahead: on a Saturday two weeks ahead is that Monday) and her leave
  // (21-27). A working day other than the retries' day, whose times these would take.
  const later = londonWorkdays(28, 2).find((d) => d !== retried) as string
  const on = (time: string) => ({ start: londonInstant(later, time), end: londonInstant(later, time) })
  const bookLater = async (time: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/public',
      headers: t.auth(demo),
      payload: { appointment: { event: on(time), practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().appointment.status).toBe('Scheduled')
    return res.json().appointment.id as string
  }
  const cancel = (id: string) => t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${id}`, headers: t.auth(demo) })
  const moveTo = (id: string, time: string) =>
    t.app.inject({ method: 'PUT', url: `/api/appointments/reschedule/${id}`, headers: t.auth(demo), payload: { appointment: { event: on(time) } } })
  const startOf = async (id: string) => new Date((await t.db.selectFrom('appointments').select('starts_at').where('id', '=', id).executeTakeFirstOrThrow()).starts_at).toISOString()

  it('parallel cancels: exactly one is told it cancelled, the others a clear 409', async () => {
    const id = await bookLater('10:00')
    const answers = await Promise.all(Array.from({ length: 6 }, () => cancel(id)))
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1)
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409)
      expect(typeof a.json().message).toBe('string')
    }
    expect(await statusOf(id)).toBe('Cancelled')
  })

  it('a cancel racing a reschedule: exactly one wins and the appointment is as the winner left it', async () => {
    for (const [from, to] of [['11:00', '14:00'], ['11:30', '14:30'], ['12:00', '15:00']]) {
      const id = await bookLater(from)
      const [cancelled, moved] = await Promise.all([cancel(id), moveTo(id, to)])
      if (cancelled.statusCode === 200 && moved.statusCode === 200) {
        // On a loaded machine the move can finish before the cancel even reads the appointment: then
        // both rightly succeed, one after the other (moved, then cancelled at its new time).
        expect(cancelled.json()).toMatchObject({ status: 'Cancelled', event: { start: on(to).start } })
        expect(await statusOf(id)).toBe('Cancelled')
        continue
      }
      expect([cancelled.statusCode, moved.statusCode].sort(), `${cancelled.body} ${moved.body}`).toEqual([200, 409])
      if (cancelled.statusCode === 200) {
        expect(await statusOf(id)).toBe('Cancelled')
        expect(await startOf(id)).toBe(on(from).start)
      } else {
        expect(await statusOf(id)).toBe('Scheduled')
        expect(await startOf(id)).toBe(on(to).start)
      }
    }
  })
})

describe('races on one payment', () => {
  it('parallel invoice creates for one hold make one invoice', async () => {
    const held = await book(demo, '12:30', DEMO.sAntiWrinkle1)
    expect(held.statusCode, held.body).toBe(200)
    const appointmentId = held.json().appointment.id
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({ method: 'POST', url: '/api/invoice/create', headers: t.auth(demo), payload: { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId } }),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200))
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1)
    const rows = await t.db
      .withTables<{ commerce_invoice_appointments: { appointment_id: string; invoice_id: string } }>()
      .selectFrom('commerce_invoice_appointments')
      .select('invoice_id')
      .where('appointment_id', '=', appointmentId)
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('parallel stored-card payments of one invoice charge the card once', async () => {
    const nonce = (await t.app.inject({ method: 'POST', url: '/sandbox/tokenize', payload: card })).json().nonce
    const stored = (await t.app.inject({ method: 'POST', url: '/api/square/add-customer-card', headers: t.auth(demo), payload: { cardNonce: nonce, customerId: DEMO.customerDemo } })).json()
    const { appointmentId, invoiceId } = await heldInvoice('11:00')
    const body = { payments: [{ value: 36, type: 'Card', cardData: { cardId: stored.id } }], invoice: invoiceId }
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url: `/api/invoice/${invoiceId}/pay`, headers: t.auth(demo), payload: body })))
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode)
    const ok = answers.filter((a) => a.statusCode === 200)
    expect(ok.length).toBeGreaterThanOrEqual(1)
    expect(new Set(ok.map((a) => a.json().transactionId)).size).toBe(1)
    expect(await charges(ok[0].json().transactionId)).toBe(1)
    expect(await statusOf(appointmentId)).toBe('Scheduled')
    expect((await t.app.inject({ method: 'GET', url: `/api/invoices/${invoiceId}`, headers: t.auth(demo) })).json().paymentStatus).toBe('Paid')
  })

  it('parallel submits of one card setup save one card', async () => {
    const cardsOf = async () => (await t.app.inject({ method: 'GET', url: `/api/square/get-customer-cards/${DEMO.customerOther}`, headers: t.auth(other) })).json() as unknown[]
    const before = (await cardsOf()).length
    const setup = (await t.app.inject({ method: 'POST', url: '/api/card-setup-intents', headers: t.auth(other), payload: { customerId: DEMO.customerOther } })).json()
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url: `/sandbox/setup/${setup.clientSecret}`, payload: card })))
    for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(500)
    expect((await cardsOf()).length).toBe(before + 1)
    const state = (await t.app.inject({ method: 'GET', url: `/api/card-setup-intents/${setup.clientSecret}`, headers: t.auth(other) })).json()
    expect(state.status).toBe('succeeded')
    expect(state.card).toBeDefined()
  })

  it('a declined card leaves the setup open for another card', async () => {
    const setup = (await t.app.inject({ method: 'POST', url: '/api/card-setup-intents', headers: t.auth(other), payload: { customerId: DEMO.customerOther } })).json()
    const declined = await t.app.inject({ method: 'POST', url: `/sandbox/setup/${setup.clientSecret}`, payload: { ...card, cardNo: '4000 0000 0000 0002' } })
    expect(declined.statusCode).toBe(402)
    const url = `/api/card-setup-intents/${setup.clientSecret}`
    expect((await t.app.inject({ method: 'GET', url, headers: t.auth(other) })).json().status).toBe('requires_payment_method')
    expect((await t.app.inject({ method: 'POST', url: `/sandbox/setup/${setup.clientSecret}`, payload: card })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url, headers: t.auth(other) })).json().status).toBe('succeeded')
  })

  it('parallel submits of the hosted card page charge once', async () => {
    const { appointmentId, invoiceId } = await heldInvoice('14:00')
    const started = (await t.app.inject({ method: 'POST', url: `/api/invoice/${invoiceId}/pay`, headers: t.auth(demo), payload: { payments: [{ value: 36, type: 'Card', coherentPaymentFlag: true }] } })).json()
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url: `/sandbox/pay/${started.transactionId}`, payload: card })))
    for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(500)
    expect(answers.some((a) => a.statusCode === 200)).toBe(true)
    expect(await charges(started.transactionId)).toBe(1)
    expect(await statusOf(appointmentId)).toBe('Scheduled')
  })

  it('a payment racing the release of its hold: never a paid invoice without its scheduled appointment', async () => {
    for (const time of ['14:30', '13:30', '12:00']) {
      const { appointmentId, invoiceId } = await heldInvoice(time)
      const started = (await t.app.inject({ method: 'POST', url: `/api/invoice/${invoiceId}/pay`, headers: t.auth(demo), payload: { payments: [{ value: 36, type: 'Card', coherentPaymentFlag: true }] } })).json()
      const answers = await Promise.all([
        t.app.inject({ method: 'POST', url: `/sandbox/pay/${started.transactionId}`, payload: card }),
        t.app.inject({ method: 'PUT', url: `/api/appointments/delete-pending/${appointmentId}`, headers: t.auth(demo) }),
      ])
      for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(500)
      const invoice = (await t.app.inject({ method: 'GET', url: `/api/invoices/${invoiceId}`, headers: t.auth(demo) })).json()
      const status = await statusOf(appointmentId)
      if (invoice.paymentStatus === 'Paid') expect(status).toBe('Scheduled')
      else expect(status).not.toBe('Scheduled')
      expect((await t.app.inject({ method: 'GET', url: `/api/coherence/check-payment/${started.transactionId}` })).json().isPaid).toBe(invoice.paymentStatus === 'Paid')
    }
  })
})
