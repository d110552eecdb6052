/**
 * The booking wizard's backward moves (spec section 4 'Back navigation'): the Back button and the
 * removal of a basket item. Each steps back and clears the selection of the step left.
 */
import { stepPath } from '../../domain/booking/steps'
import type { WizardMode } from '../../domain/booking/wizard'
import type { Navigator } from './app-services'
import type { BookingWizard } from './booking-views'

/** The Back button: from the first step (service) back to the location list. */
export function stepBack(vm: BookingWizard, navigator: Navigator): void {
  switch (vm.step) {
    case 'service':
      navigator.go('/')
      return
    case 'staff': {
      const item = vm.activeItem
      const basket =
        item && item.staff === undefined && !item.anyStaff && !vm.isReschedule
          ? vm.basket.filter((_, at) => at !== vm.activeIndex)
          : vm.basket.map((i, at) => (at === vm.activeIndex ? { ...i, staff: undefined, anyStaff: false } : i))
      vm.patch({ basket, activeIndex: basket.length, step: 'service' })
      navigator.go(stepPath({ locationId: vm.location?.id ?? '', query: vm.keptQuery }))
      return
    }
    case 'time':
      vm.clearTime()
      if (vm.timeStep === 'hours') {
        vm.patch({ date: undefined })
        return
      }
      vm.patch({ activeIndex: Math.max(0, vm.basket.length - 1), step: 'staff' })
      return
    case 'confirm':
      vm.clearTime()
      vm.patch({ step: 'time' })
      vm.goToCurrentServiceUrl()
      return
    default:
      navigator.go('/')
  }
}

/** The mode without the course session: the course paid for that session only (a reschedule keeps its own). */
function withoutCourseSession(mode: WizardMode): WizardMode {
  if (mode.kind === 'courseSession') return { kind: 'newBooking' }
  if (mode.kind === 'reschedule' && mode.courseSession) return { kind: 'reschedule', appointmentId: mode.appointmentId, linked: mode.linked, sources: mode.sources }
  return mode
}

/** Removes the basket's item at `index`; removing the last one resets to the service list. */
export function removeFromBasket(vm: BookingWizard, index: number, navigator: Navigator): void {
  const removed = vm.basket[index]
  vm.patch({ basket: vm.basket.filter((_, at) => at !== index) })
  vm.clearTime()
  if (vm.basket.length === 0) {
    // The list it returns to is the ordinary one (its URL drops the course query): the course no longer pays.
    vm.patch({ activeIndex: 0, step: 'service', mode: withoutCourseSession(vm.state.mode) })
    navigator.go(stepPath({ locationId: vm.location?.id ?? '' }))
    return
  }
  vm.patch({ activeIndex: Math.min(vm.activeIndex, vm.basket.length - 1) })
  if (removed?.courseSession && vm.isCourseSession) {
    // The course paid for that session only: the services left are an ordinary booking (the URL drops the course query).
    vm.patch({ mode: withoutCourseSession(vm.state.mode), query: { ...vm.query, course: undefined, courseServiceBooking: undefined } })
    if (vm.step !== 'confirm' && vm.step !== 'payment') vm.goToService(vm.activeIndex)
  }
  // On confirm or payment the held time (and the pending booking of payment) was for the old basket.
  if (vm.step === 'confirm' || vm.step === 'payment') {
    vm.patch({ step: 'time' })
    vm.goToCurrentServiceUrl()
  }
}
