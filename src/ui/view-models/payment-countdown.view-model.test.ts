// The payment step's countdown (issue 27) and its summary's amounts: the booking stays held while the deposit is paid, the
// banner counts down to the server's end of the hold, and at zero it is 'Out of time' as on confirm.
import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { anna, clinicA, course, facial, flush, organisation, paymentCheck, user, world, type UseCaseFakes } from './booking.test-support'
import { ConfirmViewModel } from './confirm.view-model'
import { PaymentViewModel } from './payment.view-model'
import type { ConfirmOutcome } from '../../application/use-cases/confirm-booking.use-case'

const slot = { startDate: '2026-03-12T10:00:00Z', endDate: '2026-03-12T11:00:00Z', practitioner: 'p1', valid: true }
/** The suite's clock starts at 2026-03-10T09:00:00Z; the server holds the booking for 5 minutes from the agree. */
const HELD_UNTIL = '2026-03-10T09:05:00.000Z'

const depositDue: ConfirmOutcome = {
  _tag: 'PaymentRequired',
  payment: { paymentUrl: '/sandbox/pay/t1', transactionId: 't1', invoiceId: 'i1', amount: 45 },
  booking: { appointment: { id: 'a1' }, appointments: [], deposit: 45, holdExpiresAt: HELD_UNTIL },
} as unknown as ConfirmOutcome

function paymentWorld(overrides: Partial<UseCaseFakes> = {}) {
  const w = world({ ConfirmBooking: async () => E.right(depositDue), ...overrides })
  const payment = new PaymentViewModel(w.useCases.CheckPayment, w.useCases.VerifyCourseAssignment, w.useCases.DeletePendingAppointment, w.booking, w.navigator, w.clock)
  const confirm = new ConfirmViewModel(w.useCases.ConfirmBooking, w.useCases.DeletePendingAppointment, w.useCases.RescheduleAppointment, w.booking, w.session, w.toasts, payment, w.navigator, w.clock, w.config, w.useCases.ListMyCourses)
  w.session.organisation = organisation
  w.session.signedIn(user)
  return { ...w, payment, confirm }
}

async function payFacial(w: ReturnType<typeof paymentWorld>) {
  w.booking.setLocation(clinicA)
  w.booking.chooseService(facial, 'cat1')
  w.booking.choosePractitioner(anna)
  w.booking.answerAnotherService(false)
  w.booking.chooseTime([slot])
  w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: {} })
  w.confirm.enter()
  w.confirm.onTermsScroll(400, 200, 600)
  await w.confirm.agree()
}

describe('PaymentViewModel: the hold counts down on the payment step', () => {
  it("shows 'Your appointment will be held for m:ss' to the server's end of the hold, warning in the last minute", async () => {
    const w = paymentWorld()
    await payFacial(w)
    expect(w.booking.view.step).toBe('payment')
    expect(w.payment.countdownText).toBe('Your appointment will be held for 5:00')
    w.clock.advance(239_000)
    expect(w.payment.countdownText).toBe('Your appointment will be held for 1:01')
    expect(w.payment.countdownWarning).toBe(false)
    w.clock.advance(1_000)
    expect(w.payment.countdownText).toBe('Your appointment will be held for 1:00')
    expect(w.payment.countdownWarning).toBe(true)
  })

  it("at zero without a payment: the booking released, the time step with 'Out of time' (as on confirm)", async () => {
    const w = paymentWorld()
    await payFacial(w)
    w.clock.advance(300_000)
    await flush()
    await flush()
    expect(w.useCases.calls.DeletePendingAppointment).toEqual([['a1']])
    expect(w.payment.session).toBeUndefined()
    expect(w.booking.view.outOfTime).toBe(true)
    expect(w.booking.view.step).toBe('time')
    expect(w.booking.view.basket[0].start).toBeUndefined()
    expect(w.navigator.last).toBe('/step/c1/cat1/s1?service=0')
  })

  it('at zero a payment that came in meanwhile still counts: the thank-you page, nothing released', async () => {
    const w = paymentWorld({ CheckPayment: async () => E.right(paymentCheck(true)) })
    await payFacial(w)
    w.payment.stop() // no poll of its own before the end: only the last check sees the payment
    w.clock.advance(300_000)
    await flush()
    await flush()
    expect(w.payment.paid).toBe(true)
    expect(w.payment.countdownText).toBeUndefined()
    expect(w.useCases.calls.DeletePendingAppointment).toBeUndefined()
    expect(w.booking.view.outOfTime).toBe(false)
    w.clock.advance(3_000)
    expect(w.navigator.last).toBe('/location?serviceBooking=true&booked=a1')
  })

  it("'Start again' stops the countdown: nothing runs out later", async () => {
    const w = paymentWorld()
    await payFacial(w)
    w.payment.startAgain()
    expect(w.payment.countdownText).toBeUndefined()
    w.clock.advance(300_000)
    await flush()
    expect(w.booking.view.outOfTime).toBe(false)
    expect(w.useCases.calls.DeletePendingAppointment).toEqual([['a1']])
  })

  it("the summary: the server's amount to pay now and the rest left for the clinic; nothing can be removed or changed", async () => {
    const w = paymentWorld()
    await payFacial(w)
    // Anna's facial is £90.00; the server asked for a £45.00 deposit.
    expect(w.booking.view.total).toBe(90)
    expect(w.payment.amounts).toEqual({ dueNow: 45, atClinic: 45 })
    expect(w.booking.view.canRemoveItems).toBe(false)
    expect(w.booking.view.canChangeItems).toBe(false)
    w.booking.askRemove(0)
    expect(w.booking.view.removing).toBeUndefined()
  })

  it('no countdown for a course purchase (nothing is held)', async () => {
    const w = paymentWorld({
      ConfirmBooking: async () => E.right({ _tag: 'PaymentRequired', payment: { paymentUrl: '/sandbox/pay/t2', transactionId: 't2', invoiceId: 'i2', amount: 400 } } as ConfirmOutcome),
    })
    w.booking.setLocation(clinicA)
    w.booking.setView('courses')
    w.booking.chooseService(course, 'kc')
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    expect(w.booking.view.step).toBe('payment')
    expect(w.payment.countdownText).toBeUndefined()
    // The whole price is paid now: nothing left for the clinic.
    expect(w.payment.amounts).toEqual({ dueNow: 400, atClinic: 0 })
  })
})
