/** The wizard's moves as tables: a state, an event, the state expected (spec sections 2 and 4). */
import { describe, expect, it } from 'vitest'
import { CANNOT_MIX_MESSAGE } from '../basket'
import { GIFT_VOUCHER_MIX_WARNING } from '../basket'
import { transition, type WizardEvent } from './transition'
import { initialWizardState, type WizardState } from './state'
import { ANN, at, BOB, CLINIC, COURSE, FACIAL, heldTwo, item, KEY, MASSAGE, OTHER_CLINIC, T1, T2 } from './fixtures.test-support'

type Row = [name: string, state: WizardState, event: WizardEvent, expected: WizardState]

function table(title: string, rows: Row[]): void {
  describe(title, () => {
    it.each(rows)('%s', (_name, state, event, expected) => {
      expect(transition(state, event)).toEqual(expected)
    })
  })
}

const massageChosen = at('staff', { basket: [item(MASSAGE)] })
const timeOpen = at('time', { basket: [item(MASSAGE, { staff: ANN })], date: '2026-12-02' })
const timePicked = at('time', { basket: [item(MASSAGE, { staff: ANN, ...T1 })], date: '2026-12-02', hold: { status: 'pending' } })
const held = { ...timePicked, hold: { status: 'held' as const, key: KEY, expiresAt: 5_000 } }
const released = (s: WizardState): WizardState => {
  const { hold: _h, ...rest } = s
  return { ...rest, basket: s.basket.map(({ start: _s, end: _e, ...i }) => (i.anyStaff ? (({ staff: _st, ...j }) => j)(i) : i)) }
}

table('choose location', [
  ['the first clinic: its service list', initialWizardState, { type: 'chooseLocation', locationId: CLINIC }, at('service')],
  ['the same clinic again keeps the basket', at('location', { basket: [item(MASSAGE)] }), { type: 'chooseLocation', locationId: CLINIC }, at('service', { basket: [item(MASSAGE)], activeIndex: 1 })],
  ['another clinic empties the basket', at('location', { basket: [item(MASSAGE)] }), { type: 'chooseLocation', locationId: OTHER_CLINIC }, { ...at('service'), locationId: OTHER_CLINIC }],
])

table('choose service', [
  ['a service: its staff step', at('service'), { type: 'chooseService', service: MASSAGE }, massageChosen],
  ['the category of the list when the service has none', at('service'), { type: 'chooseService', service: { id: 'x', defaultPrice: 1 }, categoryId: 'c' }, at('staff', { basket: [item({ id: 'x', defaultPrice: 1, categoryId: 'c' })] })],
  ['a course: a course purchase, asking for another', at('service', { view: 'courses' }), { type: 'chooseService', service: COURSE }, at('service', { view: 'courses', mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }], dialog: { kind: 'anotherCourse' } })],
  ['a course after a service is refused', at('service', { view: 'courses', basket: [item(MASSAGE, { staff: ANN })], activeIndex: 1 }), { type: 'chooseService', service: COURSE }, at('service', { view: 'courses', basket: [item(MASSAGE, { staff: ANN })], activeIndex: 1, message: CANNOT_MIX_MESSAGE })],
  ['a service while a gift voucher is chosen is refused', at('service', { mode: { kind: 'giftVoucher', vouchers: [{ value: 50 }] } }), { type: 'chooseService', service: MASSAGE }, at('service', { mode: { kind: 'giftVoucher', vouchers: [{ value: 50 }] }, message: GIFT_VOUCHER_MIX_WARNING })],
  ['in a course session the first service is the session', at('service', { mode: { kind: 'courseSession' } }), { type: 'chooseService', service: MASSAGE }, at('staff', { mode: { kind: 'courseSession' }, basket: [item(MASSAGE, { courseSession: true })] })],
  ['a change replaces the item and releases the time', { ...heldTwo(), step: 'service', activeIndex: 0 }, { type: 'chooseService', service: COURSE }, { ...released(heldTwo()), step: 'staff', activeIndex: 0, basket: [item(COURSE), item(FACIAL, { anyStaff: true })] }],
])

table('choose practitioner', [
  ['one practitioner: the another-service question', massageChosen, { type: 'choosePractitioner', practitioner: ANN }, at('staff', { basket: [item(MASSAGE, { staff: ANN })], dialog: { kind: 'anotherService' } })],
  ['any practitioner', massageChosen, { type: 'choosePractitioner', practitioner: 'any' }, at('staff', { basket: [item(MASSAGE, { anyStaff: true })], dialog: { kind: 'anotherService' } })],
  ['a reschedule skips the question and keeps the booked price', at('staff', { mode: { kind: 'reschedule', appointmentId: 'a1', linked: false, sources: [] }, basket: [item(MASSAGE, { bookedStaff: { id: ANN.id, grossPrice: 35 } })] }), { type: 'choosePractitioner', practitioner: ANN }, at('time', { mode: { kind: 'reschedule', appointmentId: 'a1', linked: false, sources: [] }, basket: [item(MASSAGE, { bookedStaff: { id: ANN.id, grossPrice: 35 }, staff: { id: ANN.id, grossPrice: 35 } })] })],
  ['not on the time step', timeOpen, { type: 'choosePractitioner', practitioner: BOB }, timeOpen],
])

const asked = at('staff', { basket: [item(MASSAGE, { staff: ANN })], dialog: { kind: 'anotherService' } })
table('answer another', [
  ['yes: the service list for a second item', asked, { type: 'answerAnother', yes: true }, at('service', { basket: [item(MASSAGE, { staff: ANN })], activeIndex: 1 })],
  ['no: the time step', asked, { type: 'answerAnother', yes: false }, at('time', { basket: [item(MASSAGE, { staff: ANN })] })],
  ['another course: yes', at('service', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }], dialog: { kind: 'anotherCourse' } }), { type: 'answerAnother', yes: true }, at('service', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }], activeIndex: 1 })],
  ['another course: no buys now', at('service', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }], dialog: { kind: 'anotherCourse' } }), { type: 'answerAnother', yes: false }, at('confirm', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }] })],
  ['no question open', timeOpen, { type: 'answerAnother', yes: true }, timeOpen],
])

table('date, time and hold', [
  ['a date: the hour list', at('time', { basket: [item(MASSAGE, { staff: ANN })] }), { type: 'pickDate', date: '2026-12-02' }, timeOpen],
  ['a time: every appointment filled, the hold asked for', timeOpen, { type: 'chooseTime', chain: [T1] }, timePicked],
  ['any practitioner gets the slot\'s', at('time', { basket: [item(MASSAGE, { anyStaff: true })], date: '2026-12-02' }), { type: 'chooseTime', chain: [{ ...T1, practitioner: BOB }] }, at('time', { basket: [item(MASSAGE, { anyStaff: true, staff: BOB, ...T1 })], date: '2026-12-02', hold: { status: 'pending' } })],
  ['a chain that does not fit the basket is ignored', timeOpen, { type: 'chooseTime', chain: [T1, T2] }, timeOpen],
  ['the server holds it', timePicked, { type: 'held', key: KEY, expiresAt: 5_000 }, held],
  ['a hold answer with no time chosen is stale', timeOpen, { type: 'held', key: KEY, expiresAt: 5_000 }, timeOpen],
  ['expiry on the time step: Out of time', held, { type: 'holdExpired' }, { ...released(held), dialog: { kind: 'outOfTime' } }],
  ['expiry on confirm: the time step', { ...held, step: 'confirm' }, { type: 'holdExpired' }, { ...released(held), dialog: { kind: 'outOfTime' } }],
  ['expiry on payment: the time step too', { ...held, step: 'payment' }, { type: 'holdExpired' }, { ...released(held), dialog: { kind: 'outOfTime' } }],
  ['Out of time closed: the date picker', { ...released(held), dialog: { kind: 'outOfTime' } }, { type: 'dismissOutOfTime' }, at('time', { basket: [item(MASSAGE, { staff: ANN })] })],
])

table('remove and change', [
  ['asking', heldTwo(), { type: 'askRemove', index: 0 }, heldTwo({ dialog: { kind: 'remove', index: 0 } })],
  ['cancelled', heldTwo({ dialog: { kind: 'remove', index: 0 } }), { type: 'cancelRemove' }, heldTwo()],
  ['one of two removed: the time released', heldTwo({ dialog: { kind: 'remove', index: 0 } }), { type: 'confirmRemove' }, { ...released(heldTwo()), basket: [item(FACIAL, { anyStaff: true })], activeIndex: 0 }],
  ['removed on confirm: the time step', heldTwo({ step: 'confirm', dialog: { kind: 'remove', index: 1 } }), { type: 'confirmRemove' }, { ...released(heldTwo()), basket: [item(MASSAGE, { staff: ANN })], activeIndex: 0 }],
  ['the last removed: the service list', at('staff', { basket: [item(MASSAGE)], dialog: { kind: 'remove', index: 0 } }), { type: 'confirmRemove' }, at('service')],
  ['the course session removed: an ordinary booking', at('time', { mode: { kind: 'courseSession' }, basket: [item(MASSAGE, { staff: ANN, courseSession: true }), item(FACIAL, { staff: BOB })], dialog: { kind: 'remove', index: 0 } }), { type: 'confirmRemove' }, at('time', { basket: [item(FACIAL, { staff: BOB })] })],
  ['change service', heldTwo(), { type: 'changeService', index: 0 }, { ...released(heldTwo()), step: 'service', activeIndex: 0 }],
  ['change practitioner', heldTwo(), { type: 'changeStaff', index: 1 }, { ...released(heldTwo()), step: 'staff', activeIndex: 1 }],
  ['no change in a linked reschedule', heldTwo({ mode: { kind: 'reschedule', appointmentId: 'a', linked: true, sources: [] } }), { type: 'changeStaff', index: 0 }, heldTwo({ mode: { kind: 'reschedule', appointmentId: 'a', linked: true, sources: [] } })],
  ['no removal in a reschedule', heldTwo({ mode: { kind: 'reschedule', appointmentId: 'a', linked: false, sources: [] } }), { type: 'askRemove', index: 0 }, heldTwo({ mode: { kind: 'reschedule', appointmentId: 'a', linked: false, sources: [] } })],
])

table('back', [
  ['from the service list: the location list', at('service'), { type: 'back' }, at('location')],
  ['from staff with nothing chosen: the item goes', massageChosen, { type: 'back' }, at('service')],
  ['from staff with a practitioner: it is cleared', at('staff', { basket: [item(MASSAGE, { staff: ANN })] }), { type: 'back' }, at('service', { basket: [item(MASSAGE)], activeIndex: 1 })],
  ['from the hour list: the date picker, the time released', held, { type: 'back' }, (({ date: _d, ...s }) => s)(released(held))],
  ['from the date picker: staff', at('time', { basket: [item(MASSAGE, { staff: ANN })] }), { type: 'back' }, at('staff', { basket: [item(MASSAGE, { staff: ANN })] })],
  ['from confirm: the times of the day, the time released', { ...held, step: 'confirm' }, { type: 'back' }, released(held)],
])

table('book, sign in, agree, pay', [
  ['signed in: confirm', held, { type: 'book', signedIn: true }, { ...held, step: 'confirm' }],
  ['signed out: the login modal', held, { type: 'book', signedIn: false }, { ...held, dialog: { kind: 'login' } }],
  ['no time chosen: nothing', timeOpen, { type: 'book', signedIn: true }, timeOpen],
  ['signed in from the modal: confirm', { ...held, dialog: { kind: 'login' } }, { type: 'signedIn' }, { ...held, step: 'confirm' }],
  ['agree', { ...held, step: 'confirm' }, { type: 'agree' }, { ...held, step: 'confirm', submitting: true }],
  ['agree twice: once', { ...held, step: 'confirm', submitting: true }, { type: 'agree' }, { ...held, step: 'confirm', submitting: true }],
  ['a deposit to pay: payment', { ...held, step: 'confirm', submitting: true }, { type: 'confirmResult', outcome: 'paymentRequired' }, { ...held, step: 'payment' }],
  ['booked: a fresh wizard', { ...held, step: 'confirm', submitting: true }, { type: 'confirmResult', outcome: 'booked' }, initialWizardState],
  ['refused (time taken): the day\'s times with the reason', { ...held, step: 'confirm', submitting: true }, { type: 'confirmResult', outcome: 'refused', message: 'taken' }, { ...released(held), message: 'taken' }],
  ['paid: a fresh wizard, the course context kept', { ...held, step: 'payment', courseContext: { courseId: 'c', courseServices: [] } }, { type: 'paymentResult', paid: true }, { ...initialWizardState, courseContext: { courseId: 'c', courseServices: [] } }],
  ['declined: payment with the reason', { ...held, step: 'payment' }, { type: 'paymentResult', paid: false, message: 'declined' }, { ...held, step: 'payment', message: 'declined' }],
  ['start again', { ...held, step: 'payment' }, { type: 'startAgain' }, initialWizardState],
])

table('modes', [
  ['reschedule of a linked booking: the time step', initialWizardState, { type: 'startReschedule', locationId: CLINIC, appointmentId: 'a1', linked: true, items: [{ service: MASSAGE, staff: ANN, appointmentId: 'a1', event: T1 }] },
    at('time', { mode: { kind: 'reschedule', appointmentId: 'a1', linked: true, sources: [{ appointmentId: 'a1', isLinked: undefined, ...T1, serviceId: MASSAGE.id, practitionerId: ANN.id, price: 50 }] }, basket: [item(MASSAGE, { staff: ANN, bookedStaff: ANN })] })],
  ['book again: the staff step', initialWizardState, { type: 'startBookAgain', locationId: CLINIC, items: [{ service: MASSAGE, staff: ANN }] }, at('staff', { mode: { kind: 'bookAgain', servicesToRefresh: true }, basket: [item(MASSAGE, { staff: ANN })] })],
  ['course session', at('service'), { type: 'startCourseSession', courseContext: { courseId: 'c', courseServices: [MASSAGE.id] } }, at('service', { mode: { kind: 'courseSession' }, courseContext: { courseId: 'c', courseServices: [MASSAGE.id] } })],
  ['gift voucher: confirm', at('service'), { type: 'addGiftVoucher', voucher: { value: 50 } }, at('confirm', { mode: { kind: 'giftVoucher', vouchers: [{ value: 50 }] }, view: 'giftVoucher' })],
  ['gift voucher with a basket: refused', massageChosen, { type: 'addGiftVoucher', voucher: { value: 50 } }, { ...massageChosen, message: GIFT_VOUCHER_MIX_WARNING }],
  ['gift voucher removed: the service list', at('confirm', { mode: { kind: 'giftVoucher', vouchers: [{ value: 50 }] }, view: 'giftVoucher' }), { type: 'removeGiftVoucher' }, at('service')],
  ['buy now', at('service', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }], activeIndex: 1 }), { type: 'buyNow' }, at('confirm', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }], activeIndex: 1 })],
  ['view locked to the basket\'s kind', at('service', { basket: [item(MASSAGE, { staff: ANN })], activeIndex: 1 }), { type: 'setView', view: 'courses' }, at('service', { basket: [item(MASSAGE, { staff: ANN })], activeIndex: 1 })],
  ['view open with an empty basket', at('service'), { type: 'setView', view: 'courses' }, at('service', { view: 'courses' })],
])

const rescheduling = { kind: 'reschedule' as const, appointmentId: 'a1', linked: false, sources: [] }
table('a course\'s Book link (courseServiceBooking=true in the URL)', [
  ['a new booking becomes a course session', at('service'), { type: 'courseLink' }, at('service', { mode: { kind: 'courseSession' } })],
  ['a reschedule stays one, of a course session (course terms, nothing free)', at('staff', { mode: rescheduling, basket: [item(MASSAGE)] }), { type: 'courseLink' }, at('staff', { mode: { ...rescheduling, courseSession: true }, basket: [item(MASSAGE)] })],
  ['a course purchase is not one', at('service', { mode: { kind: 'coursePurchase' } }), { type: 'courseLink' }, at('service', { mode: { kind: 'coursePurchase' } })],
])

table('restore from the URL and the server', [
  ['the URL\'s service joins an empty basket', at('staff'), { type: 'restoreService', service: MASSAGE }, at('staff', { basket: [item(MASSAGE)] })],
  ['the same service again changes nothing', at('staff', { basket: [item(MASSAGE, { staff: ANN })] }), { type: 'restoreService', service: MASSAGE }, at('staff', { basket: [item(MASSAGE, { staff: ANN })] })],
  ['another service replaces the active item', at('staff', { basket: [item(MASSAGE, { staff: ANN }), item(FACIAL)], activeIndex: 1 }), { type: 'restoreService', service: COURSE }, at('staff', { basket: [item(MASSAGE, { staff: ANN }), item(COURSE)], activeIndex: 1 })],
  ['in a course session the first is the session', at('staff', { mode: { kind: 'courseSession' } }), { type: 'restoreService', service: MASSAGE }, at('staff', { mode: { kind: 'courseSession' }, basket: [item(MASSAGE, { courseSession: true })] })],
  ['a course purchase URL: its course', at('confirm'), { type: 'restoreCourse', course: COURSE }, at('confirm', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }] })],
  ['the course again changes nothing', at('confirm', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }] }), { type: 'restoreCourse', course: COURSE }, at('confirm', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }] })],
  ['a course beside services is refused', at('confirm', { basket: [item(MASSAGE)] }), { type: 'restoreCourse', course: COURSE }, at('confirm', { basket: [item(MASSAGE)], message: CANNOT_MIX_MESSAGE })],
  ['the server\'s hold: its basket on the hours of its day', at('time', { activeIndex: 3 }), { type: 'restoreBasket', basket: [item(MASSAGE, { staff: ANN, ...T1 })], date: '2026-12-02', held: true }, at('time', { basket: [item(MASSAGE, { staff: ANN, ...T1 })], date: '2026-12-02' })],
  ['the pending booking paid for: its basket', at('payment', { activeIndex: 3 }), { type: 'restoreBasket', basket: [item(MASSAGE, { staff: ANN, ...T1 })], date: '2026-12-02', held: false }, at('payment', { activeIndex: 3, basket: [item(MASSAGE, { staff: ANN, ...T1 })], date: '2026-12-02' })],
  ['book again: the server\'s services, the category kept', at('staff', { mode: { kind: 'bookAgain', servicesToRefresh: true }, basket: [item(MASSAGE, { staff: ANN })] }), { type: 'refreshServices', services: [{ id: MASSAGE.id, defaultPrice: 45, bookingDepositType: 'percentage' }] },
    at('staff', { mode: { kind: 'bookAgain' }, basket: [item({ id: MASSAGE.id, defaultPrice: 45, bookingDepositType: 'percentage', categoryId: MASSAGE.categoryId }, { staff: ANN })] })],
  ['restoring', at('staff'), { type: 'restoring', restoring: true }, at('staff', { restoring: true })],
  ['restored', at('staff', { restoring: true }), { type: 'restoring', restoring: false }, at('staff')],
])

table('Book appointment on every step that shows the chosen times', [
  ['a linked reschedule\'s time reached from its staff URL', { ...held, step: 'staff' }, { type: 'book', signedIn: true }, { ...held, step: 'confirm' }],
  ['not again from confirm', { ...held, step: 'confirm' }, { type: 'book', signedIn: true }, { ...held, step: 'confirm' }],
  ['not from payment', { ...held, step: 'payment' }, { type: 'book', signedIn: true }, { ...held, step: 'payment' }],
])
