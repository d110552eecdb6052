// 'I understand and agree' never does nothing: each missing piece (the signed-in customer, the location,
// the organisation's settings, a choice the request needs) tells the customer what to do, or recovers.
import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { anna, clinicA, facial, organisation, user, world, booked, givenBookingState, type UseCaseFakes, type World } from './booking.test-support'
import { AGREE_BLOCKED_TEXT, ConfirmViewModel, TERMS_UNREAD } from './confirm.view-model'
import { PaymentViewModel } from './payment.view-model'

const slot = { startDate: '2026-03-12T10:00:00Z', endDate: '2026-03-12T11:00:00Z', practitioner: 'p1', valid: true }

function confirmWorld(overrides: Partial<UseCaseFakes> = {}) {
  const w = world({ ConfirmBooking: async () => E.right(booked), ...overrides })
  const payment = new PaymentViewModel(w.useCases.CheckPayment, w.useCases.VerifyCourseAssignment, w.useCases.DeletePendingAppointment, w.booking, w.navigator, w.clock)
  const confirm = new ConfirmViewModel(w.useCases.ConfirmBooking, w.useCases.DeletePendingAppointment, w.useCases.RescheduleAppointment, w.booking, w.session, w.toasts, payment, w.navigator, w.clock, w.config, w.useCases.ListMyCourses)
  w.session.organisation = organisation
  w.session.userLoaded = true
  w.session.signedIn(user)
  return { ...w, confirm }
}

function bookFacial(w: World & { confirm: ConfirmViewModel }) {
  w.booking.setLocation(clinicA)
  w.booking.chooseService(facial, 'cat1')
  w.booking.choosePractitioner(anna)
  w.booking.answerAnotherService(false)
  w.booking.chooseTime([slot])
  w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: {} })
  w.confirm.enter()
  w.confirm.onTermsScroll(400, 200, 600)
}

const toasts = (w: World) => w.toasts.toasts.map((t) => t.text)

describe('ConfirmViewModel.agree: never a silent no-op', () => {
  it('the signed-in customer gone (signed out elsewhere): the login opens with what to do, and the booking goes on after it', async () => {
    const w = confirmWorld()
    bookFacial(w)
    w.session.user = undefined
    expect(w.confirm.blockedText).toBe('Please sign in to confirm your booking.')
    await w.confirm.agree()
    expect(w.session.loginModalOpen).toBe(true)
    expect(w.session.loginModalLocked).toBe(true)
    expect(w.session.loginNotice).toBe(AGREE_BLOCKED_TEXT.signIn)
    expect(w.useCases.calls.ConfirmBooking).toBeUndefined()
    w.session.signedIn(user)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(w.useCases.calls.ConfirmBooking).toHaveLength(1)
    expect(w.navigator.last).toBe('/location?serviceBooking=true&booked=a1')
  })

  it('the location missing: says so and goes back to the location list', async () => {
    const w = confirmWorld()
    bookFacial(w)
    givenBookingState(w.booking, { location: undefined })
    expect(w.confirm.blockedText).toBe(AGREE_BLOCKED_TEXT.location)
    await w.confirm.agree()
    expect(toasts(w)).toEqual([AGREE_BLOCKED_TEXT.location])
    expect(w.navigator.last).toBe('/')
    expect(w.useCases.calls.ConfirmBooking).toBeUndefined()
  })

  it("the organisation's settings failed to load: the disabled button says to reload, and a click is told the same", async () => {
    const w = confirmWorld()
    bookFacial(w)
    w.session.organisation = undefined
    expect(w.confirm.blockedText).toBeUndefined()
    w.session.organisationFailed = true
    expect(w.confirm.canAgree).toBe(false)
    expect(w.confirm.blockedText).toBe(AGREE_BLOCKED_TEXT.settings)
    await w.confirm.agree()
    expect(toasts(w)).toEqual([AGREE_BLOCKED_TEXT.settings])
  })

  it('the terms unread: a click (keyboard, script) is told to scroll to their end', async () => {
    const w = confirmWorld()
    bookFacial(w)
    w.confirm.leave()
    await w.confirm.agree()
    expect(toasts(w)).toEqual([TERMS_UNREAD])
    expect(w.useCases.calls.ConfirmBooking).toBeUndefined()
  })

  it('the time gone from the basket: asks for a time again on the time step', async () => {
    const w = confirmWorld()
    bookFacial(w)
    givenBookingState(w.booking, { basket: w.booking.state.basket.map(({ start: _s, end: _e, ...item }) => item) })
    await w.confirm.agree()
    expect(toasts(w)).toEqual([AGREE_BLOCKED_TEXT.time])
    expect(w.booking.view.step).toBe('time')
  })
})
