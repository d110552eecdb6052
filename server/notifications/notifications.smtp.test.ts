/**
 * Notifications end to end through a real SMTP server (smtp-server), on the app's injected clock:
 * book → reschedule → cancel mails whose .ics share one UID with SEQUENCE 0, 1, 2 (the last
 * METHOD:CANCEL); a reminder once at the lead time; an hour of SMTP outage loses nothing.
 */
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant } from '../test-support/dates'
import { SmtpInbox } from '../test-support/smtp-inbox'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { HoldSweeper } from '../booking/hold-sweeper'
import { readItip } from '../test-support/itip-check'
import { notify } from './notifications.service'

const inbox = new SmtpInbox()
const received = inbox.mails
let t: TestServer
let demo: string
let other: string
let offsetMs = 0


beforeAll(async () => {
  await inbox.start()
  t = await buildTestServer({ smtpUrl: inbox.url, publicUrl: 'https://book.clinic.test', clock: () => new Date(Date.now() + offsetMs) })
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
})
afterAll(async () => {
  await t.close()
  await inbox.stop()
})

/**
 * A Tuesday to Friday (Sarah works in London) four weeks ahead, past everything the demo seeds (its
 * last appointments are two weeks ahead, Sarah's leave 21-27 days): with the clock a day before it, no
 * seeded appointment's reminder is due. (Five days ahead, on 20 December, skipping Christmas landed on
 * the day after the seeded course session, whose reminder was then due 25 hours before.)
 */
const day = londonDate(28, [2, 3, 4, 5])
const consultation = (time: string) => ({
  event: { start: londonInstant(day, time), end: londonInstant(day, time) },
  practitioner: DEMO.pSarah,
  clinic: DEMO.clinicLondon,
  service: DEMO.sConsultation,
})

async function book(token: string, time: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/appointments/public', headers: t.auth(token), payload: { appointment: consultation(time) } })
  expect(response.statusCode).toBe(200)
  expect(response.json().appointment.status).toBe('Scheduled')
  return response.json().appointment.id as string
}

const icsOf = (mail: ParsedMail) => mail.attachments.find((a) => a.filename === 'appointment.ics')!.content.toString('utf8')
const field = (ics: string, name: string) => ics.split('\r\n').find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1)
const mailsAbout = (id: string) => received.filter((m) => m.attachments.some((a) => a.filename === 'appointment.ics' && a.content.toString('utf8').includes(`UID:${id}@demo.clinic-booking`)))

describe('appointment notices', () => {
  it('book → reschedule → cancel: three mails, one UID, SEQUENCE 0, 1, 2, the last METHOD:CANCEL', async () => {
    const id = await book(demo, '10:00')
    await t.app.deps.mail.flush()
    const moved = await t.app.inject({ method: 'PUT', url: `/api/appointments/reschedule/${id}`, headers: t.auth(demo), payload: { appointment: consultation('11:00') } })
    expect(moved.statusCode).toBe(200)
    await t.app.deps.mail.flush()
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${id}`, headers: t.auth(demo) })
    expect(cancelled.statusCode).toBe(200)
    await t.app.deps.mail.flush()

    const mails = mailsAbout(id)
    expect(mails.map((m) => m.subject?.split(':')[0])).toEqual(['Booking confirmed', 'Booking moved', 'Booking cancelled'])
    expect(mails.every((m) => m.to && 'text' in m.to && m.to.text === DEMO_CUSTOMER.email)).toBe(true)
    const calendars = mails.map(icsOf)
    expect(calendars.map((c) => field(c, 'UID'))).toEqual(Array(3).fill(`${id}@demo.clinic-booking`))
    expect(calendars.map((c) => field(c, 'SEQUENCE'))).toEqual(['0', '1', '2'])
    expect(calendars.map((c) => field(c, 'METHOD'))).toEqual(['REQUEST', 'REQUEST', 'CANCEL'])
    const typeOf = (m: ParsedMail) => m.attachments.find((a) => a.filename === 'appointment.ics')!.headers.get('content-type') as { value: string; params: Record<string, string> }
    expect(mails.map((m) => [typeOf(m).value, typeOf(m).params.method])).toEqual([['text/calendar', 'REQUEST'], ['text/calendar', 'REQUEST'], ['text/calendar', 'CANCEL']])
    // RFC 5546: the clinic as ORGANIZER (at the mails' sender address), the customer as ATTENDEE, in the request and the cancel.
    const customer = await t.db.selectFrom('customers').select(['first_name', 'surname']).where('email', '=', DEMO_CUSTOMER.email).executeTakeFirstOrThrow()
    for (const calendar of calendars) {
      const reading = readItip(calendar)
      expect(reading.problems).toEqual([])
      expect(reading.events).toEqual([
        expect.objectContaining({
          organizer: `mailto:${/<(.+)>/.exec(t.config.mailFrom)![1]}`,
          organizerName: 'Harley Aesthetics',
          attendees: [`mailto:${DEMO_CUSTOMER.email}`],
          attendeeNames: [`${customer.first_name} ${customer.surname}`],
        }),
      ])
    }
    expect(field(calendars[1], 'DTSTART')).toBe(londonInstant(day, '11:00').replace(/[-:]/g, '').replace('.000', ''))
    // In the organisation's name, the spec's date format, the address, a link from PUBLIC_URL only.
    expect(mails[1].text).toContain('Harley Aesthetics')
    expect(mails[1].text).toMatch(/(Monday|Tuesday|Wednesday|Thursday|Friday) \d{1,2}(st|nd|rd|th) \w+ \d{4} at 11:00/)
    expect(mails[1].text).toContain('Address: ')
    expect(mails[1].text).toContain('https://book.clinic.test/app')
    // HTML part from MJML: responsive, the link, no tracking pixel.
    expect(mails[1].html).toContain('https://book.clinic.test/app')
    expect(mails[1].html).toContain('@media')
    expect(String(mails[1].html).match(/<img/g) ?? []).toHaveLength(0)
  })

  it('sends a reminder once at the lead time (24 hours), with the late-cancellation terms', async () => {
    offsetMs = 0
    const id = await book(other, '14:00')
    await t.app.deps.mail.flush()
    const start = new Date(londonInstant(day, '14:00')).getTime()
    const reminders = () => mailsAbout(id).filter((m) => m.subject?.startsWith('Reminder'))

    offsetMs = start - 25 * 3_600_000 - Date.now()
    expect(await t.app.deps.notifications.planReminders()).toBe(0)
    await t.app.deps.mail.flush()
    expect(reminders()).toHaveLength(0)

    offsetMs = start - 24 * 3_600_000 + 60_000 - Date.now()
    // Two planners at once (as two instances would): one reminder.
    await Promise.all([t.app.deps.notifications.planReminders(), t.app.deps.notifications.planReminders()])
    await t.app.deps.notifications.planReminders()
    await t.app.deps.mail.flush()
    offsetMs += 3_600_000
    await t.app.deps.notifications.planReminders()
    await t.app.deps.mail.flush()
    expect(reminders()).toHaveLength(1)
    // The demo policy: £25 within 48 hours, so at 24 hours the charge already applies.
    expect(reminders()[0].text).toContain('Cancelling or changing this appointment now means a £25.00 charge.')
    expect(field(icsOf(reminders()[0]), 'SEQUENCE')).toBe('0')
    offsetMs = 0
  })

  it('keeps mail through an hour of SMTP outage and delivers each once when it is back', async () => {
    offsetMs = 0
    const before = received.length
    await inbox.stop()
    const ids = [await book(other, '15:00'), await book(other, '16:00')]
    for (let minutes = 0; minutes <= 60; minutes += 5) {
      offsetMs = minutes * 60_000
      await t.app.deps.mail.flush()
    }
    expect(received.length).toBe(before)
    const waiting = await t.db.selectFrom('outbox').select(['attempts', 'last_error', 'failed_at', 'sent_at']).where('to_address', '=', OTHER_CUSTOMER.email).where('sent_at', 'is', null).execute()
    expect(waiting).toHaveLength(2)
    expect(waiting.every((r) => r.attempts > 1 && r.last_error && r.failed_at === null)).toBe(true)
    await inbox.start()
    offsetMs = 3 * 3_600_000
    await t.app.deps.mail.flush()
    await t.app.deps.mail.flush()
    for (const id of ids) expect(mailsAbout(id)).toHaveLength(1)
    offsetMs = 0
  })
})

describe('GET /appointments/{id}/calendar.ics', () => {
  it("serves the customer's own appointment with the mails' UID and SEQUENCE; 404 for another's", async () => {
    offsetMs = 0
    const id = await book(demo, '12:00')
    const moved = await t.app.inject({ method: 'PUT', url: `/api/appointments/reschedule/${id}`, headers: t.auth(demo), payload: { appointment: consultation('12:30') } })
    expect(moved.statusCode).toBe(200)
    const response = await t.app.inject({ method: 'GET', url: `/api/appointments/${id}/calendar.ics`, headers: t.auth(demo) })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/calendar/)
    expect(field(response.body, 'UID')).toBe(`${id}@demo.clinic-booking`)
    expect(field(response.body, 'SEQUENCE')).toBe('1')
    expect(field(response.body, 'METHOD')).toBe('REQUEST')
    expect(readItip(response.body).problems).toEqual([])
    expect(readItip(response.body).events[0]).toMatchObject({ organizerName: 'Harley Aesthetics', attendees: [`mailto:${DEMO_CUSTOMER.email}`] })
    // Another customer's is not found, said as the other not-found messages are (a sentence, with its full stop).
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/${id}/calendar.ics`, headers: t.auth(other) })).json()).toEqual({ statusCode: 404, message: 'Appointment not found.' })
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/${id}/calendar.ics` })).statusCode).toBe(401)
  })
})

describe('hold released without payment', () => {
  it('tells the customer once that the unpaid hold is not booked (no calendar file)', async () => {
    offsetMs = 0
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/public',
      headers: t.auth(other),
      payload: { appointment: { ...consultation('09:00'), service: DEMO.sAntiWrinkle1 } },
    })
    expect(response.json().appointment.status).toBe('Pending')
    const id = response.json().appointment.id as string
    await t.db.updateTable('appointments').set({ hold_expires_at: new Date(Date.now() - 60_000) }).where('id', '=', id).execute()
    const before = received.length
    expect(await new HoldSweeper(t.db, undefined, () => new Date()).sweep()).toBeGreaterThanOrEqual(1)
    await new HoldSweeper(t.db, undefined, () => new Date()).sweep()
    await t.app.deps.mail.flush()
    const mails = received.slice(before).filter((m) => m.subject?.startsWith('Not booked'))
    expect(mails).toHaveLength(1)
    expect(mails[0].text).toContain('was released because the deposit was not paid in time')
    expect(mails[0].attachments).toHaveLength(0)
  })
})

describe('reminder planning', () => {
  it('plans again when the appointment moves, and sends none for a cancelled one', async () => {
    offsetMs = 0
    const moving = await book(other, '16:30')
    const cancelled = await book(demo, '15:30')
    expect((await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${cancelled}`, headers: t.auth(demo) })).statusCode).toBe(200)
    await t.app.deps.mail.flush()
    const reminders = (id: string) => mailsAbout(id).filter((m) => m.subject?.startsWith('Reminder'))
    const start = new Date(londonInstant(day, '16:30')).getTime()
    offsetMs = start - 24 * 3_600_000 + 60_000 - Date.now()
    await t.app.deps.notifications.planReminders()
    await t.app.deps.mail.flush()
    expect(reminders(moving)).toHaveLength(1)
    expect(reminders(cancelled)).toHaveLength(0)
    // Moved a week later (as staff would): a new reminder at the new lead time, not before.
    const later = start + 7 * 24 * 3_600_000
    await t.db.updateTable('appointments').set({ starts_at: new Date(later), ends_at: new Date(later + 30 * 60_000) }).where('id', '=', moving).execute()
    await t.app.deps.notifications.planReminders()
    await t.app.deps.mail.flush()
    expect(reminders(moving)).toHaveLength(1)
    offsetMs = later - 24 * 3_600_000 + 60_000 - Date.now()
    await t.app.deps.notifications.planReminders()
    await t.app.deps.mail.flush()
    expect(reminders(moving)).toHaveLength(2)
    offsetMs = 0
  })
})

describe('deposit receipt', () => {
  it('mails the customer a receipt of the deposit for the visit, without a second calendar file', async () => {
    offsetMs = 0
    const id = await book(demo, '09:30')
    await t.app.deps.mail.flush()
    // What settling a deposit payment does (server/commerce/payments.service.ts), in one transaction.
    await t.db.transaction().execute((trx) => notify(trx, 'demo', { kind: 'deposit-paid', appointmentIds: [id], at: new Date(), deposit: { amount: 25, currency: 'GBP' } }))
    await t.app.deps.mail.flush()
    const receipts = received.filter((m) => m.subject?.startsWith('Deposit received'))
    expect(receipts).toHaveLength(1)
    const receipt = receipts[0]
    expect(receipt?.subject).toMatch(/^Deposit received: .* \| Harley Aesthetics$/)
    expect(receipt?.to && 'text' in receipt.to && receipt.to.text).toBe(DEMO_CUSTOMER.email)
    expect(receipt?.text).toContain('Harley Aesthetics has received your deposit of £25.00 for:')
    expect(receipt?.text).toMatch(/ at 09:30 \(London time\)/)
    expect(receipt?.text).toContain('Manage your booking: https://book.clinic.test/app')
    expect(receipt?.attachments).toHaveLength(0)
  })
})
