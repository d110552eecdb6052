/**
 * The waitlist with two server instances on one database (on PostgreSQL each with its own pool: real
 * concurrency, `npm run test:pg`): two cancellations at once, one on each instance, and both instances
 * running the waitlist's work together: one offer for each freed time, each to another waiting customer,
 * never two offers for one time, and running the work again offers nothing more.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../app'
import { testConfig } from '../config'
import type { Database } from '../db/database'
import { newId } from '../db/ids'
import { DEMO } from '../seed/demo.seed'
import { londonDate, londonInstant } from '../test-support/dates'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database'

let database: TestDatabase
let second: Database
let apps: FastifyInstance[]
let tokens: string[]
const WAITING = 6

beforeAll(async () => {
  database = await createTestDatabase()
  second = await database.openAnother()
  const config = testConfig()
  apps = [await buildServer(config, { database }), await buildServer(config, { database: second })]
  await Promise.all(apps.map((a) => a.ready()))
  const template = await database.db.selectFrom('customers').selectAll().where('id', '=', DEMO.customerOther).executeTakeFirstOrThrow()
  const customers = Array.from({ length: 2 + WAITING }, (_, i) => ({
    ...template,
    id: newId(),
    email: `waiter-${i}@example.com`,
    marketing_types: JSON.stringify(template.marketing_types),
    notification_types: JSON.stringify(template.notification_types),
  }))
  await database.db.insertInto('customers').values(customers).execute()
  tokens = await Promise.all(customers.map((c) => apps[0].deps.jwt.sign({ sub: c.id, tenant: 'demo', role: 'customer', gen: 0 })))
}, 120_000)

afterAll(async () => {
  for (const app of apps ?? []) await app.close()
  await database?.cleanup()
})

const day = londonDate(28, [2, 3, 4, 5])
const auth = (i: number) => ({ authorization: `Bearer ${tokens[i]}` })
const consultation = (time: string, practitioner: string) => ({
  event: { start: londonInstant(day, time), end: londonInstant(day, time) },
  practitioner,
  clinic: DEMO.clinicLondon,
  service: DEMO.sConsultation,
})

describe('two instances, two cancellations at once', () => {
  it('one offer per freed time, each to another customer, never two offers for one time', async () => {
    // Two bookings at the same time with two practitioners; then customers wait for that morning.
    const a = await apps[0].inject({ method: 'POST', url: '/api/appointments/public', headers: auth(0), payload: { appointment: consultation('10:00', DEMO.pSarah) } })
    const b = await apps[1].inject({ method: 'POST', url: '/api/appointments/public', headers: auth(1), payload: { appointment: consultation('10:00', DEMO.pJames) } })
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    for (let i = 2; i < 2 + WAITING; i++) {
      const joined = await apps[i % 2].inject({
        method: 'POST',
        url: '/api/waitlist',
        headers: auth(i),
        payload: { clinic: DEMO.clinicLondon, services: [DEMO.sConsultation], from: day, to: day, parts: ['morning'] },
      })
      expect(joined.statusCode).toBe(200)
    }
    const cancels = await Promise.all([
      apps[0].inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${a.json().appointment.id}`, headers: auth(0) }),
      apps[1].inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${b.json().appointment.id}`, headers: auth(1) }),
    ])
    expect(cancels.map((c) => c.statusCode)).toEqual([200, 200])
    // Both instances run the waitlist's work at once, several times over.
    await Promise.all([apps[0].deps.mail.flush(), apps[1].deps.mail.flush(), apps[0].deps.mail.flush(), apps[1].deps.mail.flush()])
    await Promise.all([apps[0].deps.mail.flush(), apps[1].deps.mail.flush()])

    const offers = await database.db.selectFrom('waitlist_offers as o').innerJoin('waitlist_entries as e', 'e.id', 'o.entry_id').select(['o.entry_id', 'e.customer_id', 'o.practitioner_id', 'o.starts_at', 'o.status']).execute()
    expect(offers).toHaveLength(2)
    expect(offers.every((o) => o.status === 'offered')).toBe(true)
    expect(new Set(offers.map((o) => o.customer_id)).size).toBe(2)
    expect(new Set(offers.map((o) => o.practitioner_id))).toEqual(new Set([DEMO.pSarah, DEMO.pJames]))
    // The first two to join got them, in order.
    const firstTwo = await database.db.selectFrom('waitlist_entries').select('id').orderBy('created_at').orderBy('id').limit(2).execute()
    expect(new Set(offers.map((o) => o.entry_id))).toEqual(new Set(firstTwo.map((e) => e.id)))
    // One mail per offer, to its customer.
    const mails = await database.db.selectFrom('outbox').select('to_address').where('channel', '=', 'email').where('text', 'like', '%/waitlist/offer/%').execute()
    expect(mails).toHaveLength(2)
    // No two live rows overlap for one practitioner (the holds are appointment rows).
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM appointments a JOIN appointments b
        ON a.tenant_id = b.tenant_id AND a.practitioner_id = b.practitioner_id AND a.id < b.id
       AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
      WHERE a.status IN ('Scheduled', 'Pending') AND b.status IN ('Scheduled', 'Pending')`.execute(database.db)
    expect(Number(rows[0].n)).toBe(0)
    // Every job ran once and is done.
    const jobs = await database.db.selectFrom('outbox').select(['sent_at', 'failed_at']).where('channel', '=', 'waitlist').execute()
    expect(jobs.length).toBeGreaterThanOrEqual(2)
    expect(jobs.every((j) => j.sent_at !== null && j.failed_at === null)).toBe(true)
  }, 60_000)
})
