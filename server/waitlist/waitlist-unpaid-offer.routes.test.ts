/**
 * A waitlist offer claimed by a booking that owes a deposit it is never paid (issue 32): the booking is
 * held for payment as any other unpaid booking is (the hold length from the booking), not until the
 * offer's window ends; released on that timeout, the time goes on to the next waiting customer.
 * On the app's injected clock, so the timeout passes without waiting for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { HoldSweeper } from '../booking/hold-sweeper'

let t: TestServer
let demo: string
let other: string
let staff: Record<string, string>
let offsetMs = 0
const clock = () => new Date(Date.now() + offsetMs)

beforeAll(async () => {
  t = await buildTestServer({ clock })
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })
  staff = { authorization: `Bearer ${login.json().token as string}` }
})
afterAll(() => t.close())

/** A Tuesday to Friday (Sarah works in London) four weeks ahead, clear of the seeded bookings. */
const day = londonDate(28, [2, 3, 4, 5])
const join = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    headers: t.auth(token),
    payload: { clinic: DEMO.clinicLondon, services: [DEMO.sAntiWrinkle1], practitioner: DEMO.pSarah, from: day, to: day, parts: ['morning'] },
  })
/** The offer link's token of the last offer mail to an address (the outbox keeps it). */
async function offerTokens(email: string): Promise<string[]> {
  const rows = await t.db.selectFrom('outbox').select(['text', 'created_at']).where('to_address', '=', email).where('channel', '=', 'email').orderBy('created_at', 'asc').execute()
  return rows.map((r) => /\/waitlist\/offer\/([A-Za-z0-9_-]+)/.exec(r.text)?.[1]).filter((x): x is string => x !== undefined)
}
const entryStatus = async (id: string) => (await t.db.selectFrom('waitlist_entries').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

describe("a claimed waitlist offer's booking left unpaid", () => {
  it('is released on the ordinary hold timeout, well inside the offer window, and the time is offered to the next customer', async () => {
    const first = (await join(other)).json() as { id: string }
    offsetMs += 1000
    const next = (await join(demo)).json() as { id: string }
    const start = londonInstant(day, '10:00')
    const offered = await t.app.inject({ method: 'POST', url: `/api/admin/waitlist/${first.id}/offer`, headers: staff, payload: { practitioner: DEMO.pSarah, start } })
    expect(offered.statusCode, offered.body).toBe(200)
    await t.app.deps.mail.flush()
    const [token] = await offerTokens(OTHER_CUSTOMER.email)
    const offer = (await t.app.inject({ method: 'GET', url: `/api/waitlist/offers/${token}` })).json() as { hold: { id: string; token: string }; expiresAt: string }

    // The customer claims the offer at once: the booking owes a deposit, so it waits for it (Pending).
    const claimedAt = clock().getTime()
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/public',
      headers: t.auth(other),
      payload: { appointment: { event: { start, end: start }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 }, hold: offer.hold },
    })
    expect(booked.statusCode, booked.body).toBe(200)
    const booking = booked.json() as { appointment: { id: string; status: string }; deposit: number; holdExpiresAt: string }
    expect(booking.appointment.status).toBe('Pending')
    expect(booking.deposit).toBeGreaterThan(0)
    // Held for payment as any unpaid booking is, not until the offer's window ends.
    expect(Date.parse(booking.holdExpiresAt)).toBeLessThanOrEqual(clock().getTime() + t.config.holdSeconds * 1000)
    expect(Date.parse(booking.holdExpiresAt)).toBeGreaterThanOrEqual(claimedAt + t.config.holdSeconds * 1000)
    expect(Date.parse(booking.holdExpiresAt)).toBeLessThan(Date.parse(offer.expiresAt))
    expect(await entryStatus(first.id)).toBe('offered')
    expect(await offerTokens(DEMO_CUSTOMER.email)).toEqual([])

    // The hold length passes unpaid, the offer's window (15 minutes) still running: the sweeper releases it.
    offsetMs += (t.config.holdSeconds + 60) * 1000
    expect(clock().getTime()).toBeLessThan(Date.parse(offer.expiresAt))
    expect(await new HoldSweeper(t.db, undefined, clock).sweep()).toBeGreaterThanOrEqual(1)
    const row = await t.db.selectFrom('appointments').select('status').where('id', '=', booking.appointment.id).executeTakeFirstOrThrow()
    expect(row.status).toBe('Deleted')
    expect(await entryStatus(first.id)).toBe('active')
    expect((await t.app.inject({ method: 'GET', url: `/api/waitlist/offers/${token}` })).json().status).toBe('lapsed')

    // The freed time goes to the next waiting customer, held for them (the matching may start their
    // basket a little earlier in the freed gap: it takes the freed time all the same).
    await t.app.deps.mail.flush()
    const [nextToken] = await offerTokens(DEMO_CUSTOMER.email)
    expect(nextToken).toBeDefined()
    const nextOffer = (await t.app.inject({ method: 'GET', url: `/api/waitlist/offers/${nextToken}` })).json()
    expect(nextOffer).toMatchObject({ status: 'offered', items: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }] })
    const freedEnd = (offered.json() as { items: { end: string }[] }).items[0].end
    expect(Date.parse(nextOffer.items[0].start)).toBeLessThan(Date.parse(freedEnd))
    expect(Date.parse(nextOffer.items[0].end)).toBeGreaterThan(Date.parse(start))
    expect(await entryStatus(next.id)).toBe('offered')
    expect(await offerTokens(OTHER_CUSTOMER.email)).toHaveLength(1)
  })
})
