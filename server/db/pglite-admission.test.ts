/**
 * Issue 31 on PGlite (one connection, in the server's process): a request that would wait past
 * PGLITE_MAX_WAIT_MS for the connection, at the mean time its holders keep it, is refused at once with
 * 503 and Retry-After; those already queued are answered once it is free; a refused booking wrote
 * nothing and books when sent again. The connection is held by the test, as a slow query would hold it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUSY_RETRY_AFTER, DATABASE_UNAVAILABLE } from '../app'
import { londonDate, londonInstant } from '../test-support/dates'
import { waitUntil } from '../test-support/server-process'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { isSaturated, PGLITE_MAX_WAIT_MS, type Gate } from './admission'

let t: TestServer
let token: string
beforeAll(async () => {
  t = await buildTestServer()
  token = await t.login(DEMO_CUSTOMER)
})
afterAll(() => t.close())

const day = londonDate(5, [2, 3, 4, 5])
const booking = {
  appointment: { event: { start: londonInstant(day, '10:00'), end: londonInstant(day, '10:00') }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
}
const shed = { status: 503, retryAfter: BUSY_RETRY_AFTER, body: { statusCode: 503, message: DATABASE_UNAVAILABLE } }

describe("PGlite's one connection, held", () => {
  it('queues requests while their wait stays short, refuses the others at once with 503 and Retry-After, loses no booking', async () => {
    if (t.database.kind !== 'pglite') return // PostgreSQL's pool: server/booking/load-shedding.process.test.ts
    const gate: Gate = t.database.connectionGate!
    // A holder that kept the connection long: the mean the wait of the next ones is told by.
    const slow = await gate.enter()
    await new Promise((r) => setTimeout(r, PGLITE_MAX_WAIT_MS))
    slow()

    const leave = await gate.enter()
    const answers: Promise<{ status: number; retryAfter: unknown; body: unknown }>[] = []
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.auth(token) }).then((r) => ({ status: r.statusCode, retryAfter: r.headers['retry-after'], body: r.json() as unknown }))
    let refused: { status: number } | undefined
    // One at a time: each either queues its session check for the connection or is refused at once.
    for (let i = 0; i < 40 && !refused; i++) {
      const before = gate.queued
      const answer = me()
      answers.push(answer)
      let settled: { status: number } | undefined
      void answer.then((a) => (settled = a))
      await waitUntil(() => gate.queued > before || settled !== undefined, 5)
      refused = settled
    }
    expect(refused).toEqual(shed)
    expect(gate.queued).toBeGreaterThan(0)
    expect(isSaturated(t.database)).toBe(true)
    const refusedBooking = await t.app.inject({ method: 'POST', url: '/api/appointments/public', headers: t.auth(token), payload: booking })
    expect({ status: refusedBooking.statusCode, retryAfter: refusedBooking.headers['retry-after'], body: refusedBooking.json() as unknown }).toEqual(shed)

    leave()
    const all = await Promise.all(answers)
    expect(all.slice(0, -1).map((a) => a.status)).toEqual(all.slice(0, -1).map(() => 200))
    expect(isSaturated(t.database)).toBe(false)
    // The refused booking wrote nothing: sent again, it books the time.
    const before = await t.db.selectFrom('appointments').select(({ fn }) => fn.countAll<number>().as('n')).where('practitioner_id', '=', DEMO.pSarah).where('starts_at', '=', new Date(booking.appointment.event.start)).executeTakeFirstOrThrow()
    expect(Number(before.n)).toBe(0)
    const again = await t.app.inject({ method: 'POST', url: '/api/appointments/public', headers: t.auth(token), payload: booking })
    expect(again.statusCode, again.body).toBe(200)
  }, 60_000)
})
