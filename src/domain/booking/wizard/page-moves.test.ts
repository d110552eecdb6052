/** The booking page's moves as tables: a state, an event, the step, what changed and the effects asked. */
import { describe, expect, it } from 'vitest'
import { pageMove, type PageEvent } from './page-moves'
import type { WizardEffect, WizardPage } from './page'
import { holdParam } from '../hold'
import { CANNOT_MIX_MESSAGE, GIFT_VOUCHER_MIX_WARNING } from '../basket'
import { ANN, at, BOB, CLINIC, COURSE, FACIAL, KEY, MASSAGE, OTHER_CLINIC, T1, T2, item } from './fixtures.test-support'
import type { BookingStep } from '../steps'

const clinic = { id: CLINIC }
const page = (step: BookingStep, extra: Partial<WizardPage> = {}): WizardPage => ({ ...at(step), location: clinic, query: {}, ...extra })
const hold = { status: 'held' as const, key: KEY, expiresAt: 5_000 }
const serviceUrl = `/step/${CLINIC}/${MASSAGE.categoryId}/${MASSAGE.id}?service=0`
const listUrl = `/step/${CLINIC}`
const held = { basket: [item(MASSAGE, { staff: ANN, ...T1 })], date: '2026-12-02', hold }
const go = (path: string, replace?: boolean): WizardEffect => (replace ? { kind: 'go', path, replace } : { kind: 'go', path })
const stop: WizardEffect = { kind: 'stopTimer' }

type Row = [name: string, state: WizardPage, event: PageEvent, expected: Partial<WizardPage>, effects: WizardEffect<unknown>[]]

function table(title: string, rows: Row[]): void {
  describe(title, () => {
    it.each(rows)('%s', (_name, state, event, expected, effects) => {
      const next = pageMove(state, event)
      // The fields named, as toEqual reads them (one left out and one set to undefined are alike).
      expect(Object.fromEntries(Object.keys(expected).map((k) => [k, next.state[k as keyof WizardPage]]))).toEqual(expected)
      expect(next.effects).toEqual(effects)
    })
  })
}

table('choose a location', [
  ['the first: remembered, then its list', { ...page('location'), location: undefined, locationId: undefined }, { type: 'locationChosen', location: clinic, go: true }, { location: clinic, locationId: CLINIC }, [{ kind: 'selectLocation' }, go(listUrl)]],
  ['another clinic empties the basket', page('service', { basket: [item(MASSAGE)], activeIndex: 1 }), { type: 'locationChosen', location: { id: OTHER_CLINIC }, go: false }, { basket: [], activeIndex: 0, locationId: OTHER_CLINIC }, [stop, { kind: 'selectLocation' }]],
  ['the same clinic keeps it', page('service', { basket: [item(MASSAGE)], activeIndex: 1 }), { type: 'locationChosen', location: clinic, go: true, replace: true }, { basket: [item(MASSAGE)] }, [{ kind: 'selectLocation' }, go(listUrl, true)]],
])

table('choose a service, a course or a gift voucher', [
  ['a service: its URL (the staff step follows it)', page('service'), { type: 'serviceChosen', service: MASSAGE }, { basket: [item(MASSAGE)], activeIndex: 0, step: 'service' }, [stop, go(serviceUrl)]],
  ['a course: asks for another', page('service', { view: 'courses' }), { type: 'serviceChosen', service: COURSE }, { mode: { kind: 'coursePurchase' }, dialog: { kind: 'anotherCourse' } }, [stop]],
  ['a service while a gift voucher is chosen: refused', page('service', { mode: { kind: 'giftVoucher', vouchers: [{ value: 5 }] } }), { type: 'serviceChosen', service: MASSAGE }, { basket: [] }, [{ kind: 'warn', message: GIFT_VOUCHER_MIX_WARNING }]],
  ['a gift voucher: its confirm URL', page('service'), { type: 'giftVoucherAdded', voucher: { value: 5 } }, { mode: { kind: 'giftVoucher', vouchers: [{ value: 5 }] } }, [go(`/step/${CLINIC}/confirm`)]],
  ['a gift voucher with a basket: refused', page('service', { basket: [item(MASSAGE)] }), { type: 'giftVoucherAdded', voucher: { value: 5 } }, { mode: { kind: 'newBooking' } }, [{ kind: 'warn', message: GIFT_VOUCHER_MIX_WARNING }]],
  ['No more courses: buy now', page('service', { view: 'courses', mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }], dialog: { kind: 'anotherCourse' } }), { type: 'anotherCourseAnswered', yes: false }, { dialog: undefined }, [go(`/step/${CLINIC}/${COURSE.categoryId}/${COURSE.id}/confirm?course=true`)]],
])

table('choose a practitioner and a time', [
  ['a new booking asks for another service', page('staff', { basket: [item(MASSAGE)] }), { type: 'practitionerChosen', practitioner: ANN }, { basket: [item(MASSAGE, { staff: ANN })], dialog: { kind: 'anotherService' } }, [stop]],
  ['a reschedule goes to the time step', page('staff', { basket: [item(MASSAGE)], mode: { kind: 'reschedule', appointmentId: 'a', linked: false, sources: [] } }), { type: 'practitionerChosen', practitioner: 'any' }, { step: 'time', basket: [item(MASSAGE, { anyStaff: true })] }, [stop]],
  ['the staff list gives the practitioner named alone its price', page('staff', { basket: [item(MASSAGE, { staff: { id: ANN.id } })] }), { type: 'practitionerListed', serviceId: MASSAGE.id, practitioner: ANN }, { basket: [item(MASSAGE, { staff: ANN })] }, []],
  ['a practitioner with a price keeps it', page('staff', { basket: [item(MASSAGE, { staff: { id: ANN.id, grossPrice: 1 } })] }), { type: 'practitionerListed', serviceId: MASSAGE.id, practitioner: ANN }, { basket: [item(MASSAGE, { staff: { id: ANN.id, grossPrice: 1 } })] }, []],
  ['the server\'s list for a reloaded time step (fresh) replaces the price kept', page('time', { basket: [item(MASSAGE, { staff: { id: ANN.id, grossPrice: 1 } })] }), { type: 'practitionerListed', serviceId: MASSAGE.id, practitioner: ANN, fresh: true }, { basket: [item(MASSAGE, { staff: ANN })] }, []],
  ['\'Any practitioner\' named by the chosen time (not the active item): the list gives the price', page('time', { basket: [item(MASSAGE, { staff: ANN, ...T1 }), item(FACIAL, { anyStaff: true, staff: { id: ANN.id }, ...T2 })], activeIndex: 0 }), { type: 'practitionerListed', serviceId: FACIAL.id, practitioner: ANN }, { basket: [item(MASSAGE, { staff: ANN, ...T1 }), item(FACIAL, { anyStaff: true, staff: ANN, ...T2 })] }, []],
  ['the list of another service than the active one: nothing', page('staff', { basket: [item(FACIAL, { staff: { id: ANN.id } })] }), { type: 'practitionerListed', serviceId: MASSAGE.id, practitioner: ANN }, { basket: [item(FACIAL, { staff: { id: ANN.id } })] }, []],
  ['No: the time step', page('staff', { basket: [item(MASSAGE, { staff: ANN })], dialog: { kind: 'anotherService' } }), { type: 'anotherServiceAnswered', yes: false }, { step: 'time', dialog: undefined }, []],
  ['Yes: the list for the next item', page('staff', { basket: [item(MASSAGE, { staff: ANN })], dialog: { kind: 'anotherService' } }), { type: 'anotherServiceAnswered', yes: true }, { step: 'service', activeIndex: 1 }, [stop, go(listUrl)]],
  ['a time: pending, its timer runs', page('time', { basket: [item(MASSAGE, { staff: ANN })], date: '2026-12-02' }), { type: 'timeChosen', parts: [T1], expiresAt: 9_000 }, { basket: [item(MASSAGE, { staff: ANN, ...T1 })], hold: { status: 'pending', expiresAt: 9_000 } }, [{ kind: 'startTimer', expiresAt: 9_000 }]],
  ['another time keeps naming the hold it replaces', page('time', held), { type: 'timeChosen', parts: [T1], expiresAt: 9_000 }, { hold: { ...hold, expiresAt: 9_000 } }, [{ kind: 'startTimer', expiresAt: 9_000 }]],
  ['the server holds it: the URL names the hold', page('time', { ...held, hold: { status: 'pending' }, route: { locationId: CLINIC, categoryId: MASSAGE.categoryId, serviceId: MASSAGE.id, query: { service: '0' } } }), { type: 'timeHeld', key: KEY, expiresAt: 6_000 }, { hold: { ...hold, expiresAt: 6_000 } }, [{ kind: 'startTimer', expiresAt: 6_000 }, go(`${serviceUrl}&hold=${encodeURIComponent(holdParam(KEY))}`, true)]],
])

const heldRoute = { locationId: CLINIC, categoryId: MASSAGE.categoryId, serviceId: MASSAGE.id, confirm: true, query: { service: '0', hold: holdParam(KEY) } }
table('the hold ends', [
  ['expired on time: Out of time, the URL without it', page('time', { ...held, route: heldRoute }), { type: 'holdExpired' }, { hold: undefined, dialog: { kind: 'outOfTime' }, step: 'time' }, [stop, go(`/step/${CLINIC}/${MASSAGE.categoryId}/${MASSAGE.id}/confirm?service=0`, true)]],
  ['ended on confirm: the time step of the service', page('confirm', held), { type: 'heldTimeEnded', fromConfirm: true }, { step: 'time', date: undefined, dialog: { kind: 'outOfTime' } }, [stop, go(serviceUrl)]],
  ['ended on a reload knowing no practitioner: staff', page('time', { ...held, basket: [item(MASSAGE, { ...T1 })] }), { type: 'heldTimeEnded', fromConfirm: false }, { step: 'staff' }, [stop]],
  ['Out of time closed on payment: the date picker of the service', page('payment', { basket: [item(MASSAGE, { staff: ANN })], dialog: { kind: 'outOfTime' } }), { type: 'outOfTimeDismissed' }, { step: 'time', dialog: undefined, date: undefined }, [go(serviceUrl)]],
  ['the confirm countdown takes over', page('confirm', held), { type: 'holdHandedOver' }, { hold }, [stop]],
])

table('book, once', [
  ['Book appointment: a login first, then confirm', page('time', held), { type: 'book', target: '/x/confirm' }, { step: 'time' }, [{ kind: 'requireLogin', then: { type: 'confirmEntered', target: '/x/confirm' } }]],
  ['no time: nothing', page('time', { basket: [item(MASSAGE, { staff: ANN })] }), { type: 'book', target: '/x/confirm' }, { step: 'time' }, []],
  ['signed in: confirm', page('time', held), { type: 'confirmEntered', target: `/x/confirm?hold=${holdParam(KEY)}` }, { step: 'confirm' }, [go(`/x/confirm?hold=${holdParam(KEY)}`)]],
  ['held after the click: confirm names the hold', page('time', held), { type: 'confirmEntered', target: '/x/confirm?service=0' }, { step: 'confirm' }, [go(`/x/confirm?service=0&hold=${holdParam(KEY)}`)]],
  ['a second click of a double click: nothing', page('confirm', held), { type: 'confirmEntered', target: '/x/confirm' }, { step: 'confirm' }, []],
])

describe('Book appointment while the hold is on its way', () => {
  // The click goes to /confirm at once; the router's arrival of that URL comes after a render. A hold
  // answered in between (a slow phone, a loaded machine) named itself on the time step's URL, which
  // replaced the confirm entry: that URL arriving then took the customer back from confirm and
  // cleared the time (the click seemed to do nothing: e2e account and deep-link course sessions).
  const timeRoute = { locationId: CLINIC, categoryId: MASSAGE.categoryId, serviceId: MASSAGE.id, query: { service: '0' } }
  const pending = page('time', { ...held, hold: { status: 'pending', expiresAt: 9_000 }, route: timeRoute })
  const confirmUrl = `/step/${CLINIC}/${MASSAGE.categoryId}/${MASSAGE.id}/confirm?service=0`

  it('the hold answered after Book names itself on the confirm URL, a new entry after the times (Back goes to them)', () => {
    const entered = pageMove(pending, { type: 'confirmEntered', target: confirmUrl })
    const answered = pageMove(entered.state, { type: 'timeHeld', key: KEY, expiresAt: 6_000 })
    expect(answered.effects).toEqual([{ kind: 'startTimer', expiresAt: 6_000 }, go(`${confirmUrl}&hold=${encodeURIComponent(holdParam(KEY))}`)])
  })

  /** The route of a step path, as the router hands it over. */
  const routeOf = (path: string) => {
    const [pathname, search = ''] = path.split('?')
    const [, , locationId, categoryId, serviceId, confirm] = pathname.split('/')
    return { locationId, categoryId, serviceId, ...(confirm === 'confirm' ? { confirm: true } : {}), query: Object.fromEntries(new URLSearchParams(search)) }
  }

  it('shows confirm at once but puts no confirm URL before the hold answers (a reload there named no time)', () => {
    const entered = pageMove(pending, { type: 'confirmEntered', target: confirmUrl })
    expect(entered.state.step).toBe('confirm')
    expect(entered.effects).toEqual([])
  })

  it('a reschedule, which asks for no hold: its confirm URL at once', () => {
    const moving = { ...pending, mode: { kind: 'reschedule' as const, appointmentId: 'a1', linked: false, sources: [] } }
    expect(pageMove(moving, { type: 'confirmEntered', target: confirmUrl }).effects).toEqual([go(confirmUrl)])
  })

  it('a hold refused meanwhile (taken): back to the times, whose URL it still is', () => {
    const entered = pageMove(pending, { type: 'confirmEntered', target: confirmUrl })
    const refused = pageMove(entered.state, { type: 'timeCleared' })
    expect(refused.state).toMatchObject({ step: 'time', route: { ...timeRoute, confirm: undefined } })
    expect(refused.state.hold).toBeUndefined()
    expect(refused.effects).toEqual([stop])
  })

  it("the hold's service not answering: the confirm URL as it is, the time chosen", () => {
    const entered = pageMove(pending, { type: 'confirmEntered', target: confirmUrl })
    const unanswered = pageMove(entered.state, { type: 'holdUnanswered' })
    expect(unanswered.state).toMatchObject({ step: 'confirm', hold: { status: 'pending' } })
    expect(unanswered.effects).toEqual([go(confirmUrl, true)])
  })

  it("the hold's service not answering before 'Book appointment': its confirm URL at once", () => {
    const unanswered = pageMove(pending, { type: 'holdUnanswered' })
    expect(unanswered.effects).toEqual([])
    expect(pageMove(unanswered.state, { type: 'confirmEntered', target: confirmUrl }).effects).toEqual([go(confirmUrl)])
  })

  it('the hold answered while the login modal was open (Book clicked before): the confirm URL names it', () => {
    const answered = pageMove(pending, { type: 'timeHeld', key: KEY, expiresAt: 6_000 })
    expect(pageMove(answered.state, { type: 'confirmEntered', target: confirmUrl }).effects).toEqual([go(`${confirmUrl}&hold=${encodeURIComponent(holdParam(KEY))}`)])
  })

  it('the URL the router then arrives at keeps confirm and the time', () => {
    const entered = pageMove(pending, { type: 'confirmEntered', target: confirmUrl })
    const answered = pageMove(entered.state, { type: 'timeHeld', key: KEY, expiresAt: 6_000 })
    const last = answered.effects.findLast((e) => e.kind === 'go')
    expect(last?.kind).toBe('go')
    const arrived = pageMove(answered.state, { type: 'urlArrived', route: routeOf(last?.kind === 'go' ? last.path : '') })
    expect(arrived.state.step).toBe('confirm')
    expect(arrived.state.hold).toEqual({ status: 'held', key: KEY, expiresAt: 6_000 })
  })
})

table('back (spec section 4: steps back, clears the selection of the step left)', [
  ['from the list: the locations', page('service'), { type: 'back' }, { step: 'service' }, [go('/')]],
  ['from staff with nothing chosen: the item leaves', page('staff', { basket: [item(MASSAGE)] }), { type: 'back' }, { basket: [], step: 'service', activeIndex: 0 }, [go(listUrl)]],
  ['from the hours: the date picker, the time released', page('time', held), { type: 'back' }, { step: 'time', date: undefined, hold: undefined }, [stop]],
  ['from the date picker: staff', page('time', { basket: [item(MASSAGE, { staff: ANN })] }), { type: 'back' }, { step: 'staff', activeIndex: 0 }, [stop]],
  ['from confirm: the times of the service', page('confirm', held), { type: 'back' }, { step: 'time', hold: undefined }, [stop, go(serviceUrl)]],
  ['from a gift voucher\'s confirm: the list, the voucher given up', page('confirm', { mode: { kind: 'giftVoucher', vouchers: [{ value: 20 }] } }), { type: 'back' }, { step: 'service', mode: { kind: 'newBooking' } }, [go(listUrl)]],
  ['from a course purchase\'s confirm: the list, the courses kept', page('confirm', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }] }), { type: 'back' }, { step: 'service', activeIndex: 1, basket: [{ kind: 'course', service: COURSE, anyStaff: false }] }, [go(listUrl)]],
])

const session = { mode: { kind: 'courseSession' as const }, basket: [item(MASSAGE, { staff: ANN, courseSession: true }), item(FACIAL, { staff: ANN })], query: { course: 'true', courseServiceBooking: 'true' } }
table('remove and change', [
  ['the last item: the plain list', page('staff', { basket: [item(MASSAGE)], dialog: { kind: 'remove', index: 0 } }), { type: 'removeConfirmed' }, { basket: [], step: 'service', activeIndex: 0, dialog: undefined }, [stop, go(listUrl)]],
  ['the course session: an ordinary booking, the course query dropped', page('staff', { ...session, activeIndex: 1, dialog: { kind: 'remove', index: 0 } }), { type: 'removeConfirmed' }, { mode: { kind: 'newBooking' }, basket: [item(FACIAL, { staff: ANN })], query: { course: undefined, courseServiceBooking: undefined } }, [stop, go(`/step/${CLINIC}/${FACIAL.categoryId}/${FACIAL.id}?service=0`)]],
  ['on confirm: the time step of what is left', page('confirm', { basket: [item(MASSAGE, { staff: ANN }), item(FACIAL, { staff: ANN })], dialog: { kind: 'remove', index: 1 } }), { type: 'removeConfirmed' }, { step: 'time', basket: [item(MASSAGE, { staff: ANN })] }, [stop, go(serviceUrl)]],
  ['no question asked: nothing', page('staff', { basket: [item(MASSAGE)] }), { type: 'removeConfirmed' }, { basket: [item(MASSAGE)] }, []],
  ['change a service: the list for that item', page('confirm', held), { type: 'changeService', index: 0 }, { step: 'service', activeIndex: 0, hold: undefined }, [stop, go(listUrl)]],
  ['change a practitioner: its staff step', page('confirm', held), { type: 'changeStaff', index: 0 }, { step: 'staff', hold: undefined }, [stop, go(serviceUrl)]],
])

const appointment = { service: MASSAGE, staff: ANN, appointmentId: 'a1', event: T1 }
table('modes', [
  ['a linked reschedule starts on time', page('service', held), { type: 'rescheduleStarted', location: clinic, appointmentId: 'a1', linked: true, items: [appointment] }, { step: 'time', mode: { kind: 'reschedule', appointmentId: 'a1', linked: true, sources: [{ appointmentId: 'a1', ...T1, serviceId: MASSAGE.id, practitionerId: ANN.id, price: ANN.grossPrice }] }, basket: [{ ...item(MASSAGE, { staff: ANN }), bookedStaff: ANN }] }, [stop, go(`${serviceUrl}&reschedule=1`)]],
  ['book again: the staff URL, services to refresh', page('service'), { type: 'bookAgainStarted', location: clinic, items: [appointment] }, { mode: { kind: 'bookAgain', servicesToRefresh: true }, basket: [item(MASSAGE, { staff: ANN })] }, [stop, go(serviceUrl)]],
  ['a course session: its service, the course context kept', page('service'), { type: 'courseSessionStarted', courseContext: { courseId: 'k', courseServices: [] }, service: MASSAGE }, { basket: [item(MASSAGE, { courseSession: true })], courseContext: { courseId: 'k', courseServices: [] } }, [stop]],
  ['cleared: the clinic, query and course context stay', page('time', { ...held, courseContext: { courseId: 'k', courseServices: [] }, query: { view: 'services' } }), { type: 'bookingInfoCleared' }, { basket: [], step: 'location', date: undefined, hold: undefined, location: clinic, query: { view: 'services' }, courseContext: { courseId: 'k', courseServices: [] } }, [stop]],
  // Left on an address naming the held time and its item, a reload would look for both (a staff step of a service no longer chosen).
  ['cleared on a confirm address naming a hold: the clinic\'s list replaces it', page('payment', { ...held, categoryId: MASSAGE.categoryId, query: { service: '0', hold: holdParam(KEY), view: 'services' }, route: { locationId: CLINIC, categoryId: MASSAGE.categoryId, serviceId: MASSAGE.id, confirm: true, query: { service: '0', hold: holdParam(KEY), view: 'services' } } }), { type: 'bookingInfoCleared' },
    { basket: [], step: 'service', hold: undefined, categoryId: undefined, query: { view: 'services' }, route: { locationId: CLINIC, confirm: false, query: { view: 'services' } } }, [stop, go(`${listUrl}?view=services`, true)]],
  ['cleared on the list\'s own address: the list, the address kept', page('service', { basket: [item(MASSAGE)], activeIndex: 1, route: { locationId: CLINIC, query: {} } }), { type: 'bookingInfoCleared' }, { basket: [], step: 'service', route: { locationId: CLINIC, query: {} } }, [stop]],
])

const twoHeld = { basket: [item(MASSAGE, { staff: ANN, ...T1 }), item(FACIAL, { staff: BOB, ...T2 })], date: '2026-12-02', hold }
table('what a URL or the server gives back (the catalogue\'s events, issue 27: one machine)', [
  ['the URL\'s service joins an empty basket', page('staff'), { type: 'serviceRestored', service: MASSAGE }, { basket: [item(MASSAGE)], activeIndex: 0 }, []],
  ['the same service again changes nothing', page('staff', { basket: [item(MASSAGE, { staff: ANN })] }), { type: 'serviceRestored', service: MASSAGE }, { basket: [item(MASSAGE, { staff: ANN })] }, []],
  ['another service replaces the active item, its time released', page('staff', { ...twoHeld, activeIndex: 1 }), { type: 'serviceRestored', service: { ...FACIAL, id: 'other' } }, { basket: [item(MASSAGE, { staff: ANN }), item({ ...FACIAL, id: 'other' })], hold: undefined, activeIndex: 1 }, [stop]],
  ['in a course session the first is the session', page('staff', { mode: { kind: 'courseSession' } }), { type: 'serviceRestored', service: MASSAGE }, { basket: [item(MASSAGE, { courseSession: true })] }, []],
  ['a service beside courses: refused', page('confirm', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }], activeIndex: 1 }), { type: 'serviceRestored', service: MASSAGE }, { basket: [{ kind: 'course', service: COURSE, anyStaff: false }], mode: { kind: 'coursePurchase' } }, [{ kind: 'warn', message: CANNOT_MIX_MESSAGE }]],
  ['a service while a gift voucher is chosen: refused', page('confirm', { mode: { kind: 'giftVoucher', vouchers: [{ value: 5 }] } }), { type: 'serviceRestored', service: MASSAGE }, { basket: [] }, [{ kind: 'warn', message: GIFT_VOUCHER_MIX_WARNING }]],
  ['a course purchase URL: its course', page('confirm'), { type: 'courseRestored', course: COURSE }, { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }], activeIndex: 0 }, []],
  ['the course again changes nothing', page('confirm', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }] }), { type: 'courseRestored', course: COURSE }, { basket: [{ kind: 'course', service: COURSE, anyStaff: false }] }, []],
  ['a course beside services: refused', page('confirm', { basket: [item(MASSAGE)] }), { type: 'courseRestored', course: COURSE }, { basket: [item(MASSAGE)], mode: { kind: 'newBooking' } }, [{ kind: 'warn', message: CANNOT_MIX_MESSAGE }]],
  ['book again: the server\'s services, the category kept', page('staff', { mode: { kind: 'bookAgain', servicesToRefresh: true }, basket: [item(MASSAGE, { staff: ANN })] }), { type: 'servicesRefreshed', services: [{ id: MASSAGE.id, defaultPrice: 45 }] },
    { mode: { kind: 'bookAgain' }, basket: [item({ id: MASSAGE.id, defaultPrice: 45, categoryId: MASSAGE.categoryId }, { staff: ANN })] }, []],
  // A reload of a staff address in an empty wizard: the address keeps naming the service being fetched, and its step shows (title, spinner).
  ['a staff address arriving in an empty wizard: its step while the service is fetched', { ...page('location'), location: undefined, locationId: undefined }, { type: 'urlArrived', route: { locationId: CLINIC, categoryId: MASSAGE.categoryId, serviceId: MASSAGE.id, query: { service: '0' } } },
    { step: 'staff', basket: [], route: { locationId: CLINIC, categoryId: MASSAGE.categoryId, serviceId: MASSAGE.id, query: { service: '0' } } }, [{ kind: 'releaseLogin' }]],
  ['the service fetched for a staff address: the staff step of that service, the address unchanged', page('staff', { restoring: true, route: { locationId: CLINIC, categoryId: MASSAGE.categoryId, serviceId: MASSAGE.id, query: { service: '0' } } }), { type: 'serviceRestored', service: MASSAGE },
    { step: 'staff', basket: [item(MASSAGE)], activeIndex: 0, restoring: true }, []],
  ['restoring', page('staff'), { type: 'restoring', restoring: true }, { restoring: true }, []],
  ['restored', page('staff', { restoring: true }), { type: 'restoring', restoring: false }, { restoring: undefined }, []],
  ['the course context set', page('confirm'), { type: 'courseContextSet', courseContext: { courseId: 'k', courseServices: [MASSAGE.id] } }, { courseContext: { courseId: 'k', courseServices: [MASSAGE.id] } }, []],
  ['the course context cleared', page('confirm', { courseContext: { courseId: 'k', courseServices: [] } }), { type: 'courseContextSet' }, { courseContext: undefined }, []],
])

table('actions the state does not allow change nothing', [
  // Spec section 4: a practitioner is chosen on the staff step (a deep link naming one arrives as a URL, not as this choice).
  ['a practitioner off the staff step', page('time', { basket: [item(MASSAGE, { staff: ANN })] }), { type: 'practitionerChosen', practitioner: BOB }, { basket: [item(MASSAGE, { staff: ANN })], step: 'time', dialog: undefined }, []],
  ['a practitioner for a course', page('service', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }] }), { type: 'practitionerChosen', practitioner: ANN }, { basket: [{ kind: 'course', service: COURSE, anyStaff: false }], dialog: undefined }, []],
  ['a chain for another basket', page('time', { basket: [item(MASSAGE, { staff: ANN })], date: '2026-12-02' }), { type: 'timeChosen', parts: [T1, T2], expiresAt: 9_000 }, { basket: [item(MASSAGE, { staff: ANN })], hold: undefined }, []],
  ['a hold answer with no time chosen', page('time', { basket: [item(MASSAGE, { staff: ANN })] }), { type: 'timeHeld', key: KEY, expiresAt: 9_000 }, { hold: undefined }, []],
  ['removal in a reschedule', page('time', { ...held, mode: { kind: 'reschedule', appointmentId: 'a', linked: false, sources: [] } }), { type: 'removeAsked', index: 0 }, { dialog: undefined }, []],
  ['removal of an item not there', page('time', held), { type: 'removeAsked', index: 3 }, { dialog: undefined }, []],
  ['change in a linked reschedule', page('confirm', { ...held, mode: { kind: 'reschedule', appointmentId: 'a', linked: true, sources: [] } }), { type: 'changeStaff', index: 0 }, { step: 'confirm', hold }, []],
  ['change of a course purchase', page('confirm', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }] }), { type: 'changeService', index: 0 }, { step: 'confirm' }, []],
  ['change of an item not there', page('service'), { type: 'changeStaff', index: 0 }, { step: 'service' }, []],
  ['a change before a clinic is chosen (a course session from the account)', page('location', { location: undefined, locationId: undefined, basket: [item(MASSAGE, { courseSession: true })] }), { type: 'changeStaff', index: 0 }, { step: 'location' }, []],
  ['\'Buy now\' of appointments', page('payment', held), { type: 'buyNow' }, { step: 'payment', hold }, []],
  ['a gift voucher removed when none is chosen', page('confirm', held), { type: 'giftVoucherRemoved' }, { step: 'confirm', hold }, []],
  ['a chain for an empty basket', page('time', { date: '2026-12-02' }), { type: 'timeChosen', parts: [], expiresAt: 9_000 }, { hold: undefined }, []],
])
