/**
 * Issue 31's shedding tests on PostgreSQL (server/booking/early-shedding.process.test.ts,
 * load-shedding.process.test.ts): a server on a throwaway database, the demo customer booking Sarah's
 * consultations on one day, and that day held by a transaction of the test's own (the practitioner-day
 * lock a booking takes), so that bookings queue behind it.
 */
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildServer } from '../app'
import { testConfig } from '../config'
import { migrate, openDatabase, type Database } from '../db/database'
import { seedDatabase } from '../seed'
import { DEMO, DEMO_CUSTOMER } from '../seed/demo.seed'
import { londonDateOf } from '../../src/domain/london'
import { londonInstant } from './dates'
import { backendsOf, throwawayDatabase, type ThrowawayDatabase } from './server-process'

/** A booking's answer. */
export interface Answer {
  status: number
  retryAfter: unknown
  body: unknown
}

export interface HeldDayServer {
  app: FastifyInstance
  database: ThrowawayDatabase
  /** Books `time` ('HH:mm') of the day as the demo customer. */
  book(time: string): Promise<Answer>
  /** Takes the day's lock in a transaction of its own; the returned function commits it. */
  holdTheDay(): Promise<() => Promise<void>>
  /** The connections waiting for a lock (bookings waiting for the held day). */
  waitingForTheDay(): Promise<number>
  /** Closes the server (and its database connections) and drops the database. */
  close(): Promise<void>
}

/** 20 times of the day, 09:00 to 13:45. */
export const TIMES = Array.from({ length: 20 }, (_, i) => `${String(9 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`)

/**
 * A server on a throwaway database for bookings of `day`. With `poolSize`, the test opens the database
 * (migrated and seeded) with a pool of that size and hands it to the server: the configuration has no
 * pool size. Without, the server opens its own from its settings (DATABASE_URL, `bookingQueueMs`), as
 * in production.
 */
export async function heldDayServer(prefix: string, day: string, options: { poolSize?: number; bookingQueueMs?: number } = {}): Promise<HeldDayServer> {
  const d = await throwawayDatabase(prefix)
  let opened: Database | undefined
  let app: FastifyInstance | undefined
  try {
    if (options.poolSize !== undefined) {
      opened = await openDatabase({ databaseUrl: d.url, poolSize: options.poolSize })
      await migrate(opened.db)
      await seedDatabase(opened.db, { tenant: 'demo' })
      app = await buildServer(testConfig(), { database: opened })
    } else {
      app = await buildServer(testConfig({ databaseUrl: d.url, ...(options.bookingQueueMs !== undefined ? { bookingQueueMs: options.bookingQueueMs } : {}) }))
    }
    await app.ready()
  } catch (e) {
    await app?.close()
    await opened?.close()
    await d.drop()
    throw e
  }
  const server = app
  const login = await server.inject({ method: 'POST', url: '/api/login?from=customer', payload: DEMO_CUSTOMER })
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` }
  const lockOfDay = `booking-day:demo:${DEMO.pSarah}:${londonDateOf(new Date(londonInstant(day, '09:00')))}`
  const holders: pg.Client[] = []
  return {
    app: server,
    database: d,
    book: (time) =>
      server
        .inject({
          method: 'POST',
          url: '/api/appointments/public',
          headers,
          payload: { appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } },
        })
        .then((r) => ({ status: r.statusCode, retryAfter: r.headers['retry-after'], body: r.json() as unknown })),
    async holdTheDay() {
      const holder = new pg.Client({ connectionString: d.url })
      await holder.connect()
      holders.push(holder)
      await holder.query('BEGIN')
      await holder.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lockOfDay])
      return async () => {
        await holder.query('COMMIT')
        await holder.end()
        holders.splice(holders.indexOf(holder), 1)
      }
    },
    waitingForTheDay: async () => (await backendsOf(d.name)).filter((b) => b.wait_event_type === 'Lock').length,
    async close() {
      // A test that failed while holding the day: its transaction ends with its connection.
      await Promise.all(holders.map((h) => h.end().catch(() => undefined)))
      await server.close()
      await opened?.close()
      await d.drop()
    },
  }
}
