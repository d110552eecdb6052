import { describe, expect, it, vi } from 'vitest'
import { anna, ben, chooseFacialAndMassage, clinicA, clinicB, course, facial, massage, user, world, type World } from './booking.test-support'
import { GIFT_VOUCHER_MIX_WARNING, MIX_WARNING } from './booking.view-model'
import { initialBookingState } from './booking-views'
import { givenBookingState } from './booking.test-support'

const at = (start: string, end: string, practitioner?: string) => ({ startDate: start, endDate: end, practitioner, valid: true })
/** The server's hold of the time picked, answered. */
const KEY = { id: '65a000000000000000000001', token: 'abcdefghijklmnop' }

describe('BookingViewModel: step from the URL (spec section 4, Step flow)', () => {
  it.each([
    [{}, 'location'],
    [{ locationId: 'c1' }, 'service'],
    [{ locationId: 'c1', categoryId: 'cat1' }, 'service'],
    [{ locationId: 'c1', categoryId: 'cat1', serviceId: 's1' }, 'staff'],
    // nothing chosen yet (reload, shared link): confirm stands for the nearest earlier step
    [{ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true }, 'staff'],
    [{ locationId: 'c1', confirm: true }, 'service'],
  ] as const)('%o is the %s step', (route, step) => {
    const { booking } = world()
    booking.syncRoute({ ...route, query: {} })
    expect(booking.view.step).toBe(step)
  })

  it('a service id in a course purchase is the confirm step', () => {
    const { booking } = world()
    booking.setLocation(clinicA)
    booking.syncRoute({ locationId: 'c1', query: { view: 'courses' } })
    booking.chooseService(course, 'kc')
    booking.syncRoute({ locationId: 'c1', categoryId: 'kc', serviceId: 'k1', query: {} })
    expect(booking.view.step).toBe('confirm')
  })

  it('keeps the time step while the URL still names the service', () => {
    const { booking } = world()
    booking.setLocation(clinicA)
    booking.chooseService(facial, 'cat1')
    booking.choosePractitioner(anna)
    booking.answerAnotherService(false)
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { service: '0' } })
    expect(booking.view.step).toBe('time')
  })

  it('reads the service index from the query', () => {
    const { booking } = world()
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's2', query: { service: '1' } })
    expect(booking.view.activeIndex).toBe(1)
  })
})

describe('choosing location, service and practitioner', () => {
  it('stores the location as lastClinicId and goes to /step/{id}', () => {
    const { booking, store, navigator } = world()
    booking.chooseLocation(clinicA)
    expect(store.get('lastClinicId')).toBe('c1')
    expect(navigator.last).toBe('/step/c1')
  })

  it('a service goes to its staff step with its basket index', () => {
    const { booking, navigator } = world()
    booking.setLocation(clinicA)
    booking.chooseService(facial, 'cat1')
    expect(navigator.last).toBe('/step/c1/cat1/s1?service=0')
    expect(booking.view.basket.map((i) => i.service.id)).toEqual(['s1'])
  })

  it("choosing a practitioner asks 'Do you want to book another service?'; Yes returns to the service list", () => {
    const { booking, navigator } = world()
    booking.setLocation(clinicA)
    booking.chooseService(facial, 'cat1')
    booking.choosePractitioner(anna)
    expect(booking.view.askAnotherService).toBe(true)
    booking.answerAnotherService(true)
    expect(booking.view.askAnotherService).toBe(false)
    expect(navigator.last).toBe('/step/c1')
    expect(booking.view.activeIndex).toBe(1)
    booking.chooseService(massage, 'cat1')
    expect(booking.view.basket.map((i) => i.service.id)).toEqual(['s1', 's2'])
    expect(navigator.last).toBe('/step/c1/cat1/s2?service=1')
  })

  it('No continues to the time step, date picker first', () => {
    const { booking } = world()
    booking.setLocation(clinicA)
    booking.chooseService(facial, 'cat1')
    booking.choosePractitioner('any')
    booking.answerAnotherService(false)
    expect(booking.view.step).toBe('time')
    expect(booking.view.timeStep).toBe('date')
    expect(booking.view.activeItem?.anyStaff).toBe(true)
  })

  it('changing location empties the basket', () => {
    const { booking } = world()
    booking.setLocation(clinicA)
    booking.chooseService(facial, 'cat1')
    booking.setLocation(clinicB)
    expect(booking.view.basket).toEqual([])
  })
})

describe('view lock (spec section 4)', () => {
  it('a service in the basket locks the Services view; a course cannot be mixed in', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { booking } = world()
    booking.setLocation(clinicA)
    booking.chooseService(facial, 'cat1')
    expect(booking.view.lockedView).toBe('services')
    booking.setView('courses')
    expect(booking.view.serviceView).toBe('services')
    givenBookingState(booking, { view: 'courses' })
    givenBookingState(booking, { activeIndex: 1 })
    booking.chooseService(course, 'kc')
    expect(warn).toHaveBeenCalledWith(MIX_WARNING)
    expect(booking.view.basket).toHaveLength(1)
    warn.mockRestore()
  })

  it('a course in the basket locks the Courses view and asks for another course', () => {
    const { booking, navigator } = world()
    booking.setLocation(clinicA)
    booking.setView('courses')
    booking.chooseService(course, 'kc')
    expect(booking.view.lockedView).toBe('courses')
    expect(booking.view.askAnotherCourse).toBe(true)
    booking.answerAnotherCourse(false)
    expect(navigator.last).toBe('/step/c1/kc/k1/confirm?course=true')
  })

  it('a service in the basket locks the Gift voucher view too: a voucher would be paid alone and the service dropped', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { booking, navigator } = world()
    booking.setLocation(clinicA)
    booking.chooseService(facial, 'cat1')
    expect(booking.view.isViewLocked('giftVoucher')).toBe(true)
    booking.setView('giftVoucher')
    expect(booking.view.serviceView).toBe('services')
    const before = navigator.last
    booking.addGiftVoucher({ value: 50 })
    expect(warn).toHaveBeenCalledWith(GIFT_VOUCHER_MIX_WARNING)
    expect(booking.view.giftVouchers).toEqual([])
    expect(navigator.last).toBe(before)
    warn.mockRestore()
  })

  it("a gift voucher chosen locks Services and Courses until the summary's 'remove' takes it out", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { booking, navigator } = world()
    booking.setLocation(clinicA)
    booking.setView('giftVoucher')
    booking.addGiftVoucher({ value: 50 })
    expect(navigator.last).toBe('/step/c1/confirm')
    booking.syncRoute({ locationId: 'c1', confirm: true, query: {} })
    // browser back to the service list: the voucher is still chosen
    booking.syncRoute({ locationId: 'c1', query: {} })
    expect(booking.view.lockedView).toBe('giftVoucher')
    expect(booking.view.isViewLocked('services')).toBe(true)
    expect(booking.view.isViewLocked('courses')).toBe(true)
    booking.setView('services')
    expect(booking.view.serviceView).toBe('giftVoucher')
    givenBookingState(booking, { view: 'services' })
    booking.chooseService(facial, 'cat1')
    expect(warn).toHaveBeenCalledWith(GIFT_VOUCHER_MIX_WARNING)
    expect(booking.view.basket).toEqual([])
    booking.removeGiftVoucher()
    expect(booking.view.giftVouchers).toEqual([])
    expect(booking.view.isViewLocked('services')).toBe(false)
    booking.chooseService(facial, 'cat1')
    expect(booking.view.basket.map((i) => i.service.id)).toEqual(['s1'])
    warn.mockRestore()
  })

  it("'remove' on the gift voucher at confirm goes back to the service list", () => {
    const { booking, navigator } = world()
    booking.setLocation(clinicA)
    booking.setView('giftVoucher')
    booking.addGiftVoucher({ value: 50 })
    booking.syncRoute({ locationId: 'c1', confirm: true, query: {} })
    expect(booking.view.step).toBe('confirm')
    booking.removeGiftVoucher()
    expect(booking.view.step).toBe('service')
    expect(navigator.last).toBe('/step/c1')
  })

  it('the view query parameter leaves Gift voucher open while the basket is empty', () => {
    const { booking } = world()
    booking.setLocation(clinicA)
    booking.syncRoute({ locationId: 'c1', query: { view: 'services' } })
    expect(booking.view.isViewLocked('courses')).toBe(true)
    expect(booking.view.isViewLocked('giftVoucher')).toBe(false)
  })

  it('the view query parameter locks the view', () => {
    const { booking } = world()
    booking.syncRoute({ locationId: 'c1', query: { view: 'courses' } })
    expect(booking.view.lockedView).toBe('courses')
    booking.setView('services')
    expect(booking.view.serviceView).toBe('courses')
  })
})

describe('time sub-step and the 5-minute hold', () => {
  function atTime() {
    const w = world()
    w.booking.setLocation(clinicA)
    w.booking.chooseService(facial, 'cat1')
    w.booking.choosePractitioner('any')
    w.booking.answerAnotherService(false)
    return w
  }

  it('picking a date moves to the hours; choosing a time fills start, end and staff', () => {
    const { booking } = atTime()
    booking.pickDate('2026-03-12')
    expect(booking.view.timeStep).toBe('hours')
    expect(booking.view.canBook).toBe(false)
    booking.chooseTime([at('2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', 'p2')])
    expect(booking.view.basket[0]).toMatchObject({ start: '2026-03-12T10:00:00Z', end: '2026-03-12T11:00:00Z', staff: { id: 'p2' } })
    expect(booking.view.canBook).toBe(true)
    expect(booking.holdSecondsLeft).toBe(300)
  })

  it("after 5 minutes the selection is cleared and the 'Out of time' dialog opens; Ok returns to the date picker", () => {
    const { booking, clock } = atTime()
    booking.pickDate('2026-03-12')
    booking.chooseTime([at('2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', 'p2')])
    clock.advance(299_000)
    expect(booking.view.outOfTime).toBe(false)
    clock.advance(1_000)
    expect(booking.view.outOfTime).toBe(true)
    expect(booking.view.basket[0].start).toBeUndefined()
    expect(booking.view.basket[0].staff).toBeUndefined()
    booking.dismissOutOfTime()
    expect(booking.view.outOfTime).toBe(false)
    expect(booking.view.timeStep).toBe('date')
    expect(booking.view.date).toBeUndefined()
  })

  it('choosing another time restarts the hold', () => {
    const { booking, clock } = atTime()
    booking.chooseTime([at('2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', 'p2')])
    clock.advance(200_000)
    booking.chooseTime([at('2026-03-12T11:00:00Z', '2026-03-12T12:00:00Z', 'p2')])
    clock.advance(200_000)
    expect(booking.view.outOfTime).toBe(false)
    clock.advance(100_000)
    expect(booking.view.outOfTime).toBe(true)
  })

  it('multi-service: each appointment gets its own part of the chain', () => {
    const { booking } = world()
    chooseFacialAndMassage(booking, 'any')
    booking.chooseTime([at('2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', 'p1'), at('2026-03-12T11:00:00Z', '2026-03-12T11:30:00Z', 'p2')])
    expect(booking.view.basket.map((i) => [i.start, i.staff?.id])).toEqual([
      ['2026-03-12T10:00:00Z', 'p1'],
      ['2026-03-12T11:00:00Z', 'p2'],
    ])
  })

  it("'Book appointment' signed out opens the login modal that cannot be closed, then goes to confirm", async () => {
    const { booking, session, navigator } = atTime()
    booking.chooseTime([at('2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', 'p2')])
    booking.setHeld(KEY, Date.now() + 300_000)
    booking.book('/step/c1/cat1/s1', '?service=0')
    expect(session.loginModalOpen).toBe(true)
    expect(session.loginModalLocked).toBe(true)
    session.closeLoginModal()
    expect(session.loginModalOpen).toBe(true)
    session.signedIn({ id: 'u1', email: 'jo@example.com', firstName: 'Jo' })
    expect(session.loginModalOpen).toBe(false)
    // The held time named (Book's URL was taken before the hold answered, and a reload there lost the booking).
    expect(navigator.last).toBe('/step/c1/cat1/s1/confirm?service=0&hold=65a000000000000000000001.abcdefghijklmnop')
  })

  it("signed in, 'Book appointment' goes straight to confirm", () => {
    const { booking, session, navigator } = atTime()
    session.signedIn({ id: 'u1', email: 'jo@example.com', firstName: 'Jo' })
    booking.chooseTime([at('2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', 'p2')])
    booking.setHeld(KEY, Date.now() + 300_000)
    booking.book('/step/c1/cat1/s1', '?hold=65a000000000000000000001.abcdefghijklmnop')
    expect(session.loginModalOpen).toBe(false)
    expect(navigator.last).toBe('/step/c1/cat1/s1/confirm?hold=65a000000000000000000001.abcdefghijklmnop')
  })

  it("a double click on 'Book appointment' goes to confirm once (Back from confirm is the time step)", () => {
    const { booking, session, navigator } = atTime()
    session.signedIn({ id: 'u1', email: 'jo@example.com', firstName: 'Jo' })
    booking.chooseTime([at('2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', 'p2')])
    booking.setHeld(KEY, Date.now() + 300_000)
    booking.book('/step/c1/cat1/s1', '?service=0&hold=65a000000000000000000001.abcdefghijklmnop')
    booking.book('/step/c1/cat1/s1', '?service=0&hold=65a000000000000000000001.abcdefghijklmnop')
    expect(navigator.paths.filter((p) => p.includes('/confirm'))).toEqual(['/step/c1/cat1/s1/confirm?service=0&hold=65a000000000000000000001.abcdefghijklmnop'])
  })

  it("'Book appointment' while the hold is on its way: confirm at once, its URL once the hold answered (with hold=, what a reload reads)", () => {
    const { booking, session, navigator } = atTime()
    session.signedIn({ id: 'u1', email: 'jo@example.com', firstName: 'Jo' })
    booking.chooseTime([at('2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', 'p2')])
    booking.book('/step/c1/cat1/s1', '?service=0')
    expect(booking.view.step).toBe('confirm')
    expect(navigator.paths.filter((p) => p.includes('/confirm'))).toEqual([])
    booking.setHeld(KEY, Date.now() + 300_000)
    expect(navigator.paths.filter((p) => p.includes('/confirm'))).toEqual([`/step/c1/cat1/s1/confirm?service=0&hold=${KEY.id}.${KEY.token}`])
    expect(booking.view.step).toBe('confirm')
  })

  it('the book button stays disabled until a time is picked', () => {
    const { booking, session, navigator } = atTime()
    session.signedIn({ id: 'u1', email: 'jo@example.com', firstName: 'Jo' })
    booking.book('/step/c1/cat1/s1', '')
    expect(navigator.last).not.toContain('/confirm')
  })
})

describe('back navigation (spec section 4)', () => {
  it('from the service list back is the location list', () => {
    const { booking, navigator } = world()
    booking.syncRoute({ locationId: 'c1', query: {} })
    booking.back()
    expect(navigator.last).toBe('/')
  })

  it('from the staff step back clears the choice of that step and returns to the services', () => {
    const { booking, navigator } = world()
    booking.setLocation(clinicA)
    booking.chooseService(facial, 'cat1')
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { service: '0' } })
    booking.back()
    expect(booking.view.step).toBe('service')
    expect(booking.view.basket).toEqual([])
    expect(navigator.last).toBe('/step/c1')
  })

  it('from the hours back is the date picker, from the date picker back is the staff step', () => {
    const { booking } = world()
    booking.setLocation(clinicA)
    booking.chooseService(facial, 'cat1')
    booking.choosePractitioner(ben)
    booking.answerAnotherService(false)
    booking.pickDate('2026-03-12')
    booking.chooseTime([at('2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', 'p2')])
    booking.back()
    expect(booking.view.timeStep).toBe('date')
    expect(booking.view.basket[0].start).toBeUndefined()
    booking.back()
    expect(booking.view.step).toBe('staff')
  })

  it('from confirm back is the time step at the service URL', () => {
    const { booking, navigator } = world()
    booking.setLocation(clinicA)
    booking.chooseService(facial, 'cat1')
    booking.choosePractitioner(ben)
    booking.answerAnotherService(false)
    booking.chooseTime([at('2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', 'p2')])
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: {} })
    expect(booking.view.step).toBe('confirm')
    booking.back()
    expect(booking.view.step).toBe('time')
    expect(navigator.last).toBe('/step/c1/cat1/s1?service=0')
  })
})

describe('browser back and forward (the step from the URL)', () => {
  function timeChosen() {
    const w = world()
    w.booking.setLocation(clinicA)
    w.booking.chooseService(facial, 'cat1')
    w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { service: '0' } })
    w.booking.choosePractitioner(ben)
    w.booking.answerAnotherService(false)
    w.booking.pickDate('2026-03-12')
    w.booking.chooseTime([at('2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', 'p2')])
    return w
  }

  /** On the service list (the URL of the location): no time in the summary, no 'Out of time' later. */
  function expectTimeReleasedOnServiceList({ booking, clock }: World): void {
    booking.syncRoute({ locationId: 'c1', query: {} })
    expect(booking.view.step).toBe('service')
    expect(booking.view.startTime).toBeUndefined()
    clock.advance(300_000)
    expect(booking.view.outOfTime).toBe(false)
  }

  it("browser back from the time step to the service list releases the time: no date in the summary, no 'Out of time' there later", () => {
    const w = timeChosen()
    expectTimeReleasedOnServiceList(w)
  })

  it("browser back from the login demanded by 'Book appointment' closes the unclosable modal; a later login does not jump to confirm", () => {
    const { booking, session, navigator } = timeChosen()
    booking.book('/step/c1/cat1/s1', '?service=0')
    expect(session.loginModalOpen).toBe(true)
    expect(session.loginModalLocked).toBe(true)
    booking.syncRoute({ locationId: 'c1', query: {} })
    expect(session.loginModalOpen).toBe(false)
    expect(session.loginModalLocked).toBe(false)
    session.requireLogin()
    session.signedIn(user)
    expect(navigator.paths.some((p) => p.includes('/confirm'))).toBe(false)
  })

  it('browser back from a course purchase confirm (signed out) to the course list closes the unclosable login', () => {
    const { booking, session } = world()
    booking.setLocation(clinicA)
    booking.syncRoute({ locationId: 'c1', query: { view: 'courses' } })
    booking.chooseService(course, 'kc')
    booking.answerAnotherCourse(false)
    booking.syncRoute({ locationId: 'c1', categoryId: 'kc', serviceId: 'k1', confirm: true, query: { course: 'true' } })
    expect(booking.view.step).toBe('confirm')
    session.requireLogin({ locked: true })
    booking.syncRoute({ locationId: 'c1', query: {} })
    expect(booking.view.step).toBe('service')
    expect(session.loginModalOpen).toBe(false)
  })

  it("'Add another service' with a time chosen releases it: the chain changes, no 'Out of time' on the service list", () => {
    const w = timeChosen()
    w.booking.addAnother()
    expectTimeReleasedOnServiceList(w)
  })

  it('browser back from confirm is the time step with the time cleared, as the Back button does', () => {
    const { booking, clock } = timeChosen()
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: { service: '0' } })
    expect(booking.view.step).toBe('confirm')
    booking.handOverHold()
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { service: '0' } })
    expect(booking.view.step).toBe('time')
    expect(booking.view.timeStep).toBe('hours')
    expect(booking.view.startTime).toBeUndefined()
    clock.advance(300_000)
    expect(booking.view.outOfTime).toBe(false)
  })
})

describe('remove, change, clear', () => {
  function twoItems() {
    const w = world()
    chooseFacialAndMassage(w.booking, ben)
    return w
  }

  it("asks 'Remove this appointment?' and removes the item", () => {
    const { booking } = twoItems()
    booking.askRemove(0)
    expect(booking.view.removeTitle).toBe('Remove this appointment?')
    booking.cancelRemove()
    expect(booking.view.basket).toHaveLength(2)
    booking.askRemove(0)
    booking.confirmRemove()
    expect(booking.view.basket.map((i) => i.service.id)).toEqual(['s2'])
  })

  it('removing the last item resets to the service list', () => {
    const { booking, navigator } = twoItems()
    booking.askRemove(0)
    booking.confirmRemove()
    booking.askRemove(0)
    booking.confirmRemove()
    expect(booking.view.basket).toEqual([])
    expect(booking.view.step).toBe('service')
    expect(navigator.last).toBe('/step/c1')
  })

  it("courses ask 'Remove this course?'", () => {
    const { booking } = world()
    booking.setLocation(clinicA)
    booking.setView('courses')
    booking.chooseService(course, 'kc')
    booking.askRemove(0)
    expect(booking.view.removeTitle).toBe('Remove this course?')
  })

  it('change goes back to the staff step of that item', () => {
    const { booking, navigator } = twoItems()
    booking.changeStaff(1)
    expect(booking.view.step).toBe('staff')
    expect(navigator.last).toBe('/step/c1/cat1/s2?service=1')
  })

  it('clearing booking info keeps courseContext', () => {
    const { booking } = twoItems()
    booking.dispatch({ type: 'courseContextSet', courseContext: { courseId: 'cc1', courseServices: ['s1'] } })
    booking.clearBookingInfo()
    expect(booking.view.basket).toEqual([])
    // Cleared on the item's step address: the clinic's list replaces it and shows.
    expect(booking.view.step).toBe('service')
    expect(booking.view.courseContext).toEqual({ courseId: 'cc1', courseServices: ['s1'] })
  })

  it('a second booking in the same tab starts its time step on the date picker, with nothing of the first left', () => {
    const { booking } = world()
    booking.setLocation(clinicA)
    booking.setView('courses')
    givenBookingState(booking, { view: 'services' })
    booking.chooseService(facial, 'cat1')
    booking.choosePractitioner('any')
    booking.answerAnotherService(false)
    booking.pickDate('2026-03-12')
    booking.chooseTime([at('2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', 'p2')])
    booking.askRemove(0)
    booking.clearBookingInfo()
    expect(booking.state).toEqual({ ...initialBookingState, location: clinicA, locationId: clinicA.id, step: 'service', query: {}, route: { locationId: clinicA.id, confirm: false, query: {} } })
    booking.chooseService(massage, 'cat1')
    booking.choosePractitioner('any')
    booking.answerAnotherService(false)
    expect(booking.view.timeStep).toBe('date')
    expect(booking.view.date).toBeUndefined()
  })
})

describe('reschedule and book again', () => {
  it('a linked appointment starts at the time step, otherwise at the staff step', () => {
    const linked = world()
    linked.booking.startReschedule({ appointmentId: 'a1', clinic: clinicA, items: [{ service: facial, staff: anna }], linked: true })
    expect(linked.booking.view.step).toBe('time')
    expect(linked.navigator.last).toBe('/step/c1/cat1/s1?service=0&reschedule=1')
    const single = world()
    single.booking.startReschedule({ appointmentId: 'a1', clinic: clinicA, items: [{ service: facial, staff: anna }], linked: false })
    expect(single.booking.view.step).toBe('staff')
    expect(single.booking.view.bookLabel).toBe('Reschedule appointment')
  })

  it("in reschedule mode the staff step's one action keeps the appointment's practitioner and goes on to the times", () => {
    const { booking } = world()
    booking.startReschedule({ appointmentId: 'a1', clinic: clinicA, items: [{ service: facial, staff: anna }], linked: false })
    expect(booking.view.step).toBe('staff')
    expect(booking.keptPractitioner).toEqual(anna)
    booking.keepPractitioner()
    expect(booking.view.step).toBe('time')
    expect(booking.view.activeItem?.staff?.id).toBe('p1')
    expect(booking.keptPractitioner).toBeUndefined()
    // Not a reschedule: nothing to keep (the practitioner is chosen from the list, then the question).
    const other = world()
    other.booking.setLocation(clinicA)
    other.booking.chooseService(facial, 'cat1')
    expect(other.booking.keptPractitioner).toBeUndefined()
  })

  it('in reschedule mode choosing a practitioner skips the another-service question', () => {
    const { booking } = world()
    booking.startReschedule({ appointmentId: 'a1', clinic: clinicA, items: [{ service: facial, staff: anna }], linked: false })
    booking.choosePractitioner(ben)
    expect(booking.view.askAnotherService).toBe(false)
    expect(booking.view.step).toBe('time')
  })

  it('a session booked from a course asks for another service (spec section 3); Yes returns to the service list and the added service is paid', () => {
    const { booking, navigator } = world()
    const query = { course: 'true', courseServiceBooking: 'true' }
    booking.setLocation(clinicA)
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query })
    booking.chooseService(facial, 'cat1')
    expect(booking.view.canAddAnother).toBe(true)
    booking.choosePractitioner(anna)
    expect(booking.view.askAnotherService).toBe(true)
    booking.answerAnotherService(true)
    expect(booking.view.step).toBe('service')
    expect(navigator.last).toBe('/step/c1?course=true&courseServiceBooking=true')
    booking.syncRoute({ locationId: 'c1', query })
    booking.chooseService(massage, 'cat1')
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's2', query: { ...query, service: '1' } })
    booking.choosePractitioner(ben)
    booking.answerAnotherService(false)
    expect(booking.view.step).toBe('time')
    expect(booking.view.basket.map((i) => [i.service.id, booking.view.isCoveredByCourse(i)])).toEqual([['s1', true], ['s2', false]])
    expect(booking.view.paidItems.map((i) => i.service.id)).toEqual(['s2'])
  })

  it('removing the course session leaves an ordinary booking of the services added to it', () => {
    const { booking, navigator } = world()
    const query = { course: 'true', courseServiceBooking: 'true' }
    booking.setLocation(clinicA)
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query })
    booking.chooseService(facial, 'cat1')
    booking.choosePractitioner(anna)
    booking.answerAnotherService(true)
    booking.chooseService(massage, 'cat1')
    booking.choosePractitioner(ben)
    booking.answerAnotherService(false)
    booking.askRemove(0)
    booking.confirmRemove()
    expect(booking.view.isCourseSession).toBe(false)
    expect(navigator.last).toBe('/step/c1/cat1/s2?service=0')
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's2', query: { service: '0' } })
    expect(booking.view.basket.map((i) => i.service.id)).toEqual(['s2'])
    expect(booking.view.paidItems.map((i) => i.service.id)).toEqual(['s2'])
  })

  it('a session opened from its URL (reload) is the course session; an ordinary booking has none', () => {
    const { booking } = world()
    booking.setLocation(clinicA)
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { course: 'true', courseServiceBooking: 'true' } })
    booking.dispatch({ type: 'serviceRestored', service: facial })
    expect(booking.view.isCoveredByCourse(booking.view.basket[0])).toBe(true)
    booking.clearBookingInfo()
    booking.setLocation(clinicA)
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: {} })
    booking.dispatch({ type: 'serviceRestored', service: facial })
    expect(booking.view.isCoveredByCourse(booking.view.basket[0])).toBe(false)
  })

  it('removing the only session of a course booking ends the course session: a service chosen next is priced, not covered', () => {
    const { booking, navigator } = world()
    booking.setLocation(clinicA)
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { course: 'true', courseServiceBooking: 'true' } })
    booking.chooseService(facial, 'cat1')
    expect(booking.view.isCourseSession).toBe(true)
    booking.askRemove(0)
    booking.confirmRemove()
    expect(navigator.last).toBe('/step/c1')
    booking.syncRoute({ locationId: 'c1', query: {} })
    expect(booking.view.isCourseSession).toBe(false)
    expect(booking.view.canAddAnother).toBe(true)
  })

  it("in reschedule mode the appointment's own practitioner chosen again keeps its price (the server keeps it; a course session stays free)", () => {
    const { booking } = world()
    booking.startReschedule({ appointmentId: 'a1', clinic: clinicA, items: [{ service: facial, staff: { ...anna, grossPrice: 0, duration: 60 } }], linked: false })
    booking.choosePractitioner({ ...anna, grossPrice: 95 })
    expect(booking.view.basket[0]!.staff?.grossPrice).toBe(0)
    // Another practitioner is chosen on the staff step again (the summary's 'change').
    booking.changeStaff(0)
    booking.choosePractitioner(ben)
    expect(booking.view.basket[0]!.staff).toEqual(ben)
  })

  it('the URL keeps a linked reschedule on the time step', () => {
    const { booking } = world()
    booking.startReschedule({ appointmentId: 'a1', clinic: clinicA, items: [{ service: facial }], linked: true })
    booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { service: '0', reschedule: '1' } })
    expect(booking.view.step).toBe('time')
  })

  it("a linked reschedule moves only the time: the summary offers no 'change' (it led nowhere and cleared the time)", () => {
    const linked = world()
    linked.booking.startReschedule({ appointmentId: 'a1', clinic: clinicA, items: [{ service: facial, staff: anna }, { service: massage, staff: anna }], linked: true })
    expect(linked.booking.view.canChangeItems).toBe(false)
    const single = world()
    single.booking.startReschedule({ appointmentId: 'a1', clinic: clinicA, items: [{ service: facial, staff: anna }], linked: false })
    expect(single.booking.view.canChangeItems).toBe(true)
    const purchase = world()
    purchase.booking.setLocation(clinicA)
    purchase.booking.syncRoute({ locationId: 'c1', query: { view: 'courses' } })
    purchase.booking.chooseService(course, 'kc')
    expect(purchase.booking.view.canChangeItems).toBe(false)
  })

  it('book again keeps the services and practitioner and starts at the staff step', () => {
    const { booking, navigator } = world()
    booking.startBookAgain({ clinic: clinicA, items: [{ service: facial, staff: anna }] })
    expect(booking.view.isBookAgain).toBe(true)
    expect(booking.view.basket[0].staff).toEqual(anna)
    expect(navigator.last).toBe('/step/c1/cat1/s1?service=0')
    expect(booking.view.bookLabel).toBe('Book appointment')
  })
})
