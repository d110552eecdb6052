/**
 * The waitlist's routes (issue 32): join, list and remove (signed in only, one entry per basket, clear
 * 400s), a cancel that offers the freed time as a hold the customer books with, decline, and the desk's
 * list, offer by hand and removal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { addDays, JOIN_REFUSALS } from '../../src/domain/waitlist'
import { londonDateOf } from '../../src/domain/london'
import { WAITLIST_MESSAGES } from './waitlist.service'
import { newId } from '../db/ids'

let t: TestServer
let demo: string
let other: string
let staff: Record<string, string>
beforeAll(async () => {
  t = await buildTestServer()
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })
  staff = { authorization: `Bearer ${login.json().token as string}` }
})
afterAll(() => t.close())

/** A Tuesday to Friday (Sarah works in London) four weeks ahead, clear of the seeded bookings. */
const day = londonDate(28, [2, 3, 4, 5])
const today = londonDateOf(new Date())
const joinBody = (extra: Record<string, unknown> = {}) => ({
  clinic: DEMO.clinicLondon,
  services: [DEMO.sConsultation],
  practitioner: DEMO.pSarah,
  from: day,
  to: day,
  parts: ['morning'],
  ...extra,
})
const join = (token: string | undefined, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/waitlist', headers: token ? t.auth(token) : {}, payload: body })
const mine = async (token: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/waitlist', headers: t.auth(token) })
  expect(response.statusCode).toBe(200)
  return response.json().entries as { id: string; status: string; offer?: { start: string; expiresAt: string }; services: { id: string; name: string }[] }[]
}
const remove = (token: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/waitlist/${id}`, headers: t.auth(token) })
const consultation = (time: string) => ({
  event: { start: londonInstant(day, time), end: londonInstant(day, time) },
  practitioner: DEMO.pSarah,
  clinic: DEMO.clinicLondon,
  service: DEMO.sConsultation,
})
const book = (token: string, time: string, hold?: { id: string; token: string }) =>
  t.app.inject({ method: 'POST', url: '/api/appointments/public', headers: t.auth(token), payload: { appointment: consultation(time), ...(hold ? { hold } : {}) } })
/** The offer link's token of the last offer mail to an address (the outbox keeps it). */
async function offerToken(email: string): Promise<string | undefined> {
  const rows = await t.db.selectFrom('outbox').select(['text', 'created_at']).where('to_address', '=', email).where('channel', '=', 'email').orderBy('created_at', 'desc').execute()
  const text = rows.map((r) => r.text).find((x) => x.includes('/waitlist/offer/'))
  return text ? /\/waitlist\/offer\/([A-Za-z0-9_-]+)/.exec(text)![1] : undefined
}

describe('joining the waitlist', () => {
  it('needs a signed-in customer (401)', async () => {
    expect((await join(undefined, joinBody())).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/waitlist' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'DELETE', url: `/api/waitlist/${DEMO.clinicLondon}` })).statusCode).toBe(401)
  })

  it.each([
    { name: 'no service', body: { services: [] }, message: JOIN_REFUSALS.noService },
    { name: 'no part of the day', body: { parts: [] }, message: JOIN_REFUSALS.noPart },
    { name: 'from after to', body: { from: addDays(day, 1) }, message: JOIN_REFUSALS.fromAfterTo },
    { name: 'a first date in the past', body: { from: addDays(today, -1) }, message: JOIN_REFUSALS.past },
    { name: 'more than 8 weeks ahead', body: { from: today, to: addDays(today, 57) }, message: JOIN_REFUSALS.tooFar },
    { name: 'a practitioner who does not offer the service', body: { services: [DEMO.sCheekFiller], practitioner: DEMO.pJames }, message: WAITLIST_MESSAGES.practitionerNotHere },
  ])('refuses $name with a clear 400', async ({ body, message }) => {
    const response = await join(demo, joinBody(body))
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(message)
  })

  it('refuses a body that does not decode (400) and an unknown location (404)', async () => {
    expect((await join(demo, joinBody({ parts: ['night'] }))).statusCode).toBe(400)
    expect((await join(demo, joinBody({ from: 'tomorrow' }))).statusCode).toBe(400)
    const unknown = await join(demo, joinBody({ clinic: 'c1000000000000000000ffff' }))
    expect(unknown.statusCode).toBe(404)
  })

  it('keeps one entry per basket; lists and removes it; others cannot remove it', async () => {
    const first = await join(demo, joinBody({ parts: ['evening', 'morning'] }))
    expect(first.statusCode).toBe(200)
    const entry = first.json()
    expect(entry).toMatchObject({ status: 'active', from: day, to: day, parts: ['morning', 'evening'], practitioner: { id: DEMO.pSarah }, clinic: { id: DEMO.clinicLondon } })
    expect(entry.services).toEqual([{ id: DEMO.sConsultation, name: expect.any(String) }])
    const again = await join(demo, joinBody({ parts: ['afternoon'] }))
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(WAITLIST_MESSAGES.alreadyWaiting)
    expect((await mine(demo)).map((e) => e.id)).toEqual([entry.id])
    expect(await mine(other)).toEqual([])
    expect((await remove(other, entry.id)).statusCode).toBe(404)
    expect((await remove(demo, entry.id)).statusCode).toBe(200)
    expect(await mine(demo)).toEqual([])
    expect((await remove(demo, entry.id)).statusCode).toBe(404)
    // Removed, the basket may be joined again.
    const back = await join(demo, joinBody())
    expect(back.statusCode).toBe(200)
    expect((await remove(demo, back.json().id)).statusCode).toBe(200)
  })
})

describe('a freed time offered to the waiting customer', () => {
  it('a cancel offers it as a hold of theirs; the link reads it; booking with the hold books the entry', async () => {
    const booked = await book(demo, '10:00')
    expect(booked.statusCode).toBe(200)
    const entry = (await join(other, joinBody())).json()
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${booked.json().appointment.id}`, headers: t.auth(demo) })
    expect(cancelled.statusCode).toBe(200)
    await t.app.deps.mail.flush()
    const [offered] = await mine(other)
    expect(offered.status).toBe('offered')
    expect(offered.offer?.start).toBe(londonInstant(day, '10:00'))
    const token = await offerToken(OTHER_CUSTOMER.email)
    expect(token).toBeDefined()
    const read = await t.app.inject({ method: 'GET', url: `/api/waitlist/offers/${token}` })
    expect(read.statusCode).toBe(200)
    const offer = read.json()
    expect(offer).toMatchObject({ status: 'offered', clinic: { id: DEMO.clinicLondon }, items: [{ service: DEMO.sConsultation, practitioner: DEMO.pSarah, start: londonInstant(day, '10:00') }] })
    expect(offer.secondsLeft).toBeGreaterThan(14 * 60)
    expect(offer.secondsLeft).toBeLessThanOrEqual(15 * 60)
    // An ordinary slot hold: the booking flow restores from it, and no one else can take the time.
    const hold = await t.app.inject({ method: 'GET', url: `/api/appointments/holds/${offer.hold.id}?token=${offer.hold.token}` })
    expect(hold.statusCode).toBe(200)
    expect((await book(demo, '10:00')).statusCode).toBe(409)
    const taken = await book(other, '10:00', offer.hold)
    expect(taken.statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: `/api/waitlist/offers/${token}` })).json().status).toBe('taken')
    expect(await mine(other)).toEqual([])
    const row = await t.db.selectFrom('waitlist_entries').select('status').where('id', '=', entry.id).executeTakeFirstOrThrow()
    expect(row.status).toBe('booked')
  })

  it('a booking that owes a deposit books the entry only once paid; released unpaid, the entry waits again', async () => {
    const entry = (await join(other, joinBody({ services: [DEMO.sAntiWrinkle1] }))).json()
    const entryStatus = async () => (await t.db.selectFrom('waitlist_entries').select('status').where('id', '=', entry.id).executeTakeFirstOrThrow()).status
    /** The desk offers `time`; the customer books it with the offer's hold (a deposit is due: Pending). */
    const takeOffer = async (time: string) => {
      const offered = await t.app.inject({ method: 'POST', url: `/api/admin/waitlist/${entry.id}/offer`, headers: staff, payload: { practitioner: DEMO.pSarah, start: londonInstant(day, time) } })
      expect(offered.statusCode, offered.body).toBe(200)
      await t.app.deps.mail.flush()
      const token = await offerToken(OTHER_CUSTOMER.email)
      const offer = (await t.app.inject({ method: 'GET', url: `/api/waitlist/offers/${token}` })).json()
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/public',
        headers: t.auth(other),
        payload: { appointment: { ...consultation(time), service: DEMO.sAntiWrinkle1 }, hold: offer.hold },
      })
      expect(booked.statusCode, booked.body).toBe(200)
      expect(booked.json()).toMatchObject({ appointment: { status: 'Pending' } })
      expect(booked.json().deposit).toBeGreaterThan(0)
      return { token, booking: booked.json() as { appointment: { id: string }; deposit: number } }
    }

    const unpaid = await takeOffer('11:30')
    expect(await entryStatus()).toBe('offered')
    const released = await t.app.inject({ method: 'PUT', url: `/api/appointments/delete-pending/${unpaid.booking.appointment.id}`, headers: t.auth(other) })
    expect(released.statusCode, released.body).toBe(200)
    expect(await entryStatus()).toBe('active')
    expect((await t.app.inject({ method: 'GET', url: `/api/waitlist/offers/${unpaid.token}` })).json().status).toBe('lapsed')
    expect((await mine(other)).map((e) => [e.id, e.status])).toEqual([[entry.id, 'active']])

    const paid = await takeOffer('09:30')
    expect(await entryStatus()).toBe('offered')
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/api/invoice/create',
      headers: t.auth(other),
      payload: { customer: DEMO.customerOther, clinic: DEMO.clinicLondon, appointmentId: paid.booking.appointment.id, origin: 'SALE', description: 'Invoice for Booking Deposit' },
    })
    expect(invoice.statusCode, invoice.body).toBe(200)
    const invoiceId = invoice.json().id as string
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/invoice/${invoiceId}/pay`,
      headers: t.auth(other),
      payload: { payments: [{ value: paid.booking.deposit, type: 'Card', coherentPaymentFlag: true }], invoice: invoiceId, idempotencyKey: `${invoiceId}:card` },
    })
    expect(started.statusCode, started.body).toBe(200)
    const card = { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' }
    expect((await t.app.inject({ method: 'POST', url: `/sandbox/pay/${started.json().transactionId as string}`, payload: card })).json()).toMatchObject({ status: 'paid' })
    expect(await entryStatus()).toBe('booked')
    expect(await mine(other)).toEqual([])
  })

  it('declining releases the time and the entry waits again; an unknown token is 404', async () => {
    const booked = await book(demo, '11:00')
    const entry = (await join(other, joinBody())).json()
    await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${booked.json().appointment.id}`, headers: t.auth(demo) })
    await t.app.deps.mail.flush()
    const token = await offerToken(OTHER_CUSTOMER.email)
    const read = (await t.app.inject({ method: 'GET', url: `/api/waitlist/offers/${token}` })).json()
    expect(read.items[0].start).toBe(londonInstant(day, '11:00'))
    const declined = await t.app.inject({ method: 'POST', url: `/api/waitlist/offers/${token}/decline`, payload: {} })
    expect(declined.statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: `/api/waitlist/offers/${token}` })).json()).toMatchObject({ status: 'declined' })
    expect((await mine(other)).map((e) => [e.id, e.status])).toEqual([[entry.id, 'active']])
    // The time is free again (the one waiting customer had it already: it is not offered to them twice).
    expect((await book(demo, '11:00')).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/waitlist/offers/not-a-token' })).statusCode).toBe(404)
    expect((await remove(other, entry.id)).statusCode).toBe(200)
  })
})

describe("the desk's waitlist", () => {
  it('needs staff (401), lists in order of joining with the customer, offers by hand and removes', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/waitlist?from=${day}&to=${day}` })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/waitlist?from=${day}&to=${day}`, headers: t.auth(demo) })).statusCode).toBe(401)
    const a = (await join(demo, joinBody({ practitioner: null }))).json()
    const b = (await join(other, joinBody())).json()
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/waitlist?from=${day}&to=${day}&clinic=${DEMO.clinicLondon}`, headers: staff })
    expect(list.statusCode).toBe(200)
    expect(list.json().entries.map((e: { id: string; customer: { email: string } }) => [e.id, e.customer.email])).toEqual([
      [a.id, DEMO_CUSTOMER.email],
      [b.id, OTHER_CUSTOMER.email],
    ])
    const elsewhere = await t.app.inject({ method: 'GET', url: `/api/admin/waitlist?from=${addDays(day, 1)}&to=${addDays(day, 2)}`, headers: staff })
    expect(elsewhere.json().entries).toEqual([])
    const offered = await t.app.inject({ method: 'POST', url: `/api/admin/waitlist/${b.id}/offer`, headers: staff, payload: { practitioner: DEMO.pSarah, start: londonInstant(day, '14:00') } })
    expect(offered.statusCode).toBe(200)
    expect(offered.json()).toMatchObject({ entry: b.id, items: [{ start: londonInstant(day, '14:00'), practitioner: DEMO.pSarah }] })
    const twice = await t.app.inject({ method: 'POST', url: `/api/admin/waitlist/${b.id}/offer`, headers: staff, payload: { practitioner: DEMO.pSarah, start: londonInstant(day, '14:30') } })
    expect(twice.statusCode).toBe(409)
    // The time held for b is not free for a.
    const held = await t.app.inject({ method: 'POST', url: `/api/admin/waitlist/${a.id}/offer`, headers: staff, payload: { practitioner: DEMO.pSarah, start: londonInstant(day, '14:00') } })
    expect(held.statusCode).toBe(409)
    expect(held.json().message).toBe(WAITLIST_MESSAGES.timeNotFree)
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/waitlist/${b.id}`, headers: staff })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/waitlist/${a.id}`, headers: staff })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/waitlist/${a.id}`, headers: staff })).statusCode).toBe(404)
  })
})

describe('new hours opened by a set-up applied', () => {
  it("looks at the waiting customers' days again, with the organisation's offer window", async () => {
    // The drain the previous test's removals started in the background (their freed 14:00 queued for the
    // waitlist) finishes first: run after this join, it offered that time with the default window.
    await t.app.deps.mail.flush()
    const entry = (await join(other, joinBody({ parts: ['afternoon'] }))).json()
    const current = await t.app.inject({ method: 'GET', url: '/api/admin/setup', headers: staff })
    expect(current.statusCode).toBe(200)
    const document = current.json()
    document.organisation.settings = { ...document.organisation.settings, waitlistOfferMinutes: 5 }
    const applied = await t.app.inject({ method: 'POST', url: '/api/admin/setup', headers: staff, payload: { document } })
    expect(applied.statusCode).toBe(200)
    expect(applied.json().applied).toBe(true)
    await t.app.deps.mail.flush()
    const [offered] = await mine(other)
    expect(offered).toMatchObject({ id: entry.id, status: 'offered' })
    const start = new Date(offered.offer!.start)
    expect(londonDateOf(start)).toBe(day)
    expect(Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(start))).toBeGreaterThanOrEqual(12)
    const window = Date.parse(offered.offer!.expiresAt) - Date.now()
    expect(window).toBeGreaterThan(4 * 60_000)
    expect(window).toBeLessThanOrEqual(5 * 60_000)
    expect((await remove(other, entry.id)).statusCode).toBe(200)
  })
})

describe('an entry whose dates have passed', () => {
  it('is no longer listed and gives way to a new join of the same basket', async () => {
    const old = (await join(demo, joinBody())).json()
    await t.db.updateTable('waitlist_entries').set({ from_date: addDays(today, -3), to_date: addDays(today, -1) }).where('id', '=', old.id).execute()
    expect(await mine(demo)).toEqual([])
    const again = await join(demo, joinBody())
    expect(again.statusCode).toBe(200)
    expect((await mine(demo)).map((e) => e.id)).toEqual([again.json().id])
    expect((await remove(demo, again.json().id)).statusCode).toBe(200)
  })
})

describe('a waiting customer erased (issue 30)', () => {
  it('takes their entries and offers with them, and the held time is free again', async () => {
    const template = await t.db.selectFrom('customers').selectAll().where('id', '=', DEMO.customerOther).executeTakeFirstOrThrow()
    const id = newId()
    await t.db
      .insertInto('customers')
      .values({ ...template, id, email: 'leaving@example.com', marketing_types: JSON.stringify(template.marketing_types), notification_types: JSON.stringify(template.notification_types) })
      .execute()
    const leaving = await t.login({ email: 'leaving@example.com', password: OTHER_CUSTOMER.password })
    const entry = (await join(leaving, joinBody())).json()
    const offered = await t.app.inject({ method: 'POST', url: `/api/admin/waitlist/${entry.id}/offer`, headers: staff, payload: { practitioner: DEMO.pSarah, start: londonInstant(day, '09:00') } })
    expect(offered.statusCode).toBe(200)
    // The right of access shows the entry with its offer.
    const exported = await t.app.inject({ method: 'GET', url: '/api/user/me/export', headers: t.auth(leaving) })
    expect(exported.statusCode).toBe(200)
    expect(exported.json().waitlist).toMatchObject([{ id: entry.id, status: 'offered', offers: [{ status: 'offered', starts_at: londonInstant(day, '09:00') }] }])
    const erased = await t.app.inject({ method: 'POST', url: '/api/user/me/erase', headers: t.auth(leaving), payload: { password: OTHER_CUSTOMER.password } })
    expect(erased.statusCode, erased.body).toBe(200)
    expect(await t.db.selectFrom('waitlist_entries').select('id').where('customer_id', '=', id).execute()).toEqual([])
    expect(await t.db.selectFrom('waitlist_offers').select('id').where('entry_id', '=', entry.id).execute()).toEqual([])
    expect((await book(demo, '09:00')).statusCode).toBe(200)
  })
})
