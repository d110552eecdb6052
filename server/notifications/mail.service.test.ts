import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SmtpInbox } from '../test-support/smtp-inbox'
import { buildTestServer, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'

const inbox = new SmtpInbox()
const received = inbox.deliveries
let t: TestServer

beforeAll(async () => {
  await inbox.start()
  t = await buildTestServer({ smtpUrl: inbox.url, mailFrom: 'Clinic <no-reply@clinic.test>' })
})
afterAll(async () => {
  await t.close()
  await inbox.stop()
})

describe('mail outbox', () => {
  it('sends the outbox through a real SMTP server and marks rows sent', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/user/forgot-password/${OTHER_CUSTOMER.email}` })
    expect(response.statusCode).toBe(200)
    await t.app.deps.mail.flush()
    const mail = received.find((m) => m.to.includes(OTHER_CUSTOMER.email))
    expect(mail).toBeDefined()
    expect(mail!.from).toBe('no-reply@clinic.test')
    expect(mail!.data).toContain('Subject: Reset your password')
    expect(mail!.data).toMatch(/reset-password\//)
    const rows = await t.db.selectFrom('outbox').select(['sent_at', 'attempts']).where('to_address', '=', OTHER_CUSTOMER.email).execute()
    expect(rows.every((r) => r.sent_at !== null)).toBe(true)
  })

  it('enqueueMail (the API for other modules) sends attachments, once', async () => {
    const before = received.length
    await t.app.deps.mail.enqueueMail({
      tenant: 'demo',
      to: 'guest@example.com',
      subject: 'Your booking',
      text: 'See you soon',
      attachments: [{ filename: 'booking.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR', contentType: 'text/calendar' }],
    })
    await t.app.deps.mail.flush()
    await t.app.deps.mail.flush()
    const sent = received.slice(before).filter((m) => m.to.includes('guest@example.com'))
    expect(sent).toHaveLength(1)
    expect(sent[0].data).toContain('booking.ics')
  })

  it('keeps a failed mail for a retry with the error', async () => {
    await inbox.stop()
    await t.app.deps.mail.enqueueMail({ tenant: 'demo', to: 'later@example.com', subject: 'Later', text: 'x' })
    await t.app.deps.mail.flush()
    const row = await t.db.selectFrom('outbox').select(['sent_at', 'attempts', 'last_error']).where('to_address', '=', 'later@example.com').executeTakeFirstOrThrow()
    expect(row.sent_at).toBeNull()
    expect(row.attempts).toBe(1)
    expect(row.last_error).toBeTruthy()
    await inbox.start()
  })
})

describe('closing the server (SIGTERM)', () => {
  it('waits for the drain under way and sends what is pending, then closes the database', async () => {
    const closing = await buildTestServer({ smtpUrl: inbox.url, mailFrom: 'Clinic <no-reply@clinic.test>' })
    const before = received.length
    for (let i = 0; i < 25; i++) await closing.app.deps.mail.enqueueMail({ tenant: 'demo', to: `closing${i}@example.com`, subject: 'Closing', text: 'x' })
    // A drain under way when the close begins (a booking's commit started it): it used to fail with
    // 'driver has already been destroyed', the database closed under it.
    const underWay = closing.app.deps.mail.flush()
    await closing.close()
    await expect(underWay).resolves.toBeGreaterThanOrEqual(0)
    const sent = received.slice(before).filter((m) => m.to.some((to) => to.startsWith('closing')))
    expect(new Set(sent.map((m) => m.to[0])).size).toBe(25)
  })
})

describe('dev mailbox', () => {
  it('is not served in production', async () => {
    const production = await buildTestServer({ env: 'production' })
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api/dev/mailbox' })
      expect(response.statusCode).toBe(404)
    } finally {
      await production.close()
    }
  })
})
