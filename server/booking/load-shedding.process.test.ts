/**
 * Issue 31 (PostgreSQL, a pool of 4): bookings queued on one practitioner's day hold at most half of
 * the connections, so reads keep answering; a booking that waited its turn MAX_WAIT_MS is refused with
 * 503 and Retry-After instead of waiting 15 s for a connection; the others are answered once the day
 * is free again. The day is held by a transaction of the test's own (the practitioner-day lock).
 * No booking has ended yet here (a first burst: no mean time to tell a wait by), so all are admitted and
 * MAX_WAIT_MS is the bound; once the mean is known, those past BOOKING_QUEUE_MS are refused at once
 * (early-shedding.process.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUSY_RETRY_AFTER, DATABASE_UNAVAILABLE } from '../app'
import { MAX_WAIT_MS } from '../db/admission'
import { londonDate } from '../test-support/dates'
import { heldDayServer, TIMES, type Answer, type HeldDayServer } from '../test-support/held-day'
import { waitUntil } from '../test-support/server-process'

const POOL = 4
/** writeGateFor(4): 2 bookings at once */
const SLOTS = 2

const day = londonDate(4, [2, 3, 4, 5])
let s: HeldDayServer
beforeAll(async () => {
  s = await heldDayServer('shedding', day, { poolSize: POOL })
}, 120_000)
afterAll(async () => {
  await s?.close()
})

describe('bookings queued on one practitioner day', () => {
  it('leave reads their connections, are refused with 503 once they waited their longest, the others answered', async () => {
    // Sarah's day, locked as a booking of it would lock it.
    const commit = await s.holdTheDay()
    const answers: Answer[] = []
    const bookings = TIMES.map((time) =>
      s.book(time).then((answer) => {
        answers.push(answer)
        return answer
      }),
    )
    const began = Date.now()
    // Two bookings wait for the day on their connections; the others wait for their turn without one.
    await waitUntil(async () => (await s.waitingForTheDay()) === SLOTS)
    // Reads meanwhile: answered at once, from the connections the bookings may not take.
    for (let i = 0; i < 5; i++) {
      const asked = Date.now()
      const read = await s.app.inject({ method: 'GET', url: '/api/public/organisations' })
      expect(read.statusCode).toBe(200)
      expect(Date.now() - asked).toBeLessThan(1_000)
    }
    // Those that waited their longest are refused, soon after it and long before 15 s.
    await waitUntil(() => answers.length === TIMES.length - SLOTS)
    expect(Date.now() - began).toBeGreaterThanOrEqual(MAX_WAIT_MS - 100)
    expect(Date.now() - began).toBeLessThan(MAX_WAIT_MS + 3_000)
    for (const shed of answers) expect(shed).toEqual({ status: 503, retryAfter: BUSY_RETRY_AFTER, body: { statusCode: 503, message: DATABASE_UNAVAILABLE } })

    await commit()
    const all = await Promise.all(bookings)
    const rest = all.filter((a) => a.status !== 503)
    expect(rest).toHaveLength(SLOTS)
    // Booked, or refused for a reason of the booking's own (a time not offered), never a 5xx.
    for (const a of rest) expect([200, 400, 409], JSON.stringify(a.body)).toContain(a.status)
    expect(rest.filter((a) => a.status === 200).length).toBeGreaterThan(0)
  }, 120_000)
})
