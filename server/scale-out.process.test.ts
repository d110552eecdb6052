/**
 * Issue 16 (operable): two server PROCESSES on one PostgreSQL database behave as one system.
 * - Bookings made through either instance read the same through the other.
 * - Each expired hold is released once: the sweepers of both instances run every 200 ms, and the
 *   holds released (clinic_holds_expired_total, summed over the instances) are exactly those booked.
 * - Each mail is sent once: both instances send the outbox to a real SMTP server (smtp-server).
 * - A rate limit is shared: its counters live in the database, whichever instance is asked.
 * - 'logout-customer' published by one instance (a password change) reaches a socket on the other.
 * The client address comes from X-Forwarded-For (TRUST_PROXY=true), as behind a load balancer: each
 * part of the test is its own client, so the rate limit of one does not touch another.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER } from './seed/demo.seed'
import { londonDate, londonInstant } from './test-support/dates'
import { SmtpInbox } from './test-support/smtp-inbox'
import { startServer, throwawayDatabase, waitUntil, type ServerProcess, type ThrowawayDatabase } from './test-support/server-process'
import { serverBundle } from './test-support/server-bundle'

const RATE_LIMIT_MAX = 3
const HOLDS = 6
const REGISTRATIONS = 6
const HOLD_TIMES = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00']

let d: ThrowawayDatabase
let client: pg.Client
const inbox = new SmtpInbox()
const delivered = inbox.deliveries
let a: ServerProcess
let b: ServerProcess
let instances: ServerProcess[]

beforeAll(async () => {
  await inbox.start()
  d = await throwawayDatabase('scale_out')
  const env = {
    DATABASE_URL: d.url,
    SMTP_URL: inbox.url,
    HOLD_SECONDS: '2',
    SWEEP_INTERVAL_MS: '200',
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    // Far longer than the test: the window never turns over in the middle of it.
    RATE_LIMIT_WINDOW_MS: String(60 * 60_000),
    TRUST_PROXY: 'true',
  }
  // Started together on the empty database: one migrates and seeds, the other waits (advisory lock).
  a = await startServer(env, await serverBundle())
  b = await startServer(env, await serverBundle())
  instances = [a, b]
  await Promise.all([a.running, b.running])
  client = new pg.Client({ connectionString: d.url })
  await client.connect()
}, 180_000)

afterAll(async () => {
  await Promise.all((instances ?? []).map((s) => s.kill()))
  await client?.end()
  await d?.drop()
  await inbox.stop()
})

let clients = 0
/** A client address of its own (X-Forwarded-For): its own rate-limit counters. */
const newClient = () => ({ 'x-forwarded-for': `198.51.100.${++clients}` })

async function login(s: ServerProcess, who: { email: string; password: string }): Promise<string> {
  const answer = await s.request('POST', '/api/login?from=customer', who, newClient())
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return (answer.body as { token: string }).token
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The value of a counter without labels in an instance's /api/metrics. */
async function counter(s: ServerProcess, name: string): Promise<number> {
  const answer = await s.get('/api/metrics')
  expect(answer.status).toBe(200)
  const match = new RegExp(`^${name} (\\d+)`, 'm').exec(String(answer.body))
  return match ? Number(match[1]) : 0
}

describe('two server processes on one PostgreSQL database', () => {
  it('bookings made through one are read the same through the other', async () => {
    const token = await login(a, OTHER_CUSTOMER)
    // A day James works in London (Tuesday to Saturday) and Monday to Friday: Tuesday to Friday.
    const start = londonInstant(londonDate(3, [2, 3, 4, 5]), '10:00')
    const booked = await b.request(
      'POST',
      '/api/appointments/public',
      { appointment: { event: { start, end: start }, practitioner: DEMO.pJames, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } },
      bearer(token),
    )
    expect(booked.status, JSON.stringify(booked.body)).toBe(200)
    const id = (booked.body as { appointment: { id: string } }).appointment.id
    const throughA = await a.get(`/api/appointments/${id}`, bearer(token))
    const throughB = await b.get(`/api/appointments/${id}`, bearer(token))
    expect(throughA.status).toBe(200)
    expect(throughA.body).toEqual(throughB.body)
    const listA = await a.get(`/api/appointments/customer/${DEMO.customerOther}`, bearer(token))
    expect(JSON.stringify(listA.body)).toContain(id)
    expect(listA.body).toEqual((await b.get(`/api/appointments/customer/${DEMO.customerOther}`, bearer(token))).body)
  }, 120_000)

  it('each expired hold is released once, by one of the two sweepers', async () => {
    const token = await login(b, OTHER_CUSTOMER)
    const before = (await Promise.all(instances.map((s) => counter(s, 'clinic_holds_expired_total')))).reduce((x, y) => x + y, 0)
    const ids: string[] = []
    for (let i = 0; i < HOLDS; i++) {
      // Different times (as hold-cap.routes.test.ts books them): no booking releases another's hold by overlapping it.
      const start = londonInstant(londonDate(2), HOLD_TIMES[i])
      const held = await instances[i % 2].request(
        'POST',
        '/api/appointments/public',
        { appointment: { event: { start, end: start }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 } },
        bearer(token),
      )
      expect(held.status, JSON.stringify(held.body)).toBe(200)
      expect((held.body as { message: string }).message).toBe('Your appointment is held while you pay the deposit.')
      ids.push((held.body as { appointment: { id: string } }).appointment.id)
    }
    await waitUntil(async () => {
      const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM appointments WHERE id = ANY($1) AND status = 'Deleted'", [ids])
      return Number(rows[0].n) === HOLDS
    }, 200)
    // The counter follows the UPDATE that released the holds: wait for it to catch up, then it must not exceed them.
    const released = async () => (await Promise.all(instances.map((s) => counter(s, 'clinic_holds_expired_total')))).reduce((x, y) => x + y, 0) - before
    await waitUntil(async () => (await released()) >= HOLDS, 200)
    expect(await released()).toBe(HOLDS)
    // Both instances answer the released holds alike.
    for (const id of ids) expect((await a.get(`/api/appointments/${id}`, bearer(token))).body).toEqual((await b.get(`/api/appointments/${id}`, bearer(token))).body)
  }, 180_000)

  it('each mail is sent once, though both instances send the outbox', async () => {
    const emails = Array.from({ length: REGISTRATIONS }, (_, i) => `scale-out-${i}@example.com`)
    await Promise.all(
      emails.map(async (email, i) => {
        const answer = await instances[i % 2].request(
          'POST',
          '/api/user/customer/register',
          { title: 'Ms', name: 'Ada', surname: 'Lovelace', dob: '1990-05-01T12:00:00.000Z', gender: 'female', email, mobile: '07700 900456', password: 'Secret123', referralSource: 'Website' },
          newClient(),
        )
        expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      }),
    )
    const unsent = async () => Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL')).rows[0].n)
    await waitUntil(async () => (await unsent()) === 0 && emails.every((e) => delivered.some((m) => m.to.includes(e))), 200)
    // Mail rows only: texts (channel 'sms', logged without Twilio) never reach the SMTP server.
    const sentRows = Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE sent_at IS NOT NULL AND channel = 'email'")).rows[0].n)
    expect(delivered.length).toBe(sentRows)
    for (const email of emails) expect(delivered.filter((m) => m.to.includes(email)).map((m) => m.to)).toEqual([[email]])
  }, 180_000)

  it('a rate limit is shared: its attempts count on whichever instance they arrive', async () => {
    const from = newClient()
    const wrong = { email: DEMO_CUSTOMER.email, password: 'Wrong1234' }
    const statuses: number[] = []
    for (let i = 0; i < RATE_LIMIT_MAX + 2; i++) statuses.push((await instances[i % 2].request('POST', '/api/login?from=customer', wrong, from)).status)
    expect(statuses).toEqual([...Array.from({ length: RATE_LIMIT_MAX }, () => 401), 429, 429])
  }, 120_000)

  it("'logout-customer' published by one instance reaches a socket on the other", async () => {
    const socketToken = await login(a, DEMO_CUSTOMER)
    const changingToken = await login(a, DEMO_CUSTOMER)
    const socket = new WebSocket(`ws://127.0.0.1:${b.port}/api/ws?token=${encodeURIComponent(socketToken)}`)
    const messages: { from: string }[] = []
    socket.on('message', (data) => messages.push(JSON.parse(String(data))))
    try {
      await waitUntil(() => messages.some((m) => m.from === 'connected'))
      const changed = await a.request(
        'PUT',
        '/api/user/change-password',
        { userId: DEMO.customerDemo, currentPassword: DEMO_CUSTOMER.password, newPassword: 'Changed1234' },
        bearer(changingToken),
      )
      expect(changed.status, JSON.stringify(changed.body)).toBe(200)
      await waitUntil(() => messages.some((m) => m.from === 'logout-customer'))
      expect(messages.find((m) => m.from === 'logout-customer')).toEqual({ from: 'logout-customer', customerId: DEMO.customerDemo })
    } finally {
      socket.close()
    }
  }, 120_000)
})
