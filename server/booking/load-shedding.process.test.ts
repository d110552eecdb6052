/**
 * Issue 31 (PostgreSQL, a pool of 4): bookings queued on one practitioner's day hold at most half of
 * the connections, so reads keep answering; a booking that waited its turn MAX_WAIT_MS is refused with
 * 503 and Retry-After instead of waiting 15 s for a connection; the others are answered once the day
 * is free again. The day is held by a transaction of the test's own (the practitioner-day lock).
 * No booking has ended yet here (a first burst: no mean time to tell a wait by), so all are admitted and
 * MAX_WAIT_MS is the bound; once the mean is known, those past BOOKING_QUEUE_MS are refused at once
 * (early-shedding.process.test.ts).
 */
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUSY_RETRY_AFTER, buildServer, DATABASE_UNAVAILABLE } from '../app'
import { testConfig } from '../config'
import { migrate, openDatabase, type Database } from '../db/database'
import { seedDatabase } from '../seed'
import { DEMO, DEMO_CUSTOMER } from '../seed/demo.seed'
import { londonDate, londonInstant } from '../test-support/dates'
import { backendsOf, throwawayDatabase, waitUntil, type ThrowawayDatabase } from '../test-support/server-process'
import { londonDateOf } from '../../src/domain/london'
import { MAX_WAIT_MS } from '../db/admission'

const POOL = 4
/** writeGateFor(4): 2 bookings at once */
const SLOTS = 2

let d: ThrowawayDatabase
let database: Database
let app: FastifyInstance
beforeAll(async () => {
  d = await throwawayDatabase('shedding')
  database = await openDatabase({ databaseUrl: d.url, poolSize: POOL })
  await migrate(database.db)
  await seedDatabase(database.db, { tenant: 'demo' })
  app = await buildServer(testConfig(), { database })
  await app.ready()
}, 120_000)
afterAll(async () => {
  await app?.close()
  await database?.close()
  await d?.drop()
})

const day = londonDate(4, [2, 3, 4, 5])
const times = Array.from({ length: 20 }, (_, i) => `${String(9 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`)

describe('bookings queued on one practitioner day', () => {
  it('leave reads their connections, are refused with 503 once they waited their longest, the others answered', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login?from=customer', payload: DEMO_CUSTOMER })
    const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` }
    // Sarah's day, locked as a booking of it would lock it.
    const holder = new pg.Client({ connectionString: d.url })
    await holder.connect()
    try {
      await holder.query('BEGIN')
      const start = londonInstant(day, '09:00')
      await holder.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`booking-day:demo:${DEMO.pSarah}:${londonDateOf(new Date(start))}`])

      const answers: { status: number; retryAfter: unknown; body: unknown }[] = []
      const bookings = times.map((time) =>
        app
          .inject({
            method: 'POST',
            url: '/api/appointments/public',
            headers,
            payload: { appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } },
          })
          .then((r) => {
            const answer = { status: r.statusCode, retryAfter: r.headers['retry-after'], body: r.json() as unknown }
            answers.push(answer)
            return answer
          }),
      )
      const began = Date.now()
      // Two bookings wait for the day on their connections; the others wait for their turn without one.
      await waitUntil(async () => (await backendsOf(d.name)).filter((b) => b.wait_event_type === 'Lock').length === SLOTS)
      // Reads meanwhile: answered at once, from the connections the bookings may not take.
      for (let i = 0; i < 5; i++) {
        const asked = Date.now()
        const read = await app.inject({ method: 'GET', url: '/api/public/organisations' })
        expect(read.statusCode).toBe(200)
        expect(Date.now() - asked).toBeLessThan(1_000)
      }
      // Those that waited their longest are refused, soon after it and long before 15 s.
      await waitUntil(() => answers.length === times.length - SLOTS)
      expect(Date.now() - began).toBeGreaterThanOrEqual(MAX_WAIT_MS - 100)
      expect(Date.now() - began).toBeLessThan(MAX_WAIT_MS + 3_000)
      for (const shed of answers) expect(shed).toEqual({ status: 503, retryAfter: BUSY_RETRY_AFTER, body: { statusCode: 503, message: DATABASE_UNAVAILABLE } })

      await holder.query('COMMIT')
      const all = await Promise.all(bookings)
      const rest = all.filter((a) => a.status !== 503)
      expect(rest).toHaveLength(SLOTS)
      // Booked, or refused for a reason of the booking's own (a time not offered), never a 5xx.
      for (const a of rest) expect([200, 400, 409], JSON.stringify(a.body)).toContain(a.status)
      expect(rest.filter((a) => a.status === 200).length).toBeGreaterThan(0)
    } finally {
      await holder.end()
    }
  }, 120_000)
})
