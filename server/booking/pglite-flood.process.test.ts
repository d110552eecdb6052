/**
 * Issue 31 on PGlite (the embedded database of `npm start`, one connection in the server's process): a
 * server flooded with reads and bookings of overlapping times answers every request, each with 200, a
 * refusal of the booking's own (409 the time taken, 400 not offered) or 503 with Retry-After (the queue
 * in front of the connection full), never a 500; afterwards the bookings answered 200 are exactly the
 * ones stored, and none overlaps another.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BUSY_RETRY_AFTER, DATABASE_UNAVAILABLE } from '../app'
import { openDatabase } from '../db/database'
import { DEMO, DEMO_CUSTOMER } from '../seed/demo.seed'
import { londonDate, londonInstant } from '../test-support/dates'
import { initdbSnapshotPath } from '../test-support/initdb-snapshot'
import { serverBundle } from '../test-support/server-bundle'
import { startServer, type ServerProcess } from '../test-support/server-process'

const dir = mkdtempSync(join(tmpdir(), 'pglite-flood-'))
let server: ServerProcess | undefined
afterAll(async () => {
  await server?.kill()
  rmSync(dir, { recursive: true, force: true })
})

const day = londonDate(6, [2, 3, 4, 5])
/** Every quarter hour from 09:00 to 13:45: a booking of a longer service overlaps the next ones. */
const times = Array.from({ length: 20 }, (_, i) => `${String(9 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`)

type Answer = { kind: 'read' | 'booking'; status: number; retryAfter: string | null; body: unknown }

describe('PGlite flooded with reads and bookings', () => {
  it('answers every request with 200, a refusal of its own or 503 with Retry-After, never 500; stores exactly the bookings it confirmed', async () => {
    const dataDir = join(dir, 'data')
    server = await startServer({ DATA_DIR: dataDir, PGLITE_INITDB_SNAPSHOT: initdbSnapshotPath() }, await serverBundle())
    await server.running
    const login = await server.request('POST', '/api/login?from=customer', DEMO_CUSTOMER)
    expect(login.status).toBe(200)
    const auth = { authorization: `Bearer ${(login.body as { token: string }).token}` }
    const base = server.base
    const send = async (kind: Answer['kind'], method: string, path: string, body?: unknown): Promise<Answer> => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      return { kind, status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }
    }
    const bookings = times.flatMap((time) =>
      [0, 1, 2].map(() =>
        send('booking', 'POST', '/api/appointments/public', {
          appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation },
        }),
      ),
    )
    const reads = Array.from({ length: 200 }, (_, i) => (i % 2 ? send('read', 'GET', '/api/public/organisations') : send('read', 'GET', '/api/user/me')))
    const answers = await Promise.all([...bookings, ...reads])

    for (const a of answers) {
      if (a.status === 503) expect(a).toMatchObject({ retryAfter: BUSY_RETRY_AFTER, body: { statusCode: 503, message: DATABASE_UNAVAILABLE } })
      else expect(a.kind === 'read' ? [200] : [200, 400, 409], JSON.stringify(a)).toContain(a.status)
    }
    const booked = answers.filter((a) => a.kind === 'booking' && a.status === 200)
    expect(booked.length).toBeGreaterThan(0)

    // Stopped, then read from its data directory: what it confirmed is what it stored.
    server.child.kill('SIGTERM')
    expect((await server.exited).code).toBe(0)
    const database = await openDatabase({ dataDir })
    try {
      const rows = await database.db
        .selectFrom('appointments')
        .select(['id', 'starts_at', 'ends_at', 'status'])
        .where('practitioner_id', '=', DEMO.pSarah)
        .where('customer_id', '=', DEMO.customerDemo)
        .where('starts_at', '>=', new Date(londonInstant(day, '00:00')))
        .where('starts_at', '<', new Date(londonInstant(day, '23:59')))
        .orderBy('starts_at')
        .execute()
      const bookedIds = booked.flatMap((a) => (a.body as { appointments: { id: string }[] }).appointments.map((appointment) => appointment.id)).sort()
      expect(rows.map((r) => r.id).sort()).toEqual(bookedIds)
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.starts_at.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.ends_at.getTime())
    } finally {
      await database.close()
    }
  }, 180_000) // ~10 s (a new data directory's migrations and seed in the server's start, then the flood); room for a loaded machine.
})
