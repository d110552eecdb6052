import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'

let t: TestServer
let demo: string
let other: string
let appointmentId: string
const day = londonDate(4)
beforeAll(async () => {
  t = await buildTestServer()
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
  const start = londonInstant(day, '10:00')
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/public',
    headers: t.auth(demo),
    payload: { appointment: { event: { start, end: start }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 } },
  })
  expect(created.statusCode, created.body).toBe(200)
  appointmentId = created.json().appointment.id
})
afterAll(() => t.close())

const tenOClock = async (token?: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/practitioners/time',
    headers: token ? t.auth(token) : {},
    payload: { date: day, service: DEMO.sAntiWrinkle1, clinic: DEMO.clinicLondon, staff: DEMO.pSarah, appointmentBeingReschedule: appointmentId, minimiseGaps: false },
  })
  expect(response.statusCode).toBe(200)
  return (response.json() as { value: string; valid: boolean }[]).find((s) => s.value === '10:00')?.valid ?? false
}

const monthHasDay = async (token?: string) => {
  const [year, month] = day.split('-').map(Number)
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/days-available-by-month',
    headers: token ? t.auth(token) : {},
    payload: [{ service: DEMO.sAntiWrinkle1, month, year, location: DEMO.clinicLondon, practitioner: DEMO.pSarah, id: appointmentId }],
  })
  expect(response.statusCode).toBe(200)
  return response.json().length
}

describe('availability while rescheduling', () => {
  it("frees the time of the customer's own appointment only", async () => {
    expect(await tenOClock(demo)).toBe(true)
    expect(await tenOClock(other)).toBe(false)
    expect(await tenOClock()).toBe(false)
  })

  it("answers the month for another customer's id as if no id were given", async () => {
    expect(await monthHasDay(other)).toBe(await monthHasDay())
    expect(await monthHasDay(demo)).toBeGreaterThan(0)
  })
})
