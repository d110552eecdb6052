/**
 * Issue 31 (PostgreSQL): the queue of bookings in front of the pool is bounded by how long it would take,
 * not by how long one waited. Once bookings are known to hold a practitioner's day long (the mean time
 * of one), a booking that would wait longer than BOOKING_QUEUE_MS behind those running is answered 503
 * with Retry-After at once, while those in front still wait, instead of after MAX_WAIT_MS (10 s) in the
 * queue; reads keep answering meanwhile; the refused booking wrote nothing and is served when sent again.
 * The server opens its own database from its settings (DATABASE_URL, BOOKING_QUEUE_MS), as in
 * production; the day is held by a transaction of the test's own (the practitioner-day lock).
 */
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUSY_RETRY_AFTER, buildServer, DATABASE_UNAVAILABLE } from '../app'
import { testConfig } from '../config'
import { MAX_WAIT_MS } from '../db/admission'
import { DEMO, DEMO_CUSTOMER } from '../seed/demo.seed'
import { londonDate, londonInstant } from '../test-support/dates'
import { backendsOf, throwawayDatabase, waitUntil, type ThrowawayDatabase } from '../test-support/server-process'
import { londonDateOf } from '../../src/domain/london'

/** The pool's default 10 connections: 5 bookings at once (writeGateFor). */
const SLOTS = 5
/** Shorter than the default 2 s, so that a mean past SLOTS x this is quick to make. */
const BOOKING_QUEUE_MS = 500
/** How long the day is held while the first bookings wait: each then held its slot this long at least. */
const HELD_MS = 3 * BOOKING_QUEUE_MS * SLOTS / 2

let d: ThrowawayDatabase
let app: FastifyInstance
beforeAll(async () => {
  d = await throwawayDatabase('early_shed')
  app = await buildServer(testConfig({ databaseUrl: d.url, bookingQueueMs: BOOKING_QUEUE_MS }))
  await app.ready()
}, 120_000)
afterAll(async () => {
  await app?.close()
  await d?.drop()
})

const day = londonDate(6, [2, 3, 4, 5])
const times = Array.from({ length: 20 }, (_, i) => `${String(9 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`)
type Answer = { status: number; retryAfter: unknown; body: unknown }
const shed: Answer = { status: 503, retryAfter: BUSY_RETRY_AFTER, body: { statusCode: 503, message: DATABASE_UNAVAILABLE } }

describe('bookings behind a held practitioner day, PostgreSQL', () => {
  it('queue only while those in front would take BOOKING_QUEUE_MS: past it, 503 with Retry-After at once; reads answered', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login?from=customer', payload: DEMO_CUSTOMER })
    const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` }
    const book = (time: string): Promise<Answer> =>
      app
        .inject({
          method: 'POST',
          url: '/api/appointments/public',
          headers,
          payload: { appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } },
        })
        .then((r) => ({ status: r.statusCode, retryAfter: r.headers['retry-after'], body: r.json() as unknown }))
    const lockOfDay = `booking-day:demo:${DEMO.pSarah}:${londonDateOf(new Date(londonInstant(day, '09:00')))}`
    const waitingForTheDay = async () => (await backendsOf(d.name)).filter((b) => b.wait_event_type === 'Lock').length
    const holder = new pg.Client({ connectionString: d.url })
    await holder.connect()
    try {
      // The day held HELD_MS while SLOTS bookings wait for it: the mean time of a booking is then past
      // SLOTS x BOOKING_QUEUE_MS, so any booking that would queue behind SLOTS running would wait too long.
      await holder.query('BEGIN')
      await holder.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lockOfDay])
      const first = times.slice(0, SLOTS).map(book)
      await waitUntil(async () => (await waitingForTheDay()) === SLOTS)
      await new Promise((r) => setTimeout(r, HELD_MS))
      await holder.query('COMMIT')
      for (const a of await Promise.all(first)) expect([200, 400, 409], JSON.stringify(a.body)).toContain(a.status)

      // Held again: SLOTS bookings take the slots and wait for the day.
      await holder.query('BEGIN')
      await holder.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lockOfDay])
      const running = times.slice(SLOTS, 2 * SLOTS).map(book)
      await waitUntil(async () => (await waitingForTheDay()) === SLOTS)
      // The next ones are refused at once: answered while those in front still wait, long before the
      // MAX_WAIT_MS an admitted one may wait in the queue.
      const refusedTimes = times.slice(2 * SLOTS, 2 * SLOTS + 3)
      for (const time of refusedTimes) {
        const asked = Date.now()
        expect(await book(time)).toEqual(shed)
        expect(Date.now() - asked).toBeLessThan(MAX_WAIT_MS)
      }
      expect(await waitingForTheDay()).toBe(SLOTS)
      // Reads never queue behind the bookings: answered from the connections bookings may not take.
      for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/public/organisations' })).statusCode).toBe(200)

      await holder.query('COMMIT')
      const answered = await Promise.all(running)
      for (const a of answered) expect([200, 400, 409], JSON.stringify(a.body)).toContain(a.status)
      // The refused ones wrote nothing: sent again with the day free, each is served (booked, or refused
      // for a reason of the booking's own: a time taken or not offered), none shed.
      const again = await Promise.all(refusedTimes.map(book))
      for (const a of again) expect([200, 400, 409], JSON.stringify(a.body)).toContain(a.status)
      expect([...answered, ...again].filter((a) => a.status === 200).length).toBeGreaterThan(0)
    } finally {
      await holder.end()
    }
  }, 120_000) // ~5 s (HELD_MS and the bookings) after the database's migrations and seed in beforeAll.
})
