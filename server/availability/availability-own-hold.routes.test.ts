import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, type TestServer } from '../test-support/test-server'

let t: TestServer
beforeAll(async () => {
  t = await buildTestServer()
})
afterAll(() => t.close())

/** A day Sarah works in London (Tuesday to Friday), clear of the seeded bookings, holiday and closed day. */
const day = londonDate(4, [2, 3, 4, 5])
type Key = { id: string; token: string }
/** Anonymous holds are capped per client address: each from an address of its own. */
let address = 0
const hold = async (time: string): Promise<Key> => {
  const response = await t.app.inject({
    method: 'POST',
    remoteAddress: `10.0.0.${++address}`,
    url: '/api/appointments/holds',
    payload: { appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } },
  })
  expect(response.statusCode).toBe(200)
  const { id, token } = response.json() as Key
  return { id, token }
}
const times = async (key?: Key | null) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/practitioners/time',
    payload: { date: day, service: DEMO.sConsultation, clinic: DEMO.clinicLondon, staff: DEMO.pSarah, minimiseGaps: false, ...(key !== undefined ? { hold: key } : {}) },
  })
  expect(response.statusCode).toBe(200)
  return (response.json() as { value: string; valid: boolean }[]).filter((s) => s.valid).map((s) => s.value)
}

describe('availability with the caller’s own hold (issue 17)', () => {
  it('shows the held time to its owner only: without the key or with a wrong token it stays hidden', async () => {
    const key = await hold('10:00')
    expect(await times(key)).toContain('10:00')
    expect(await times()).not.toContain('10:00')
    expect(await times(null)).not.toContain('10:00')
    expect(await times({ id: key.id, token: 'not-the-token' })).not.toContain('10:00')
    // Another's hold is still hidden from an owner of a different hold.
    const other = await hold('11:00')
    const mine = await times(key)
    expect(mine).toContain('10:00')
    expect(mine).not.toContain('11:00')
    expect(await times(other)).not.toContain('10:00')
  })

  it('the month answer for the owner is never served to others from the shared cache', async () => {
    // Hold every start Sarah has that day, so the day is free only to the holder.
    const free = await times()
    const keys: Key[] = []
    for (const time of free) keys.push(await hold(time))
    const [year, month] = day.split('-').map(Number)
    const days = async (key?: Key) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/days-available-by-month',
        payload: [{ service: DEMO.sConsultation, month, year, location: DEMO.clinicLondon, practitioner: DEMO.pSarah, ...(key ? { hold: key } : {}) }],
      })
      expect(response.statusCode).toBe(200)
      return (response.json() as { date: string }[]).map((d) => d.date)
    }
    expect(await days()).not.toContain(day)
    const owner = keys[keys.length - 1]
    expect(await days(owner)).toContain(day)
    // Asked after the owner within the same minute: the shared answer is still the one without the hold.
    expect(await days()).not.toContain(day)
    expect(await days({ id: owner.id, token: 'not-the-token' })).not.toContain(day)
  })
})
