/**
 * What the service step adds to the booking (spec sections 2 and 4): a service or course into the
 * basket by the domain's rules, or a gift voucher, which is paid on its own (confirm takes it alone),
 * so it never joins services or courses.
 */
import * as E from 'fp-ts/Either'
import { addToBasket, GIFT_VOUCHER_MIX_WARNING, replaceInBasket } from '../../domain/booking/basket'
import { nextIsCourseSession } from '../../domain/booking/wizard'
import { stepPath } from '../../domain/booking/steps'
import type { Navigator } from './app-services'
import type { BasketItem, GiftVoucherItem, BookingWizard } from './booking-views'
import type { ServiceView } from './views'


export function chooseService(vm: BookingWizard, service: ServiceView, categoryId: string | undefined): void {
  if (!vm.location) return
  if (vm.state.mode.kind === 'giftVoucher') {
    console.warn(GIFT_VOUCHER_MIX_WARNING)
    return
  }
  const kind: BasketItem['kind'] = vm.view === 'courses' ? 'course' : 'service'
  const index = Math.min(vm.activeIndex, vm.basket.length)
  // In a course session the course pays for the first service (its Book link's); services added to it are paid.
  const item: BasketItem = { kind, service, anyStaff: false, ...(kind === 'service' && nextIsCourseSession(vm.state, index) ? { courseSession: true } : {}) }
  // The basket's rules are the domain's (no mixing course purchases with services).
  const next = index < vm.basket.length ? replaceInBasket(vm.basket, index, item) : addToBasket(vm.basket, item)
  if (E.isLeft(next)) {
    console.warn(next.left.message)
    return
  }
  vm.patch({ basket: next.right, activeIndex: index })
  vm.clearTime()
  if (kind === 'course') {
    vm.patch({ dialog: { kind: 'anotherCourse' } })
    return
  }
  vm.goToService(index, categoryId)
}

export function addGiftVoucher(vm: BookingWizard, voucher: GiftVoucherItem, navigator: Navigator): void {
  if (!vm.location) return
  if (vm.basket.length > 0) {
    console.warn(GIFT_VOUCHER_MIX_WARNING)
    return
  }
  vm.patch({ mode: { kind: 'giftVoucher', vouchers: [voucher] } })
  navigator.go(stepPath({ locationId: vm.location.id, confirm: true }))
}

/** Back to the service list (from confirm or payment), every view open again. */
export function removeGiftVoucher(vm: BookingWizard, navigator: Navigator): void {
  if (vm.state.mode.kind === 'giftVoucher') vm.patch({ mode: { kind: 'newBooking' } })
  if (vm.step !== 'confirm' && vm.step !== 'payment') return
  vm.patch({ step: 'service' })
  navigator.go(stepPath({ locationId: vm.location?.id ?? '', query: vm.keptQuery }))
}
