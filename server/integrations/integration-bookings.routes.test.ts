/**
 * POST /integrations/bookings (API key): a service with a deposit is held for the pay link's time and
 * the customer (often new, without a password) is mailed the link, which the answer carries too; paid,
 * the booking is confirmed. A request repeated with the same coherentTransactionId answers what the
 * first answered (Stripe-style idempotency).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { clearDays, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, type TestServer } from '../test-support/test-server'
import { MESSAGES } from '../service-error'
import { makeBooking } from '../booking/booking.service'
import { LINK_HOLD_SECONDS } from '../booking/pay-link.service'
import { newId } from '../db/ids'
import { referenceCache } from '../catalogue/reference-cache'
import { markAnswering } from './integration-bookings.repository'
import { ANSWER_ABANDONED_MS, INTEGRATION_MESSAGES } from './integration-bookings.service'
import { TRANSACTION_IN_USE, transactionReusedText } from '../http/service-failure'

const PAY_SUBJECT = 'Pay your deposit to confirm your appointment'
const CARD = { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' }

let t: TestServer
let apiKey: string
let admin: Record<string, string>
let offsetMs = 0
const [linkDay, replayDay] = clearDays(6, 2)

beforeAll(async () => {
  t = await buildTestServer({ clock: () => new Date(Date.now() + offsetMs) })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })
  admin = { authorization: `Bearer ${login.json().token as string}` }
  const key = await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin, payload: { name: 'Website', scopes: ['bookings:write', 'bookings:read'] } })
  apiKey = key.json().key
})
afterAll(() => t.close())
beforeEach(() => {
  offsetMs = 0
})

const appointment = (day: string, time: string, service = DEMO.sAntiWrinkle1) => ({
  event: { start: londonInstant(day, time), end: londonInstant(day, time) },
  practitioner: DEMO.pSarah,
  clinic: DEMO.clinicLondon,
  service,
})
const book = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/integrations/bookings', headers: { 'x-api-key': apiKey }, payload })
const mailsTo = async (to: string) => {
  await t.app.deps.mail.flush()
  return t.db.selectFrom('outbox').select(['subject', 'text']).where('to_address', '=', to).orderBy('created_at').execute()
}
/** The first answer's mark, written in the booking's transaction as bookForCustomer does (customer created by it). */
const markMade = (customerId: string, now: Date) => (trx: Parameters<typeof markAnswering>[0], made: { holdExpiresAt: Date | null }) =>
  markAnswering(trx, 'demo', customerId, 'crm-order-1003', true, made.holdExpiresAt ?? now, now)
const status = async (id: string) => (await t.db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

describe('a key booking of a service with a deposit', () => {
  it('is held for the pay link, whose link the customer is mailed and the answer carries; paid after the online hold would have ended, it is confirmed', async () => {
    const email = 'link.new@example.com'
    const res = await book({ customer: { email, firstName: 'Lin', surname: 'Kay' }, appointment: appointment(linkDay, '11:00') })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({ customerCreated: true, booking: { deposit: 36, appointment: { status: 'Pending' } } })
    // Held for a day, not the online 5 minutes: the customer pays when they read the mail.
    expect(Date.parse(body.booking.holdExpiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000)
    expect(body.payUrl).toMatch(/^https?:\/\//)
    const mail = (await mailsTo(email)).find((m) => m.subject === PAY_SUBJECT)
    expect(mail?.text).toContain(body.payUrl)

    // An hour later, long after an online hold would have been released.
    offsetMs = 60 * 60_000
    const path = new URL(body.payUrl).pathname
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('Pay £36.00')
    const paid = await t.app.inject({ method: 'POST', url: path, payload: CARD })
    expect(paid.statusCode, paid.body).toBeLessThan(300)
    expect(await status(body.booking.appointment.id)).toBe('Scheduled')
    expect((await mailsTo(email)).map((m) => m.subject.split(':')[0])).toContain('Booking confirmed')
  })

  it("has its link voided like the desk's when the customer is marked a no-show: paid later, it takes nothing", async () => {
    const res = await book({ customer: { email: 'link.noshow@example.com', firstName: 'Noe', surname: 'Show' }, appointment: appointment(linkDay, '14:00') })
    expect(res.statusCode, res.body).toBe(201)
    const { payUrl, booking } = res.json()
    offsetMs = Date.parse(londonInstant(linkDay, '14:20')) - Date.now()
    const marked = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${booking.appointment.id as string}/attendance`, headers: admin, payload: { mark: 'no-show' } })
    expect(marked.statusCode, marked.body).toBe(200)
    const late = await t.app.inject({ method: 'POST', url: new URL(payUrl).pathname, payload: CARD })
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(MESSAGES.payLinkVoidedNoShow)
  })

  it('sends no link and holds nothing when no deposit is due: scheduled at once', async () => {
    const res = await book({ customer: { email: 'free.new@example.com', firstName: 'Fay', surname: 'Free' }, appointment: appointment(linkDay, '15:00', DEMO.sConsultation) })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ booking: { deposit: 0, appointment: { status: 'Scheduled' } } })
    expect(res.json().payUrl).toBeUndefined()
    expect((await mailsTo('free.new@example.com')).map((m) => m.subject)).not.toContain(PAY_SUBJECT)
  })
})

describe('a key booking with a field the API does not name', () => {
  it('is refused with 400 naming it (as Stripe answers an unknown parameter): nothing is booked, no customer made', async () => {
    const email = 'typo.field@example.com'
    const { practitioner, ...rest } = appointment(linkDay, '15:00', DEMO.sConsultation)
    const res = await book({ customer: { email, firstName: 'Ty', surname: 'Po' }, appointment: { ...rest, practitionerID: practitioner } })
    expect(res.json()).toEqual({ statusCode: 400, message: 'Invalid body: unknown field appointment.practitionerID.' })
    const more = await book({ customer: { email, firstName: 'Ty', surname: 'Po', phone: '07700 900123' }, appointment: appointment(linkDay, '15:00', DEMO.sConsultation), transactionID: 'x' })
    expect(more.json()).toEqual({ statusCode: 400, message: 'Invalid body: unknown fields customer.phone, transactionID.' })
    expect(await t.db.selectFrom('customers').select('id').where('email', '=', email).execute()).toEqual([])
    // A misspelt query parameter of a key's read is refused too, not ignored.
    const keyRead = await t.app.inject({ method: 'GET', url: `/api/v1/integrations/bookings/${DEMO.apptFuture}?expand=customer`, headers: { 'x-api-key': apiKey } })
    expect(keyRead.json()).toEqual({ statusCode: 400, message: 'Invalid query: unknown field expand.' })
  })
})

describe('a key booking repeated with the same coherentTransactionId', () => {
  it('answers as the first time: the customer created, the message, the pay link and its expiry; no second booking or mail', async () => {
    const email = 'replay.new@example.com'
    const payload = { customer: { email, firstName: 'Rae', surname: 'Play' }, appointment: appointment(replayDay, '10:00'), coherentTransactionId: 'crm-order-1001' }
    const first = await book(payload)
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({ customerCreated: true, booking: { message: 'Your appointment is held while you pay the deposit.' } })
    offsetMs = 2 * 60_000
    const again = await book(payload)
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect((await mailsTo(email)).filter((m) => m.subject === PAY_SUBJECT)).toHaveLength(1)
    const customers = await t.db.selectFrom('customers').select('id').where('email', '=', email).execute()
    expect(customers).toHaveLength(1)
    const rows = await t.db.selectFrom('appointments').select('id').where('customer_id', '=', customers[0].id).execute()
    expect(rows).toHaveLength(1)

    // Paid meanwhile: the same answer, the booking as it is now.
    const paid = await t.app.inject({ method: 'POST', url: new URL(first.json().payUrl).pathname, payload: CARD })
    expect(paid.statusCode, paid.body).toBeLessThan(300)
    const later = (await book(payload)).json()
    const { booking: firstBooking, ...firstRest } = first.json()
    expect(later).toMatchObject({ ...firstRest, booking: { message: firstBooking.message, deposit: firstBooking.deposit, holdExpiresAt: firstBooking.holdExpiresAt, appointment: { id: firstBooking.appointment.id, status: 'Scheduled' } } })
  })

  it('finishes the answer of a first request that stopped half-way (booking written, no pay link yet): in progress at first, then sent and answered by a replay', async () => {
    // The first request's booking transaction committed with its mark, then its process stopped.
    const email = 'crash.new@example.com'
    const id = newId()
    await t.db.insertInto('customers').values({ id, tenant_id: 'demo', email, password_hash: '', verified: false, title: null, first_name: 'Cy', surname: 'Rash', mobile_phone: null, marketing_types: '[]', notification_types: '["Email"]' }).execute()
    const payload = { customer: { email, firstName: 'Cy', surname: 'Rash' }, appointment: appointment(replayDay, '11:30'), coherentTransactionId: 'crm-order-1003' }
    const now = new Date()
    const deps = { db: t.db, now, holdSeconds: LINK_HOLD_SECONDS, maxLiveHolds: 10, onMade: markMade(id, now) }
    const made = await makeBooking(deps, 'demo', id, { appointment: payload.appointment, coherentTransactionId: payload.coherentTransactionId })
    expect(made._tag).toBe('Right')

    const soon = await book(payload)
    expect(soon.statusCode, soon.body).toBe(409)
    expect(soon.json().message).toBe(INTEGRATION_MESSAGES.inProgress)
    offsetMs = ANSWER_ABANDONED_MS
    const later = await book(payload)
    expect(later.statusCode, later.body).toBe(201)
    expect(later.json()).toMatchObject({ customerId: id, customerCreated: true, payUrl: expect.stringMatching(/^https?:\/\//), booking: { appointment: { status: 'Pending' } } })
    expect((await mailsTo(email)).filter((m) => m.subject === PAY_SUBJECT)).toHaveLength(1)
    offsetMs += 60_000
    const again = await book(payload)
    expect(again.json()).toEqual(later.json())
    expect((await mailsTo(email)).filter((m) => m.subject === PAY_SUBJECT)).toHaveLength(1)
  })

  it('answers as the first time for a booking scheduled at once: customerCreated and the message too', async () => {
    const payload = { customer: { email: 'replay.free@example.com', firstName: 'Rue', surname: 'Free' }, appointment: appointment(replayDay, '15:00', DEMO.sConsultation), coherentTransactionId: 'crm-order-1002' }
    const first = await book(payload)
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({ customerCreated: true, booking: { message: 'Your appointment is booked.' } })
    // Nothing held: no hold expiry, on the replay either.
    expect(first.json().booking).not.toHaveProperty('holdExpiresAt')
    offsetMs = 60_000
    const again = await book(payload)
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json()).toEqual(first.json())
  })

  it('refuses the same id with another request (time, service, practitioner) with 409 naming the first booking; nothing is booked', async () => {
    const email = 'reused.id@example.com'
    const payload = { customer: { email, firstName: 'Ree', surname: 'Used' }, appointment: appointment(replayDay, '16:00'), coherentTransactionId: 'crm-order-1004' }
    const first = await book(payload)
    expect(first.statusCode, first.body).toBe(201)
    const id = first.json().booking.appointment.id
    const others = [appointment(replayDay, '16:30'), appointment(replayDay, '16:00', DEMO.sConsultation), { ...appointment(replayDay, '16:00'), practitioner: DEMO.pJames }]
    for (const other of others) {
      const reused = await book({ ...payload, appointment: other })
      expect(reused.json()).toEqual({ statusCode: 409, message: transactionReusedText(id) })
    }
    const customer = await t.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    const rows = await t.db.selectFrom('appointments').select('id').where('customer_id', '=', customer.id).execute()
    expect(rows.map((r) => r.id)).toEqual([id])
    expect((await mailsTo(email)).filter((m) => m.subject === PAY_SUBJECT)).toHaveLength(1)
    // The same request again is still a retry.
    const again = await book(payload)
    expect(again.json()).toEqual(first.json())
  })

  it("compares the id's first request before checking the new one (as Stripe's idempotency keys): another request that is invalid too answers 409, not 400 or 404", async () => {
    const email = 'reused.invalid@example.com'
    const payload = { customer: { email, firstName: 'Rin', surname: 'Valid' }, appointment: appointment(replayDay, '14:00', DEMO.sConsultation), coherentTransactionId: 'crm-order-1005' }
    const first = await book(payload)
    expect(first.statusCode, first.body).toBe(201)
    const id = first.json().booking.appointment.id
    const nobody = '0123456789abcdef01234567'
    const invalid = [
      // an unknown service (404 on its own), a practitioner who does not offer it (400), a linked service elsewhere (400)
      { ...payload.appointment, service: nobody },
      { ...payload.appointment, practitioner: nobody },
      { ...payload.appointment, linkedAppointments: [{ ...appointment(replayDay, '14:30', DEMO.sConsultation), clinic: nobody }] },
    ]
    for (const other of invalid) {
      const reused = await book({ ...payload, appointment: other })
      expect(reused.json(), JSON.stringify(other)).toEqual({ statusCode: 409, message: transactionReusedText(id) })
      // Without the id, the same request is refused for what it asks.
      expect((await book({ ...payload, appointment: other, coherentTransactionId: null })).statusCode).toBeOneOf([400, 404])
    }
    // Another customer's request with the id, invalid too: the id is another's (409), and no customer is made for it.
    const stranger = await book({ ...payload, customer: { email: 'reused.stranger@example.com', firstName: 'Stra', surname: 'Nger' }, appointment: invalid[0] })
    expect(stranger.json()).toEqual({ statusCode: 409, message: TRANSACTION_IN_USE })
    expect(await t.db.selectFrom('customers').select('id').where('email', '=', 'reused.stranger@example.com').execute()).toEqual([])
    // Refused for the customer it names (no email, a new customer's wrong phone): the id is still another's.
    for (const who of [{ email: 'not-an-email', firstName: 'No', surname: 'Mail' }, { email: 'reused.phone@example.com', firstName: 'Pho', surname: 'Ne', mobilePhone: '12' }]) {
      expect((await book({ ...payload, customer: who })).json(), who.email).toEqual({ statusCode: 409, message: TRANSACTION_IN_USE })
    }
    // Without a used id they are refused for what they are.
    expect((await book({ ...payload, customer: { email: 'not-an-email', firstName: 'No', surname: 'Mail' }, coherentTransactionId: 'crm-order-unused' })).json()).toEqual({ statusCode: 400, message: INTEGRATION_MESSAGES.email })
    const customer = await t.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    expect((await t.db.selectFrom('appointments').select('id').where('customer_id', '=', customer.id).execute()).map((r) => r.id)).toEqual([id])
  })

  it('answers a retry as the first time even when its service cannot be booked online any more (the first answer is kept, as Stripe replays a key)', async () => {
    const payload = { customer: { email: 'replay.hidden@example.com', firstName: 'Hid', surname: 'Den' }, appointment: appointment(replayDay, '09:00', DEMO.sConsultation), coherentTransactionId: 'crm-order-1006' }
    const first = await book(payload)
    expect(first.statusCode, first.body).toBe(201)
    const before = await t.db.selectFrom('services').select('show_online').where('id', '=', DEMO.sConsultation).executeTakeFirstOrThrow()
    await t.db.updateTable('services').set({ show_online: false }).where('id', '=', DEMO.sConsultation).execute()
    // The booking reads who offers what through the reference cache (15 s): read anew.
    referenceCache(t.app.deps.db).clear()
    try {
      const again = await book(payload)
      expect(again.statusCode, again.body).toBe(201)
      // The booking as it is now (its service shown as no longer online), the first answer's parts as they were.
      const parts = (answer: { customerId: string; customerCreated: boolean; booking: { appointment: { id: string }; message: string } }) =>
        [answer.customerId, answer.customerCreated, answer.booking.appointment.id, answer.booking.message]
      expect(parts(again.json())).toEqual(parts(first.json()))
      const fresh = await book({ ...payload, coherentTransactionId: 'crm-order-1007' })
      expect(fresh.statusCode, fresh.body).toBe(404)
    } finally {
      await t.db.updateTable('services').set({ show_online: before.show_online }).where('id', '=', DEMO.sConsultation).execute()
      referenceCache(t.app.deps.db).clear()
    }
  })
})
