/**
 * The booking wizard's backward moves (spec section 4 'Back navigation'): the Back button and the
 * removal of a basket item. Each steps back and clears the selection of the step left.
 */
import { stepPath } from '../../domain/booking/steps'
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
      if (item && item.staff === undefined && !item.anyStaff && !vm.isReschedule) vm.basket.splice(vm.activeIndex, 1)
      else if (item) {
        item.staff = undefined
        item.anyStaff = false
      }
      vm.activeIndex = vm.basket.length
      vm.step = 'service'
      navigator.go(stepPath({ locationId: vm.location?.id ?? '', query: vm.keptQuery }))
      return
    }
    case 'time':
      vm.clearTime()
      if (vm.timeStep === 'hours') {
        vm.date = undefined
        vm.timeStep = 'date'
        return
      }
      vm.activeIndex = Math.max(0, vm.basket.length - 1)
      vm.step = 'staff'
      return
    case 'confirm':
      vm.clearTime()
      vm.step = 'time'
      vm.timeStep = vm.date ? 'hours' : 'date'
      vm.goToCurrentServiceUrl()
      return
    default:
      navigator.go('/')
  }
}

/** Removes the basket's item at `index`; removing the last one resets to the service list. */
export function removeFromBasket(vm: BookingWizard, index: number, navigator: Navigator): void {
  const [removed] = vm.basket.splice(index, 1)
  vm.clearTime()
  if (vm.basket.length === 0) {
    vm.activeIndex = 0
    vm.step = 'service'
    // The list it returns to is the ordinary one (its URL drops the course query): the course no longer pays.
    vm.courseServiceBooking = false
    navigator.go(stepPath({ locationId: vm.location?.id ?? '' }))
    return
  }
  vm.activeIndex = Math.min(vm.activeIndex, vm.basket.length - 1)
  if (removed?.courseSession && vm.isCourseSession) {
    // The course paid for that session only: the services left are an ordinary booking (the URL drops the course query).
    vm.courseServiceBooking = false
    vm.query = { ...vm.query, course: undefined, courseServiceBooking: undefined }
    if (vm.step !== 'confirm' && vm.step !== 'payment') vm.goToService(vm.activeIndex)
  }
  // On confirm or payment the held time (and the pending booking of payment) was for the old basket.
  if (vm.step === 'confirm' || vm.step === 'payment') {
    vm.step = 'time'
    vm.goToCurrentServiceUrl()
  }
}
