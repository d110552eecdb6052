import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatInTimeZone } from 'date-fns-tz'
import { newId } from '../db/ids'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'

let t: TestServer
let customer: string
beforeAll(async () => {
  t = await buildTestServer()
  customer = await t.login(DEMO_CUSTOMER)
})
afterAll(() => t.close())

interface Next {
  practitioners: { practitioner: string; startDate: string }[]
  any: string | null
}

const next = async (services: string[] = [DEMO.sAntiWrinkle1]): Promise<Next> => {
  const response = await t.app.inject({ method: 'POST', url: '/api/practitioners/next-available', payload: { clinic: DEMO.clinicLondon, services } })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

const startOf = (answer: Next, practitioner: string) => answer.practitioners.find((p) => p.practitioner === practitioner)?.startDate

const londonDay = (iso: string) => formatInTimeZone(new Date(iso), 'Europe/London', 'yyyy-MM-dd')

/** The first valid start of the day as POST /practitioners/time gives it. */
const firstValidTime = async (date: string, staff: string): Promise<string | undefined> => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/practitioners/time',
    payload: { date, service: DEMO.sAntiWrinkle1, clinic: DEMO.clinicLondon, staff, withHolidays: true, onlineBooking: true },
  })
  expect(response.statusCode).toBe(200)
  return (response.json() as { startDate: string; valid: boolean }[]).find((s) => s.valid)?.startDate
}

/** Fills a London day of a practitioner with one block (a full day). */
const blockDay = async (practitioner: string, date: string) => {
  const template = await t.db.selectFrom('appointments').selectAll().where('tenant_id', '=', 'demo').limit(1).executeTakeFirstOrThrow()
  const start = new Date(`${date}T00:00:00Z`)
  await t.db
    .insertInto('appointments')
    .values({
      ...template,
      id: newId(),
      type: 'Block',
      status: 'Scheduled',
      customer_id: null,
      practitioner_id: practitioner,
      clinic_id: DEMO.clinicLondon,
      group_id: null,
      transaction_id: null,
      hold_expires_at: null,
      starts_at: new Date(start.getTime() - 3_600_000),
      ends_at: new Date(start.getTime() + 25 * 3_600_000),
    } as never)
    .execute()
}

describe('POST /practitioners/next-available', () => {
  it("gives each practitioner the day call's first valid time, and 'any' the earliest of them", async () => {
    const answer = await next()
    expect(answer.practitioners.map((p) => p.practitioner).sort()).toEqual([DEMO.pJames, DEMO.pSarah].sort())
    for (const p of answer.practitioners) {
      expect(await firstValidTime(londonDay(p.startDate), p.practitioner)).toBe(new Date(p.startDate).toISOString())
    }
    const earliest = Math.min(...answer.practitioners.map((p) => Date.parse(p.startDate)))
    expect(answer.any).toBe(new Date(earliest).toISOString())
  })

  it('moves a practitioner whose first day is full to the next day with a free time', async () => {
    const before = startOf(await next(), DEMO.pSarah)!
    const day = londonDay(before)
    await blockDay(DEMO.pSarah, day)
    const after = startOf(await next(), DEMO.pSarah)!
    expect(londonDay(after) > day).toBe(true)
    expect(await firstValidTime(londonDay(after), DEMO.pSarah)).toBe(new Date(after).toISOString())
  })

  it('leaves out a held time', async () => {
    const before = startOf(await next(), DEMO.pJames)!
    const held = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/public',
      headers: t.auth(customer),
      payload: { appointment: { event: { start: before, end: before }, practitioner: DEMO.pJames, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 } },
    })
    expect(held.statusCode, held.body).toBe(200)
    const after = startOf(await next(), DEMO.pJames)!
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before))
    expect(await firstValidTime(londonDay(after), DEMO.pJames)).toBe(new Date(after).toISOString())
  })

  it('answers 404 for a service the clinic does not offer and 400 for no service', async () => {
    const other = await t.app.inject({ method: 'POST', url: '/api/practitioners/next-available', payload: { clinic: DEMO.clinicLondon, services: ['5e00000000000000000000ff'] } })
    expect(other.statusCode).toBe(404)
    const none = await t.app.inject({ method: 'POST', url: '/api/practitioners/next-available', payload: { clinic: DEMO.clinicLondon, services: [] } })
    expect(none.statusCode).toBe(400)
  })
})
