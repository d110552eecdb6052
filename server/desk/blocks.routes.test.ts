/** Blocks of time and the week view through the admin API, on the seeded demo tenant. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatInTimeZone } from 'date-fns-tz'
import { londonInstant, londonWorkdays } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { staffLogin } from './desk-test-support'

let t: TestServer
let admin: Record<string, string>
let sarah: Record<string, string>
let customer: string
const [day, otherDay, thirdDay] = londonWorkdays(30, 3)

beforeAll(async () => {
  // The reference cache on (availability keeps bookings under their versions): a block must be seen at once all the same.
  t = await buildTestServer({ referenceCacheMs: 60_000 })
  admin = await staffLogin(t, 'desk@demo.example.com', 'admin', null)
  sarah = await staffLogin(t, 'sarah@demo.example.com', 'practitioner', DEMO.pSarah)
  customer = await t.login(DEMO_CUSTOMER)
})
afterAll(() => t.close())

interface Slot {
  startDate: string
  valid: boolean
}

/** The customer-side day of Sarah's anti-wrinkle times (the same call the booking wizard makes). */
const times = async (date: string): Promise<Slot[]> => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/practitioners/time',
    payload: { date, service: DEMO.sAntiWrinkle1, clinic: DEMO.clinicLondon, staff: DEMO.pSarah, withHolidays: true, onlineBooking: true },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
const validStarts = async (date: string) => (await times(date)).filter((s) => s.valid).map((s) => new Date(s.startDate).toISOString())

const block = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/blocks', headers, payload })

describe('blocks of time', () => {
  it('takes the blocked hour out of the customer-side availability at once, and gives it back when removed', async () => {
    const before = await validStarts(day!)
    const start = londonInstant(day!, '11:00')
    const end = londonInstant(day!, '12:00')
    expect(before).toContain(start)
    const created = await block(admin, { practitioner: DEMO.pSarah, type: 'Block', start, end, note: 'Team meeting' })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ type: 'Block', start, end, practitionerId: DEMO.pSarah, practitioner: 'Dr Sarah Jones', locationId: DEMO.clinicLondon, note: 'Team meeting' })
    const after = await validStarts(day!)
    // No 30-minute treatment may start inside the hour or run into it.
    for (const s of after) expect(Date.parse(s) + 30 * 60_000 <= Date.parse(start) || Date.parse(s) >= Date.parse(end), s).toBe(true)
    expect(after).not.toContain(start)
    expect(after).not.toContain(londonInstant(day!, '11:30'))
    expect(after.length).toBeLessThan(before.length)

    const listed = await t.app.inject({ method: 'GET', url: `/api/admin/blocks?from=${day}&to=${day}&practitioner=${DEMO.pSarah}`, headers: admin })
    expect(listed.json().map((b: { id: string }) => b.id)).toEqual([created.json().id])

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/blocks/${created.json().id}`, headers: admin })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(await validStarts(day!)).toEqual(before)
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/blocks/${created.json().id}`, headers: admin })).statusCode).toBe(404)
  })

  it('stores breaks, blocks and leave as the spec appointment types, with no customer or service', async () => {
    const start = londonInstant(otherDay!, '13:00')
    const created = await block(admin, { practitioner: 'Dr Sarah Jones', type: 'Break', start, end: londonInstant(otherDay!, '13:30') })
    expect(created.statusCode, created.body).toBe(201)
    const row = await t.db.selectFrom('appointments').selectAll().where('id', '=', created.json().id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ type: 'Break', status: 'Scheduled', customer_id: null, service_id: null })
    const leave = await block(admin, { practitioner: DEMO.pSarah, type: 'Leave', start: londonInstant(thirdDay!, '00:00'), end: londonInstant(thirdDay!, '23:59') })
    expect(leave.statusCode, leave.body).toBe(201)
    expect(await validStarts(thirdDay!)).toEqual([])
  })

  it('never overlaps a booking or another block, with a clear message', async () => {
    const booked = await t.db.selectFrom('appointments').select(['starts_at', 'ends_at']).where('id', '=', DEMO.apptFuture).executeTakeFirstOrThrow()
    const overBooking = await block(admin, { practitioner: DEMO.pSarah, type: 'Block', start: booked.starts_at.toISOString(), end: new Date(booked.ends_at.getTime() + 3_600_000).toISOString() })
    expect(overBooking.statusCode, overBooking.body).toBe(409)
    expect(overBooking.json().message).toBe('This time overlaps a booking or another block. Move or cancel it first.')
    const first = await block(admin, { practitioner: DEMO.pSarah, type: 'Block', start: londonInstant(otherDay!, '15:00'), end: londonInstant(otherDay!, '16:00') })
    expect(first.statusCode).toBe(201)
    const second = await block(admin, { practitioner: DEMO.pSarah, type: 'Break', start: londonInstant(otherDay!, '15:30'), end: londonInstant(otherDay!, '16:30') })
    expect(second.statusCode).toBe(409)
  })

  it('refuses an end before the start, a block over 7 days, and an unknown practitioner', async () => {
    const start = londonInstant(day!, '09:00')
    const backwards = await block(admin, { practitioner: DEMO.pSarah, type: 'Block', start, end: start })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().message).toBe('The end of a block must be after its start.')
    const long = await block(admin, { practitioner: DEMO.pSarah, type: 'Leave', start, end: new Date(Date.parse(start) + 8 * 86_400_000).toISOString() })
    expect(long.statusCode).toBe(400)
    expect((await block(admin, { practitioner: 'nobody', type: 'Block', start, end: londonInstant(day!, '10:00') })).statusCode).toBe(400)
    expect((await block(admin, { practitioner: DEMO.pSarah, type: 'Appointment', start, end: londonInstant(day!, '10:00') })).statusCode).toBe(400)
  })

  it("lets a practitioner block their own time only; a customer's token opens nothing", async () => {
    const own = await block(sarah, { practitioner: DEMO.pSarah, type: 'Break', start: londonInstant(day!, '16:00'), end: londonInstant(day!, '16:15') })
    expect(own.statusCode, own.body).toBe(201)
    expect((await block(sarah, { practitioner: DEMO.pJames, type: 'Break', start: londonInstant(day!, '16:00'), end: londonInstant(day!, '16:15') })).statusCode).toBe(403)
    const jamesBlock = await block(admin, { practitioner: DEMO.pJames, type: 'Break', start: londonInstant(day!, '16:00'), end: londonInstant(day!, '16:15') })
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/blocks/${jamesBlock.json().id}`, headers: sarah })).statusCode).toBe(403)
    const listed = (await t.app.inject({ method: 'GET', url: `/api/admin/blocks?from=${day}&to=${day}`, headers: sarah })).json() as { practitionerId: string }[]
    expect(new Set(listed.map((b) => b.practitionerId))).toEqual(new Set([DEMO.pSarah]))
    expect((await block(t.auth(customer), { practitioner: DEMO.pSarah, type: 'Break', start: londonInstant(day!, '17:00'), end: londonInstant(day!, '17:15') })).statusCode).toBe(401)
  })
})

describe('GET /admin/week', () => {
  it("gives the practitioner's week: Monday to Sunday, working hours, bookings and blocks", async () => {
    const booked = await t.db.selectFrom('appointments').select('starts_at').where('id', '=', DEMO.apptFuture).executeTakeFirstOrThrow()
    const date = formatInTimeZone(booked.starts_at, 'Europe/London', 'yyyy-MM-dd')
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/week?practitioner=${DEMO.pSarah}&date=${date}`, headers: admin })
    expect(response.statusCode, response.body).toBe(200)
    const week = response.json()
    expect(new Date(`${week.from}T12:00:00Z`).getUTCDay()).toBe(1)
    expect(week.from <= date && date <= week.to).toBe(true)
    expect(week.practitioner).toEqual({ id: DEMO.pSarah, name: 'Dr Sarah Jones' })
    expect(week.bookings.map((b: { id: string }) => b.id)).toContain(DEMO.apptFuture)
    expect(week.hours.length).toBeGreaterThan(0)
    for (const h of week.hours) expect(h.date >= week.from && h.date <= week.to).toBe(true)

    const withBlock = (await t.app.inject({ method: 'GET', url: `/api/admin/week?practitioner=${DEMO.pSarah}&date=${otherDay}`, headers: admin })).json()
    expect(withBlock.blocks.map((b: { type: string }) => b.type)).toEqual(expect.arrayContaining(['Break', 'Block']))
  })

  it("shows a practitioner their own week only", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/week?practitioner=${DEMO.pSarah}&date=${day}`, headers: sarah })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/week?practitioner=${DEMO.pJames}&date=${day}`, headers: sarah })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/week?practitioner=${DEMO.pSarah}&date=${day}` })).statusCode).toBe(401)
  })
})
