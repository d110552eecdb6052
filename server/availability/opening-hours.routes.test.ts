/**
 * A clinic's weekly opening hours (from the set-up document) limit what is offered: a practitioner's
 * hours outside them are not bookable, and on a weekday the clinic does not open nothing is. Closed
 * days of the clinic are not bookable either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatInTimeZone } from 'date-fns-tz'
import { buildTestServer, type TestServer } from '../test-support/test-server'
import { exampleDocument, OPERATOR_KEY, tenantWithAdmin } from '../admin/admin-test-support'
import { operatorDb } from '../staff/staff.tables'

let t: TestServer
let clinic: string
let service: string

/**
 * London dates falling on `weekday` (0 = Sunday), the first at least `ahead` days from now, leaving
 * out the example document's Christmas holiday (25-26 December): a Friday 'open as usual' must not be
 * Christmas Day.
 */
function nextWeekdays(weekday: number, ahead: number, count: number): string[] {
  const out: string[] = []
  const day = new Date(`${formatInTimeZone(new Date(), 'Europe/London', 'yyyy-MM-dd')}T12:00:00Z`)
  day.setUTCDate(day.getUTCDate() + ahead)
  for (; out.length < count; day.setUTCDate(day.getUTCDate() + 1)) {
    const date = day.toISOString().slice(0, 10)
    if (day.getUTCDay() === weekday && !/-12-2[56]$/.test(date)) out.push(date)
  }
  return out
}

const [THURSDAY] = nextWeekdays(4, 7, 1)
const [SUNDAY] = nextWeekdays(0, 7, 1)
const [CLOSED_FRIDAY, OPEN_FRIDAY] = nextWeekdays(5, 7, 2)

beforeAll(async () => {
  t = await buildTestServer({ operatorKey: OPERATOR_KEY })
  const { headers } = await tenantWithAdmin(t, 'hours')
  const document = exampleDocument() as { clinics: { slug: string; closedDays: unknown[] }[]; practitioners: { slug: string; hours: Record<string, Record<string, unknown>> }[] }
  // Ravi would work Bristol 07:00-21:00 on Thursdays (the clinic opens 09:00-20:00) and on Sundays (closed).
  const ravi = document.practitioners.find((p) => p.slug === 'ravi')!
  ravi.hours.bristol = { ...ravi.hours.bristol, thu: { work: ['07:00-21:00'] }, sun: { work: ['10:00-14:00'] }, fri: { work: ['09:00-17:00'] } }
  document.clinics.find((c) => c.slug === 'bristol')!.closedDays.push({ from: CLOSED_FRIDAY, to: CLOSED_FRIDAY, name: 'Refit' })
  const applied = await t.app.inject({ method: 'POST', url: '/api/admin/setup', headers, payload: { document } })
  expect(applied.statusCode, applied.body).toBe(200)
  const db = operatorDb(t.db)
  clinic = (await db.selectFrom('clinics').select('id').where('tenant_id', '=', 'hours').where('slug', '=', 'bristol').executeTakeFirstOrThrow()).id
  service = (await db.selectFrom('services').select('id').where('tenant_id', '=', 'hours').where('slug', '=', 'anti-wrinkle').executeTakeFirstOrThrow()).id
})
afterAll(() => t.close())

async function validTimes(date: string): Promise<string[]> {
  const response = await t.app.inject({ method: 'POST', url: '/api/practitioners/time', headers: { 'x-tenant': 'hours' }, payload: { date, service, clinic, staff: null, onlineBooking: true } })
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { value: string; valid: boolean }[]).filter((s) => s.valid).map((s) => s.value)
}

describe("the clinic's opening hours", () => {
  it("offers a practitioner's hours only inside the clinic's opening hours", async () => {
    const times = await validTimes(THURSDAY)
    expect(times[0]).toBe('09:00')
    // 30 minutes: the last start ends at the clinic's 20:00 closing
    expect(times.at(-1)).toBe('19:30')
  })

  it('offers nothing on a weekday the clinic does not open, nor on its closed day', async () => {
    expect(await validTimes(SUNDAY)).toEqual([])
    expect(await validTimes(CLOSED_FRIDAY)).toEqual([])
    // the Friday after it is open as usual
    expect((await validTimes(OPEN_FRIDAY))[0]).toBe('09:00')
  })
})
