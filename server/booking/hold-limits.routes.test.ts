/**
 * Issue 31: slot holds cannot be used to block a calendar. The times held from one address are capped
 * (times, not holds: a hold may carry a chain of services), new holds are rate limited per address
 * and per customer, a hold's length is at least a second, and a release with a wrong token says so
 * instead of pretending.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { holdingTooFast, TOO_MANY_SLOT_HOLDS } from '../http/service-failure'
import { ANONYMOUS_CAP_FACTOR, HOLD_NOT_FOUND, HOLD_RATE_FACTOR } from './holds.service'

/** Small enough to reach quickly: 2 times per customer, 6 per address; 4 new holds a minute per customer, 12 per address. */
const MAX_LIVE_HOLDS = 2
const RATE_LIMIT_MAX = 2
const ADDRESS_CAP = MAX_LIVE_HOLDS * ANONYMOUS_CAP_FACTOR
const CUSTOMER_RATE = RATE_LIMIT_MAX * HOLD_RATE_FACTOR
const ADDRESS_RATE = CUSTOMER_RATE * ANONYMOUS_CAP_FACTOR

let t: TestServer
let other: string
beforeAll(async () => {
  t = await buildTestServer({ maxLiveHolds: MAX_LIVE_HOLDS, rateLimitMax: RATE_LIMIT_MAX })
  other = await t.login(OTHER_CUSTOMER)
})
afterAll(() => t.close())

const QUARTERS = ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45', '12:00', '12:15']
const used = new Set<string>()
/** A day of its own for a test on which Sarah (London, Tuesday to Friday) offers every time the tests use. */
async function freeDay(): Promise<string> {
  for (let offset = 2; offset < 60; offset++) {
    const date = londonDate(offset, [2, 3, 4, 5])
    if (used.has(date)) continue
    const offered = await times(date)
    if ([...QUARTERS, '14:00', '14:30'].every((time) => offered.includes(time))) {
      used.add(date)
      return date
    }
  }
  throw new Error('no free day in the coming 60')
}
type Key = { id: string; token: string }
const item = (date: string, time: string, practitioner = DEMO.pSarah) => ({
  event: { start: londonInstant(date, time), end: londonInstant(date, time) },
  practitioner,
  clinic: DEMO.clinicLondon,
  service: DEMO.sConsultation,
})
const hold = (address: string, appointment: object, extra: Record<string, unknown> = {}, token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/appointments/holds', remoteAddress: address, headers: token ? t.auth(token) : {}, payload: { appointment, ...extra } })
const release = (key: Key, leaving = false) =>
  t.app.inject({ method: 'POST', url: `/api/appointments/holds/${key.id}/release`, payload: { token: key.token, ...(leaving ? { leaving } : {}) } })
const times = async (date: string) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/practitioners/time', payload: { date, service: DEMO.sConsultation, clinic: DEMO.clinicLondon, staff: DEMO.pSarah, minimiseGaps: false } })
  return (response.json() as { value: string; valid: boolean }[]).filter((s) => s.valid).map((s) => s.value)
}

describe('the times held from one address', () => {
  it(`are capped at ${ADDRESS_CAP} times, whether one a hold or a chain of services in one`, async () => {
    const date = await freeDay()
    const address = '10.31.0.1'
    const keys: Key[] = []
    for (const time of QUARTERS.slice(0, ADDRESS_CAP - 1)) {
      const made = await hold(address, item(date, time))
      expect(made.statusCode, made.body).toBe(200)
      keys.push(made.json() as Key)
    }
    // One time left: a chain of two services (two times in one hold) does not fit.
    const chain = { ...item(date, '14:00'), linkedAppointments: [{ ...item(date, '14:15', DEMO.pJames), isLinked: true }] }
    const refused = await hold(address, chain)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ statusCode: 429, message: TOO_MANY_SLOT_HOLDS })
    // A single time still does; then nothing more.
    const last = await hold(address, item(date, '14:00'))
    expect(last.statusCode, last.body).toBe(200)
    keys.push(last.json() as Key)
    expect((await hold(address, item(date, '14:30'))).statusCode).toBe(429)
    // Another address is not concerned; a released time makes room.
    const elsewhere = await hold('10.31.0.2', item(date, '12:00'))
    expect(elsewhere.statusCode, elsewhere.body).toBe(200)
    expect((await release(keys[0]!)).statusCode).toBe(200)
    expect((await hold(address, item(date, '14:30'))).statusCode).toBe(200)
  })
})

describe('new holds', () => {
  it(`are limited to ${ADDRESS_RATE} a minute from one address, with a message that says when to try again`, async () => {
    const date = await freeDay()
    const address = '10.31.1.1'
    for (let i = 0; i < ADDRESS_RATE; i++) {
      const made = await hold(address, item(date, QUARTERS[i]!))
      expect(made.statusCode, made.body).toBe(200)
      // Released at once: the cap of held times is not what stops them.
      expect((await release(made.json() as Key)).statusCode).toBe(200)
    }
    const refused = await hold(address, item(date, '14:00'))
    expect(refused.statusCode).toBe(429)
    const { message } = refused.json() as { message: string }
    const seconds = Number(/try again in (\d+) second/.exec(message)?.[1])
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(60)
    expect(message).toBe(holdingTooFast(seconds))
    expect(await times(date)).toContain('14:00')
  })

  it(`are limited to ${CUSTOMER_RATE} a minute per customer, whatever the address`, async () => {
    const date = await freeDay()
    for (let i = 0; i < CUSTOMER_RATE; i++) {
      const made = await hold(`10.31.2.${i}`, item(date, QUARTERS[i]!), {}, other)
      expect(made.statusCode, made.body).toBe(200)
      await release(made.json() as Key)
    }
    const refused = await hold('10.31.2.100', item(date, '14:00'), {}, other)
    expect(refused.statusCode).toBe(429)
    expect((refused.json() as { message: string }).message).toMatch(/^You have chosen many times in a short while\. Please try again in \d+ seconds?\.$/)
    // Someone else from that address is not held back.
    expect((await hold('10.31.2.100', item(date, '14:00'))).statusCode).toBe(200)
  })
})

describe('a hold', () => {
  it('lasts at least a second: a length of 0, -5 or 1.5 seconds is refused with 400', async () => {
    const date = await freeDay()
    for (const seconds of [0, -5, 1.5]) {
      const made = await hold('10.31.3.1', item(date, '10:00'), { seconds })
      expect(made.statusCode, `${seconds}`).toBe(400)
      expect((made.json() as { message: string }).message).toContain('seconds')
    }
    expect(await times(date)).toContain('10:00')
    const short = await hold('10.31.3.1', item(date, '10:00'), { seconds: 1 })
    expect(short.statusCode).toBe(200)
    await release(short.json() as Key)
  })

  it('released with a wrong token answers 404 and stays held; with its own token, 200 even once it ended', async () => {
    const date = await freeDay()
    const made = await hold('10.31.3.2', item(date, '11:00'))
    expect(made.statusCode).toBe(200)
    const key = made.json() as Key
    for (const leaving of [false, true]) {
      const wrong = await release({ id: key.id, token: 'not-the-token' }, leaving)
      expect(wrong.statusCode).toBe(404)
      expect(wrong.json()).toEqual({ statusCode: 404, message: HOLD_NOT_FOUND })
    }
    expect((await release({ id: 'a'.repeat(24), token: key.token })).statusCode).toBe(404)
    expect(await times(date)).not.toContain('11:00')
    expect((await release(key)).json()).toEqual({ message: 'The time is no longer held.' })
    expect(await times(date)).toContain('11:00')
    expect((await release(key)).statusCode).toBe(200)
  })
})
