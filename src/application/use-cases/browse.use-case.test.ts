import { describe, expect, it, vi } from 'vitest'
import * as E from 'fp-ts/Either'
import * as O from 'fp-ts/Option'
import { fake, httpFail, id, ok } from './fakes.test-support'
import type { CatalogueApi } from '../ports/catalogue.port'
import type { LinksApi } from '../ports/links.port'
import type { AvailabilityApi } from '../ports/availability.port'
import type { Slot } from '../../contract/practitioners.routes'
import type { OrganisationPublic } from '../../contract/organisation.routes'
import type { Clinic } from '../../contract/clinics.routes'
import { ListCategoriesAndServices, ListLists, ListLocations, LoadLinks, LoadOrganisation, StartTagManager } from './catalogue.use-case'
import { chainSlots, GetAvailableDays, GetTimeSlots, ListPractitioners } from './availability.use-case'
import { LocateClinic } from './session.use-case'
import { InMemoryBookingStore } from '../../adapters/storage/in-memory.adapter'
import { MemoryLogger } from '../../adapters/logging/console-logger.adapter'

const clinic: Clinic = { id: id(1), accountName: 'Soho', address: { line1: '1 High St', line2: 'Floor 2', city: 'London' } }

describe('LoadOrganisation', () => {
  it('stores the currency', async () => {
    const org = { id: id(9), name: 'Glow', currency: 'EUR', gtmId: 'GTM-1' } as OrganisationPublic
    const catalogue = fake<CatalogueApi>().on('organisation', [ok(org)])
    const store = new InMemoryBookingStore()
    expect(await new LoadOrganisation(catalogue.port, store).execute()).toEqual(E.right(org))
    expect(store.get('currency')).toBe('EUR')
  })
})

describe('StartTagManager', () => {
  const started = () => {
    const calls: unknown[][] = []
    return { calls, tags: { start: (...args: unknown[]) => void calls.push(args) } }
  }
  it('outside production: starts the tag manager with the gtmId at once (spec section 7)', () => {
    const { calls, tags } = started()
    new StartTagManager(tags).execute({ gtmId: 'GTM-1' }, { required: false })
    expect(calls).toEqual([['GTM-1']])
  })
  it('in production: only after the visitor granted analytics in the banner the organisation shows, in consent mode', () => {
    const { calls, tags } = started()
    const start = new StartTagManager(tags)
    start.execute({ gtmId: 'GTM-1' }, { required: true, analytics: 'granted' })
    start.execute({ gtmId: 'GTM-1', analyticsConsentBanner: true }, { required: true })
    start.execute({ gtmId: 'GTM-1', analyticsConsentBanner: true }, { required: true, analytics: 'denied' })
    expect(calls).toEqual([])
    start.execute({ gtmId: 'GTM-1', analyticsConsentBanner: true }, { required: true, analytics: 'granted' })
    expect(calls).toEqual([['GTM-1', { analytics: 'granted' }]])
  })
})

describe('LoadLinks', () => {
  it('caches the links and falls back to the cache on failure', async () => {
    const api = fake<LinksApi>().on('links', [ok({ websocket: 'ws://a' }), httpFail(500)])
    const store = new InMemoryBookingStore()
    const log = new MemoryLogger()
    const load = new LoadLinks(api.port, store, log)
    expect(await load.execute()).toEqual(E.right({ websocket: 'ws://a' }))
    expect(await load.execute()).toEqual(E.right({ websocket: 'ws://a' }))
    expect(api.calls).toHaveLength(1)
    expect(await load.execute({ refresh: true })).toEqual(E.right({ websocket: 'ws://a' }))
    expect(log.entries).toHaveLength(1)
  })
})

describe('ListLocations', () => {
  it('auto-selects a single clinic and remembers it as lastClinicId', async () => {
    const catalogue = fake<CatalogueApi>().on('publicClinics', [ok([clinic]), ok([clinic, { ...clinic, id: id(2) }])])
    const store = new InMemoryBookingStore()
    const list = new ListLocations(catalogue.port, store)
    expect(await list.execute()).toEqual(E.right({ clinics: [clinic], autoSelected: clinic }))
    expect(store.get('lastClinicId')).toBe(id(1))
    expect(store.get('currentClinic')).toEqual({ id: id(1), accountName: 'Soho', address: { line1: '1 High St', line2: 'Floor 2', city: 'London' } })
    const two = await list.execute()
    expect(E.isRight(two) && two.right.autoSelected).toBeUndefined()
  })
})

describe('ListCategoriesAndServices', () => {
  const service = (n: number, availability?: 'BOOK_ONLY' | 'BOOK_AND_SELL') => ({ id: id(n), name: `S${n}`, ...(availability ? { availability } : {}) })
  it('pages by 20 in booking, categories up to 1500, BOOK_ONLY hidden', async () => {
    const catalogue = fake<CatalogueApi>()
      .on('categories', [ok([{ id: id(2), name: 'Face' }])])
      .on('services', [ok([service(3), service(4, 'BOOK_ONLY')])])
    const result = await new ListCategoriesAndServices(catalogue.port).execute({ clinic: id(1), category: id(2), page: 1 })
    expect(result).toEqual(E.right({ categories: [], services: [service(3)], hasMore: false }))
    expect(catalogue.calls.map((c) => c.args[0])).toEqual([{ clinic: id(1), category: id(2), offset: 20, pageSize: 20 }])
    await new ListCategoriesAndServices(catalogue.port).execute({ clinic: id(1) })
    expect(catalogue.calls[1].args[0]).toEqual({ clinic: id(1), fromCustomer: true, isFromOrg: false, offset: 0, limit: 1500 })
  })

  it('pages by 15 in the customer area', async () => {
    const fifteen = Array.from({ length: 15 }, (_, i) => service(100 + i))
    const categories = Array.from({ length: 15 }, (_, i) => ({ id: id(200 + i), name: `C${i}` }))
    const catalogue = fake<CatalogueApi>().on('categories', [ok(categories)]).on('services', [ok(fifteen)])
    const list = new ListCategoriesAndServices(catalogue.port)
    const page = await list.execute({ clinic: id(1), page: 2, area: 'account' })
    expect(page).toEqual(E.right({ categories, services: [], hasMore: true }))
    const result = await list.execute({ clinic: id(1), category: id(2), page: 2, area: 'account' })
    expect(E.isRight(result) && result.right.hasMore).toBe(true)
    expect(catalogue.calls.map((c) => c.args[0])).toEqual([
      { clinic: id(1), fromCustomer: true, isFromOrg: false, skip: 30, count: 15 },
      { clinic: id(1), category: id(2), start: 30, count: 15 },
    ])
  })

  it("fetches the categories once, not again for each category's services", async () => {
    const face = { id: id(2), name: 'Face' }
    const body = { id: id(3), name: 'Body' }
    const catalogue = fake<CatalogueApi>()
      .on('categories', [ok([face, body])])
      .on('services', [ok([service(10)]), ok([service(11)])])
    const list = new ListCategoriesAndServices(catalogue.port)
    const top = await list.execute({ clinic: id(1) })
    expect(E.isRight(top) && top.right.categories).toEqual([face, body])
    const first = await list.execute({ clinic: id(1), category: face.id })
    const second = await list.execute({ clinic: id(1), category: body.id })
    expect(first).toEqual(E.right({ categories: [], services: [service(10)], hasMore: false }))
    expect(second).toEqual(E.right({ categories: [], services: [service(11)], hasMore: false }))
    expect(catalogue.calls.map((c) => c.method)).toEqual(['categories', 'services', 'services'])
  })

  it('answers a failed call with its message', async () => {
    const catalogue = fake<CatalogueApi>().on('categories', [httpFail(500)]).on('services', [httpFail(404, 'No such category')])
    const list = new ListCategoriesAndServices(catalogue.port)
    expect(await list.execute({ clinic: id(1) })).toEqual(E.left({ _tag: 'Refused', status: 500, message: 'Request failed with status 500' }))
    expect(await list.execute({ clinic: id(1), category: id(2) })).toEqual(E.left({ _tag: 'Refused', status: 404, message: 'No such category' }))
  })
})

describe('ListLists', () => {
  it('splits newline-separated values', async () => {
    const catalogue = fake<CatalogueApi>().on('lists', [ok([{ sys_name: 'client_referral_sources', values: 'Website\nFriend\n' }, { sys_name: 'x', values: ['a'] }])])
    const result = await new ListLists(catalogue.port).execute()
    expect(E.isRight(result) && result.right.values).toEqual({ client_referral_sources: ['Website', 'Friend'], x: ['a'] })
  })
})

describe('availability', () => {
  it("days and staff failures say the server's message or 'Something went wrong'", async () => {
    const api = fake<AvailabilityApi>()
      .on('daysAvailable', [httpFail(400, 'Service not offered here'), httpFail(500)])
      .on('practitioners', [httpFail(503)])
    const days = new GetAvailableDays(api.port)
    const query = { clinic: id(1), month: 3, year: 2026, items: [{ service: id(3) }] }
    expect(await days.execute(query)).toEqual(E.left({ _tag: 'Refused', status: 400, message: 'Service not offered here' }))
    expect(await days.execute(query)).toEqual(E.left({ _tag: 'Refused', status: 500, message: 'Something went wrong' }))
    expect(await new ListPractitioners(api.port).execute({ clinic: id(1), service: id(3), month: 3 })).toEqual(
      E.left({ _tag: 'Refused', status: 503, message: 'Something went wrong' }),
    )
  })

  it('asks for one line per service and answers the distinct days in order', async () => {
    const api = fake<AvailabilityApi>().on('daysAvailable', [ok([{ date: '2026-03-04' }, { date: '2026-03-02' }, { date: '2026-03-04' }])])
    const result = await new GetAvailableDays(api.port).execute({
      clinic: id(1), month: 3, year: 2026, items: [{ service: id(3), practitioner: id(4) }, { service: id(5) }], rescheduleId: id(10),
    })
    expect(result).toEqual(E.right(['2026-03-02', '2026-03-04']))
    expect(api.calls[0].args[0]).toEqual([
      { service: id(3), month: 3, year: 2026, location: id(1), practitioner: id(4), withHolidays: true, id: id(10) },
      { service: id(5), month: 3, year: 2026, location: id(1), practitioner: null, withHolidays: true, id: id(10) },
    ])
  })

  const slot = (start: string, minutes: number, valid = true, practitioner = id(4)): Slot => {
    const s = new Date(`2026-03-02T${start}:00.000Z`)
    return { value: start, startDate: s.toISOString(), endDate: new Date(s.getTime() + minutes * 60_000).toISOString(), duration: minutes, valid, practitioner }
  }

  it('chains services: forceInterval 5 after the first, only start times where the next service follows', async () => {
    const api = fake<AvailabilityApi>().on('times', [
      ok([slot('09:00', 30), slot('09:15', 30), slot('09:30', 30, false)]),
      ok([slot('09:30', 45), slot('09:45', 45, false)]),
    ])
    const result = await new GetTimeSlots(api.port).execute({ clinic: id(1), date: '2026-03-02', items: [{ service: id(3) }, { service: id(5), practitioner: id(6) }] })
    expect(E.isRight(result) && result.right.map((s) => [s.value, s.endDate, s.valid])).toEqual([['09:00', '2026-03-02T10:15:00.000Z', true]])
    expect(api.calls[0].args[0]).toEqual({ date: '2026-03-02', service: id(3), clinic: id(1), staff: null, withHolidays: true, onlineBooking: true, checkFirst: true })
    expect(api.calls[1].args[0]).toEqual(expect.objectContaining({ service: id(5), staff: id(6), forceInterval: 5, checkFirst: false }))
  })

  it("passes the customer's own hold: on every times call, on the first line of the days", async () => {
    const hold = { id: id(20), token: 'secret-token-of-the-hold' }
    const api = fake<AvailabilityApi>().on('times', [ok([slot('09:00', 30)]), ok([slot('09:30', 45)])]).on('daysAvailable', [ok([])])
    await new GetTimeSlots(api.port).execute({ clinic: id(1), date: '2026-03-02', items: [{ service: id(3) }, { service: id(5) }], hold })
    await new GetAvailableDays(api.port).execute({ clinic: id(1), month: 3, year: 2026, items: [{ service: id(3) }, { service: id(5) }], hold })
    expect(api.calls[0].args[0]).toMatchObject({ service: id(3), hold })
    expect(api.calls[1].args[0]).toMatchObject({ service: id(5), hold })
    const lines = api.calls[2].args[0] as { hold?: unknown }[]
    expect(lines.map((l) => l.hold)).toEqual([hold, undefined])
  })

  it('a single service keeps invalid slots (shown, not clickable)', () => {
    expect(chainSlots([[slot('09:00', 30), slot('09:30', 30, false)]]).map((s) => s.valid)).toEqual([true, false])
  })
})

describe('LocateClinic', () => {
  it('uses the coordinates, else geocodes the address (none on failure)', async () => {
    const lookup = vi.fn(async () => O.none)
    const locate = new LocateClinic({ lookup })
    expect(await locate.execute({ address: { ...clinic.address, latitude: 51.5, longitude: -0.1 } })).toEqual(E.right(O.some({ lat: 51.5, lng: -0.1 })))
    expect(await locate.execute(clinic)).toEqual(E.right(O.none))
    expect(lookup).toHaveBeenCalledWith('1 High St, Floor 2, London')
  })
})
