/**
 * Issue 31 (PostgreSQL): the queue of bookings in front of the pool is bounded by how long it would take,
 * not by how long one waited. Once bookings are known to hold a practitioner's day long (the mean time
 * of one), a booking that would wait longer than BOOKING_QUEUE_MS behind those running is answered 503
 * with Retry-After at once, while those in front still wait, instead of after MAX_WAIT_MS (10 s) in the
 * queue; reads keep answering meanwhile; the refused booking wrote nothing and is served when sent again.
 * The server opens its own database from its settings (DATABASE_URL, BOOKING_QUEUE_MS), as in
 * production; the day is held by a transaction of the test's own (the practitioner-day lock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUSY_RETRY_AFTER, DATABASE_UNAVAILABLE } from '../app'
import { MAX_WAIT_MS } from '../db/admission'
import { londonDate } from '../test-support/dates'
import { heldDayServer, TIMES, type Answer, type HeldDayServer } from '../test-support/held-day'
import { waitUntil } from '../test-support/server-process'

/** The pool's default 10 connections: 5 bookings at once (writeGateFor). */
const SLOTS = 5
/** Shorter than the default 2 s, so that a mean past SLOTS x this is quick to make. */
const BOOKING_QUEUE_MS = 500
/** How long the day is held while the first bookings wait: each then held its slot this long at least. */
const HELD_MS = 3 * BOOKING_QUEUE_MS * SLOTS / 2

const day = londonDate(6, [2, 3, 4, 5])
let s: HeldDayServer
beforeAll(async () => {
  s = await heldDayServer('early_shed', day, { bookingQueueMs: BOOKING_QUEUE_MS })
}, 120_000)
afterAll(async () => {
  await s?.close()
})

const shed: Answer = { status: 503, retryAfter: BUSY_RETRY_AFTER, body: { statusCode: 503, message: DATABASE_UNAVAILABLE } }

describe('bookings behind a held practitioner day, PostgreSQL', () => {
  it('queue only while those in front would take BOOKING_QUEUE_MS: past it, 503 with Retry-After at once; reads answered', async () => {
    const { book, holdTheDay, waitingForTheDay } = s
    // The day held HELD_MS while SLOTS bookings wait for it: the mean time of a booking is then past
    // SLOTS x BOOKING_QUEUE_MS, so any booking that would queue behind SLOTS running would wait too long.
    let commit = await holdTheDay()
    const first = TIMES.slice(0, SLOTS).map(book)
    await waitUntil(async () => (await waitingForTheDay()) === SLOTS)
    await new Promise((r) => setTimeout(r, HELD_MS))
    await commit()
    for (const a of await Promise.all(first)) expect([200, 400, 409], JSON.stringify(a.body)).toContain(a.status)

    // Held again: SLOTS bookings take the slots and wait for the day.
    commit = await holdTheDay()
    const running = TIMES.slice(SLOTS, 2 * SLOTS).map(book)
    await waitUntil(async () => (await waitingForTheDay()) === SLOTS)
    // The next ones are refused at once: answered while those in front still wait, long before the
    // MAX_WAIT_MS an admitted one may wait in the queue.
    const refusedTimes = TIMES.slice(2 * SLOTS, 2 * SLOTS + 3)
    for (const time of refusedTimes) {
      const asked = Date.now()
      expect(await book(time)).toEqual(shed)
      expect(Date.now() - asked).toBeLessThan(MAX_WAIT_MS)
    }
    expect(await waitingForTheDay()).toBe(SLOTS)
    // Reads never queue behind the bookings: answered from the connections bookings may not take.
    for (let i = 0; i < 3; i++) expect((await s.app.inject({ method: 'GET', url: '/api/public/organisations' })).statusCode).toBe(200)

    await commit()
    const answered = await Promise.all(running)
    for (const a of answered) expect([200, 400, 409], JSON.stringify(a.body)).toContain(a.status)
    // The refused ones wrote nothing: sent again with the day free, each is served (booked, or refused
    // for a reason of the booking's own: a time taken or not offered), none shed.
    const again = await Promise.all(refusedTimes.map(book))
    for (const a of again) expect([200, 400, 409], JSON.stringify(a.body)).toContain(a.status)
    expect([...answered, ...again].filter((a) => a.status === 200).length).toBeGreaterThan(0)
  }, 120_000) // ~5 s (HELD_MS and the bookings) after the database's migrations and seed in beforeAll.
})
