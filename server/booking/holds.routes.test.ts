import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { SLOT_TAKEN } from '../http/service-failure'
import { HOLD_ENDED, LEAVING_GRACE_SECONDS } from './holds.service'

let t: TestServer
let demo: string
let other: string
let offsetMs = 0
const now = () => Date.now() + offsetMs
beforeAll(async () => {
  t = await buildTestServer({ clock: () => new Date(now()) })
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
})
afterAll(() => t.close())

/** A day Sarah works in London (Tuesday to Friday), clear of the seeded bookings, holiday and closed day. */
const day = londonDate(4, [2, 3, 4, 5])
const appointment = (time: string) => ({
  event: { start: londonInstant(day, time), end: londonInstant(day, time) },
  practitioner: DEMO.pSarah,
  clinic: DEMO.clinicLondon,
  service: DEMO.sConsultation,
})
type Hold = { id: string; token: string; expiresAt: string; extended: boolean; items: { start: string }[] }
const hold = (time: string, extra: Record<string, unknown> = {}, token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/appointments/holds', headers: token ? t.auth(token) : {}, payload: { appointment: appointment(time), ...extra } })
const read = (h: Pick<Hold, 'id' | 'token'>) => t.app.inject({ method: 'GET', url: `/api/appointments/holds/${h.id}?token=${encodeURIComponent(h.token)}` })
const release = (h: Pick<Hold, 'id' | 'token'>) => t.app.inject({ method: 'POST', url: `/api/appointments/holds/${h.id}/release`, payload: { token: h.token } })
const extend = (h: Pick<Hold, 'id' | 'token'>) => t.app.inject({ method: 'POST', url: `/api/appointments/holds/${h.id}/extend`, payload: { token: h.token } })
const book = (token: string, time: string, key?: Pick<Hold, 'id' | 'token'>) =>
  t.app.inject({ method: 'POST', url: '/api/appointments/public', headers: t.auth(token), payload: { appointment: appointment(time), ...(key ? { hold: { id: key.id, token: key.token } } : {}) } })
const times = async () => {
  const response = await t.app.inject({ method: 'POST', url: '/api/practitioners/time', payload: { date: day, service: DEMO.sConsultation, clinic: DEMO.clinicLondon, staff: DEMO.pSarah, minimiseGaps: false } })
  return (response.json() as { value: string; valid: boolean }[]).filter((s) => s.valid).map((s) => s.value)
}

describe('a slot hold', () => {
  it('is made without signing in, hides the time from everyone, and releasing it gives the time back', async () => {
    expect(await times()).toContain('10:00')
    const made = await hold('10:00')
    expect(made.statusCode).toBe(200)
    const h = made.json() as Hold
    expect(h.extended).toBe(false)
    expect(h.items[0].start).toBe(londonInstant(day, '10:00'))
    expect(Date.parse(h.expiresAt) - now()).toBeGreaterThan((t.config.holdSeconds - 5) * 1000)
    expect(await times()).not.toContain('10:00')
    const taken = await book(other, '10:00')
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toBe(SLOT_TAKEN)
    expect((await release(h)).statusCode).toBe(200)
    expect(await times()).toContain('10:00')
    expect((await read(h)).statusCode).toBe(404)
  })

  it('is read back only with its token', async () => {
    const h = (await hold('10:15')).json() as Hold
    const back = await read(h)
    expect(back.statusCode).toBe(200)
    const { secondsLeft: _left, ...rest } = h as Hold & { secondsLeft: number }
    expect(back.json()).toMatchObject(rest)
    const wrong = await read({ id: h.id, token: 'not-the-token' })
    expect(wrong.statusCode).toBe(404)
    expect(wrong.json().message).toBe(HOLD_ENDED)
    // A wrong token releases nothing.
    await release({ id: h.id, token: 'not-the-token' })
    expect(await times()).not.toContain('10:15')
    await release(h)
  })

  it('another time replaces it: the first time is free again in the same step', async () => {
    const first = (await hold('11:00')).json() as Hold
    const second = await hold('11:30', { replaces: { id: first.id, token: first.token } })
    expect(second.statusCode).toBe(200)
    const left = await times()
    expect(left).toContain('11:00')
    expect(left).not.toContain('11:30')
    expect((await read(first)).statusCode).toBe(404)
    await release(second.json() as Hold)
  })

  it("sent again with the browser's own token (a reload lost the answer): the same hold comes back, not a refusal by it", async () => {
    const token = 'a-token-the-browser-chose-0001'
    const first = await hold('12:00', { token })
    expect(first.statusCode).toBe(200)
    const made = first.json() as Hold
    expect(made.token).toBe(token)
    const again = await hold('12:00', { token })
    expect(again.statusCode).toBe(200)
    expect((again.json() as Hold).id).toBe(made.id)
    expect((again.json() as Hold).token).toBe(token)
    expect((await read(made)).statusCode).toBe(200)
    // Another token is another pick: the time is taken (by the first hold).
    const other = await hold('12:00', { token: 'another-token-of-a-browser-02' })
    expect(other.statusCode).toBe(409)
    // A token too short to be a secret is refused.
    expect((await hold('12:30', { token: 'short' })).statusCode).toBe(400)
    await release(made)
    // Released: the same token makes a new hold of the free time.
    const renewed = await hold('12:00', { token })
    expect(renewed.statusCode).toBe(200)
    expect((renewed.json() as Hold).id).not.toBe(made.id)
    await release(renewed.json() as Hold)
  })

  it('becomes the booking at agree: same time, no race, and the hold is gone', async () => {
    const h = (await hold('12:00')).json() as Hold
    const booked = await book(demo, '12:00', h)
    expect(booked.statusCode).toBe(200)
    expect(booked.json().appointment.event.start).toBe(londonInstant(day, '12:00'))
    expect((await read(h)).statusCode).toBe(409)
    const rows = await t.db.selectFrom('appointments').select(['status', 'customer_id']).where('hold_id', '=', h.id).execute()
    expect(rows.map((r) => r.status)).toEqual(['Deleted'])
    expect(await times()).not.toContain('12:00')
    await t.app.inject({ method: 'PUT', url: `/api/appointments/delete-pending/${booked.json().appointment.id}`, headers: t.auth(demo) })
  })

  it("an extended hold claimed at agree: the booking is held until the hold's end, not 5 minutes from now", async () => {
    // A service with a deposit: the booking stays Pending while it is paid.
    const paid = { ...appointment('12:30'), service: DEMO.sAntiWrinkle1 }
    const h = (await t.app.inject({ method: 'POST', url: '/api/appointments/holds', payload: { appointment: paid } })).json() as Hold
    const extended = (await extend(h)).json() as Hold
    expect(Date.parse(extended.expiresAt) - now()).toBeGreaterThan(590_000)
    const booked = await t.app.inject({ method: 'POST', url: '/api/appointments/public', headers: t.auth(demo), payload: { appointment: paid, hold: { id: h.id, token: h.token } } })
    expect(booked.statusCode).toBe(200)
    const body = booked.json()
    expect(body.appointment.status).toBe('Pending')
    expect(body.holdExpiresAt).toBe(extended.expiresAt)
    const row = await t.db.selectFrom('appointments').select('hold_expires_at').where('id', '=', body.appointment.id).executeTakeFirstOrThrow()
    expect(row.hold_expires_at?.toISOString()).toBe(extended.expiresAt)
    await t.app.inject({ method: 'PUT', url: `/api/appointments/delete-pending/${body.appointment.id}`, headers: t.auth(demo) })
  })

  it('cannot be claimed without its token: the time stays held', async () => {
    const made = await hold('09:30')
    expect(made.statusCode).toBe(200)
    const h = made.json() as Hold
    const stolen = await book(other, '09:30', { id: h.id, token: 'guessed' })
    expect(stolen.statusCode).toBe(409)
    expect((await read(h)).statusCode).toBe(200)
    await release(h)
  })

  it('is extended once, for up to 10 more minutes', async () => {
    const h = (await hold('14:00')).json() as Hold
    const once = await extend(h)
    expect(once.statusCode).toBe(200)
    const extended = once.json() as Hold
    expect(extended.extended).toBe(true)
    const until = Date.parse(extended.expiresAt)
    expect(until - now()).toBeGreaterThan(590_000)
    expect(until - now()).toBeLessThanOrEqual(600_000)
    offsetMs += 60_000
    const twice = (await extend(h)).json() as Hold
    expect(twice.expiresAt).toBe(extended.expiresAt)
    expect((await read(h)).json().expiresAt).toBe(extended.expiresAt)
    offsetMs -= 60_000
    await release(h)
  })

  it('ends at its expiry: unreadable, not extendable, and the time is bookable again', async () => {
    const h = (await hold('15:00', { seconds: 30 })).json() as Hold
    expect(Date.parse(h.expiresAt) - now()).toBeLessThanOrEqual(30_000)
    offsetMs += 31_000
    try {
      expect((await read(h)).statusCode).toBe(404)
      expect((await extend(h)).statusCode).toBe(404)
      const booked = await book(other, '15:00')
      expect(booked.statusCode).toBe(200)
      await t.app.inject({ method: 'PUT', url: `/api/appointments/delete-pending/${booked.json().appointment.id}`, headers: t.auth(other) })
    } finally {
      offsetMs -= 31_000
    }
  })

  it('a page left (pagehide) keeps the time for a short grace: a reload gets the hold back with its expiry, else it ends', async () => {
    const h = (await hold('09:45')).json() as Hold
    const leave = () => t.app.inject({ method: 'POST', url: `/api/appointments/holds/${h.id}/release`, payload: { token: h.token, leaving: true } })
    expect((await leave()).statusCode).toBe(200)
    expect(await times()).not.toContain('09:45')
    const back = await read(h)
    expect(back.statusCode).toBe(200)
    expect(back.json().expiresAt).toBe(h.expiresAt)
    await leave()
    offsetMs += (LEAVING_GRACE_SECONDS + 1) * 1000
    try {
      expect((await read(h)).statusCode).toBe(404)
      expect(await times()).toContain('09:45')
    } finally {
      offsetMs -= (LEAVING_GRACE_SECONDS + 1) * 1000
    }
  })

  it("a reloaded page's read that reaches the server before the old page's leaving keeps the hold: the late leaving is ignored (issue 27)", async () => {
    const h = (await hold('16:30')).json() as Hold
    const readBy = (page: string) => t.app.inject({ method: 'GET', url: `/api/appointments/holds/${h.id}?token=${encodeURIComponent(h.token)}&page=${page}` })
    const leaveFrom = (page: string) => t.app.inject({ method: 'POST', url: `/api/appointments/holds/${h.id}/release`, payload: { token: h.token, leaving: true, page } })
    // The reloaded page B reads first; the old page A's keepalive release lands after it.
    expect((await readBy('page-b')).statusCode).toBe(200)
    expect((await leaveFrom('page-a')).statusCode).toBe(200)
    offsetMs += (LEAVING_GRACE_SECONDS + 1) * 1000
    try {
      const kept = await readBy('page-b')
      expect(kept.statusCode).toBe(200)
      expect(kept.json().expiresAt).toBe(h.expiresAt)
      expect(await times()).not.toContain('16:30')
      // B's own leaving (its reload) still starts the grace, which C's read takes back.
      await leaveFrom('page-b')
      expect((await readBy('page-c')).json().expiresAt).toBe(h.expiresAt)
      await leaveFrom('page-c')
      offsetMs += (LEAVING_GRACE_SECONDS + 1) * 1000
      expect((await readBy('page-c')).statusCode).toBe(404)
    } finally {
      offsetMs -= 2 * (LEAVING_GRACE_SECONDS + 1) * 1000
    }
  })

  it('two customers racing for one time: exactly one holds it', async () => {
    const [a, b] = await Promise.all([hold('16:00', {}, demo), hold('16:00')])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const winner = (a.statusCode === 200 ? a : b).json() as Hold
    await release(winner)
  })

  it('refuses a time that is not offered or a service the practitioner does not do', async () => {
    expect((await hold('10:07')).statusCode).toBe(400)
    const wrong = await t.app.inject({ method: 'POST', url: '/api/appointments/holds', payload: { appointment: { ...appointment('10:00'), practitioner: DEMO.pOliver } } })
    expect(wrong.statusCode).toBe(400)
  })
})
