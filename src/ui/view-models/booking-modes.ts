/**
 * The booking wizard's modes (spec section 4): reschedule and book again started from the account
 * page (their start state is the domain's modeStart), course purchase, and the reset of them all.
 */
import { modeStart, type ModeStart } from '../../domain/booking/reschedule'
import { stepPath } from '../../domain/booking/steps'
import type { WizardMode } from '../../domain/booking/wizard'
import type { Navigator } from './app-services'
import { initialBookingState, type RescheduleInput, type BookingWizard } from './booking-views'
import type { ClinicView, PractitionerView, ServiceView } from './views'

/** Reschedule starts at the time step when linked, otherwise at the staff step. */
export function startReschedule(vm: BookingWizard, input: RescheduleInput, navigator: Navigator): void {
  vm.clearBookingInfo()
  const start = modeStart({ reschedule: true, linked: input.linked }, input.clinic.id, input.items)
  const mode: WizardMode = { kind: 'reschedule', appointmentId: input.appointmentId, linked: input.linked, sources: start.sources }
  enter(vm, input.clinic, mode, { ...start, basket: start.basket.map((i) => ({ ...i, bookedStaff: i.staff })) }, navigator)
}

/** Book again: same services and practitioner, at the staff step; the services still need refreshing. */
export function startBookAgain(vm: BookingWizard, input: Omit<RescheduleInput, 'appointmentId' | 'linked'>, navigator: Navigator): void {
  vm.clearBookingInfo()
  enter(vm, input.clinic, { kind: 'bookAgain', servicesToRefresh: true }, modeStart({ reschedule: false }, input.clinic.id, input.items), navigator)
}

function enter(vm: BookingWizard, clinic: ClinicView, mode: WizardMode, start: ModeStart<ServiceView, PractitionerView>, navigator: Navigator): void {
  // Book again's step follows from its URL (staff); reschedule's may be time, which the URL cannot tell.
  vm.patch({ location: clinic, locationId: clinic.id, basket: start.basket, mode, activeIndex: 0, ...(mode.kind === 'reschedule' ? { step: start.step } : {}) })
  navigator.go(stepPath(start.path))
}

/** Courses: 'Buy now' goes to confirm; course=true lets a reload rebuild the course purchase. */
export function buyNow(vm: BookingWizard, navigator: Navigator): void {
  const last = vm.basket[vm.basket.length - 1]
  if (!vm.location || !last) return
  const query = { ...vm.keptQuery, course: 'true' }
  navigator.go(stepPath({ locationId: vm.location.id, categoryId: last.service.categoryId, serviceId: last.service.id, confirm: true, query }))
}

/** The basket emptied with its time, gift vouchers and date (another clinic was chosen). */
export function emptyBasket(vm: BookingWizard): void {
  vm.clearTime()
  const mode = vm.state.mode.kind === 'giftVoucher' ? { kind: 'newBooking' as const } : vm.state.mode
  vm.patch({ basket: [], activeIndex: 0, mode, date: undefined })
}

/** Every mode and choice reset; the clinic, the URL's query and courseContext are kept (spec section 4). */
export function resetWizard(vm: BookingWizard): void {
  vm.clearTime()
  const { location, locationId, categoryId, query, courseContext, restoring } = vm.state
  // Every optional part named: a patch keeps what it does not name (a day picked would open the next booking's time step on its hours).
  vm.patch({ ...initialBookingState, date: undefined, hold: undefined, dialog: undefined, viewFromQuery: undefined, message: undefined, location, locationId, categoryId, query, courseContext, restoring })
}

/**
 * 'Book appointment': signed in, straight to confirm (`target`: the current url plus /confirm, keeping
 * the query string); otherwise the locked login modal, then confirm. Once: a double click went there twice.
 */
export function goToConfirm(vm: BookingWizard, target: string, requireLogin: (then: () => void) => void, navigator: Navigator): void {
  if (!vm.canBook || vm.step === 'confirm') return
  requireLogin(() => {
    if (vm.step === 'confirm') return
    vm.patch({ step: 'confirm' }) // at once: the URL's render comes after a second click of the same double click
    navigator.go(target)
  })
}
