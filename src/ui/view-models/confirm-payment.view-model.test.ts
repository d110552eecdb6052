import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { anna, chooseFacialAndMassage, clinicA, course, facial, flush, organisation, user, world, type World, type UseCaseFakes, refused, booked, paymentCheck } from './booking.test-support'
import { AGREE_LABEL, ConfirmViewModel, mergeTerms } from './confirm.view-model'
import { PaymentViewModel } from './payment.view-model'
import { givenBookingState } from './booking.test-support'
import { bookingFailure } from '../../application/errors'
import { httpError } from '../../application/failure'

const slot = { startDate: '2026-03-12T10:00:00Z', endDate: '2026-03-12T11:00:00Z', practitioner: 'p1', valid: true }

function confirmWorld(overrides: Partial<UseCaseFakes> = {}, holdSeconds = 300) {
  const w = world(overrides, { holdSeconds })
  const payment = new PaymentViewModel(w.useCases.CheckPayment, w.useCases.VerifyCourseAssignment, w.useCases.DeletePendingAppointment, w.booking, w.navigator, w.clock)
  const confirm = new ConfirmViewModel(w.useCases.ConfirmBooking, w.useCases.DeletePendingAppointment, w.useCases.RescheduleAppointment, w.booking, w.session, w.toasts, payment, w.navigator, w.clock, w.config, w.useCases.ListMyCourses)
  w.session.organisation = organisation
  w.session.signedIn(user)
  return { ...w, payment, confirm }
}

function bookFacial(w: World) {
  w.booking.setLocation(clinicA)
  w.booking.chooseService(facial, 'cat1')
  w.booking.choosePractitioner(anna)
  w.booking.answerAnotherService(false)
  w.booking.chooseTime([slot])
  w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: {} })
}

describe('ConfirmViewModel: terms gate and countdown', () => {
  it('the agree button enables only after the terms are scrolled to the bottom and the deposit is known', () => {
    const w = confirmWorld()
    bookFacial(w)
    w.confirm.enter()
    expect(AGREE_LABEL).toBe('I understand and agree to these terms')
    expect(w.confirm.depositReady).toBe(true)
    expect(w.confirm.canAgree).toBe(false)
    w.confirm.onTermsScroll(100, 200, 600)
    expect(w.confirm.canAgree).toBe(false)
    w.confirm.onTermsScroll(400, 200, 600)
    expect(w.confirm.canAgree).toBe(true)
  })

  it('terms read before the login stay read after it (course purchase reaches confirm signed out)', () => {
    const w = confirmWorld()
    w.booking.setLocation(clinicA)
    w.booking.setView('courses')
    w.booking.chooseService(course, 'kc')
    w.confirm.onTermsScroll(0, 300, 300)
    w.confirm.enter()
    expect(w.confirm.scrolledToBottom).toBe(true)
    expect(w.confirm.canAgree).toBe(true)
    w.confirm.leave()
    expect(w.confirm.canAgree).toBe(false)
  })

  it('the deposit is not ready before the organisation is loaded', () => {
    const w = confirmWorld()
    bookFacial(w)
    w.session.organisation = undefined
    w.confirm.onTermsScroll(400, 200, 600)
    expect(w.confirm.depositReady).toBe(false)
    expect(w.confirm.canAgree).toBe(false)
  })

  it('calculates the deposit with the organisation rules (50 % of the practitioner price)', () => {
    const w = confirmWorld()
    bookFacial(w)
    expect(w.confirm.amountDue).toBe(45)
  })

  it("counts down 'Your appointment will be held for m:ss', warning in the last minute", () => {
    const w = confirmWorld()
    bookFacial(w)
    w.confirm.enter()
    expect(w.confirm.countdownText).toBe('Your appointment will be held for 5:00')
    expect(w.confirm.countdownWarning).toBe(false)
    w.clock.advance(239_000)
    expect(w.confirm.countdownText).toBe('Your appointment will be held for 1:01')
    expect(w.confirm.countdownWarning).toBe(false)
    w.clock.advance(1_000)
    expect(w.confirm.countdownText).toBe('Your appointment will be held for 1:00')
    expect(w.confirm.countdownWarning).toBe(true)
  })

  it("the confirm countdown is the time's hold, which began when the time was picked: one timer, no 'Out of time' on top of it", () => {
    const w = confirmWorld()
    bookFacial(w)
    w.clock.advance(200_000)
    w.confirm.enter()
    expect(w.confirm.countdownText).toBe('Your appointment will be held for 1:40')
    w.clock.advance(50_000)
    expect(w.booking.view.outOfTime).toBe(false)
    expect(w.booking.view.basket[0].start).toBe(slot.startDate)
    expect(w.confirm.countdownText).toBe('Your appointment will be held for 0:50')
  })

  it("at zero the customer lands on the time step with 'Out of time', not on an empty account page (issue 17)", async () => {
    const w = confirmWorld()
    bookFacial(w)
    w.confirm.enter()
    w.clock.advance(300_000)
    await flush()
    expect(w.booking.view.outOfTime).toBe(true)
    expect(w.booking.view.step).toBe('time')
    expect(w.booking.view.basket[0].start).toBeUndefined()
    expect(w.navigator.last).toBe('/step/c1/cat1/s1?service=0')
    w.booking.dismissOutOfTime()
    expect(w.booking.view.timeStep).toBe('date')
  })

  it('no countdown for a course purchase', () => {
    const w = confirmWorld()
    w.booking.setLocation(clinicA)
    w.booking.setView('courses')
    w.booking.chooseService(course, 'kc')
    w.confirm.enter()
    expect(w.confirm.countdownText).toBeUndefined()
  })

  it("no countdown for a session booked from a bought course (spec: non-course); the time's hold still ends in 'Out of time'", async () => {
    const w = confirmWorld()
    w.booking.setLocation(clinicA)
    w.booking.chooseService(facial, 'cat1')
    w.booking.choosePractitioner(anna)
    w.booking.answerAnotherService(false)
    w.booking.chooseTime([slot])
    w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: { courseServiceBooking: 'true' } })
    expect(w.booking.view.courseServiceBooking).toBe(true)
    w.confirm.enter()
    expect(w.confirm.countdownText).toBeUndefined()
    w.clock.advance(300_000)
    await flush()
    expect(w.booking.view.outOfTime).toBe(true)
    expect(w.booking.view.basket[0].start).toBeUndefined()
  })

  it('merges the late cancellation tags into the terms', () => {
    const w = confirmWorld()
    bookFacial(w)
    expect(w.confirm.terms).toBe('Cancel 24 hours ahead.')
    expect(mergeTerms('{LateCancellationType} {LateCancellationValue}', { lateCancellationChargeType: 'AMOUNT', lateCancellationChargeValue: 10 })).toBe('fixed amount £10.00')
    expect(mergeTerms('', {})).toBe('')
  })

  it('a reschedule takes no deposit: its terms are the late-change terms, not the booking terms about the deposit', () => {
    const w = confirmWorld()
    w.session.organisation = {
      ...organisation,
      termsAndConditionsText: 'A deposit is taken to secure your appointment. Cancel {LateCancellationPeriod} hours ahead.',
      lateCancellationText: 'Changes within {LateCancellationPeriod} hours cost {LateCancellationValue}.',
      lateCancellationChargeType: 'AMOUNT',
      lateCancellationChargeValue: 25,
    }
    bookFacial(w)
    expect(w.confirm.terms).toContain('A deposit is taken')
    w.booking.startReschedule({ appointmentId: 'a1', clinic: clinicA, items: [{ service: facial, staff: anna }], linked: false })
    w.booking.choosePractitioner(anna)
    w.booking.chooseTime([slot])
    expect(w.confirm.terms).toBe('Changes within 24 hours cost £25.00.')
    expect(w.confirm.amountDue).toBe(0)
  })

  it('a reschedule with no late-change text set shows the default change terms', () => {
    const w = confirmWorld()
    w.booking.startReschedule({ appointmentId: 'a1', clinic: clinicA, items: [{ service: facial, staff: anna }], linked: false })
    w.booking.choosePractitioner(anna)
    w.booking.chooseTime([slot])
    expect(w.confirm.terms).toMatch(/^Appointments cancelled or changed within 24 hours/)
    expect(w.confirm.terms).not.toContain('Cancel 24 hours ahead.')
  })
})

describe('ConfirmViewModel: the agree action (spec section 4, Confirm action)', () => {
  it('a booking with a deposit holds the appointment and goes to the payment step', async () => {
    const w = confirmWorld()
    bookFacial(w)
    w.confirm.enter()
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    expect(w.useCases.calls.ConfirmBooking![0][0]).toMatchObject({
      kind: 'book',
      customerId: 'u1',
      clinicId: 'c1',
      appointment: {
        event: { start: slot.startDate, end: slot.endDate },
        practitioner: 'p1',
        clinic: 'c1',
        service: 's1',
        price: 90,
        deposit: 45,
        linkedAppointments: [],
      },
    })
    expect(w.booking.view.step).toBe('payment')
    expect(w.payment.paymentUrl).toBe('/sandbox/pay/t1')
    expect(w.confirm.countdownText).toBeUndefined()
  })

  it('a zero deposit skips payment and goes to the thank-you page', async () => {
    const w = confirmWorld({ ConfirmBooking: async () => E.right(booked) })
    bookFacial(w)
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    // The thank-you page offers exactly this booking for the calendar.
    expect(w.navigator.last).toBe('/location?serviceBooking=true&booked=a1')
  })

  it('a failure (the time was taken meanwhile) shows the message as a toast and goes back to the times of that day', async () => {
    const w = confirmWorld({ ConfirmBooking: async () => E.left(refused('This time is no longer available')) })
    bookFacial(w)
    w.booking.pickDate('2026-03-12')
    w.confirm.enter()
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    expect(w.toasts.toasts.map((t) => t.text)).toEqual(['This time is no longer available'])
    expect(w.booking.view.step).toBe('time')
    expect(w.booking.view.timeStep).toBe('hours')
    expect(w.booking.view.date).toBe('2026-03-12')
    expect(w.booking.view.basket[0].start).toBeUndefined()
    expect(w.booking.view.canBook).toBe(false)
    expect(w.confirm.countdownText).toBeUndefined()
    expect(w.navigator.last).toBe('/step/c1/cat1/s1?service=0')
    w.booking.chooseTime([{ ...slot, startDate: '2026-03-12T11:00:00Z', endDate: '2026-03-12T12:00:00Z' }])
    expect(w.booking.view.canBook).toBe(true)
  })

  it('a server too busy to take it (503) says so and keeps confirm, the time still chosen: agreed again, it books', async () => {
    const busy = 'The service is temporarily unavailable. Please try again in a moment.'
    const answers = [E.left({ _tag: 'Refused', status: 503, message: busy } as const), E.right(booked)]
    const w = confirmWorld({ ConfirmBooking: async () => answers.shift()! })
    bookFacial(w)
    w.booking.pickDate('2026-03-12')
    w.confirm.enter()
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    expect(w.toasts.toasts.map((t) => t.text)).toEqual([busy])
    expect(w.booking.view.step).toBe('confirm')
    expect(w.booking.view.basket[0].start).toBe(slot.startDate)
    expect(w.confirm.countdownText).toBeDefined()
    await w.confirm.agree()
    expect(w.navigator.last).toBe('/location?serviceBooking=true&booked=a1')
  })

  it('a server too busy with a Retry-After (issue 31): the wait named, never sent again by itself, confirm and the time kept', async () => {
    let tries = 0
    const w = confirmWorld({
      ConfirmBooking: async () => {
        tries++
        return E.left(bookingFailure(httpError(503, 'The service is temporarily unavailable. Please try again in a moment.', 2)))
      },
    })
    bookFacial(w)
    w.booking.pickDate('2026-03-12')
    w.confirm.enter()
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    expect(w.toasts.toasts.map((t) => t.text)).toEqual(['The service is busy. Please try again in 2 seconds.'])
    expect(tries).toBe(1)
    expect(w.booking.view.step).toBe('confirm')
    expect(w.booking.view.basket[0].start).toBe(slot.startDate)
    expect(w.confirm.canAgree).toBe(true)
  })

  it('a time another booking took (SlotTaken) says so, word for word, and goes back to the times of that day', async () => {
    const w = confirmWorld({ ConfirmBooking: async () => E.left({ _tag: 'SlotTaken', status: 409, message: 'the server said so' }) })
    bookFacial(w)
    w.booking.pickDate('2026-03-12')
    w.confirm.enter()
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    expect(w.toasts.toasts.map((t) => t.text)).toEqual(['Sorry, this time is no longer available. Please choose another time.'])
    expect(w.booking.view.step).toBe('time')
    expect(w.booking.view.date).toBe('2026-03-12')
    expect(w.booking.view.outOfTime).toBe(false)
  })

  it("a hold no longer the customer's (HoldLost) is the hold running out: 'Out of time', the date picker, no toast", async () => {
    const w = confirmWorld({ ConfirmBooking: async () => E.left({ _tag: 'HoldLost', status: 404, message: 'This time is no longer held for you. Please choose your time again.' }) })
    bookFacial(w)
    w.booking.pickDate('2026-03-12')
    w.confirm.enter()
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    expect(w.toasts.toasts).toEqual([])
    expect(w.booking.view.outOfTime).toBe(true)
    expect(w.booking.view.step).toBe('time')
    expect(w.booking.view.date).toBeUndefined()
    expect(w.booking.view.canBook).toBe(false)
    expect(w.confirm.countdownText).toBeUndefined()
    expect(w.navigator.last).toBe('/step/c1/cat1/s1?service=0')
  })

  it('a failed reschedule goes back to the times as well', async () => {
    // what the use case makes of the server's 409 SLOT_TAKEN (its own case since issue 27)
    const w = confirmWorld({ RescheduleAppointment: async () => E.left({ _tag: 'SlotTaken', status: 409, message: 'Sorry, this time is no longer available. Please choose another time.' }) })
    w.booking.startReschedule({ appointmentId: 'a1', clinic: clinicA, items: [{ service: facial, staff: anna }], linked: false })
    w.booking.choosePractitioner(anna)
    w.booking.pickDate('2026-03-12')
    w.booking.chooseTime([slot])
    w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: { reschedule: '1' } })
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    expect(w.toasts.toasts.map((t) => t.text)).toEqual(['Sorry, this time is no longer available. Please choose another time.'])
    expect(w.booking.view.step).toBe('time')
    expect(w.booking.view.basket[0].start).toBeUndefined()
    expect(w.booking.view.isReschedule).toBe(true)
  })

  it('a course purchase goes to payment with the course', async () => {
    const w = confirmWorld()
    w.booking.setLocation(clinicA)
    w.booking.setView('courses')
    w.booking.chooseService(course, 'kc')
    w.confirm.onTermsScroll(400, 200, 600)
    expect(w.confirm.terms).toBe('Course terms')
    expect(w.confirm.amountDue).toBe(400)
    await w.confirm.agree()
    expect(w.useCases.calls.ConfirmBooking![0][0]).toEqual({ kind: 'course', customerId: 'u1', clinicId: 'c1', courseIds: ['k1'] })
    expect(w.booking.view.step).toBe('payment')
  })

  it('a gift voucher goes to payment with its receiver', async () => {
    const w = confirmWorld()
    w.booking.setLocation(clinicA)
    w.booking.addGiftVoucher({ value: 100, receiver: { name: 'Sam', email: 'sam@example.com', message: 'Enjoy' } })
    w.confirm.onTermsScroll(400, 200, 600)
    expect(w.confirm.terms).toBe('Voucher terms')
    expect(w.confirm.amountDue).toBe(100)
    await w.confirm.agree()
    expect(w.useCases.calls.ConfirmBooking![0][0]).toEqual({
      kind: 'giftVoucher', customerId: 'u1', clinicId: 'c1',
      vouchers: [{ value: 100, receiver: { name: 'Sam', email: 'sam@example.com', confirmEmail: 'sam@example.com', message: 'Enjoy' } }],
    })
  })

  it('a reschedule moves the appointment and goes to the thank-you page', async () => {
    const w = confirmWorld()
    w.booking.startReschedule({ appointmentId: 'a1', clinic: clinicA, items: [{ service: facial, staff: anna }], linked: false })
    w.booking.choosePractitioner(anna)
    w.booking.chooseTime([slot])
    w.confirm.enter()
    expect(w.confirm.countdownText).toBeUndefined()
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    expect(w.useCases.calls.RescheduleAppointment![0]).toMatchObject(['a1', { event: { start: slot.startDate, end: slot.endDate }, practitioner: 'p1', clinic: 'c1', service: 's1' }])
    expect(w.navigator.last).toBe('/location?serviceBooking=true')
  })
})

describe('reschedule of linked appointments', () => {
  it('moves every appointment by the offset of the first (through the confirm call)', async () => {
    const w = confirmWorld({ ConfirmBooking: async () => E.right(booked) })
    w.booking.startReschedule({
      appointmentId: 'a1',
      clinic: clinicA,
      linked: true,
      items: [
        { service: facial, staff: anna, appointmentId: 'a1', event: { start: '2026-03-20T10:00:00Z', end: '2026-03-20T11:00:00Z' } },
        { service: facial, staff: anna, appointmentId: 'a2', isLinked: true, event: { start: '2026-03-20T11:00:00Z', end: '2026-03-20T12:00:00Z' } },
      ],
    })
    expect(w.booking.view.step).toBe('time')
    w.booking.chooseTime([slot, { ...slot, startDate: '2026-03-12T11:00:00Z', endDate: '2026-03-12T12:00:00Z' }])
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    expect(w.useCases.calls.ConfirmBooking![0][0]).toMatchObject({
      kind: 'reschedule',
      newStart: new Date(slot.startDate),
      appointments: [
        { appointmentId: 'a1', event: { start: new Date('2026-03-20T10:00:00Z') }, clinic: 'c1', service: 's1', practitioner: 'p1' },
        { appointmentId: 'a2', isLinked: true, event: { start: new Date('2026-03-20T11:00:00Z') } },
      ],
    })
    expect(w.useCases.calls.RescheduleAppointment).toBeUndefined()
    expect(w.navigator.last).toBe('/location?serviceBooking=true')
  })
})

describe('PaymentViewModel (spec section 4, Payment)', () => {
  it('polls every 3 s; when paid waits 3 s and shows the thank-you page', async () => {
    let paid = false
    const w = confirmWorld({ CheckPayment: async () => E.right(paymentCheck(paid)) })
    bookFacial(w)
    w.payment.start({ kind: 'deposit', paymentUrl: '/sandbox/pay/t1', transactionId: 't1', appointmentId: 'a1' })
    w.clock.advance(2_999)
    expect(w.useCases.calls.CheckPayment).toBeUndefined()
    w.clock.advance(1)
    await flush()
    expect(w.useCases.calls.CheckPayment).toHaveLength(1)
    paid = true
    w.clock.advance(3_000)
    await flush()
    expect(w.payment.paid).toBe(true)
    expect(w.navigator.last).not.toContain('/location')
    w.clock.advance(3_000)
    expect(w.navigator.last).toBe('/location?serviceBooking=true')
    w.clock.advance(30_000)
    expect(w.useCases.calls.CheckPayment).toHaveLength(2)
  })

  it('a paid course purchase verifies the course assignment', async () => {
    const w = confirmWorld({ CheckPayment: async () => E.right(paymentCheck(true)) })
    w.payment.start({ kind: 'course', paymentUrl: '/p', transactionId: 't2', invoiceId: 'i2' })
    w.clock.advance(3_000)
    await flush()
    expect(w.useCases.calls.VerifyCourseAssignment).toEqual([['i2']])
    w.clock.advance(3_000)
    expect(w.navigator.last).toBe('/location?coursePurchase=true')
  })

  it("'Start again' stops polling, releases the pending appointment and restarts", () => {
    const w = confirmWorld()
    bookFacial(w)
    w.payment.start({ kind: 'deposit', paymentUrl: '/p', transactionId: 't1', appointmentId: 'a1' })
    const before = w.navigator.paths.length - w.navigator.replaced.length
    w.payment.startAgain()
    expect(w.useCases.calls.DeletePendingAppointment).toEqual([['a1']])
    expect(w.booking.view.basket).toEqual([])
    expect(w.navigator.last).toBe('/step/c1')
    // The list takes the payment's place in the history: no entry added (Back goes to the step before).
    expect(w.navigator.paths.length - w.navigator.replaced.length).toBe(before)
    w.clock.advance(10_000)
    expect(w.useCases.calls.CheckPayment).toBeUndefined()
  })

  it('the payment step leaving and coming back resumes polling', async () => {
    const w = confirmWorld({ CheckPayment: async () => E.right(paymentCheck(false)) })
    w.payment.start({ kind: 'deposit', paymentUrl: '/p', transactionId: 't1' })
    w.payment.stop()
    w.clock.advance(6_000)
    expect(w.useCases.calls.CheckPayment).toBeUndefined()
    w.payment.resume()
    w.payment.resume()
    w.clock.advance(3_000)
    await flush()
    expect(w.useCases.calls.CheckPayment).toHaveLength(1)
  })

  it('browser back from the payment step releases the pending booking and clears the time; the same time can be booked again', async () => {
    const w = confirmWorld()
    bookFacial(w)
    w.confirm.enter()
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    expect(w.booking.view.step).toBe('payment')
    // The confirm URL again (a re-render, a course purchase's URL) keeps the payment step.
    w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: {} })
    expect(w.booking.view.step).toBe('payment')
    expect(w.useCases.calls.DeletePendingAppointment ?? []).toHaveLength(0)
    // Browser back: the step URL without /confirm.
    w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: false, query: {} })
    expect(w.booking.view.step).not.toBe('payment')
    expect(w.useCases.calls.DeletePendingAppointment).toEqual([['a1']])
    expect(w.payment.session).toBeUndefined()
    expect(w.booking.view.basket[0].start).toBeUndefined()
    w.clock.advance(10_000)
    expect(w.useCases.calls.CheckPayment ?? []).toHaveLength(0)
  })

  it("no 'remove' on the payment step (two services): the booking is held as agreed, its payment stays open ('Start again' is the way back)", async () => {
    const w = confirmWorld()
    chooseFacialAndMassage(w.booking, anna)
    w.booking.chooseTime([slot, { startDate: '2026-03-12T11:00:00Z', endDate: '2026-03-12T11:30:00Z', practitioner: 'p1', valid: true }])
    w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's2', confirm: true, query: { service: '1' } })
    w.confirm.enter()
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    expect(w.booking.view.step).toBe('payment')
    expect(w.booking.view.canRemoveItems).toBe(false)
    w.booking.askRemove(1)
    w.booking.confirmRemove()
    expect(w.booking.view.basket.map((i) => i.service.id)).toEqual(['s1', 's2'])
    expect(w.booking.view.step).toBe('payment')
    expect(w.useCases.calls.DeletePendingAppointment ?? []).toHaveLength(0)
    expect(w.payment.session).toBeDefined()
  })

  it('a paid payment is not released when the thank-you page follows', async () => {
    const w = confirmWorld({ CheckPayment: async () => E.right(paymentCheck(true)) })
    bookFacial(w)
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    await w.payment.poll()
    w.booking.clearBookingInfo()
    expect(w.useCases.calls.DeletePendingAppointment ?? []).toHaveLength(0)
  })

  it('thank-you paths by kind', () => {
    const w = confirmWorld()
    w.payment.start({ kind: 'giftVoucher', paymentUrl: '/p', transactionId: 't' })
    expect(w.payment.thankYouPath).toBe('/location?giftVoucherPurchase=true')
    givenBookingState(w.booking, { mode: { kind: 'courseSession' } })
    w.payment.start({ kind: 'deposit', paymentUrl: '/p', transactionId: 't' })
    expect(w.payment.thankYouPath).toBe('/location?courseServiceBooking=true')
  })
})
