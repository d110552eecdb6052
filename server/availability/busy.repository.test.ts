/** The bookings of practitioners under their booking versions, and the versioned cache. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../db/ids'
import type { DbOrTrx } from '../db/schema'
import { DEMO } from '../seed/demo.seed'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database'
import { BusyCache, parseBusy, practitionersBusy } from './busy.repository'

const U = '\u001f'
const R = '\u001e'

describe('parseBusy', () => {
  it('reads kinds, instants, hold expiries and ids', () => {
    const text = [
      ['Appointment', 1767258000000, 1767260700000, '', 'a1'],
      ['hold', 1767261600000, 1767263400000, 1767250000123, 'h1'],
      ['Break', 1767265200000, 1767267000000, '', 'b1'],
      ['Block', 1767268800000, 1767270600000, '', 'b2'],
      ['Leave', 1767272400000, 1767358800000, '', 'l1'],
      ['Something new', 1, 2, '', 'x'],
    ]
      .map((fields) => fields.join(U))
      .join(R)
    expect(parseBusy(text)).toEqual([
      { start: 1767258000000, end: 1767260700000, kind: 'appointment', appointmentId: 'a1' },
      { start: 1767261600000, end: 1767263400000, kind: 'hold', appointmentId: 'h1', expiresAt: 1767250000123 },
      { start: 1767265200000, end: 1767267000000, kind: 'block', appointmentId: 'b1' },
      { start: 1767268800000, end: 1767270600000, kind: 'block', appointmentId: 'b2' },
      { start: 1767272400000, end: 1767358800000, kind: 'leave', appointmentId: 'l1' },
      { start: 1, end: 2, kind: 'appointment', appointmentId: 'x' },
    ])
  })

  it('reads a hold without expiry, a single booking and nothing', () => {
    expect(parseBusy(['hold', 10, 20, '', 'h'].join(U))).toEqual([{ start: 10, end: 20, kind: 'hold', appointmentId: 'h' }])
    expect(parseBusy('')).toEqual([])
  })
})

describe('practitionersBusy', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.cleanup())

  const tenant = 'demo'
  const month = { fromDate: '2031-03-01', toDate: '2031-03-31', from: new Date('2031-03-01T00:00:00Z'), to: new Date('2031-04-01T00:00:00Z') }
  const day = { fromDate: '2031-03-12', toDate: '2031-03-12', from: new Date('2031-03-12T00:00:00Z'), to: new Date('2031-03-13T00:00:00Z') }
  const read = (range: typeof month, ids = [DEMO.pSarah, DEMO.pJames, 'nobody'], root: object | undefined = database.db) =>
    practitionersBusy(database.db, root, tenant, ids, range.fromDate, range.toDate, range.from, range.to)
  const book = (practitioner: string, start: string, minutes: number, status = 'Scheduled', db: DbOrTrx = database.db) =>
    db
      .insertInto('appointments')
      .values({
        id: newId(),
        tenant_id: tenant,
        customer_id: null,
        practitioner_id: practitioner,
        clinic_id: DEMO.clinicLondon,
        service_id: DEMO.sConsultation,
        status,
        starts_at: new Date(start),
        ends_at: new Date(new Date(start).getTime() + minutes * 60_000),
        hold_expires_at: null,
        group_id: null,
        course_id: null,
        price: null,
        gross_price: null,
        net_price: null,
        tax: null,
        deposit: null,
        transaction_id: null,
        hold_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()

  it('reads each practitioner once with its version; an unchanged version is served from the cache, a change is seen at once', async () => {
    const first = await book(DEMO.pSarah, '2031-03-12T10:00:00Z', 30)
    await book(DEMO.pSarah, '2031-03-12T12:00:00Z', 30, 'Cancelled')
    const one = await read(month)
    expect(one.busyOf.get(DEMO.pSarah)).toEqual([{ start: Date.parse('2031-03-12T10:00:00Z'), end: Date.parse('2031-03-12T10:30:00Z'), kind: 'appointment', appointmentId: first.id }])
    expect(one.busyOf.get('nobody')).toEqual([])
    expect(one.versions?.get('nobody')).toBe('0')
    const two = await read(month)
    expect(two.busyOf.get(DEMO.pSarah)).toBe(one.busyOf.get(DEMO.pSarah))
    expect(two.versions).toEqual(one.versions)
    // A day of that month comes from the month while it is current.
    expect((await read(day)).busyOf.get(DEMO.pSarah)).toBe(one.busyOf.get(DEMO.pSarah))

    const second = await book(DEMO.pSarah, '2031-03-12T11:00:00Z', 45)
    const three = await read(month)
    expect(three.busyOf.get(DEMO.pSarah)?.map((b) => b.appointmentId).sort()).toEqual([first.id, second.id].sort())
    expect(Number(three.versions?.get(DEMO.pSarah))).toBeGreaterThan(Number(one.versions?.get(DEMO.pSarah)))
    // James did not change: still the first read's bookings.
    expect(three.busyOf.get(DEMO.pJames)).toBe(one.busyOf.get(DEMO.pJames))
    expect((await read(day)).busyOf.get(DEMO.pSarah)).toBe(three.busyOf.get(DEMO.pSarah))
  })

  it('shares one load between requests that ask for the same versions at the same time', async () => {
    await book(DEMO.pJames, '2031-03-13T10:00:00Z', 30)
    const [a, b] = await Promise.all([read(month), read(month)])
    expect(a.busyOf.get(DEMO.pJames)).toBe(b.busyOf.get(DEMO.pJames))
  })

  it('takes a booking that started up to a week before the range and still runs into it', async () => {
    const leave = await book(DEMO.pJames, '2031-02-26T09:00:00Z', 6 * 24 * 60)
    const busy = (await read(month, [DEMO.pJames], undefined)).busyOf.get(DEMO.pJames)
    expect(busy?.map((b) => b.appointmentId)).toContain(leave.id)
  })

  it('without a cache root (inside a transaction) reads everything and keeps nothing', async () => {
    const inside = await database.db.transaction().execute(async (trx) => {
      await book(DEMO.pSarah, '2031-03-20T10:00:00Z', 30, 'Scheduled', trx)
      return practitionersBusy(trx, undefined, tenant, [DEMO.pSarah], month.fromDate, month.toDate, month.from, month.to)
    })
    expect(inside.versions).toBeUndefined()
    expect(inside.busyOf.get(DEMO.pSarah)?.length).toBe(3)
  })
})

describe('BusyCache', () => {
  it('answers only the version asked for, never lets an older read replace a newer one, and forgets entries after their time', async () => {
    const cache = new BusyCache()
    const newer = Promise.resolve([{ start: 1, end: 2 }])
    cache.set('k', '7', newer, 0)
    cache.set('k', '6', Promise.resolve([]), 1)
    expect(cache.get('k', '7', 2)).toBe(newer)
    expect(cache.get('k', '6', 2)).toBeUndefined()
    const latest = Promise.resolve([])
    cache.set('k', '8', latest, 3)
    expect(cache.get('k', '8', 4)).toBe(latest)
    expect(cache.get('k', '8', 3 + 60_000)).toBeUndefined()
  })

  it('drops a failed load, and stays within its size, dropping the oldest', async () => {
    const cache = new BusyCache(8)
    const failed = Promise.reject(new Error('connection lost'))
    cache.set('f', '1', failed, 0)
    await failed.catch(() => undefined)
    expect(cache.get('f', '1', 1)).toBeUndefined()
    for (let i = 0; i < 20; i++) cache.set(`k${i}`, '1', Promise.resolve([]), 0)
    expect(cache.get('k0', '1', 1)).toBeUndefined()
    expect(cache.get('k19', '1', 1)).toBeDefined()
  })
})
