/**
 * What the server log says about the mail and texts a booking sends: their outbox id and kind, and the
 * outcome; never the subject (it names the treatment: health information), the treatment, or the
 * customer's address, number or name. Also when the mail server or Twilio refuses them and their
 * refusal quotes the address or number.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { clearDate, londonInstant } from '../test-support/dates'
import { SmtpInbox } from '../test-support/smtp-inbox'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { TwilioMock } from './testing/twilio-mock'

const inbox = new SmtpInbox()
const twilio = new TwilioMock()
let t: TestServer | undefined
beforeAll(async () => {
  await inbox.start()
  await twilio.start()
})
afterEach(async () => {
  await t?.close()
  t = undefined
})
afterAll(async () => {
  await inbox.stop()
  await twilio.stop()
})

async function logged(overrides: Parameters<typeof buildTestServer>[0]): Promise<{ server: TestServer; lines: string[] }> {
  const lines: string[] = []
  const server = await buildTestServer({ ...overrides, logLevel: 'info', logStream: { write: (line: string) => void lines.push(line) } })
  t = server
  return { server, lines }
}

/** The demo customer (who takes mail and texts) books a consultation; its mail and text are drained. */
async function bookConsultation(server: TestServer): Promise<void> {
  const token = await server.login(DEMO_CUSTOMER)
  const day = clearDate(6, [2, 3, 4, 5])
  const start = londonInstant(day, '10:00')
  const booked = await server.app.inject({
    method: 'POST',
    url: '/api/appointments/public',
    headers: server.auth(token),
    payload: { appointment: { event: { start, end: start }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } },
  })
  expect(booked.statusCode, booked.body).toBe(200)
  await server.app.deps.mail.flush()
  await server.app.deps.mail.flush()
}

/** What must not reach the log: the mails' subjects, the treatment, the customer's address, number and name. */
async function personal(server: TestServer): Promise<string[]> {
  const customer = await server.db.selectFrom('customers').select(['first_name', 'surname', 'mobile_phone']).where('tenant_id', '=', 'demo').where('email', '=', DEMO_CUSTOMER.email).executeTakeFirstOrThrow()
  const service = await server.db.selectFrom('services').select('name').where('id', '=', DEMO.sConsultation).executeTakeFirstOrThrow()
  const mails = await server.db.selectFrom('outbox').select('subject').where('channel', '=', 'email').where('to_address', '=', DEMO_CUSTOMER.email).execute()
  const phone = customer.mobile_phone!.replace(/\D/g, '').slice(-10)
  expect(mails.map((m) => m.subject)).toContainEqual(expect.stringContaining(service.name))
  return [...mails.map((m) => m.subject), service.name, DEMO_CUSTOMER.email, phone, `${customer.first_name} ${customer.surname}`, `"${customer.surname}"`]
}

const entries = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>)
const found = (lines: string[], needles: string[]) => needles.filter((n) => lines.join('\n').toLowerCase().includes(n.toLowerCase()))

async function outboxOf(server: TestServer, channel: 'email' | 'sms') {
  return server.db.selectFrom('outbox').select(['id', 'subject', 'last_error', 'to_address']).where('tenant_id', '=', 'demo').where('channel', '=', channel).orderBy('created_at', 'desc').executeTakeFirstOrThrow()
}

describe('the log of a booking confirmation', () => {
  it('names the mail by its outbox id and the text by its id and kind; no subject, treatment, address, number or name', async () => {
    const { server, lines } = await logged({ smtpUrl: inbox.url })
    await bookConsultation(server)
    const mail = await outboxOf(server, 'email')
    const text = await outboxOf(server, 'sms')
    expect(inbox.mails.map((m) => m.subject)).toContain(mail.subject)

    expect(entries(lines)).toContainEqual(expect.objectContaining({ msg: 'mail sent', mailId: mail.id, tenant: 'demo' }))
    // No Twilio credentials here: the text is logged instead of sent, by its id and kind.
    expect(entries(lines)).toContainEqual(expect.objectContaining({ msg: 'SMS not sent (no Twilio credentials): logged only', smsId: text.id, kind: text.subject }))
    expect(found(lines, await personal(server))).toEqual([])
  })

  it('when the mail server refuses the address and Twilio the number, says so without either', async () => {
    inbox.refused.add(DEMO_CUSTOMER.email)
    twilio.refusing = true
    try {
      const { server, lines } = await logged({ smtpUrl: inbox.url, twilio: twilio.config() })
      await bookConsultation(server)
      const mail = await outboxOf(server, 'email')
      const text = await outboxOf(server, 'sms')

      expect(entries(lines)).toContainEqual(expect.objectContaining({ msg: 'mail not sent (will retry)', mailId: mail.id, error: expect.objectContaining({ message: expect.stringContaining('<recipient>') }) }))
      expect(entries(lines)).toContainEqual(expect.objectContaining({ msg: 'SMS not sent', smsId: text.id, kind: text.subject, error: expect.objectContaining({ message: expect.stringContaining("The 'To' number <recipient>") }) }))
      expect(found(lines, await personal(server))).toEqual([])
      // The error kept on the row (shown to staff with the message) leaves them out too; the row itself says to whom.
      expect(mail.last_error).not.toContain(mail.to_address)
      expect(text.last_error).not.toContain(text.to_address)
    } finally {
      inbox.refused.clear()
      twilio.refusing = false
    }
  })
})
