import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestServer, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'

interface Received {
  from: string
  to: string[]
  data: string
}

const received: Received[] = []
let smtp: SMTPServer
let port = 0
let t: TestServer

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  port = (smtp.server.address() as { port: number }).port
  t = await buildTestServer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Clinic <no-reply@clinic.test>' })
})
afterAll(async () => {
  await t.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
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
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    await t.app.deps.mail.enqueueMail({ tenant: 'demo', to: 'later@example.com', subject: 'Later', text: 'x' })
    await t.app.deps.mail.flush()
    const row = await t.db.selectFrom('outbox').select(['sent_at', 'attempts', 'last_error']).where('to_address', '=', 'later@example.com').executeTakeFirstOrThrow()
    expect(row.sent_at).toBeNull()
    expect(row.attempts).toBe(1)
    expect(row.last_error).toBeTruthy()
    smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onData: (s, _session, cb) => { s.resume(); s.on('end', () => cb()) } })
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve))
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
