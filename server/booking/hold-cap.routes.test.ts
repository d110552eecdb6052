import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { TOO_MANY_HOLDS } from '../http/service-failure'
import { loadConfig } from '../config'

/** The production default (MAX_LIVE_HOLDS unset). */
const MAX_LIVE_HOLDS = loadConfig({}).maxLiveHolds

let t: TestServer
let token: string
beforeAll(async () => {
  t = await buildTestServer({ maxLiveHolds: MAX_LIVE_HOLDS })
  token = await t.login(OTHER_CUSTOMER)
})
afterAll(() => t.close())

const post = (start: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/appointments/public',
    headers: t.auth(token),
    payload: { appointment: { event: { start, end: start }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 } },
  })

/** Free 30-minute starts of Sarah's in London on the coming weekdays, from the server itself. */
async function freeStarts(count: number): Promise<string[]> {
  const starts: string[] = []
  for (let offset = 2; starts.length < count && offset < 30; offset++) {
    for (const time of ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00']) {
      if (starts.length >= count) break
      starts.push(londonInstant(londonDate(offset), time))
    }
  }
  return starts
}

describe('live holds per customer', () => {
  it(`refuses a booking beyond ${MAX_LIVE_HOLDS} unpaid holds with 429, and takes it once one is released`, async () => {
    const held: string[] = []
    for (const start of await freeStarts(60)) {
      if (held.length === MAX_LIVE_HOLDS) break
      const response = await post(start)
      if (response.statusCode === 200) held.push(response.json().appointment.id)
      else expect([400, 409]).toContain(response.statusCode) // a day off or a seeded booking
    }
    expect(held).toHaveLength(MAX_LIVE_HOLDS)

    const next = await post(londonInstant(londonDate(40), '10:00'))
    expect(next.statusCode).toBe(429)
    expect(next.json()).toEqual({ statusCode: 429, message: TOO_MANY_HOLDS })

    const released = await t.app.inject({ method: 'PUT', url: `/api/appointments/delete-pending/${held[0]}`, headers: t.auth(token) })
    expect(released.statusCode).toBe(200)
    const retried = await post(londonInstant(londonDate(40), '10:00'))
    expect(retried.statusCode).not.toBe(429)
  })
})

describe('live holds per customer, in parallel', () => {
  it(`takes exactly ${MAX_LIVE_HOLDS} of 40 parallel bookings on free slots and refuses the rest with 429`, async () => {
    const fresh = await buildTestServer({ maxLiveHolds: MAX_LIVE_HOLDS })
    try {
      const customer = await fresh.login(OTHER_CUSTOMER)
      // 40 distinct offered, free starts (any practitioner's refusal would be a 400/409, not a hold).
      const starts: string[] = []
      for (let offset = 2; starts.length < 40 && offset < 60; offset++) {
        const date = londonDate(offset)
        const res = await fresh.app.inject({
          method: 'POST',
          url: '/api/practitioners/time',
          headers: fresh.auth(customer),
          payload: { date, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1, staff: DEMO.pSarah },
        })
        if (res.statusCode !== 200) continue
        // Slots that do not overlap one another: each booking could be taken on its own.
        let free = 0
        for (const slot of res.json() as { startDate: string; endDate: string; valid: boolean; practitioner: string }[]) {
          if (!slot.valid || slot.practitioner !== DEMO.pSarah || Date.parse(slot.startDate) < free || starts.length >= 40) continue
          starts.push(slot.startDate)
          free = Date.parse(slot.endDate)
        }
      }
      expect(starts).toHaveLength(40)
      const responses = await Promise.all(
        starts.map((start) =>
          fresh.app.inject({
            method: 'POST',
            url: '/api/appointments/public',
            headers: fresh.auth(customer),
            payload: { appointment: { event: { start, end: start }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 } },
          }),
        ),
      )
      const statuses = responses.map((r) => r.statusCode)
      expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_LIVE_HOLDS)
      expect(statuses.filter((s) => s === 429)).toHaveLength(40 - MAX_LIVE_HOLDS)
    } finally {
      await fresh.close()
    }
  })
})
