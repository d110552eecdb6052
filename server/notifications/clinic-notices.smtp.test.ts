/**
 * The clinic's other notices through a real SMTP server (smtp-server): cancelled and moved by the
 * clinic (staff), a gift voucher to its receiver and the buyer's receipt, a form to fill in, the
 * account mails in the branded layout, and what staff see of the outbox (clinic admin outbox).
 */
import type { ParsedMail } from 'mailparser'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF_PASSWORD } from '../admin/admin-test-support'
import { insertStaff } from '../staff/staff.repository'
import { setPasswordLink } from '../staff/staff.service'
import { operatorDb } from '../staff/staff.tables'
import { clearDate, londonInstant } from '../test-support/dates'
import { SmtpInbox } from '../test-support/smtp-inbox'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'

const inbox = new SmtpInbox()
const received = inbox.mails
let t: TestServer
let demo: string
let other: string
let admin: Record<string, string>
let offsetMs = 0


beforeAll(async () => {
  await inbox.start()
  t = await buildTestServer({ smtpUrl: inbox.url, publicUrl: 'https://book.clinic.test', clock: () => new Date(Date.now() + offsetMs) })
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
  const db = operatorDb(t.db)
  const row = await insertStaff(db, { tenant: 'demo', email: 'desk@demo.example.com', displayName: 'Front desk', role: 'admin', practitionerId: null })
  const token = (await setPasswordLink(db, 'demo', row.id, 'http://x', new Date())).split('/').pop()!
  await t.app.inject({ method: 'POST', url: '/api/staff/set-password', payload: { token, password: STAFF_PASSWORD } })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: { email: 'desk@demo.example.com', password: STAFF_PASSWORD } })
  admin = { authorization: `Bearer ${login.json().token as string}` }
})
afterAll(async () => {
  await t.close()
  await inbox.stop()
})

// Sarah's free times a week on, clear of the demo's own appointments, onto which a weekend and
// Christmas would move it (from 18 or 19 December: her seeded 28th or 29th).
const day = clearDate(6, [2, 3, 4, 5])
const consultation = (time: string) => ({
  event: { start: londonInstant(day, time), end: londonInstant(day, time) },
  practitioner: DEMO.pSarah,
  clinic: DEMO.clinicLondon,
  service: DEMO.sConsultation,
})

async function book(token: string, time: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/appointments/public', headers: t.auth(token), payload: { appointment: consultation(time) } })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().appointment.id as string
}

const icsOf = (mail: ParsedMail) => mail.attachments.find((a) => a.filename === 'appointment.ics')?.content.toString('utf8') ?? ''
const field = (ics: string, name: string) => ics.split('\r\n').find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1)
const mailsAbout = (id: string) => received.filter((m) => icsOf(m).includes(`UID:${id}@demo.clinic-booking`))
const mailsTo = (address: string) => received.filter((m) => m.to && 'text' in m.to && m.to.text.toLowerCase() === address.toLowerCase())
/** The branded MJML layout: responsive CSS, the organisation's name, the action as a button. */
const branded = (mail: ParsedMail, link: string) => {
  expect(mail.html).toContain('@media')
  expect(mail.html).toContain('Harley Aesthetics')
  expect(mail.html).toContain(link)
  expect(mail.text).toContain(link)
}

describe('cancelled and moved by the clinic', () => {
  it("staff cancel: 'cancelled by the clinic' with a METHOD:CANCEL .ics of the same UID, in the cancel's transaction", async () => {
    const id = await book(demo, '10:00')
    await t.app.deps.mail.flush()
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${id}/cancel`, headers: admin, payload: {} })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json().status).toBe('Cancelled')
    await t.app.deps.mail.flush()
    const mails = mailsAbout(id)
    expect(mails.map((m) => m.subject?.split(':')[0])).toEqual(['Booking confirmed', 'Booking cancelled by the clinic'])
    const cancel = mails[1]
    expect(cancel.text).toContain('We are sorry: Harley Aesthetics has had to cancel your booking:')
    expect(field(icsOf(cancel), 'METHOD')).toBe('CANCEL')
    expect(field(icsOf(cancel), 'STATUS')).toBe('CANCELLED')
    expect(field(icsOf(cancel), 'SEQUENCE')).toBe('1')
    // Cancelling again is refused and tells nobody.
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${id}/cancel`, headers: admin, payload: {} })).statusCode).toBe(409)
    await t.app.deps.mail.flush()
    expect(mailsAbout(id)).toHaveLength(2)
  })

  it("staff move: 'Booking moved' with the next SEQUENCE and the new time", async () => {
    const id = await book(other, '11:00')
    await t.app.deps.mail.flush()
    const moved = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${id}/move`, headers: admin, payload: { start: londonInstant(day, '12:00') } })
    expect(moved.statusCode, moved.body).toBe(200)
    await t.app.deps.mail.flush()
    const mails = mailsAbout(id)
    expect(mails.map((m) => m.subject?.split(':')[0])).toEqual(['Booking confirmed', 'Booking moved'])
    expect(field(icsOf(mails[1]), 'SEQUENCE')).toBe('1')
    expect(field(icsOf(mails[1]), 'DTSTART')).toBe(londonInstant(day, '12:00').replace(/[-:]/g, '').replace('.000', ''))
  })

  it('staff move to a time already past (when the visit happened): moved, and the customer is not told', async () => {
    const id = await book(other, '16:00')
    await t.app.deps.mail.flush()
    offsetMs = Date.parse(londonInstant(day, '17:00')) - Date.now()
    try {
      const moved = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${id}/move`, headers: admin, payload: { start: londonInstant(day, '09:30') } })
      expect(moved.statusCode, moved.body).toBe(200)
      expect(moved.json().start).toBe(londonInstant(day, '09:30'))
      await t.app.deps.mail.flush()
    } finally {
      offsetMs = 0
    }
    expect(mailsAbout(id).map((m) => m.subject?.split(':')[0])).toEqual(['Booking confirmed'])
  })
})

describe('a change and its notice commit together', () => {
  it('a cancel whose notice cannot be written is undone (customer and staff), and goes through once it can', async () => {
    const mine = await book(demo, '14:00')
    const theirs = await book(other, '14:30')
    await t.app.deps.mail.flush()
    const status = async (id: string) => (await t.db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
    // The database refuses the notice (as a crash between the two writes would lose it).
    await sql`ALTER TABLE notices ADD CONSTRAINT test_no_cancel_notice CHECK (kind NOT IN ('cancelled', 'cancelled-by-clinic')) NOT VALID`.execute(t.db)
    try {
      expect((await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${mine}`, headers: t.auth(demo) })).statusCode).toBe(500)
      expect((await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${theirs}/cancel`, headers: admin, payload: {} })).statusCode).toBe(500)
      expect([await status(mine), await status(theirs)]).toEqual(['Scheduled', 'Scheduled'])
    } finally {
      await sql`ALTER TABLE notices DROP CONSTRAINT test_no_cancel_notice`.execute(t.db)
    }
    expect((await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${mine}`, headers: t.auth(demo) })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${theirs}/cancel`, headers: admin, payload: {} })).statusCode).toBe(200)
    await t.app.deps.mail.flush()
    expect(mailsAbout(mine).map((m) => field(icsOf(m), 'METHOD'))).toEqual(['REQUEST', 'CANCEL'])
    expect(mailsAbout(theirs).map((m) => field(icsOf(m), 'METHOD'))).toEqual(['REQUEST', 'CANCEL'])
  })
})

describe('gift vouchers', () => {
  it("mails each code to its receiver (or the buyer) and the buyer one receipt, after payment only", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gift-vouchers/purchase',
      headers: t.auth(demo),
      payload: { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, vouchers: [{ value: 100, receiver: { name: 'Sam Green', email: 'sam.green@example.com', message: 'Happy birthday!\nLove, <Jo> & co' } }, { value: 50 }] },
    })
    expect(res.statusCode, res.body).toBe(200)
    const invoice = res.json()
    const before = mailsTo(DEMO_CUSTOMER.email).length
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/invoice/${invoice.id}/pay`,
      headers: t.auth(demo),
      payload: { payments: [{ value: 150, type: 'Card', coherentPaymentFlag: true }], invoice: invoice.id, idempotencyKey: `${invoice.id}:card` },
    })
    expect(started.statusCode, started.body).toBe(200)
    await t.app.deps.mail.flush()
    expect(mailsTo('sam.green@example.com')).toHaveLength(0)
    const paid = await t.app.inject({ method: 'POST', url: `/sandbox/pay/${started.json().transactionId}`, payload: { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' } })
    expect(paid.statusCode).toBe(200)
    await t.app.deps.mail.flush()
    await t.app.deps.mail.flush()

    const codes = (await t.db.selectFrom('commerce_gift_vouchers').select(['code', 'amount']).where('invoice_id', '=', invoice.id).orderBy('amount', 'desc').execute()).map((v) => v.code)
    const toSam = mailsTo('sam.green@example.com')
    expect(toSam).toHaveLength(1)
    expect(toSam[0].subject).toBe('A gift voucher for you from Jane Doe | Harley Aesthetics')
    expect(toSam[0].text).toContain('Jane Doe has sent you a Harley Aesthetics gift voucher worth £100.00.')
    expect(toSam[0].text).toContain('Happy birthday!\nLove, <Jo> & co')
    expect(toSam[0].html).toContain('Happy birthday!<br />Love, &lt;Jo&gt; &amp; co')
    expect(toSam[0].text).toContain(`Voucher code: ${codes[0]}`)
    // the code is redeemed at the clinic: there is no field for it online
    expect(toSam[0].text).toContain('Show the code at the clinic when you pay for your visit.')
    expect(toSam[0].text).toMatch(/Valid until: \w+day \d{1,2}(st|nd|rd|th) \w+ \d{4}/)
    branded(toSam[0], 'https://book.clinic.test/')
    const toBuyer = mailsTo(DEMO_CUSTOMER.email).slice(before)
    expect(toBuyer.map((m) => m.subject).sort(), JSON.stringify(toBuyer.map((m) => m.subject))).toEqual(['Gift voucher receipt | Harley Aesthetics', 'Your gift voucher | Harley Aesthetics'])
    const own = toBuyer.find((m) => m.subject?.startsWith('Your gift voucher'))!
    expect(own.text).toContain(`Voucher code: ${codes[1]}`)
    const receipt = toBuyer.find((m) => m.subject?.startsWith('Gift voucher receipt'))!
    expect(receipt.text).toContain('- £100.00 gift voucher for Sam Green (sam.green@example.com)')
    expect(receipt.text).toContain('- £50.00 gift voucher for you')
    expect(receipt.text).not.toContain(codes[0])
    branded(receipt, 'https://book.clinic.test/app')
  })
})

describe('form to fill in', () => {
  it('POST /admin/customers/{id}/forms sends the form and mails its link once; admins only; 404 for an unknown customer', async () => {
    const sent = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${DEMO.customerOther}/forms`, headers: admin, payload: { type: 'medical', password: 'Secret12' } })
    expect(sent.statusCode, sent.body).toBe(201)
    const { id, link } = sent.json() as { id: string; link: string }
    expect(link).toBe(`https://book.clinic.test/form/${id}`)
    await t.app.deps.mail.flush()
    const mails = mailsTo(OTHER_CUSTOMER.email).filter((m) => m.subject?.startsWith('Form to fill in'))
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toBe('Form to fill in: Medical history | Harley Aesthetics')
    expect(mails[0].text).toContain('Harley Aesthetics asks you to fill in this form before your appointment:')
    expect(mails[0].text).toContain('The form asks for the password the clinic has given you.')
    expect(mails[0].text).not.toContain('Secret12')
    branded(mails[0], link)
    // The form is there, behind its password.
    expect((await t.app.inject({ method: 'GET', url: `/api/forms/user-form/${id}?password=Secret12` })).json().type).toBe('medical')
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/customers/${'f'.repeat(24)}/forms`, headers: admin, payload: { type: 'consent' } })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/customers/${DEMO.customerOther}/forms`, headers: t.auth(other), payload: { type: 'consent' } })).statusCode).toBe(401)
  })
})

describe('account mails', () => {
  it('password reset and verification in the branded layout, with a plain-text part', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/user/forgot-password/${OTHER_CUSTOMER.email}` })).statusCode).toBe(200)
    await t.app.deps.mail.flush()
    const reset = mailsTo(OTHER_CUSTOMER.email).filter((m) => m.subject === 'Reset your password')
    expect(reset).toHaveLength(1)
    const link = /https:\/\/book\.clinic\.test\/user\/reset-password\/\S+/.exec(reset[0].text ?? '')?.[0]
    expect(link).toBeDefined()
    branded(reset[0], link!)
    expect(reset[0].text).toContain('Hello ')
  })
})

describe('GET /admin/outbox (clinic admin outbox)', () => {
  it('lists the messages given up after a day, with their last error, and those still waiting', async () => {
    offsetMs = 0
    await t.app.deps.mail.flush()
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: admin })).json()).toEqual([])
    await inbox.stop()
    const id = await book(other, '15:00')
    await t.app.deps.mail.flush()
    const waiting = (await t.app.inject({ method: 'GET', url: '/api/admin/outbox?state=pending', headers: admin })).json() as { state: string; to: string; subject: string; lastError?: string; nextAttemptAt?: string }[]
    expect(waiting).toHaveLength(1)
    expect(waiting[0]).toMatchObject({ state: 'pending', to: OTHER_CUSTOMER.email })
    expect(waiting[0].subject).toMatch(/^Booking confirmed/)
    expect(waiting[0].lastError).toBeTruthy()
    expect(waiting[0].nextAttemptAt).toBeTruthy()
    for (let hours = 1; hours <= 26; hours++) {
      offsetMs = hours * 3_600_000
      await t.app.deps.mail.flush()
    }
    const failed = (await t.app.inject({ method: 'GET', url: '/api/admin/outbox?state=failed', headers: admin })).json() as { state: string; failedAt?: string; lastError?: string; attempts: number }[]
    expect(failed).toHaveLength(1)
    expect(failed[0].state).toBe('failed')
    expect(failed[0].failedAt).toBeTruthy()
    expect(failed[0].lastError).toBeTruthy()
    expect(failed[0].attempts).toBeGreaterThan(5)
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox?state=pending', headers: admin })).json()).toEqual([])
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: admin })).json()).toHaveLength(1)
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: t.auth(other) })).statusCode).toBe(401)
    expect(mailsAbout(id)).toHaveLength(0)
    await inbox.start()
    offsetMs = 0
  })
})
