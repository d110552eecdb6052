/** The agree action's request, prices and deposits (spec sections 4 'Confirm action' and 9 'Deposit'). */
import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { depositApplies, depositOf, listedPrice, priceOf, toBookingRequest, type Payer } from './request'
import { ANN, at, BOB, CLINIC, COURSE, FACIAL, heldTwo, item, KEY, MASSAGE, T1, T2 } from './fixtures.test-support'

const payer: Payer = { customerId: 'cust', accountBalance: 0, settings: { bookingDepositType: 'percentage', bookingDepositAmount: 50, bookingDepositMultipleServicesRule: 'sum' } }

describe('priceOf', () => {
  it('a service costs its practitioner\'s price, else its own; a course its sale price; a course session nothing', () => {
    const state = heldTwo()
    expect(state.basket.map((i) => priceOf(state, i))).toEqual([50, 30])
    expect(priceOf(at('service', { mode: { kind: 'coursePurchase' } }), { kind: 'course', service: COURSE, anyStaff: false })).toBe(90)
    const session = at('time', { mode: { kind: 'courseSession' }, basket: [item(MASSAGE, { staff: ANN, courseSession: true })] })
    expect(priceOf(session, session.basket[0])).toBe(0)
  })

  it('a listed price: the default, else the gross, else the listing\'s', () => {
    expect(listedPrice({ defaultPrice: 40, defaultGrossPrice: 48 })).toBe(40)
    expect(listedPrice({ defaultGrossPrice: 48, metadata: { price: 1 } })).toBe(48)
    expect(listedPrice({ metadata: { price: 12 } })).toBe(12)
    expect(listedPrice({})).toBe(0)
  })
})

describe('depositOf', () => {
  it('sums the rules over the paid items (a service override applies)', () => {
    expect(depositOf(heldTwo(), payer)).toBe(35) // 50% of 50 + the facial's fixed 10
  })
  it('course purchases and gift vouchers pay in full; a reschedule nothing', () => {
    expect(depositOf(at('confirm', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }] }), payer)).toBe(90)
    expect(depositOf(at('confirm', { mode: { kind: 'giftVoucher', vouchers: [{ value: 25 }, { value: 10.5 }] } }), payer)).toBe(35.5)
    expect(depositOf(heldTwo({ mode: { kind: 'reschedule', appointmentId: 'a', linked: false, sources: [] } }), payer)).toBe(0)
  })
})

describe('depositApplies (whether the confirm step shows terms about a deposit)', () => {
  it.each([
    ['a new booking', heldTwo(), true],
    ['a course purchase', at('confirm', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }] }), true],
    ['a gift voucher', at('confirm', { mode: { kind: 'giftVoucher', vouchers: [{ value: 25 }] } }), true],
    ['a reschedule', heldTwo({ mode: { kind: 'reschedule', appointmentId: 'a', linked: false, sources: [] } }), false],
    ['a linked reschedule', heldTwo({ mode: { kind: 'reschedule', appointmentId: 'a', linked: true, sources: [] } }), false],
  ] as const)('%s: %s', (_name, state, expected) => {
    expect(depositApplies(state)).toBe(expected)
  })
})

describe('toBookingRequest', () => {
  it('a booking: the first appointment, its linked ones, the hold and the deposit', () => {
    expect(toBookingRequest(heldTwo({ step: 'confirm' }), payer)).toEqual(
      E.right({
        kind: 'book',
        customerId: 'cust',
        clinicId: CLINIC,
        hold: KEY,
        appointment: {
          event: T1,
          practitioner: ANN.id,
          clinic: CLINIC,
          service: MASSAGE.id,
          price: 50,
          grossPrice: 50,
          deposit: 35,
          course: null,
          linkedAppointments: [{ event: T2, clinic: CLINIC, service: FACIAL.id, price: 30, practitioner: BOB.id, isLinked: true, type: 'Appointment', course: null }],
        },
      }),
    )
  })

  it('a course session names its course on the session only, and pays nothing for it', () => {
    const state = heldTwo({ mode: { kind: 'courseSession' }, courseContext: { courseId: 'cc', courseServices: [MASSAGE.id] } })
    state.basket[0] = { ...state.basket[0], courseSession: true }
    const request = toBookingRequest(state, payer)
    expect(request).toMatchObject(E.right({ appointment: { price: 0, course: 'cc', deposit: 10, linkedAppointments: [{ course: null, price: 30 }] } }))
  })

  it('course purchases and gift vouchers', () => {
    expect(toBookingRequest(at('confirm', { mode: { kind: 'coursePurchase' }, basket: [{ kind: 'course', service: COURSE, anyStaff: false }] }), payer)).toEqual(
      E.right({ kind: 'course', customerId: 'cust', clinicId: CLINIC, courseIds: [COURSE.id] }),
    )
    const receiver = { name: 'Ann', email: 'ann@example.com', message: 'Enjoy' }
    expect(toBookingRequest(at('confirm', { mode: { kind: 'giftVoucher', vouchers: [{ value: 50, receiver }] } }), payer)).toEqual(
      E.right({ kind: 'giftVoucher', customerId: 'cust', clinicId: CLINIC, vouchers: [{ value: 50, receiver: { ...receiver, confirmEmail: receiver.email } }] }),
    )
  })

  it('a reschedule moves the appointments it knows by the first one\'s offset, else the one appointment', () => {
    const sources = [{ appointmentId: 'a1', start: '2026-12-01T09:00:00.000Z', end: '2026-12-01T10:00:00.000Z', serviceId: MASSAGE.id, practitionerId: ANN.id, price: 45 }]
    const moved = toBookingRequest(heldTwo({ mode: { kind: 'reschedule', appointmentId: 'a1', linked: true, sources } }), payer)
    expect(moved).toEqual(E.right({ kind: 'reschedule', newStart: new Date(T1.start), appointments: [{ appointmentId: 'a1', isLinked: undefined, event: { start: new Date(sources[0].start), end: new Date(sources[0].end) }, clinic: CLINIC, service: MASSAGE.id, practitioner: ANN.id, price: 45, grossPrice: 45 }] }))
    const one = toBookingRequest(heldTwo({ mode: { kind: 'reschedule', appointmentId: 'a1', linked: false, sources: [] } }), payer)
    expect(one).toEqual(E.right({ kind: 'rescheduleOne', appointmentId: 'a1', change: { event: T1, clinic: CLINIC, service: MASSAGE.id, price: 50, grossPrice: 50, practitioner: ANN.id } }))
  })

  it('refuses what cannot be booked yet', () => {
    expect(toBookingRequest({ ...at('time'), locationId: undefined }, payer)).toEqual(E.left({ _tag: 'NoClinic' }))
    expect(toBookingRequest(at('service'), payer)).toEqual(E.left({ _tag: 'NothingToBook' }))
    expect(toBookingRequest(at('time', { basket: [item(MASSAGE, { staff: ANN })] }), payer)).toEqual(E.left({ _tag: 'TimeNotChosen' }))
    expect(toBookingRequest(at('time', { basket: [item(MASSAGE, { anyStaff: true, ...T1 })] }), payer)).toEqual(E.left({ _tag: 'PractitionerMissing' }))
  })
})
