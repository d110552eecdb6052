// The course a booking names (spec section 3 'Appointment payload': course): only a session booked from
// a bought course names it. The course context outlives a cleared booking (spec section 4), so a later
// ordinary booking must not name it.
import { describe, expect, it } from 'vitest'
import { anna, ben, clinicA, facial, massage, organisation, user, world } from './booking.test-support'
import { ConfirmViewModel } from './confirm.view-model'
import { PaymentViewModel } from './payment.view-model'

const slot = { startDate: '2026-03-12T10:00:00Z', endDate: '2026-03-12T11:00:00Z', practitioner: 'p1', valid: true }

function confirmWorld() {
  const w = world()
  const payment = new PaymentViewModel(w.useCases.CheckPayment, w.useCases.VerifyCourseAssignment, w.useCases.DeletePendingAppointment, w.booking, w.navigator, w.clock)
  const confirm = new ConfirmViewModel(w.useCases.ConfirmBooking, w.useCases.DeletePendingAppointment, w.useCases.RescheduleAppointment, w.booking, w.session, w.toasts, payment, w.navigator, w.clock, w.config, w.useCases.ListMyCourses)
  w.session.organisation = organisation
  w.session.signedIn(user)
  return { ...w, payment, confirm }
}

function bookFacial(w: ReturnType<typeof confirmWorld>, query: Record<string, string>) {
  w.booking.setLocation(clinicA)
  w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query })
  w.booking.chooseService(facial, 'cat1')
  w.booking.choosePractitioner(anna)
  if (w.booking.view.askAnotherService) w.booking.answerAnotherService(false)
  w.booking.chooseTime([slot])
  w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query })
  w.confirm.onTermsScroll(400, 200, 600)
}

describe('ConfirmViewModel: the course of a booking', () => {
  it('a session booked from a course names the course', async () => {
    const w = confirmWorld()
    w.booking.dispatch({ type: 'courseContextSet', courseContext: { courseId: 'cc1', courseServices: ['s1'] } })
    bookFacial(w, { course: 'true', courseServiceBooking: 'true' })
    await w.confirm.agree()
    expect(w.useCases.calls.ConfirmBooking![0][0]).toMatchObject({ kind: 'book', appointment: { service: 's1', course: 'cc1' } })
  })

  it("an ordinary booking after a course session ('Book new appointment') names no course: it was refused (400) or took a session", async () => {
    const w = confirmWorld()
    w.booking.dispatch({ type: 'courseContextSet', courseContext: { courseId: 'cc1', courseServices: ['s1'] } })
    w.booking.clearBookingInfo()
    bookFacial(w, {})
    await w.confirm.agree()
    expect(w.useCases.calls.ConfirmBooking![0][0]).toMatchObject({ kind: 'book', appointment: { service: 's1', course: null, deposit: 45 } })
  })

  it('a course session alone costs nothing: no deposit, no payment step', () => {
    const w = confirmWorld()
    w.booking.dispatch({ type: 'courseContextSet', courseContext: { courseId: 'cc1', courseServices: ['s1'] } })
    bookFacial(w, { course: 'true', courseServiceBooking: 'true' })
    expect(w.confirm.amountDue).toBe(0)
  })

  it('a service added to a course session is paid: its deposit by the normal rules, no course named on it; the session stays the course\'s', async () => {
    const w = confirmWorld()
    const query = { course: 'true', courseServiceBooking: 'true' }
    w.booking.dispatch({ type: 'courseContextSet', courseContext: { courseId: 'cc1', courseServices: ['s1'] } })
    w.booking.setLocation(clinicA)
    w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query })
    w.booking.chooseService(facial, 'cat1')
    w.booking.choosePractitioner(anna)
    w.booking.answerAnotherService(true)
    w.booking.chooseService(massage, 'cat1')
    w.booking.choosePractitioner(ben)
    w.booking.answerAnotherService(false)
    w.booking.chooseTime([slot, { startDate: '2026-03-12T11:00:00Z', endDate: '2026-03-12T12:00:00Z', practitioner: 'p2', valid: true }])
    w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's2', confirm: true, query: { ...query, service: '1' } })
    w.confirm.onTermsScroll(400, 200, 600)
    // Ben's massage costs 70; the organisation's deposit is 50 % (the facial, £90 with Anna, is the course's).
    expect(w.confirm.amountDue).toBe(35)
    await w.confirm.agree()
    expect(w.useCases.calls.ConfirmBooking![0][0]).toMatchObject({
      kind: 'book',
      appointment: {
        service: 's1',
        course: 'cc1',
        price: 0,
        deposit: 35,
        linkedAppointments: [{ service: 's2', practitioner: 'p2', price: 70, course: null }],
      },
    })
  })
})
