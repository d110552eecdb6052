import { describe, expect, it, vi } from 'vitest'
import * as E from 'fp-ts/Either'
import { anna, ben, chainsOf, clinicA, clinicB, facial, flush, massage, organisation, serviceOf, world, type UseCaseFakes , refused, slotHoldOf } from './booking.test-support'
import { addressLine, LocationsViewModel } from './locations.view-model'
import { LazyBooking } from './lazy-booking.view-model'
import { EMPTY_TEXTS, SERVICE_PAGE_SIZE, ServicesViewModel } from './services.view-model'
import { durationText, hasPriceRange } from './catalogue-views'
import { ANY_PRACTITIONER, initials, STAFF_EMPTY_TEXT, StaffViewModel } from './staff.view-model'
import { isChained, NO_AVAILABILITY_TEXT, shiftMonth, TimeViewModel } from './time.view-model'
import type { ServiceView } from './views'
import type { Clinic } from '../../contract/clinics.routes'
import type { Category } from '../../contract/categories.routes'
import type { Practitioner } from '../../contract/practitioners.routes'
import { givenBookingState } from './booking.test-support'

const many = (n: number, from = 0): ServiceView[] =>
  Array.from({ length: n }, (_, i) => ({ ...facial, id: `s${from + i}`, name: `Service ${from + i}` }))

describe('LocationsViewModel', () => {
  it('shows name and address line (line1, line2, city)', () => {
    expect(addressLine(clinicB)).toBe('2 Milsom Street, Upper floor, Bath')
  })

  it('auto-selects the only clinic and goes to /step/{id}', async () => {
    const w = world({ ListLocations: async () => E.right({ clinics: [clinicA] as Clinic[] }) })
    const vm = new LocationsViewModel(w.useCases.ListLocations, new LazyBooking(async () => w.booking), w.toasts)
    await vm.load({ autoSelect: true })
    expect(w.navigator.last).toBe('/step/c1')
    expect(w.store.get('lastClinicId')).toBe('c1')
  })

  it('lists several clinics without choosing one', async () => {
    const w = world()
    const vm = new LocationsViewModel(w.useCases.ListLocations, new LazyBooking(async () => w.booking), w.toasts)
    await vm.load({ autoSelect: true })
    expect(vm.clinics).toHaveLength(2)
    expect(w.navigator.paths).toEqual([])
  })

  it('a failure shows a toast', async () => {
    const w = world({ ListLocations: async () => E.left(refused('Request failed with status 500')) })
    const vm = new LocationsViewModel(w.useCases.ListLocations, new LazyBooking(async () => w.booking), w.toasts)
    await vm.load({ autoSelect: true })
    expect(w.toasts.toasts.map((t) => t.text)).toEqual(['Request failed with status 500'])
  })
})

describe('ServicesViewModel', () => {
  it("durations read 'N mins' or 'From N mins'; price ranges are detected", () => {
    expect(durationText({ defaultDuration: 45 })).toBe('45 mins')
    expect(durationText({ defaultDuration: 30, durationVaries: true })).toBe('From 30 mins')
    // The shortest practitioner duration follows 'From', not the service's default duration.
    expect(durationText({ defaultDuration: 45, durationVaries: true, lowestDuration: 30 })).toBe('From 30 mins')
    expect(hasPriceRange({ lowestPrice: 10, highestPrice: 20 })).toBe(true)
    expect(hasPriceRange({ lowestPrice: 10, highestPrice: 10 })).toBe(false)
  })

  it('pages services 20 at a time, category after category, on scrolling to 99 %', async () => {
    const pages: Record<string, ServiceView[]> = {
      'cat1:0': many(20),
      'cat1:20': many(5, 20),
      'cat2:0': many(3, 100).map((s) => ({ ...s, categoryId: 'cat2' })),
      'cat3:0': many(20, 200).map((s) => ({ ...s, categoryId: 'cat3' })),
      'cat3:20': many(1, 300).map((s) => ({ ...s, categoryId: 'cat3' })),
    }
    const w = world({
      ListCategoriesAndServices: async (query) =>
        query.category
          ? E.right({ categories: [], services: (pages[`${query.category}:${(query.page ?? 0) * SERVICE_PAGE_SIZE}`] ?? []).map(serviceOf), hasMore: false })
          : E.right({ categories: [{ id: 'cat1', name: 'Face' }, { id: 'cat2', name: 'Body' }, { id: 'cat3', name: 'Hair' }] as Category[], services: [], hasMore: false }),
    })
    const vm = new ServicesViewModel(w.useCases.ListCategoriesAndServices, w.useCases.ListCourses, w.useCases.GetService, w.booking, w.toasts, slotHoldOf(w))
    await vm.open('c1')
    expect(vm.services).toHaveLength(20)
    vm.onScroll(100, 500, 1000) // 60 %: nothing
    await flush()
    expect(vm.services).toHaveLength(20)
    vm.onScroll(490, 500, 1000) // 99 %: the rest of Face, all of Body, a page of Hair
    await flush()
    expect(vm.services).toHaveLength(48)
    expect(vm.exhausted).toBe(false)
    vm.onScroll(990, 500, 1000)
    await flush()
    expect(vm.services).toHaveLength(49)
    expect(vm.exhausted).toBe(true)
    expect(vm.groups.map((g) => [g.category.name, g.services.length])).toEqual([['Face', 25], ['Body', 3], ['Hair', 21]])
  })

  it("no services: 'There are no services currently available'", async () => {
    const w = world({ ListCategoriesAndServices: async (query) => E.right({ categories: query.category ? [] : ([{ id: 'cat1', name: 'Face' }] as Category[]), services: [], hasMore: false }) })
    const vm = new ServicesViewModel(w.useCases.ListCategoriesAndServices, w.useCases.ListCourses, w.useCases.GetService, w.booking, w.toasts, slotHoldOf(w))
    await vm.open('c1')
    expect(vm.emptyText).toBe(EMPTY_TEXTS.services)
  })

  it("a failure: 'Online booking is currently unavailable'", async () => {
    const w = world({ ListCategoriesAndServices: async () => E.left(refused('Request failed with status 503')) })
    const vm = new ServicesViewModel(w.useCases.ListCategoriesAndServices, w.useCases.ListCourses, w.useCases.GetService, w.booking, w.toasts, slotHoldOf(w))
    await vm.open('c1')
    expect(vm.emptyText).toBe(EMPTY_TEXTS.unavailable)
  })

  it("course view: no categories 'There are no course categories currently available'", async () => {
    const w = world({ ListCourses: async () => E.right([]) })
    const vm = new ServicesViewModel(w.useCases.ListCategoriesAndServices, w.useCases.ListCourses, w.useCases.GetService, w.booking, w.toasts, slotHoldOf(w))
    w.booking.setLocation(clinicA)
    await vm.open('c1')
    vm.setView('courses')
    await flush()
    expect(vm.emptyText).toBe(EMPTY_TEXTS.courseCategories)
    expect(EMPTY_TEXTS.courseCategory).toBe('There are no courses in this category')
  })

  it('course view: categories that all lack courses show one message, not one per category', async () => {
    const empty = (id: string) => ({ category: { id, name: `Category ${id}` }, courses: [] })
    const w = world({ ListCourses: async () => E.right([empty('k1'), empty('k2')] as never) })
    const vm = new ServicesViewModel(w.useCases.ListCategoriesAndServices, w.useCases.ListCourses, w.useCases.GetService, w.booking, w.toasts, slotHoldOf(w))
    w.booking.setLocation(clinicA)
    await vm.open('c1')
    vm.setView('courses')
    await flush()
    expect(vm.shownCourses).toEqual([])
    expect(vm.emptyText).toBe(EMPTY_TEXTS.courseCategories)
  })

  it('choosing a service adds it to the basket', async () => {
    const w = world()
    const vm = new ServicesViewModel(w.useCases.ListCategoriesAndServices, w.useCases.ListCourses, w.useCases.GetService, w.booking, w.toasts, slotHoldOf(w))
    w.booking.setLocation(clinicA)
    vm.choose(massage)
    expect(w.booking.view.basket[0].service).toEqual(massage)
  })
})

describe('StaffViewModel', () => {
  function staffWorld(list = [anna, ben]) {
    const w = world({ ListPractitioners: async () => E.right(list as Practitioner[]) })
    w.booking.setLocation(clinicA)
    w.booking.chooseService(facial, 'cat1')
    return { ...w, vm: new StaffViewModel(w.useCases.ListPractitioners, w.booking, w.toasts, w.clock, w.useCases.GetNextAvailable) }
  }

  it("several practitioners: 'Any practitioner' with 'From' the lowest price when prices differ", async () => {
    const { vm, useCases } = staffWorld()
    await vm.load()
    expect(useCases.calls.ListPractitioners![0]).toEqual([{ clinic: 'c1', service: 's1', month: 3, year: 2026 }])
    expect(vm.showAny).toBe(true)
    expect(vm.anyPrice).toEqual({ amount: 70, from: true })
    expect(ANY_PRACTITIONER).toBe('Any practitioner')
  })

  it('one practitioner is auto-selected and the another-service question follows', async () => {
    const { vm, booking } = staffWorld([anna])
    await vm.load()
    expect(vm.showAny).toBe(false)
    expect(booking.view.activeItem?.staff).toEqual(anna)
    expect(booking.view.askAnotherService).toBe(true)
  })

  it("none: 'This service is currently unavailable'", async () => {
    const { vm } = staffWorld([])
    await vm.load()
    expect(vm.emptyText).toBe(STAFF_EMPTY_TEXT)
  })

  it("a failure shows the server message or 'Something went wrong'", async () => {
    const w = world({ ListPractitioners: async () => E.left(refused('')) })
    w.booking.setLocation(clinicA)
    w.booking.chooseService(facial, 'cat1')
    await new StaffViewModel(w.useCases.ListPractitioners, w.booking, w.toasts, w.clock, w.useCases.GetNextAvailable).load()
    expect(w.toasts.toasts.map((t) => t.text)).toEqual(['Something went wrong'])
  })

  it("a failure is not the empty text: it says what went wrong and 'Try again' loads the practitioners", async () => {
    let up = false
    const w = world({ ListPractitioners: async () => (up ? E.right([anna, ben] as Practitioner[]) : E.left(refused('Request failed with status 503'))) })
    w.booking.setLocation(clinicA)
    w.booking.chooseService(facial, 'cat1')
    const vm = new StaffViewModel(w.useCases.ListPractitioners, w.booking, w.toasts, w.clock, w.useCases.GetNextAvailable)
    await vm.load()
    expect(vm.failed).toBe('Request failed with status 503')
    expect(vm.emptyText).toBeUndefined()
    up = true
    await vm.load()
    expect(vm.failed).toBeUndefined()
    expect(vm.practitioners).toEqual([anna, ben])
  })

  it('initials for avatars without a picture', () => {
    expect(initials('Anna Smith')).toBe('AS')
  })
})

describe('TimeViewModel', () => {
  function timeWorld(overrides: Partial<UseCaseFakes> = {}) {
    const w = world(overrides)
    w.booking.setLocation(clinicA)
    w.booking.chooseService(facial, 'cat1')
    w.booking.choosePractitioner(anna)
    w.booking.answerAnotherService(false)
    return { ...w, vm: new TimeViewModel(w.useCases.GetAvailableDays, w.useCases.GetTimeSlots, w.booking, w.toasts, w.clock, slotHoldOf(w)) }
  }

  it('only returned days from today on are selectable', async () => {
    const { vm, useCases } = timeWorld({ GetAvailableDays: async () => E.right(['2026-03-09', '2026-03-12']) })
    await vm.loadMonth()
    expect(useCases.calls.GetAvailableDays![0][0]).toEqual({ clinic: 'c1', month: 3, year: 2026, items: [{ service: 's1', practitioner: 'p1' }] })
    expect(vm.isAvailable('2026-03-12')).toBe(true)
    expect(vm.isAvailable('2026-03-09')).toBe(false)
    expect(vm.isAvailable('2026-03-13')).toBe(false)
  })

  it('a reschedule asks for the days and the times with the appointment being moved (its own time counts as free)', async () => {
    const { vm, booking, useCases } = timeWorld({ GetAvailableDays: async () => E.right(['2026-03-12']) })
    givenBookingState(booking, { mode: { kind: 'reschedule', appointmentId: 'a0000000000000000000000b', linked: false, sources: [] } })
    await vm.loadMonth()
    await vm.pickDate('2026-03-12')
    expect(useCases.calls.GetAvailableDays![0][0]).toMatchObject({ month: 3, rescheduleId: 'a0000000000000000000000b' })
    expect(useCases.calls.GetTimeSlots![0][0]).toMatchObject({ date: '2026-03-12', rescheduleId: 'a0000000000000000000000b' })
  })

  it('a month without availability opens the dialog', async () => {
    const { vm } = timeWorld({ GetAvailableDays: async () => E.right([]) })
    await vm.loadMonth()
    expect(vm.noAvailability).toBe(true)
    expect(NO_AVAILABILITY_TEXT).toBe('There is no availability for your selection this month.')
    vm.dismissNoAvailability()
    expect(vm.noAvailability).toBe(false)
  })

  it("available-days failure: toast with the server message or 'Something went wrong'", async () => {
    const { vm, toasts } = timeWorld({ GetAvailableDays: async () => E.left(refused('')) })
    await vm.loadMonth()
    expect(toasts.toasts[0].text).toBe('Something went wrong')
  })

  it('picking a day loads the slots, grouped Morning / Afternoon / Evening in London time', async () => {
    const mk = (h: string, valid = true) => [{ startDate: `2026-03-12T${h}:00:00Z`, endDate: `2026-03-12T${h}:59:00Z`, practitioner: 'p1', valid }]
    const { vm, booking } = timeWorld({ GetTimeSlots: async () => E.right(chainsOf([mk('09'), mk('13', false), mk('18')])) })
    await vm.loadMonth()
    await vm.pickDate('2026-03-12')
    expect(booking.view.timeStep).toBe('hours')
    expect(vm.groups.map((g) => [g.label, g.slots.map((s) => `${s.label}${s.valid ? '' : ' (invalid)'}`)])).toEqual([
      ['Morning', ['09:00']],
      ['Afternoon', ['13:00 (invalid)']],
      ['Evening', ['18:00']],
    ])
    vm.choose(vm.groups[1].slots[0].chain)
    expect(booking.view.canBook).toBe(false)
    vm.choose(vm.groups[0].slots[0].chain)
    expect(booking.view.canBook).toBe(true)
  })

  it('the hour list shown again (back from confirm) loads its times afresh: a time taken meanwhile is gone', async () => {
    const mk = (h: string) => [{ startDate: `2026-03-12T${h}:00:00Z`, endDate: `2026-03-12T${h}:59:00Z`, practitioner: 'p1', valid: true }]
    let offered = [mk('09'), mk('10')]
    const { vm, booking, useCases } = timeWorld({ GetTimeSlots: async () => E.right(chainsOf(offered)) })
    await vm.loadMonth()
    await vm.pickDate('2026-03-12')
    vm.choose(vm.groups[0].slots[0].chain)
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: {} })
    offered = [mk('10')]
    booking.back()
    expect(booking.view.timeStep).toBe('hours')
    await vm.refreshSlots()
    expect(useCases.calls.GetTimeSlots).toHaveLength(2)
    expect(useCases.calls.GetTimeSlots![1][0]).toMatchObject({ date: '2026-03-12' })
    expect(vm.groups.flatMap((g) => g.slots.map((x) => x.label))).toEqual(['10:00'])
  })

  it("the customer's own hold goes with the times and days asked for: their held time stays offered to them (issue 17)", async () => {
    const mk = (h: string) => [{ startDate: `2026-03-12T${h}:00:00Z`, endDate: `2026-03-12T${h}:59:00Z`, practitioner: 'p1', valid: true }]
    const { vm, useCases } = timeWorld({ GetTimeSlots: async () => E.right(chainsOf([mk('09'), mk('10')])) })
    await vm.loadMonth()
    await vm.pickDate('2026-03-12')
    expect(useCases.calls.GetAvailableDays![0][0]).not.toHaveProperty('hold')
    expect(useCases.calls.GetTimeSlots![0][0]).not.toHaveProperty('hold')
    await vm.choose(vm.groups[0].slots[0].chain)
    const key = { id: 'a0000000000000000000000a', token: 'secret-token-of-the-hold' }
    await vm.refreshSlots()
    await vm.loadMonth()
    expect(useCases.calls.GetTimeSlots![1][0]).toMatchObject({ date: '2026-03-12', hold: key })
    expect(useCases.calls.GetAvailableDays![1][0]).toMatchObject({ month: 3, hold: key })
  })

  it('refreshing on the calendar (no day picked) loads nothing', async () => {
    const { vm, useCases } = timeWorld()
    await vm.refreshSlots()
    expect(useCases.calls.GetTimeSlots ?? []).toHaveLength(0)
  })

  it('available days or times that fail to load say so and can be asked for again', async () => {
    let up = false
    const mk = (h: string) => [{ startDate: `2026-03-12T${h}:00:00Z`, endDate: `2026-03-12T${h}:59:00Z`, practitioner: 'p1', valid: true }]
    const { vm, booking } = timeWorld({
      GetAvailableDays: async () => (up ? E.right(['2026-03-12']) : E.left(refused('Request failed with status 503'))),
      GetTimeSlots: async () => (up ? E.right(chainsOf([mk('09')])) : E.left(refused(''))),
    })
    await vm.loadMonth()
    expect(vm.daysFailed).toBe('Request failed with status 503')
    expect(vm.noAvailability).toBe(false)
    up = true
    await vm.loadMonth()
    expect(vm.daysFailed).toBeUndefined()
    up = false
    await vm.pickDate('2026-03-12')
    expect(booking.view.timeStep).toBe('hours')
    expect(vm.slotsFailed).toBe('Something went wrong')
    up = true
    await vm.refreshSlots()
    expect(vm.slotsFailed).toBeUndefined()
    expect(vm.groups.flatMap((g) => g.slots.map((x) => x.label))).toEqual(['09:00'])
  })

  it('an unavailable day cannot be picked', async () => {
    const { vm, booking } = timeWorld()
    await vm.loadMonth()
    await vm.pickDate('2026-03-20')
    expect(booking.view.timeStep).toBe('date')
  })

  it('multi-service chains keep only start times where each service follows the previous one', () => {
    expect(isChained([
      { startDate: '2026-03-12T10:00:00Z', endDate: '2026-03-12T11:00:00Z' },
      { startDate: '2026-03-12T11:00:00Z', endDate: '2026-03-12T11:30:00Z' },
    ])).toBe(true)
    expect(isChained([
      { startDate: '2026-03-12T10:00:00Z', endDate: '2026-03-12T11:00:00Z' },
      { startDate: '2026-03-12T11:15:00Z', endDate: '2026-03-12T11:45:00Z' },
    ])).toBe(false)
  })

  it('months move forward and not before the current one', async () => {
    const { vm } = timeWorld()
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(vm.canGoToPreviousMonth).toBe(false)
    await vm.nextMonth()
    expect(vm.month).toBe('2026-04')
    expect(vm.canGoToPreviousMonth).toBe(true)
  })

  it('the calendar keyboard focus moves day by day and loads a month it crosses into (arrow keys work)', async () => {
    const { vm, useCases } = timeWorld()
    const today = vm.today
    await vm.loadMonth()
    expect(vm.focusedDate).toBe(today)
    const [y, m] = today.split('-').map(Number)
    const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate()
    vm.focusDate(`${today.slice(0, 7)}-${String(lastDay).padStart(2, '0')}`)
    expect(vm.focusedDate).toBe(`${today.slice(0, 7)}-${String(lastDay).padStart(2, '0')}`)
    expect(useCases.calls.GetAvailableDays).toHaveLength(1)
    const next = shiftMonth(today.slice(0, 7), 1)
    vm.focusDate(`${next}-01`)
    expect(vm.focusedDate).toBe(`${next}-01`)
    expect(vm.month).toBe(next)
    expect(useCases.calls.GetAvailableDays).toHaveLength(2)
    // Before today the focus stays on today.
    vm.focusDate('2000-01-01')
    expect(vm.focusedDate).toBe(today)
    expect(vm.month).toBe(today.slice(0, 7))
    // The month buttons (loadMonth) put the focus in the month shown.
    await vm.nextMonth()
    expect(vm.focusedDate).toBe(`${next}-01`)
  })

  it('organisation currency defaults to GBP', () => {
    const w = world()
    expect(w.session.currency).toBe('GBP')
    w.session.organisation = { ...organisation, currency: 'EUR' }
    expect(w.session.currency).toBe('EUR')
    vi.restoreAllMocks()
  })
})

describe('a step URL opened directly (course booking, reload)', () => {
  it('puts the service of the URL into the basket at the staff step', async () => {
    const w = world()
    const vm = new ServicesViewModel(w.useCases.ListCategoriesAndServices, w.useCases.ListCourses, w.useCases.GetService, w.booking, w.toasts, slotHoldOf(w))
    w.booking.setLocation(clinicA)
    w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's2', query: { course: 'true', courseServiceBooking: 'true' } })
    expect(w.booking.view.step).toBe('staff')
    expect(w.booking.view.courseServiceBooking).toBe(true)
    await vm.restore('s2')
    expect(w.booking.view.activeItem?.service).toEqual(massage)
    await vm.restore('s2')
    expect(w.booking.view.basket).toHaveLength(1)
    expect(w.useCases.calls.GetService).toHaveLength(1)
  })
})
