/**
 * Texts through the official Twilio SDK against a local mock of Twilio's Messages API (a real HTTP
 * server on 127.0.0.1; TWILIO_API_BASE points the SDK at it): once, to the E.164 number, only for
 * customers who chose SMS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SMS_SEGMENT_CAP, smsEncoding, smsSegments } from '../../src/domain/policy/sms-segments'
import { clearDate, londonInstant } from '../test-support/dates'
import { TwilioMock } from './testing/twilio-mock'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'

const twilio = new TwilioMock()
const ACCOUNT = twilio.accountSid
const sent = twilio.sent
let t: TestServer

beforeAll(async () => {
  await twilio.start()
  t = await buildTestServer({ twilio: twilio.config() })
})
afterAll(async () => {
  await t.close()
  await twilio.stop()
})

// Sarah's free times a week on, clear of the demo's own appointments, onto which a weekend and
// Christmas would move it (from 18 or 19 December: her seeded 28th or 29th).
const day = clearDate(6, [2, 3, 4, 5])
async function book(credentials: { email: string; password: string }, time: string) {
  const token = await t.login(credentials)
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/public',
    headers: t.auth(token),
    payload: { appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } },
  })
  expect(response.statusCode).toBe(200)
}

describe('SMS through Twilio', () => {
  it('texts the customer who chose SMS once, at the E.164 number; not the one who did not', async () => {
    // The demo customer chose Email and SMS; the other customer Email only. A national number becomes E.164.
    await t.db.updateTable('customers').set({ mobile_phone: '07700 900123' }).where('email', '=', DEMO_CUSTOMER.email).execute()
    await book(DEMO_CUSTOMER, '10:00')
    await book(OTHER_CUSTOMER, '11:00')
    await t.app.deps.mail.flush()
    await t.app.deps.mail.flush()
    expect(sent).toHaveLength(1)
    expect(sent[0].path).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Messages.json`)
    expect(sent[0].auth).toBe(`Basic ${Buffer.from(`${ACCOUNT}:test-auth-token`).toString('base64')}`)
    expect(sent[0].form.get('To')).toBe('+447700900123')
    expect(sent[0].form.get('From')).toBe('+447700900999')
    const body = sent[0].form.get('Body')!
    expect(body).toMatch(/^Harley Aesthetics: booking confirmed /)
    // One segment (GSM, 160 at most): the whole text in one message.
    expect(smsSegments(body)).toBe(1)
    expect(body).not.toMatch(/https?:/)
    const rows = await t.db.selectFrom('outbox').select(['to_address', 'sent_at']).where('channel', '=', 'sms').execute()
    expect(rows).toEqual([{ to_address: '+447700900123', sent_at: expect.any(Date) }])
  })
  it('texts a booking confirmation in GSM-7 within the cap for a customer and treatment with typographic and accented names', async () => {
    // Names as typed on phones: one ë, ’, – or emoji would otherwise make the whole text Unicode (70 a segment).
    await t.db.updateTable('customers').set({ first_name: 'Zoë', surname: 'O’Neill' }).where('email', '=', DEMO_CUSTOMER.email).execute()
    await t.db.updateTable('services').set({ name: 'Lip filler – 1 ml', online_name: 'Lip filler – 1 ml' }).where('id', '=', DEMO.sConsultation).execute()
    await t.db.updateTable('organisations').set({ name: 'Noël’s Aesthetics ✨' }).execute()
    const before = sent.length
    await book(DEMO_CUSTOMER, '14:00')
    await t.app.deps.mail.flush()
    await t.app.deps.mail.flush()
    expect(sent).toHaveLength(before + 1)
    const body = sent[before]!.form.get('Body')!
    expect(body).toMatch(/^Noel's Aesthetics: booking confirmed Lip filler - 1 ml /)
    expect(smsEncoding(body)).toBe('gsm')
    expect(smsSegments(body)).toBeLessThanOrEqual(SMS_SEGMENT_CAP)
  })
})
