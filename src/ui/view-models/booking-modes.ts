/**
 * The booking wizard's modes (spec section 4): reschedule and book again started from the account
 * page (their start state is the domain's modeStart), course purchase, and the reset of them all.
 */
import { modeStart, type ModeStart } from '../../domain/booking/reschedule'
import { stepPath } from '../../domain/booking/steps'
import type { Navigator } from './app-services'
import type { RescheduleInput, BookingWizard } from './booking-views'
import type { ClinicView, PractitionerView, ServiceView } from './views'

/** Reschedule starts at the time step when linked, otherwise at the staff step. */
export function startReschedule(vm: BookingWizard, input: RescheduleInput, navigator: Navigator): void {
  vm.clearBookingInfo()
  vm.isReschedule = true
  vm.isLinked = input.linked
  vm.rescheduleAppointmentId = input.appointmentId
  enter(vm, input.clinic, modeStart({ reschedule: true, linked: input.linked }, input.clinic.id, input.items), navigator)
  for (const item of vm.basket) item.bookedStaff = item.staff
}

/** Book again: same services and practitioner, at the staff step; the services still need refreshing. */
export function startBookAgain(vm: BookingWizard, input: Omit<RescheduleInput, 'appointmentId' | 'linked'>, navigator: Navigator): void {
  vm.clearBookingInfo()
  vm.isBookAgain = true
  vm.servicesToRefresh = true
  enter(vm, input.clinic, modeStart({ reschedule: false }, input.clinic.id, input.items), navigator)
}

function enter(vm: BookingWizard, clinic: ClinicView, start: ModeStart<ServiceView, PractitionerView>, navigator: Navigator): void {
  vm.rescheduleSources = start.sources
  vm.location = clinic
  vm.basket = start.basket
  vm.activeIndex = 0
  // Book again's step follows from its URL (staff); reschedule's may be time, which the URL cannot tell.
  if (vm.isReschedule) vm.step = start.step
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
  vm.basket = []
  vm.activeIndex = 0
  vm.giftVouchers = []
  vm.date = undefined
  vm.timeStep = 'date'
}

/** Every mode and choice reset; courseContext is kept (spec section 4). */
export function resetWizard(vm: BookingWizard): void {
  emptyBasket(vm)
  vm.step = 'location'
  vm.outOfTime = false
  vm.askAnotherService = false
  vm.askAnotherCourse = false
  vm.removing = undefined
  vm.isReschedule = false
  vm.isBookAgain = false
  vm.servicesToRefresh = false
  vm.isLinked = false
  vm.rescheduleAppointmentId = undefined
  vm.rescheduleSources = []
  vm.courseServiceBooking = false
  vm.viewFromQuery = undefined
  vm.view = 'services'
}

/**
 * 'Book appointment': signed in, straight to confirm (`target`: the current url plus /confirm, keeping
 * the query string); otherwise the locked login modal, then confirm. Once: a double click went there twice.
 */
export function goToConfirm(vm: BookingWizard, target: string, requireLogin: (then: () => void) => void, navigator: Navigator): void {
  if (!vm.canBook || vm.step === 'confirm') return
  requireLogin(() => {
    if (vm.step === 'confirm') return
    vm.step = 'confirm' // at once: the URL's render comes after a second click of the same double click
    navigator.go(target)
  })
}
