/**
 * The deposit's pay link (server/booking/pay-link.service.ts) as the customer gets it, through a real
 * SMTP server (smtp-server) and Twilio's official SDK against a local mock of its Messages API:
 * - a desk booking sent again with the same transactionId (a retry, Book pressed twice) is one booking
 *   and one mail; staff resending the link on purpose send it again;
 * - the link is texted too where the customer takes texts (notificationTypes holds SMS) and has a
 *   valid mobile number; mail stays; a customer who chose mail only gets no text.
 */
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formatInTimeZone } from 'date-fns-tz'
import { PAY_LINK_QUIET_MS } from '../../src/domain/booking/pay-link'
import { smsSegments } from '../../src/domain/policy/sms-segments'
import { staffLogin } from '../desk/desk-test-support'
import { DESK_MESSAGES } from '../desk/desk-booking.service'
import { clearDays, londonInstant } from '../test-support/dates'
import { SmtpInbox } from '../test-support/smtp-inbox'
import { TwilioMock } from '../notifications/testing/twilio-mock'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'

const PAY_SUBJECT = 'Pay your deposit to confirm your appointment'
const twilio = new TwilioMock('AC' + 'fedcba9876543210'.repeat(2))

const inbox = new SmtpInbox()
let t: TestServer
let admin: Record<string, string>
let apiKey: string
let offsetMs = 0

beforeAll(async () => {
  await inbox.start()
  await twilio.start()
  t = await buildTestServer({
    smtpUrl: inbox.url,
    publicUrl: 'https://book.clinic.test',
    twilio: twilio.config(),
    clock: () => new Date(Date.now() + offsetMs),
  })
  admin = await staffLogin(t, 'paylink.desk@demo.example.com', 'admin', null)
  const key = await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin, payload: { name: 'Website', scopes: ['bookings:write'] } })
  apiKey = key.json().key
  // The demo customer takes mail and texts; the other customer mail only.
  await t.db.updateTable('customers').set({ mobile_phone: '07700 900123' }).where('email', 'in', [DEMO_CUSTOMER.email, OTHER_CUSTOMER.email]).execute()
})
afterAll(async () => {
  await t.close()
  await inbox.stop()
  await twilio.stop()
})
beforeEach(() => {
  offsetMs = 0
})

const [deskDay, textDay] = clearDays(5, 2)
const deskBooking = (time: string, extra: object = {}) => ({
  customer: DEMO.customerOther,
  location: DEMO.clinicLondon,
  start: londonInstant(deskDay, time),
  services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }],
  payment: 'link',
  ...extra,
})
const deskBook = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/desk/bookings', headers: admin, payload })
const keyBook = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/integrations/bookings', headers: { 'x-api-key': apiKey }, payload })

/** The pay-link mails delivered to an address that carry this link, once the outbox is drained. */
async function payMails(to: string, link: string): Promise<ParsedMail[]> {
  await t.app.deps.mail.flush()
  return inbox.mails.filter((m) => m.subject === PAY_SUBJECT && m.to && !Array.isArray(m.to) && m.to.text.includes(to) && (m.text ?? '').includes(link))
}
const texts = () => twilio.sent.map((text) => text.form)
const textsWith = (link: string) => texts().filter((f) => (f.get('Body') ?? '').includes(link))

describe('a desk booking sent again with the same transactionId', () => {
  it('is one booking and one mail of its link; staff resending the link send it again', async () => {
    const payload = deskBooking('10:00', { transactionId: 'desk-retry-1' })
    const first = await deskBook(payload)
    expect(first.statusCode, first.body).toBe(201)
    const { payLink, appointments } = first.json()
    expect(first.json().message).toBe(DESK_MESSAGES.linkSent)

    // Book pressed again (the answer was lost): the same booking and link, no second mail.
    const again = await deskBook(payload)
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json()).toMatchObject({ payLink, appointments: [{ id: appointments[0].id }], message: DESK_MESSAGES.linkNotResent })
    expect(await payMails(OTHER_CUSTOMER.email, payLink)).toHaveLength(1)
    const rows = await t.db.selectFrom('appointments').select('id').where('customer_id', '=', DEMO.customerOther).where('starts_at', '=', new Date(payload.start)).execute()
    expect(rows).toHaveLength(1)

    // Staff resend it on purpose: the customer gets it again, the same link.
    const resent = await deskBook({ ...payload, resendPayLink: true })
    expect(resent.statusCode, resent.body).toBe(201)
    expect(resent.json()).toMatchObject({ payLink, message: DESK_MESSAGES.linkResent })
    expect(await payMails(OTHER_CUSTOMER.email, payLink)).toHaveLength(2)

    // A retry after the quiet time is a reminder worth sending.
    offsetMs = PAY_LINK_QUIET_MS
    expect((await deskBook(payload)).json().message).toBe(DESK_MESSAGES.linkSent)
    expect(await payMails(OTHER_CUSTOMER.email, payLink)).toHaveLength(3)
    // The other customer chose mail only: never a text.
    expect(textsWith(payLink)).toEqual([])
  })
})

describe('the pay link texted', () => {
  it('goes by text too to a customer who takes texts and has a mobile number, from the desk and from an API key', async () => {
    const desk = await deskBook({ ...deskBooking('14:00'), customer: DEMO.customerDemo, start: londonInstant(textDay, '14:00') })
    expect(desk.statusCode, desk.body).toBe(201)
    const { payLink } = desk.json()
    expect(await payMails(DEMO_CUSTOMER.email, payLink)).toHaveLength(1)
    const [text] = textsWith(payLink)
    expect(text.get('To')).toBe('+447700900123')
    expect(text.get('From')).toBe('+447700900999')
    const date = formatInTimeZone(new Date(londonInstant(textDay, '14:00')), 'Europe/London', 'dd/MM/yyyy')
    expect(text.get('Body')).toBe(`Harley Aesthetics: pay the £36.00 deposit for ${date} 14:00 to confirm it: ${payLink}`)
    // One segment: the whole text in one message.
    expect(smsSegments(text.get('Body')!)).toBe(1)
    expect(textsWith(payLink)).toHaveLength(1)

    const key = await keyBook({
      customer: { email: DEMO_CUSTOMER.email, firstName: 'Jane', surname: 'Doe' },
      appointment: { event: { start: londonInstant(textDay, '16:00'), end: londonInstant(textDay, '16:00') }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
    })
    expect(key.statusCode, key.body).toBe(201)
    const { payUrl } = key.json()
    expect(await payMails(DEMO_CUSTOMER.email, payUrl)).toHaveLength(1)
    expect(textsWith(payUrl).map((f) => f.get('To'))).toEqual(['+447700900123'])
  })

  it('goes by text to a customer the desk created who takes texts; not to one created for mail only', async () => {
    const create = (email: string, mobilePhone: string, extra: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/customers', headers: admin, payload: { title: 'Ms', firstName: 'Tess', surname: 'Text', email, mobilePhone, dob: '1980-04-02', gender: 'female', ...extra } })
    const texting = await create('desk.texts@example.com', '07700 900555', { notificationTypes: ['Email', 'SMS'] })
    const mailOnly = await create('desk.mail@example.com', '07700 900556', {})
    expect([texting.statusCode, mailOnly.statusCode], mailOnly.body).toEqual([201, 201])
    const booked = await deskBook({ ...deskBooking('10:00'), customer: texting.json().id, start: londonInstant(textDay, '10:00') })
    expect(booked.statusCode, booked.body).toBe(201)
    const { payLink } = booked.json()
    expect(await payMails('desk.texts@example.com', payLink)).toHaveLength(1)
    expect(textsWith(payLink).map((f) => f.get('To'))).toEqual(['+447700900555'])
    const unTexted = await deskBook({ ...deskBooking('12:00'), customer: mailOnly.json().id, start: londonInstant(textDay, '12:00') })
    expect(unTexted.statusCode, unTexted.body).toBe(201)
    expect(await payMails('desk.mail@example.com', unTexted.json().payLink)).toHaveLength(1)
    expect(texts().some((f) => f.get('To') === '+447700900556')).toBe(false)
  })

  it('is not texted to a customer who chose mail only, nor to a new customer made by a key (mail notices only)', async () => {
    const email = 'paylink.mobile@example.com'
    const key = await keyBook({
      customer: { email, firstName: 'Mo', surname: 'Bile', mobilePhone: '07700 900777' },
      appointment: { event: { start: londonInstant(textDay, '11:00'), end: londonInstant(textDay, '11:00') }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
    })
    expect(key.statusCode, key.body).toBe(201)
    const { payUrl } = key.json()
    expect(await payMails(email, payUrl)).toHaveLength(1)
    expect(textsWith(payUrl)).toEqual([])
    expect(texts().some((f) => f.get('To') === '+447700900777')).toBe(false)
  })
})
