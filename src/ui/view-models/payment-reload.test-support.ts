// One page of a browser tab for the tests of a reload on the payment step: the wizard's view models
// on the tab's session storage (what a reload keeps), over the booking tests' fakes.
import * as E from 'fp-ts/Either'
import { organisation, paymentOutcome, user, world, slotHoldOf, type UseCaseFakes } from './booking.test-support'
import { LocationsViewModel } from './locations.view-model'
import { LazyBooking } from './lazy-booking.view-model'
import { ServicesViewModel } from './services.view-model'
import { ConfirmViewModel } from './confirm.view-model'
import { PaymentViewModel } from './payment.view-model'
import type { MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import type { RouteState } from './booking.view-model'
import type { BookingStore } from '../../application/ports/booking-store.port'

/**
 * One page of the tab, signed in; `open` is what StepPage does on every URL: the step from the URL, then
 * the restore. `browser`: the local storage every tab of the browser shares (else the page's own).
 */
export function tabPage(tab: MemoryStorage, overrides: Partial<UseCaseFakes> = {}, browser?: BookingStore) {
  const w = world({ ConfirmBooking: async () => E.right(paymentOutcome({ paymentUrl: '/pay/t1', transactionId: 't1', invoiceId: 'i1' })), ...overrides })
  w.session.organisation = organisation
  w.session.signedIn(user)
  const locations = new LocationsViewModel(w.useCases.ListLocations, new LazyBooking(async () => w.booking), w.toasts)
  const payment = new PaymentViewModel(w.useCases.CheckPayment, w.useCases.VerifyCourseAssignment, w.useCases.DeletePendingAppointment, w.booking, w.navigator, w.clock, tab, browser ?? w.store, w.useCases.GetOpenPurchase)
  const slotHold = slotHoldOf(w, payment, tab)
  const services = new ServicesViewModel(w.useCases.ListCategoriesAndServices, w.useCases.ListCourses, w.useCases.GetService, w.booking, w.toasts, slotHold, w.useCases.GetAppointment, tab, payment)
  const confirm = new ConfirmViewModel(w.useCases.ConfirmBooking, w.useCases.DeletePendingAppointment, w.useCases.RescheduleAppointment, w.booking, w.session, w.toasts, payment, w.navigator, w.clock, w.config, w.useCases.ListMyCourses)
  const open = async (route: RouteState) => {
    w.booking.syncRoute(route)
    await services.restoreRoute(route, locations)
  }
  return { ...w, payment, slotHold, services, confirm, open }
}
