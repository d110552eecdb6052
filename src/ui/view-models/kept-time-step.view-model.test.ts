// A reload of the time step before a time is picked (its URL is the service's, as the staff step's is):
// the practitioner, the day and the month moved to come back from the tab's session storage (KeptTimeStep).
import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { anna, facialService, world, slotHoldOf, paymentOf, type UseCaseFakes } from './booking.test-support'
import type { Practitioner } from '../../contract/practitioners.routes'
import type { Service } from '../../contract/services.routes'
import { LocationsViewModel } from './locations.view-model'
import { LazyBooking } from './lazy-booking.view-model'
import { ServicesViewModel } from './services.view-model'
import { TimeViewModel } from './time.view-model'
import { MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import type { RouteState } from './booking.view-model'
import { KEPT_TIME_STEP_KEY } from './kept-time-step'

/** One page of the tab: the wizard's view models on the tab's session storage. */
function page(tab: MemoryStorage, overrides: Partial<UseCaseFakes> = {}) {
  const w = world({ GetAvailableDays: async () => E.right(['2026-04-14', '2026-04-16']), ...overrides })
  const locations = new LocationsViewModel(w.useCases.ListLocations, new LazyBooking(async () => w.booking), w.toasts)
  const slotHold = slotHoldOf(w, paymentOf(w), tab)
  const services = new ServicesViewModel(w.useCases.ListCategoriesAndServices, w.useCases.ListCourses, w.useCases.GetService, w.booking, w.toasts, slotHold, w.useCases.GetAppointment, tab)
  const time = new TimeViewModel(w.useCases.GetAvailableDays, w.useCases.GetTimeSlots, w.booking, w.toasts, w.clock, slotHold)
  /** What StepPage does on every URL: the step from the URL, then the restore. */
  const open = async (route: RouteState) => {
    w.booking.syncRoute(route)
    await services.restoreRoute(route, locations)
  }
  return { ...w, services, time, open }
}

const serviceUrl: RouteState = { locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { service: '0' } }

describe('a reload of the time step before a time is picked', () => {
  it('stays on the time step with the practitioner and the day picked', async () => {
    const tab = new MemoryStorage()
    const first = page(tab)
    await first.open(serviceUrl)
    first.booking.choosePractitioner(anna)
    first.booking.answerAnotherService(false)
    expect(first.booking.view.step).toBe('time')
    await first.time.nextMonth()
    await first.time.pickDate('2026-04-14')
    expect(first.booking.view.date).toBe('2026-04-14')

    const reloaded = page(tab)
    await reloaded.open(serviceUrl)
    expect(reloaded.booking.view.step).toBe('time')
    expect(reloaded.booking.view.basket.map((i) => [i.service.id, i.staff?.id, i.anyStaff, i.start])).toEqual([['s1', 'p1', false, undefined]])
    expect(reloaded.booking.view.date).toBe('2026-04-14')
    expect(reloaded.navigator.replaced).toEqual([])
    await reloaded.time.loadMonth()
    expect(reloaded.time.month).toBe('2026-04')
  })

  it("keeps 'Any practitioner' and the month moved to with no day picked", async () => {
    const tab = new MemoryStorage()
    const first = page(tab)
    await first.open(serviceUrl)
    first.booking.choosePractitioner('any')
    first.booking.answerAnotherService(false)
    await first.time.loadMonth()
    await first.time.nextMonth()
    expect(first.time.month).toBe('2026-04')

    const reloaded = page(tab)
    await reloaded.open(serviceUrl)
    expect(reloaded.booking.view.step).toBe('time')
    expect(reloaded.booking.view.activeItem?.anyStaff).toBe(true)
    expect(reloaded.booking.view.date).toBeUndefined()
    await reloaded.time.loadMonth()
    expect(reloaded.time.month).toBe('2026-04')
  })

  it('keeps nothing once the time step is left back to the practitioners: a reload shows them', async () => {
    const tab = new MemoryStorage()
    const first = page(tab)
    await first.open(serviceUrl)
    first.booking.choosePractitioner(anna)
    first.booking.answerAnotherService(false)
    expect(tab.getItem(KEPT_TIME_STEP_KEY)).not.toBeNull()
    first.booking.back()
    expect(first.booking.view.step).toBe('staff')
    expect(tab.getItem(KEPT_TIME_STEP_KEY)).toBeNull()

    const reloaded = page(tab)
    await reloaded.open(serviceUrl)
    expect(reloaded.booking.view.step).toBe('staff')
  })

  it("another service's URL is not the kept time step's: its staff step shows", async () => {
    const tab = new MemoryStorage()
    const first = page(tab)
    await first.open(serviceUrl)
    first.booking.choosePractitioner(anna)
    first.booking.answerAnotherService(false)

    const reloaded = page(tab)
    await reloaded.open({ locationId: 'c2', categoryId: 'cat1', serviceId: 's2', query: { service: '0' } })
    expect(reloaded.booking.view.step).toBe('staff')
    expect(reloaded.booking.view.basket.map((i) => i.service.id)).toEqual(['s2'])
  })

  it("shows the server's prices, not the ones kept, when the service's or practitioner's price changed meanwhile", async () => {
    const tab = new MemoryStorage()
    const first = page(tab)
    await first.open(serviceUrl)
    first.booking.choosePractitioner(anna)
    first.booking.answerAnotherService(false)
    await first.time.nextMonth()
    await first.time.pickDate('2026-04-14')
    expect(first.booking.view.total).toBe(90)

    // The clinic raised the facial (80 to 95) and Anna's price for it (90 to 120) before the reload.
    const reloaded = page(tab, {
      GetService: async () => E.right({ ...facialService, defaultPrice: 95 } as Service),
      ListPractitioners: async () => E.right([{ ...anna, grossPrice: 120 }] as Practitioner[]),
    })
    await reloaded.open(serviceUrl)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(reloaded.booking.view.step).toBe('time')
    expect(reloaded.booking.view.date).toBe('2026-04-14')
    expect(reloaded.booking.view.basket[0].service.defaultPrice).toBe(95)
    expect(reloaded.booking.view.basket[0].staff?.grossPrice).toBe(120)
    expect(reloaded.booking.view.total).toBe(120)
  })
})
