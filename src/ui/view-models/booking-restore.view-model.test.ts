// A step URL opened with an empty wizard (reload, shared link): what it names is rebuilt from the
// server, or the nearest earlier valid step replaces it (ServicesViewModel.restoreRoute).
import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { anna, clinicA, clinicB, course, facial, massage, organisation, user, world, type UseCaseFakes, refused, booked, massageService, facialService, slotHoldOf, paymentOf } from './booking.test-support'
import { LocationsViewModel } from './locations.view-model'
import { LazyBooking } from './lazy-booking.view-model'
import { RESCHEDULING_KEY, ServicesViewModel } from './services.view-model'
import { MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import { appointment } from './account.view-model.test-support'
import { AGREE_BLOCKED_TEXT, ConfirmViewModel } from './confirm.view-model'
import { PaymentViewModel } from './payment.view-model'
import type { RouteState } from './booking.view-model'

function restoreWorld(overrides: Partial<UseCaseFakes> = {}, sessionStorage = new MemoryStorage()) {
  const w = world(overrides)
  const locations = new LocationsViewModel(w.useCases.ListLocations, new LazyBooking(async () => w.booking), w.toasts)
  const slotHold = slotHoldOf(w, paymentOf(w), sessionStorage)
  const services = new ServicesViewModel(w.useCases.ListCategoriesAndServices, w.useCases.ListCourses, w.useCases.GetService, w.booking, w.toasts, slotHold, w.useCases.GetAppointment, sessionStorage)
  /** What StepPage does on every URL: the step from the URL, then the restore. */
  const open = async (route: RouteState) => {
    w.booking.syncRoute(route)
    await services.restoreRoute(route, locations)
  }
  return { ...w, locations, services, slotHold, open }
}

const staffUrl: RouteState = { locationId: 'c2', categoryId: 'cat1', serviceId: 's2', query: { service: '0' } }

describe('a step URL opened with an empty wizard is rebuilt from the server', () => {
  it('the practitioner (and time) step URL: clinic and service are fetched, the staff step shows', async () => {
    const w = restoreWorld()
    w.booking.syncRoute(staffUrl)
    const pending = w.services.restoreRoute(staffUrl, w.locations)
    expect(w.booking.view.restoring).toBe(true)
    await pending
    expect(w.booking.view.restoring).toBe(false)
    expect(w.booking.view.location).toEqual(clinicB)
    expect(w.booking.view.basket.map((i) => i.service)).toEqual([massage])
    expect(w.booking.view.activeItem?.service.id).toBe('s2')
    expect(w.booking.view.step).toBe('staff')
    expect(w.navigator.paths).toEqual([])
    expect(w.store.get('lastClinicId')).toBe('c2')
  })

  it("the second service's step URL reloaded (service=1, the first one is gone): the service shows with its practitioners, the URL names index 0", async () => {
    const w = restoreWorld()
    const route: RouteState = { ...staffUrl, query: { service: '1' } }
    await w.open(route)
    expect(w.booking.view.basket.map((i) => i.service)).toEqual([massage])
    expect(w.booking.view.activeItem?.service.id).toBe('s2')
    expect(w.booking.view.step).toBe('staff')
    expect(w.navigator.replaced).toEqual(['/step/c2/cat1/s2?service=0'])
    await w.open({ ...staffUrl, query: { service: '0' } })
    expect(w.booking.view.activeItem?.service.id).toBe('s2')
    expect(w.useCases.calls.GetService).toHaveLength(1)
  })

  it('the service step URL: the clinic is fetched and the service list shows', async () => {
    const w = restoreWorld()
    await w.open({ locationId: 'c1', categoryId: 'cat1', query: {} })
    expect(w.booking.view.location).toEqual(clinicA)
    expect(w.booking.view.step).toBe('service')
    expect(w.booking.view.restoring).toBe(false)
    expect(w.useCases.calls.GetService).toBeUndefined()
    expect(w.navigator.paths).toEqual([])
  })

  it('moving inside the wizard fetches nothing again', async () => {
    const w = restoreWorld()
    await w.open({ locationId: 'c1', query: {} })
    w.booking.chooseService(facial, 'cat1')
    await w.open({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { service: '0' } })
    expect(w.useCases.calls.GetService).toBeUndefined()
    expect(w.useCases.calls.ListLocations).toHaveLength(1)
    expect(w.booking.view.step).toBe('staff')
  })

  it('a course session booking (course=true&courseServiceBooking=true) rebuilds its service', async () => {
    const w = restoreWorld()
    await w.open({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { course: 'true', courseServiceBooking: 'true' } })
    expect(w.booking.view.basket.map((i) => i.service)).toEqual([facial])
    expect(w.booking.view.courseServiceBooking).toBe(true)
    expect(w.booking.view.step).toBe('staff')
  })

  it('a course purchase URL puts the course back in the basket at the confirm step', async () => {
    const w = restoreWorld()
    await w.open({ locationId: 'c1', categoryId: 'kc', serviceId: 'k1', confirm: true, query: { course: 'true' } })
    expect(w.booking.view.basket).toEqual([{ kind: 'course', service: course, anyStaff: false }])
    expect(w.booking.view.isCoursePurchase).toBe(true)
    expect(w.booking.view.step).toBe('confirm')
    expect(w.navigator.paths).toEqual([])
  })
})

describe('what cannot be rebuilt falls back to the nearest earlier valid step', () => {
  it('a confirm URL without a held time goes back to the staff step of its service', async () => {
    const w = restoreWorld()
    await w.open({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: { service: '0' } })
    expect(w.booking.view.step).toBe('staff')
    expect(w.booking.view.basket.map((i) => i.service)).toEqual([facial])
    expect(w.navigator.replaced).toEqual(['/step/c1/cat1/s1?service=0'])
  })

  it('a gift voucher confirm URL without a voucher goes back to the services', async () => {
    const w = restoreWorld()
    await w.open({ locationId: 'c1', confirm: true, query: {} })
    expect(w.booking.view.step).toBe('service')
    expect(w.navigator.replaced).toEqual(['/step/c1'])
  })

  it('an unknown clinic goes back to the location list', async () => {
    const w = restoreWorld()
    await w.open({ locationId: 'nowhere', categoryId: 'cat1', serviceId: 's1', query: {} })
    expect(w.booking.view.location).toBeUndefined()
    expect(w.booking.view.restoring).toBe(false)
    expect(w.navigator.replaced).toEqual(['/'])
  })

  it('a course session at an unknown clinic goes to the location choice of /step/location', async () => {
    const w = restoreWorld()
    await w.open({ locationId: 'location', categoryId: 'cat1', serviceId: 's1', query: { course: 'true', courseServiceBooking: 'true' } })
    expect(w.navigator.replaced).toEqual(['/step/location?preselectedCategory=cat1&preselectedService=s1&course=true&courseServiceBooking=true'])
  })

  it('clinics that cannot be loaded go back to the location list (which shows the failure)', async () => {
    const w = restoreWorld({ ListLocations: async () => E.left(refused('Request failed with status 500')) })
    await w.open(staffUrl)
    expect(w.booking.view.restoring).toBe(false)
    expect(w.navigator.replaced).toEqual(['/'])
  })

  it('an unknown service shows the server message and goes back to the services of the clinic', async () => {
    const w = restoreWorld({ GetService: async () => E.left(refused('Service not found.')) })
    await w.open({ locationId: 'c1', categoryId: 'cat1', serviceId: 'gone', query: { service: '0', courseServiceBooking: 'true' } })
    expect(w.toasts.toasts.map((t) => t.text)).toEqual(['Service not found.'])
    expect(w.booking.view.basket).toEqual([])
    expect(w.booking.view.restoring).toBe(false)
    expect(w.navigator.replaced).toEqual(['/step/c1?courseServiceBooking=true'])
  })

  it('an unknown course goes back to the course list of the clinic', async () => {
    const w = restoreWorld()
    await w.open({ locationId: 'c1', categoryId: 'kc', serviceId: 'k9', confirm: true, query: { course: 'true' } })
    expect(w.booking.view.basket).toEqual([])
    expect(w.navigator.replaced).toEqual(['/step/c1?course=true'])
    w.booking.syncRoute({ locationId: 'c1', query: { course: 'true' } })
    expect(w.booking.view.step).toBe('service')
    expect(w.booking.view.serviceView).toBe('courses')
  })

  it('a reschedule URL without the appointment being rescheduled goes to the customer area', async () => {
    const w = restoreWorld()
    await w.open({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { service: '0', reschedule: '1' } })
    expect(w.navigator.replaced).toEqual(['/app'])
    expect(w.useCases.calls.GetService).toBeUndefined()
  })

  it("a reloaded reschedule step starts again the reschedule this tab was making (its appointment, from the server)", async () => {
    const sessionStorage = new MemoryStorage()
    const moving = appointment('a0000000000000000000000b', 100, { clinic: { id: 'c1', accountName: 'Harley Street' } })
    const w = restoreWorld({ GetAppointment: async () => E.right(moving) }, sessionStorage)
    // Started from the customer area: the wizard in reschedule mode, its first URL remembered.
    w.booking.startReschedule({ appointmentId: moving.id, clinic: clinicA, linked: false, items: [{ service: { id: 's1', name: 'Facial', defaultDuration: 60, defaultPrice: 80 } }] })
    const started = w.navigator.paths.at(-1)!
    expect(started).toMatch(/reschedule=1/)
    const url = new URL(started, 'http://x')
    const [, , locationId, categoryId, serviceId] = url.pathname.split('/')
    const route = { locationId, categoryId, serviceId, query: Object.fromEntries(url.searchParams) }
    await w.open(route)
    expect(sessionStorage.getItem(RESCHEDULING_KEY)).toBe(moving.id)

    // The reload: a new wizard in the same tab.
    const reloaded = restoreWorld({ GetAppointment: async () => E.right(moving) }, sessionStorage)
    await reloaded.open(route)
    expect(reloaded.useCases.calls.GetAppointment).toEqual([[moving.id]])
    expect(reloaded.navigator.replaced).not.toContain('/app')
    expect(reloaded.booking.view.isReschedule).toBe(true)
    expect(reloaded.booking.view.rescheduleAppointmentId).toBe(moving.id)
    expect(reloaded.booking.view.restoring).toBe(false)

    // Moved or cancelled meanwhile (another tab): the customer area, as without the memory.
    const cancelled = restoreWorld({ GetAppointment: async () => E.right({ ...moving, status: 'Cancelled' }) }, sessionStorage)
    await cancelled.open(route)
    expect(cancelled.navigator.replaced).toEqual(['/app'])
  })

  it('a reloaded reschedule time step keeps the new time picked (a reschedule holds nothing: the tab keeps it) and shows it on the times; a reloaded confirm step stays on confirm', async () => {
    const sessionStorage = new MemoryStorage()
    const moving = appointment('a0000000000000000000000b', 100, { clinic: { id: 'c1', accountName: 'Harley Street' } })
    const w = restoreWorld({ GetAppointment: async () => E.right(moving) }, sessionStorage)
    const staff = { id: moving.practitioner!.id, displayName: 'Amy Lee' }
    w.booking.startReschedule({ appointmentId: moving.id, clinic: clinicA, linked: false, items: [{ service: { id: moving.service.id, name: 'Facial', categoryId: moving.service.category, defaultDuration: 60, defaultPrice: 80 }, staff }] })
    const url = new URL(w.navigator.paths.at(-1)!, 'http://x')
    const [, , locationId, categoryId, serviceId] = url.pathname.split('/')
    const route = { locationId, categoryId, serviceId, query: Object.fromEntries(url.searchParams) }
    await w.open(route)
    w.booking.keepPractitioner()
    w.booking.pickDate('2026-03-13')
    const slot = { startDate: '2026-03-13T14:00:00.000Z', endDate: '2026-03-13T15:00:00.000Z', practitioner: staff.id, valid: true }
    expect(await w.slotHold.pick([slot])).toBe('other')
    expect(w.useCases.calls.HoldTime).toBeUndefined()
    w.session.signedIn(user)
    w.booking.book(`/step/${locationId}/${categoryId}/${serviceId}`, url.search)
    expect(w.booking.view.step).toBe('confirm')

    // The time step's URL reloaded (the reschedule's first URL: no other URL arrives after its restart).
    const atTimes = restoreWorld({ GetAppointment: async () => E.right(moving) }, sessionStorage)
    await atTimes.open(route)
    expect(atTimes.booking.view.basket.map((i) => i.start)).toEqual([slot.startDate])
    expect(atTimes.booking.view.step).toBe('time')

    // The confirm URL reloaded: the reschedule starts again from its first URL, where the time comes
    // back, and goes on to its confirm URL (as a booking's reload keeps its confirm step).
    const reloaded = restoreWorld({ GetAppointment: async () => E.right(moving) }, sessionStorage)
    reloaded.session.signedIn(user)
    await reloaded.open({ ...route, confirm: true })
    const restarted = new URL(reloaded.navigator.paths.at(-1)!, 'http://x')
    expect(restarted.pathname).toBe(url.pathname)
    await reloaded.open(route)
    expect(reloaded.booking.view.isReschedule).toBe(true)
    expect(reloaded.booking.view.basket.map((i) => i.start)).toEqual([slot.startDate])
    expect(reloaded.booking.view.date).toBe('2026-03-13')
    const confirmAgain = new URL(reloaded.navigator.paths.at(-1)!, 'http://x')
    expect(confirmAgain.pathname).toBe(`${url.pathname}/confirm`)
    expect(Object.fromEntries(confirmAgain.searchParams)).toEqual(route.query)
    await reloaded.open({ ...route, confirm: true })
    expect(reloaded.booking.view.step).toBe('confirm')
    expect(reloaded.booking.view.basket.map((i) => i.start)).toEqual([slot.startDate])
    // A later arrival of the time URL (browser back) does not go to confirm by itself.
    await reloaded.open(route)
    expect(reloaded.booking.view.step).toBe('time')
    const visits = reloaded.navigator.paths.length
    await reloaded.open(route)
    expect(reloaded.navigator.paths).toHaveLength(visits)
    // Given up (back to the times): nothing is brought back by a later reload.
    reloaded.booking.back()
    expect(reloaded.booking.view.startTime).toBeUndefined()
    expect(sessionStorage.getItem('pendingPick')).toBeNull()
  })

  it('only the latest URL acts when the user moves on before a restore finished', async () => {
    let release: () => void = () => undefined
    const slow = new Promise<void>((resolve) => (release = resolve))
    const w = restoreWorld({
      GetService: async (id) => {
        if (id === 's1') await slow
        return E.right(id === 's2' ? massageService : facialService)
      },
    })
    const first = w.open({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: {} })
    await w.open({ locationId: 'c1', query: {} })
    release()
    await first
    expect(w.navigator.paths).toEqual([])
    expect(w.booking.view.basket).toEqual([])
    expect(w.booking.view.step).toBe('service')
    expect(w.booking.view.restoring).toBe(false)
  })
})

describe('a course session booking opened from its URL alone (no course context from the account)', () => {
  const customerCourse = (id: string, serviceId: string, clinicId: string, counts: { quantity: number; redeemed: number; reserved: number; endsOn?: string | null }) =>
    ({
      id, name: 'Six facials', course: { id: 'k1', name: 'Six facials', services: [{ id: serviceId, name: 'Facial' }] }, service: { id: serviceId, name: 'Facial' },
      soldAt: '2026-01-01T10:00:00.000Z', purchaseLocation: { id: clinicId, accountName: 'x' }, ...counts,
    }) as never

  async function courseSessionAtConfirm(courses: unknown[]) {
    const w = restoreWorld({ ConfirmBooking: async () => E.right(booked) })
    const listMyCourses = { execute: async () => E.right(courses as never[]) }
    const payment = new PaymentViewModel(w.useCases.CheckPayment, w.useCases.VerifyCourseAssignment, w.useCases.DeletePendingAppointment, w.booking, w.navigator, w.clock)
    const confirm = new ConfirmViewModel(w.useCases.ConfirmBooking, w.useCases.DeletePendingAppointment, w.useCases.RescheduleAppointment, w.booking, w.session, w.toasts, payment, w.navigator, w.clock, w.config, listMyCourses)
    w.session.organisation = organisation
    w.session.signedIn(user)
    const query = { course: 'true', courseServiceBooking: 'true', service: '0' }
    await w.open({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query })
    w.booking.choosePractitioner(anna)
    w.booking.answerAnotherService(false)
    w.booking.chooseTime([{ startDate: '2026-03-12T10:00:00Z', endDate: '2026-03-12T11:00:00Z', practitioner: 'p1', valid: true }])
    await w.open({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query })
    expect(w.booking.view.step).toBe('confirm')
    confirm.onTermsScroll(400, 200, 600)
    await confirm.agree()
    return w
  }

  it("books the session against the customer's course with a session left, bought at this clinic first", async () => {
    const w = await courseSessionAtConfirm([
      customerCourse('cc-used-up', 's1', 'c1', { quantity: 3, redeemed: 3, reserved: 0 }),
      customerCourse('cc-elsewhere', 's1', 'c2', { quantity: 3, redeemed: 0, reserved: 0 }),
      customerCourse('cc-here', 's1', 'c1', { quantity: 3, redeemed: 1, reserved: 0 }),
    ])
    expect(w.useCases.calls.ConfirmBooking).toHaveLength(1)
    expect(w.useCases.calls.ConfirmBooking![0][0]).toMatchObject({ kind: 'book', appointment: { deposit: 0, course: 'cc-here' } })
    expect(w.booking.view.courseContext).toEqual({ courseId: 'cc-here', courseServices: ['s1'] })
    expect(w.navigator.last).toBe('/location?courseServiceBooking=true&booked=a1')
  })

  it('without such a course nothing is booked and the customer is told where to book it from', async () => {
    const w = await courseSessionAtConfirm([customerCourse('cc-other', 's9', 'c1', { quantity: 3, redeemed: 0, reserved: 0 })])
    expect(w.useCases.calls.ConfirmBooking).toBeUndefined()
    expect(w.toasts.toasts.map((t) => t.text)).toEqual([AGREE_BLOCKED_TEXT.course])
  })
})

describe('the held time in the URL (hold=…) is the customer\'s only while they hold it', () => {
  const serviceUrl: RouteState = { locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { service: '0' } }
  const slot = { startDate: '2026-03-12T10:00:00.000Z', endDate: '2026-03-12T11:00:00.000Z', practitioner: 'p1', valid: true }
  /** The route of a step URL the navigator went to (what the router hands StepPage). */
  const routeOf = (path: string): RouteState => {
    const url = new URL(path, 'http://clinic.test')
    const [, , locationId, categoryId, serviceId] = url.pathname.replace(/\/confirm$/, '').split('/')
    return { locationId, categoryId, serviceId, confirm: url.pathname.endsWith('/confirm'), query: Object.fromEntries(url.searchParams) }
  }

  /** 'Any practitioner', a date and a time picked: the server holds it and the URL names the hold. */
  async function heldWithAnyPractitioner() {
    const w = restoreWorld()
    await w.open(serviceUrl)
    w.booking.choosePractitioner('any')
    w.booking.answerAnotherService(false)
    w.booking.pickDate('2026-03-12')
    expect(await w.slotHold.pick([slot])).toBe('held')
    const heldUrl = w.navigator.replaced.at(-1) as string
    expect(routeOf(heldUrl).query.hold).toBeDefined()
    await w.open(routeOf(heldUrl))
    expect(w.booking.view.step).toBe('time')
    return { ...w, heldUrl }
  }

  it("'Change date' gives the time up: the URL drops the released hold", async () => {
    const w = await heldWithAnyPractitioner()
    w.booking.back() // 'Change date'
    expect(w.useCases.calls.ReleaseHeldTime).toHaveLength(1)
    expect(w.navigator.replaced.at(-1)).toBe('/step/c1/cat1/s1?service=0')
    expect(w.booking.view.step).toBe('time')
    expect(w.booking.view.activeItem?.anyStaff).toBe(true)
  })

  it('a time chosen again after the date changed names its new hold', async () => {
    const w = await heldWithAnyPractitioner()
    w.booking.back()
    await w.open(routeOf(w.navigator.replaced.at(-1) as string))
    expect(w.booking.view.step).toBe('time')
    w.booking.pickDate('2026-03-12')
    await w.slotHold.pick([slot])
    expect(routeOf(w.navigator.replaced.at(-1) as string).query.hold).toBeDefined()
  })

  it('a reload naming a hold that is no longer the customer\'s lands where the practitioner is chosen (not a time step without one), the URL without the hold', async () => {
    const { heldUrl } = await heldWithAnyPractitioner()
    const reloaded = restoreWorld() // ReadHeldTime: 404, the hold ended
    await reloaded.open(routeOf(heldUrl))
    expect(reloaded.booking.view.basket.map((i) => i.service.id)).toEqual(['s1'])
    expect(reloaded.booking.view.step).toBe('staff')
    expect(reloaded.navigator.replaced).toEqual(['/step/c1/cat1/s1?service=0'])
    // 'Out of time' says why; closing it stays where the practitioner is chosen.
    expect(reloaded.booking.view.outOfTime).toBe(true)
    reloaded.booking.dismissOutOfTime()
    expect(reloaded.booking.view.step).toBe('staff')
    reloaded.booking.choosePractitioner('any')
    reloaded.booking.answerAnotherService(false)
    expect(reloaded.booking.view.step).toBe('time')
  })

  it('a reload after Book but before the hold answered keeps the chosen time: the pick is sent again with its token, and the URL names the hold', async () => {
    const tab = new MemoryStorage()
    // The first page's hold never answers (the reload comes first).
    const w = restoreWorld({ HoldTime: () => new Promise(() => undefined) }, tab)
    await w.open(serviceUrl)
    w.booking.choosePractitioner(anna)
    w.booking.answerAnotherService(false)
    w.booking.pickDate('2026-03-12')
    void w.slotHold.pick([slot])
    w.session.signedIn(user)
    w.booking.book('/step/c1/cat1/s1', '?service=0')
    expect(w.booking.view.step).toBe('confirm')
    expect(w.navigator.paths.concat(w.navigator.replaced).some((p) => p.includes('hold='))).toBe(false)
    const sent = w.useCases.calls.HoldTime?.[0][0] as { token: string }
    expect(sent.token).toMatch(/^[A-Za-z0-9_-]{22,}$/)

    const reloaded = restoreWorld({}, tab)
    await reloaded.open(serviceUrl)
    expect(reloaded.booking.view.basket.map((i) => [i.service.id, i.staff?.id, i.start])).toEqual([['s1', 'p1', slot.startDate]])
    expect(reloaded.booking.view.step).toBe('time')
    expect(reloaded.booking.view.date).toBe('2026-03-12')
    expect(reloaded.booking.view.canBook).toBe(true)
    expect(reloaded.useCases.calls.HoldTime?.[0][0]).toMatchObject({ token: sent.token, replaces: null })
    expect(routeOf(reloaded.navigator.replaced.at(-1) as string).query.hold).toBeDefined()
    // Answered: nothing is kept for a later reload (the URL names the hold now).
    expect(tab.getItem('pendingPick')).toBeNull()
  })

  it('nothing kept for this service (another tab, a shared link): the reload stays where the URL alone leads', async () => {
    const tab = new MemoryStorage()
    tab.setItem('pendingPick', JSON.stringify({ token: 'x'.repeat(32), clinic: 'c1', items: [{ service: 's9', practitioner: 'p1', start: slot.startDate, end: slot.endDate }] }))
    const reloaded = restoreWorld({}, tab)
    await reloaded.open(serviceUrl)
    expect(reloaded.useCases.calls.HoldTime).toBeUndefined()
    expect(reloaded.booking.view.basket[0]?.start).toBeUndefined()
  })
})

describe('a gift voucher confirm step reloaded (its URL names no voucher: the tab keeps it)', () => {
  const voucher = { value: 50, receiver: { name: 'Bob Lee', email: 'bob@example.com', message: 'Happy birthday' } }
  const confirmUrl: RouteState = { locationId: 'c1', confirm: true, query: {} }

  /** A voucher chosen on clinic c1's list, then its confirm URL arriving, in a tab with `sessionStorage`. */
  async function chosen(sessionStorage: MemoryStorage) {
    const w = restoreWorld({}, sessionStorage)
    await w.open({ locationId: 'c1', query: {} })
    w.booking.addGiftVoucher(voucher)
    expect(w.navigator.paths.at(-1)).toBe('/step/c1/confirm')
    await w.open(confirmUrl)
    return w
  }

  it('comes back with its receiver on confirm, the URL replaced, not added', async () => {
    const sessionStorage = new MemoryStorage()
    await chosen(sessionStorage)
    const reloaded = restoreWorld({}, sessionStorage)
    await reloaded.open(confirmUrl)
    expect(reloaded.booking.view.giftVouchers).toEqual([voucher])
    expect(reloaded.booking.view.step).toBe('confirm')
    expect(reloaded.navigator.replaced).toEqual(['/step/c1/confirm'])
  })

  it("another clinic's confirm URL, or one after the service list was shown again: no voucher", async () => {
    const sessionStorage = new MemoryStorage()
    await chosen(sessionStorage)
    const elsewhere = restoreWorld({}, sessionStorage)
    await elsewhere.open({ locationId: 'c2', confirm: true, query: {} })
    expect(elsewhere.booking.view.giftVouchers).toEqual([])
    expect(elsewhere.navigator.replaced).toEqual(['/step/c2'])

    const w = await chosen(sessionStorage)
    w.booking.removeGiftVoucher()
    await w.open({ locationId: 'c1', query: {} })
    const reloaded = restoreWorld({}, sessionStorage)
    await reloaded.open(confirmUrl)
    expect(reloaded.booking.view.giftVouchers).toEqual([])
    expect(reloaded.navigator.replaced).toEqual(['/step/c1'])
  })
})
