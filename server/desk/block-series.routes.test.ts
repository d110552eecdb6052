/** Repeating blocks of time through the admin API (issue 29), on the seeded demo tenant: all the series or none of it, removed whole, from one on, or one by one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, type TestServer } from '../test-support/test-server'
import { addDays, weekDates } from '../../src/domain/desk/week'
import { staffLogin } from './desk-test-support'

let t: TestServer
let admin: Record<string, string>
let sarah: Record<string, string>
/** The first Monday of a week six weeks ahead or later, the fortnight after it clear of the seed's Christmas closure (Sarah works Monday to Friday in London). */
const christmas = (date: string) => date.slice(5) >= '12-20' || date.slice(5) <= '01-02'
let monday = weekDates(londonDate(42))[0]!
while (christmas(monday) || christmas(addDays(monday, 13))) monday = addDays(monday, 7)
const nextMonday = addDays(monday, 7)

beforeAll(async () => {
  t = await buildTestServer({ referenceCacheMs: 60_000 })
  admin = await staffLogin(t, 'desk@demo.example.com', 'admin', null)
  sarah = await staffLogin(t, 'sarah@demo.example.com', 'practitioner', DEMO.pSarah)
})
afterAll(() => t.close())

const series = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/blocks/series', headers, payload })
const blocksOf = async (from: string, to: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/blocks?from=${from}&to=${to}&practitioner=${DEMO.pSarah}`, headers: admin })).json() as { start: string; end: string; locationId: string; note?: string }[]
const validStarts = async (date: string): Promise<string[]> => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/practitioners/time',
    payload: { date, service: DEMO.sAntiWrinkle1, clinic: DEMO.clinicLondon, staff: DEMO.pSarah, withHolidays: true, onlineBooking: true },
  })
  return (response.json() as { startDate: string; valid: boolean }[]).filter((s) => s.valid).map((s) => new Date(s.startDate).toISOString())
}

describe('POST /admin/blocks/series', () => {
  it('blocks lunch every weekday of a week: five blocks at the same London times, each taken out of availability', async () => {
    expect(await validStarts(addDays(monday, 4))).toContain(londonInstant(addDays(monday, 4), '15:00'))
    const created = await series(admin, { practitioner: DEMO.pSarah, type: 'Break', start: londonInstant(monday, '15:00'), end: londonInstant(monday, '15:30'), every: 'weekday', until: addDays(monday, 6), note: 'Lunch' })
    expect(created.statusCode, created.body).toBe(201)
    const dates = weekDates(monday).slice(0, 5)
    expect((created.json() as { start: string }[]).map((b) => b.start)).toEqual(dates.map((d) => londonInstant(d, '15:00')))
    const listed = await blocksOf(monday, addDays(monday, 6))
    expect(listed.map((b) => [b.start, b.end, b.locationId, b.note])).toEqual(dates.map((d) => [londonInstant(d, '15:00'), londonInstant(d, '15:30'), DEMO.clinicLondon, 'Lunch']))
    expect(await validStarts(addDays(monday, 4))).not.toContain(londonInstant(addDays(monday, 4), '15:00'))
  })

  it('writes none of the series when one date overlaps, and names that date', async () => {
    const wednesday = addDays(nextMonday, 2)
    const single = await t.app.inject({ method: 'POST', url: '/api/admin/blocks', headers: admin, payload: { practitioner: DEMO.pSarah, type: 'Block', start: londonInstant(wednesday, '10:00'), end: londonInstant(wednesday, '11:00') } })
    expect(single.statusCode, single.body).toBe(201)
    const refused = await series(admin, { practitioner: DEMO.pSarah, type: 'Block', start: londonInstant(nextMonday, '10:30'), end: londonInstant(nextMonday, '11:30'), every: 'day', until: addDays(nextMonday, 4) })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(`This time overlaps a booking or another block on ${wednesday}. Move or cancel it first; no block of the series was added.`)
    expect((await blocksOf(nextMonday, addDays(nextMonday, 6))).map((b) => b.start)).toEqual([londonInstant(wednesday, '10:00')])
  })

  it("refuses a block over several days, a last date before the first, and another practitioner's time for a practitioner", async () => {
    const over = await series(admin, { practitioner: DEMO.pSarah, type: 'Leave', start: londonInstant(monday, '09:00'), end: londonInstant(addDays(monday, 1), '17:00'), every: 'week', until: addDays(monday, 21) })
    expect([over.statusCode, over.json().message]).toEqual([400, 'A repeating block starts and ends on the same day. Enter leave over several days on its own.'])
    const before = await series(admin, { practitioner: DEMO.pSarah, type: 'Block', start: londonInstant(monday, '09:00'), end: londonInstant(monday, '09:30'), every: 'week', until: addDays(monday, -1) })
    expect([before.statusCode, before.json().message]).toEqual([400, 'The last date of a repeating block must be on or after its first date.'])
    const others = await series(sarah, { practitioner: DEMO.pJames, type: 'Block', start: londonInstant(monday, '09:00'), end: londonInstant(monday, '09:30'), every: 'week', until: addDays(monday, 14) })
    expect(others.statusCode).toBe(403)
    const own = await series(sarah, { practitioner: DEMO.pSarah, type: 'Block', start: londonInstant(monday, '09:00'), end: londonInstant(monday, '09:30'), every: 'week', until: addDays(monday, 14) })
    expect(own.statusCode, own.body).toBe(201)
    expect(own.json()).toHaveLength(3)
  })
})

describe('DELETE /admin/blocks/{id}?scope= (a repeating block)', () => {
  const remove = (id: string, scope?: string, headers = admin) => t.app.inject({ method: 'DELETE', url: `/api/admin/blocks/${id}${scope ? `?scope=${scope}` : ''}`, headers })
  const at16 = async () => (await blocksOf(nextMonday, addDays(nextMonday, 6))).filter((b) => b.note === 'Admin').map((b) => b.start)

  it('removes one block, it and the following ones, or the whole series; each time offered again at once', async () => {
    const created = await series(admin, { practitioner: DEMO.pSarah, type: 'Block', start: londonInstant(nextMonday, '16:00'), end: londonInstant(nextMonday, '16:30'), every: 'weekday', until: addDays(nextMonday, 4), note: 'Admin' })
    expect(created.statusCode, created.body).toBe(201)
    const blocks = created.json() as { id: string; start: string; seriesId?: string }[]
    expect(blocks).toHaveLength(5)
    expect(new Set(blocks.map((b) => b.seriesId)).size).toBe(1)
    expect(blocks[0]!.seriesId).toMatch(/^[0-9a-f]{24}$/)
    const dates = weekDates(nextMonday).slice(0, 5)
    const thursday = dates[3]!
    expect(await validStarts(thursday)).not.toContain(londonInstant(thursday, '16:00'))

    // Friday's alone.
    const one = await remove(blocks[4]!.id, 'block')
    expect([one.statusCode, one.json().message]).toEqual([200, 'The block has been removed.'])
    expect(await at16()).toEqual(dates.slice(0, 4).map((d) => londonInstant(d, '16:00')))
    // Wednesday's and the following (Thursday's).
    const following = await remove(blocks[2]!.id, 'following')
    expect([following.statusCode, following.json().message]).toEqual([200, '2 blocks of the series have been removed.'])
    expect(await at16()).toEqual(dates.slice(0, 2).map((d) => londonInstant(d, '16:00')))
    expect(await validStarts(thursday)).toContain(londonInstant(thursday, '16:00'))
    // The rest of the series, named by its last block.
    const all = await remove(blocks[1]!.id, 'series')
    expect([all.statusCode, all.json().message]).toEqual([200, '2 blocks of the series have been removed.'])
    expect(await at16()).toEqual([])
    expect((await remove(blocks[0]!.id, 'series')).statusCode).toBe(404)
  })

  it("refuses a series scope for a single block, an unknown scope, and another practitioner's series for a practitioner", async () => {
    const single = (await blocksOf(nextMonday, addDays(nextMonday, 6))).find((b) => b.start === londonInstant(addDays(nextMonday, 2), '10:00')) as { id: string; seriesId?: string } | undefined
    expect(single?.seriesId).toBeUndefined()
    const refused = await remove(single!.id, 'series')
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'This block does not repeat: remove it on its own.'])
    expect((await remove(single!.id, 'everything')).statusCode).toBe(400)
    const james = await series(admin, { practitioner: DEMO.pJames, type: 'Break', start: londonInstant(addDays(nextMonday, 1), '17:00'), end: londonInstant(addDays(nextMonday, 1), '17:30'), every: 'day', until: addDays(nextMonday, 2) })
    expect(james.statusCode, james.body).toBe(201)
    const [first] = james.json() as { id: string }[]
    expect((await remove(first!.id, 'series', sarah)).statusCode).toBe(403)
    const gone = await remove(first!.id, 'series')
    expect([gone.statusCode, gone.json().message]).toEqual([200, '2 blocks of the series have been removed.'])
  })
})
