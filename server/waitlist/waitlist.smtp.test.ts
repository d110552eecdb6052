/**
 * Waitlist offers through a real SMTP server (issue 32), on the app's injected clock: a cancel sends
 * exactly one offer mail, to the first customer waiting (and a text where they chose SMS); the next
 * customer is offered the time only once the first one's window lapses, and not at all once it is booked.
 */
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant } from '../test-support/dates'
import { SmtpInbox } from '../test-support/smtp-inbox'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { newId } from '../db/ids'

const inbox = new SmtpInbox()
let t: TestServer
let demo: string
let other: string
let third: string
let offsetMs = 0
const THIRD = { email: 'third@example.com', password: OTHER_CUSTOMER.password }

beforeAll(async () => {
  await inbox.start()
  t = await buildTestServer({ smtpUrl: inbox.url, publicUrl: 'https://book.clinic.test', clock: () => new Date(Date.now() + offsetMs) })
  const template = await t.db.selectFrom('customers').selectAll().where('id', '=', DEMO.customerOther).executeTakeFirstOrThrow()
  await t.db
    .insertInto('customers')
    .values({ ...template, id: newId(), email: THIRD.email, first_name: 'Third', marketing_types: JSON.stringify(template.marketing_types), notification_types: JSON.stringify(template.notification_types) })
    .execute()
  // The other customer chose texts too (the seed's chose mail only): its offer is also texted.
  await t.db.updateTable('customers').set({ mobile_phone: '+447700900456', notification_types: JSON.stringify(['Email', 'SMS']) }).where('id', '=', DEMO.customerOther).execute()
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
  third = await t.login(THIRD)
})
afterAll(async () => {
  await t.close()
  await inbox.stop()
})

const day = londonDate(28, [2, 3, 4, 5])
const consultation = (time: string) => ({
  event: { start: londonInstant(day, time), end: londonInstant(day, time) },
  practitioner: DEMO.pSarah,
  clinic: DEMO.clinicLondon,
  service: DEMO.sConsultation,
})
const book = (token: string, time: string, hold?: { id: string; token: string }) =>
  t.app.inject({ method: 'POST', url: '/api/appointments/public', headers: t.auth(token), payload: { appointment: consultation(time), ...(hold ? { hold } : {}) } })
const join = (token: string, parts = ['morning']) =>
  t.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    headers: t.auth(token),
    payload: { clinic: DEMO.clinicLondon, services: [DEMO.sConsultation], practitioner: null, from: day, to: day, parts },
  })
const cancel = (token: string, id: string) => t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${id}`, headers: t.auth(token) })
const offersTo = (email: string): ParsedMail[] =>
  inbox.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((a) => a.address === email) && (m.text ?? '').includes('/waitlist/offer/'))
const linkOf = (mail: ParsedMail) => /https:\/\/book\.clinic\.test\/waitlist\/offer\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]
const texts = async (to: string) =>
  (await t.db.selectFrom('outbox').select('text').where('channel', '=', 'sms').where('to_address', '=', to).execute()).map((r) => r.text).filter((x) => x.includes('/waitlist/offer/'))

describe('offers by mail', () => {
  it('a cancel mails one offer to the first waiting customer; the next gets it only after the window lapses', async () => {
    const booked = await book(demo, '10:00')
    expect(booked.statusCode).toBe(200)
    expect((await join(other)).statusCode).toBe(200)
    offsetMs += 1000
    expect((await join(third)).statusCode).toBe(200)
    expect((await cancel(demo, booked.json().appointment.id)).statusCode).toBe(200)
    await t.app.deps.mail.flush()
    await t.app.deps.mail.flush()
    expect(offersTo(OTHER_CUSTOMER.email)).toHaveLength(1)
    expect(offersTo(THIRD.email)).toHaveLength(0)
    const mail = offersTo(OTHER_CUSTOMER.email)[0]
    expect(mail.subject).toContain('A time you are waiting for is free')
    expect(mail.text).toContain('Free consultation')
    expect(mail.html).toContain(`/waitlist/offer/${linkOf(mail)}`)
    expect(await texts('+447700900456')).toHaveLength(1)

    // Within the window nothing more goes out.
    offsetMs += 10 * 60_000
    await t.app.deps.mail.flush()
    expect(offersTo(THIRD.email)).toHaveLength(0)

    // The window (15 minutes) lapses: the hold is released and the next customer is offered the time.
    offsetMs += 6 * 60_000
    await t.app.deps.mail.flush()
    expect(offersTo(THIRD.email)).toHaveLength(1)
    expect(offersTo(OTHER_CUSTOMER.email)).toHaveLength(1)
    const lapsed = await t.app.inject({ method: 'GET', url: `/api/waitlist/offers/${linkOf(mail)}` })
    expect(lapsed.json()).toMatchObject({ status: 'lapsed' })
    expect(lapsed.json().hold).toBeUndefined()
    const offer = (await t.app.inject({ method: 'GET', url: `/api/waitlist/offers/${linkOf(offersTo(THIRD.email)[0])}` })).json()
    expect(offer.items[0].start).toBe(londonInstant(day, '10:00'))
    // The third customer books it: nobody else is offered it.
    expect((await book(third, '10:00', offer.hold)).statusCode).toBe(200)
    offsetMs += 20 * 60_000
    await t.app.deps.mail.flush()
    expect(offersTo(OTHER_CUSTOMER.email)).toHaveLength(1)
    expect(offersTo(THIRD.email)).toHaveLength(1)
  })

  it('a customer booked at an overlapping time meanwhile is skipped', async () => {
    const freed = await book(demo, '11:00')
    // Other still waits (its entry is active again); it books 11:00 elsewhere (James) meanwhile.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/public',
      headers: t.auth(other),
      payload: { appointment: { ...consultation('11:00'), practitioner: DEMO.pJames } },
    })
    expect(elsewhere.statusCode).toBe(200)
    const before = offersTo(OTHER_CUSTOMER.email).length
    expect((await cancel(demo, freed.json().appointment.id)).statusCode).toBe(200)
    await t.app.deps.mail.flush()
    expect(offersTo(OTHER_CUSTOMER.email)).toHaveLength(before)
  })

  it('a hold given up by leaving the page (its short grace) lapses the offer then, not at the end of the window', async () => {
    const booked = await book(demo, '09:00')
    expect(booked.statusCode).toBe(200)
    const before = { other: offersTo(OTHER_CUSTOMER.email).length, third: offersTo(THIRD.email).length }
    expect((await cancel(demo, booked.json().appointment.id)).statusCode).toBe(200)
    await t.app.deps.mail.flush()
    // Other waits first (third's entry was booked); it opens the link, then leaves the page.
    expect(offersTo(OTHER_CUSTOMER.email)).toHaveLength(before.other + 1)
    const token = linkOf(offersTo(OTHER_CUSTOMER.email).at(-1)!)
    const offer = (await t.app.inject({ method: 'GET', url: `/api/waitlist/offers/${token}` })).json()
    const left = await t.app.inject({ method: 'POST', url: `/api/appointments/holds/${offer.hold.id}/release`, payload: { token: offer.hold.token, leaving: true } })
    expect(left.statusCode).toBe(200)
    offsetMs += 30_000
    await t.app.deps.mail.flush()
    expect((await t.app.inject({ method: 'GET', url: `/api/waitlist/offers/${token}` })).json()).toMatchObject({ status: 'lapsed', secondsLeft: 0 })
    expect((await book(demo, '09:00')).statusCode).toBe(200)
  })
})
