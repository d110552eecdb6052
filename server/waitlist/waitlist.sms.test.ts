/**
 * Waitlist offers by text through the official Twilio SDK against a local mock of Twilio's Messages API
 * (TWILIO_API_BASE points the SDK at it): the offer is texted only to a customer who chose SMS and has a
 * valid mobile number, as every other notice (customerTextTo); one who chose mail only is mailed, not texted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smsSegments } from '../../src/domain/policy/sms-segments'
import { clearDate, londonInstant } from '../test-support/dates'
import { TwilioMock } from '../notifications/testing/twilio-mock'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'

const twilio = new TwilioMock()
let t: TestServer

beforeAll(async () => {
  await twilio.start()
  t = await buildTestServer({ publicUrl: 'https://book.clinic.test', twilio: twilio.config() })
  // Both have a mobile number; the demo customer chose Email and SMS, the other customer Email only (the seed's).
  await t.db.updateTable('customers').set({ mobile_phone: '07700 900123' }).where('email', '=', DEMO_CUSTOMER.email).execute()
  await t.db.updateTable('customers').set({ mobile_phone: '07700 900456' }).where('email', '=', OTHER_CUSTOMER.email).execute()
})
afterAll(async () => {
  await t.close()
  await twilio.stop()
})

const consultation = (day: string) => ({
  event: { start: londonInstant(day, '10:00'), end: londonInstant(day, '10:00') },
  practitioner: DEMO.pSarah,
  clinic: DEMO.clinicLondon,
  service: DEMO.sConsultation,
})

/** `booker` books the day's 10:00 with Sarah, `waiter` joins the waitlist for that morning, `booker` cancels: `waiter` is offered it. */
async function freeTimeFor(booker: string, waiter: string, day: string): Promise<void> {
  const booked = await t.app.inject({ method: 'POST', url: '/api/appointments/public', headers: t.auth(booker), payload: { appointment: consultation(day) } })
  expect(booked.statusCode).toBe(200)
  const joined = await t.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    headers: t.auth(waiter),
    payload: { clinic: DEMO.clinicLondon, services: [DEMO.sConsultation], practitioner: null, from: day, to: day, parts: ['morning'] },
  })
  expect(joined.statusCode).toBe(200)
  const cancelled = await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${booked.json().appointment.id}`, headers: t.auth(booker) })
  expect(cancelled.statusCode).toBe(200)
  await t.app.deps.mail.flush()
  await t.app.deps.mail.flush()
}

const offerTexts = () => twilio.sent.map((text) => text.form).filter((form) => (form.get('Body') ?? '').includes('/waitlist/offer/'))
const offerMailsTo = async (email: string) =>
  (await t.db.selectFrom('outbox').select('text').where('channel', '=', 'email').where('to_address', '=', email).execute()).filter((r) => r.text.includes('/waitlist/offer/'))

describe('waitlist offers by SMS', () => {
  it('texts the offer only to a customer who chose SMS; one who chose mail only is mailed it, not texted', async () => {
    const demo = await t.login(DEMO_CUSTOMER)
    const other = await t.login(OTHER_CUSTOMER)
    const first = clearDate(28, [2, 3, 4, 5])
    const second = clearDate(35, [2, 3, 4, 5])
    expect(second).not.toBe(first)

    // The other customer (Email only, a mobile number on file) is offered a time: mailed, not texted.
    await freeTimeFor(demo, other, first)
    expect(await offerMailsTo(OTHER_CUSTOMER.email)).toHaveLength(1)
    expect(offerTexts()).toEqual([])

    // The demo customer (Email and SMS) is offered one: texted once, at the E.164 number.
    await freeTimeFor(other, demo, second)
    expect(await offerMailsTo(DEMO_CUSTOMER.email)).toHaveLength(1)
    expect(offerTexts().map((form) => form.get('To'))).toEqual(['+447700900123'])
    const body = offerTexts()[0].get('Body')!
    expect(body).toMatch(/^Harley Aesthetics waitlist: \w{3} \d{1,2} \w{3} at 10:00 is free, held for you until \d\d:\d\d: https:\/\/book\.clinic\.test\/waitlist\/offer\/[\w-]{32}$/)
    // One segment: the whole offer in one message, at the price of one.
    expect(smsSegments(body)).toBe(1)
  })

  it('sends an organisation name typed with a typographic apostrophe and dash as GSM, in one segment', async () => {
    const demo = await t.login(DEMO_CUSTOMER)
    const other = await t.login(OTHER_CUSTOMER)
    await t.db.updateTable('organisations').set({ name: 'Harley’s Aesthetics – London' }).where('name', '=', 'Harley Aesthetics').execute()
    // The demo customer's offer above is turned down and its entry done with: they may wait for another time.
    await t.db.updateTable('waitlist_offers').set({ status: 'declined' }).execute()
    await t.db.updateTable('waitlist_entries').set({ status: 'removed' }).execute()
    const texted = offerTexts().length
    await freeTimeFor(other, demo, clearDate(42, [2, 3, 4, 5]))
    const body = offerTexts()[texted].get('Body')!
    expect(body).toMatch(/^Harley's Aesthetics - London waitlist: /)
    expect(smsSegments(body)).toBe(1)
  })
})
