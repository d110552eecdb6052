// The payment step after 'Book again' and the poller's failure modes (spec section 4, Payment:
// "Status is polled every 3 s. When paid ... after 3 s go to the thank-you page").
import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import type { AppError } from '../../application/failure'
import type { PaymentCheck } from '../../contract/invoices.routes'
import { anna, clinicA, facial, flush, organisation, user, world, type UseCaseFakes, paymentCheck, serviceOf, slotHoldOf } from './booking.test-support'
import { ConfirmViewModel } from './confirm.view-model'
import { PaymentViewModel } from './payment.view-model'
import { LocationsViewModel } from './locations.view-model'
import { LazyBooking } from './lazy-booking.view-model'
import { ServicesViewModel } from './services.view-model'

const slot = { startDate: '2026-03-12T10:00:00Z', endDate: '2026-03-12T11:00:00Z', practitioner: 'p1', valid: true }

function paymentWorld(overrides: Partial<UseCaseFakes> = {}) {
  const w = world(overrides)
  const payment = new PaymentViewModel(w.useCases.CheckPayment, w.useCases.VerifyCourseAssignment, w.useCases.DeletePendingAppointment, w.booking, w.navigator, w.clock)
  const confirm = new ConfirmViewModel(w.useCases.ConfirmBooking, w.useCases.DeletePendingAppointment, w.useCases.RescheduleAppointment, w.booking, w.session, w.toasts, payment, w.navigator, w.clock, w.config, w.useCases.ListMyCourses)
  w.session.organisation = organisation
  w.session.signedIn(user)
  return { ...w, payment, confirm }
}

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined
  let reject: (e: unknown) => void = () => undefined
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe("'Book again' through the payment step to the thank-you page", () => {
  it('the booked-again appointment is paid and the thank-you page follows, whatever the holds do afterwards', async () => {
    let paid = false
    const w = paymentWorld({ CheckPayment: async () => E.right(paymentCheck(paid)) })
    // The account page: the past appointment with its practitioner (no price known there).
    w.booking.startBookAgain({ clinic: clinicA, items: [{ service: facial, staff: { id: anna.id, displayName: anna.displayName } }] })
    expect(w.navigator.last).toBe('/step/c1/cat1/s1?service=0')
    w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { service: '0' } })
    expect(w.booking.view.isBookAgain).toBe(true)
    expect(w.booking.view.step).toBe('staff')
    w.booking.choosePractitioner(anna)
    w.booking.answerAnotherService(false)
    w.booking.pickDate('2026-03-12')
    w.booking.chooseTime([slot])
    // The hold answered before 'Book appointment' (the confirm URL waits for it otherwise).
    w.booking.setHeld({ id: '65a000000000000000000001', token: 'abcdefghijklmnop' }, w.clock.now().getTime() + 300_000)
    w.booking.book('/step/c1/cat1/s1', '?service=0&hold=65a000000000000000000001.abcdefghijklmnop')
    expect(w.navigator.last).toBe('/step/c1/cat1/s1/confirm?service=0&hold=65a000000000000000000001.abcdefghijklmnop')
    w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: { service: '0', hold: '65a000000000000000000001.abcdefghijklmnop' } })
    expect(w.booking.view.step).toBe('confirm')
    w.confirm.enter()
    w.confirm.onTermsScroll(400, 200, 600)
    await w.confirm.agree()
    expect(w.booking.view.step).toBe('payment')
    expect(w.payment.session?.transactionId).toBe('t1')
    // The payment step's URL is still the confirm URL: syncing it keeps the payment step.
    w.booking.syncRoute({ locationId: 'c1', categoryId: 'cat1', serviceId: 's1', confirm: true, query: { service: '0' } })
    expect(w.booking.view.step).toBe('payment')

    w.clock.advance(3_000)
    await flush()
    expect(w.payment.paid).toBe(false)
    paid = true
    w.clock.advance(3_000)
    await flush()
    expect(w.payment.paid).toBe(true)
    w.clock.advance(3_000)
    expect(w.navigator.last).toBe('/location?serviceBooking=true&booked=a1')
    // Neither the time hold nor the confirm countdown fires later.
    w.clock.advance(10 * 60_000)
    await flush()
    expect(w.navigator.last).toBe('/location?serviceBooking=true&booked=a1')
    expect(w.booking.view.outOfTime).toBe(false)
    expect(w.useCases.calls.DeletePendingAppointment).toBeUndefined()
  })
})

describe("'Book again' basket", () => {
  it("takes the service's own deposit rule and online details from the server, keeping the practitioner", async () => {
    const online = { ...facial, onlineName: 'Signature facial', bookingDepositType: 'fixed amount', bookingDepositAmount: 25 }
    const w = paymentWorld({ GetService: async () => E.right(serviceOf(online)) })
    const services = new ServicesViewModel(w.useCases.ListCategoriesAndServices, w.useCases.ListCourses, w.useCases.GetService, w.booking, w.toasts, slotHoldOf(w))
    const locations = new LocationsViewModel(w.useCases.ListLocations, new LazyBooking(async () => w.booking), w.toasts)
    // What the past appointment knows of its service: no deposit rule, no online name.
    const past = { id: facial.id, name: facial.name, categoryId: facial.categoryId, defaultDuration: 60, defaultPrice: 80 }
    w.booking.startBookAgain({ clinic: clinicA, items: [{ service: past, staff: { id: anna.id, displayName: anna.displayName } }] })
    const route = { locationId: 'c1', categoryId: 'cat1', serviceId: 's1', query: { service: '0' } }
    w.booking.syncRoute(route)
    await services.restoreRoute(route, locations)
    await flush()
    expect(w.useCases.calls.GetService).toEqual([['s1']])
    expect(w.booking.view.basket[0].service).toEqual(online)
    expect(w.booking.view.basket[0].staff?.id).toBe(anna.id)
    w.booking.chooseTime([slot])
    expect(w.confirm.amountDue).toBe(25)
    // Moving on inside the wizard does not fetch it again.
    await services.restoreRoute({ ...route, confirm: true }, locations)
    await flush()
    expect(w.useCases.calls.GetService).toHaveLength(1)
  })
})

describe('PaymentViewModel: the poller survives what goes wrong', () => {
  it('a status check that throws does not stop the polling', async () => {
    let calls = 0
    const w = paymentWorld({
      CheckPayment: async () => {
        calls += 1
        if (calls === 1) throw new Error('chunk failed to load')
        return E.right(paymentCheck(true))
      },
    })
    w.payment.start({ kind: 'deposit', paymentUrl: '/p', transactionId: 't1', appointmentId: 'a1' })
    w.clock.advance(3_000)
    await flush()
    expect(w.payment.paid).toBe(false)
    w.clock.advance(3_000)
    await flush()
    expect(calls).toBe(2)
    expect(w.payment.paid).toBe(true)
    w.clock.advance(3_000)
    expect(w.navigator.last).toBe('/location?serviceBooking=true')
  })

  it("a check of an earlier payment still on its way neither blocks the current payment's checks nor marks it paid", async () => {
    const earlier = deferred<E.Either<AppError, PaymentCheck>>()
    let currentPaid = false
    const w = paymentWorld({
      CheckPayment: (transactionId) => (transactionId === 'old' ? earlier.promise : Promise.resolve(E.right(paymentCheck(currentPaid)))),
    })
    w.payment.start({ kind: 'deposit', paymentUrl: '/p/old', transactionId: 'old', appointmentId: 'a0' })
    w.clock.advance(3_000)
    await flush()
    // The customer leaves that payment and books again: a new payment starts.
    w.payment.start({ kind: 'deposit', paymentUrl: '/p/new', transactionId: 'new', appointmentId: 'a1' })
    w.clock.advance(3_000)
    await flush()
    expect(w.useCases.calls.CheckPayment!.map((c) => c[0])).toEqual(['old', 'new'])
    // The earlier payment's answer arrives: it is about another transaction.
    earlier.resolve(E.right(paymentCheck(true)))
    await flush()
    expect(w.payment.paid).toBe(false)
    w.clock.advance(3_000)
    await flush()
    expect(w.navigator.paths).toEqual([])
    currentPaid = true
    w.clock.advance(3_000)
    await flush()
    expect(w.payment.paid).toBe(true)
    w.clock.advance(3_000)
    expect(w.navigator.last).toBe('/location?serviceBooking=true')
  })

  it("'Start again' after the payment was seen also cancels the pending thank-you navigation", async () => {
    const w = paymentWorld({ CheckPayment: async () => E.right(paymentCheck(true)) })
    w.booking.setLocation(clinicA)
    w.payment.start({ kind: 'deposit', paymentUrl: '/p', transactionId: 't1', appointmentId: 'a1' })
    w.clock.advance(3_000)
    await flush()
    expect(w.payment.paid).toBe(true)
    w.payment.startAgain()
    w.clock.advance(10_000)
    expect(w.navigator.paths).toEqual(['/step/c1'])
    expect(w.useCases.calls.DeletePendingAppointment).toBeUndefined()
  })
})
