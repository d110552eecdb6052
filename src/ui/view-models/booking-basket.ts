/** What the booking basket's items hold of the time step: times, the staff chosen for 'any', fresh services. */
import type { BasketItem } from './booking-views'
import type { ChainSlot, ServiceView } from './views'

/** A time was chosen: start, end and, for 'any', the practitioner of each appointment of the chain. */
export function fillTimes(basket: readonly BasketItem[], chain: readonly ChainSlot[]): BasketItem[] {
  return basket.map((item, i) => {
    const slot = chain[i]
    if (!slot) return item
    const staff = item.anyStaff && slot.practitioner ? { id: slot.practitioner, displayName: item.staff?.displayName ?? '' } : item.staff
    return { ...item, start: slot.startDate, end: slot.endDate, staff }
  })
}

/** The time released: no start or end, and 'any' has no practitioner again. */
export function clearTimes(basket: readonly BasketItem[]): BasketItem[] {
  return basket.map((item) => ({ ...item, start: undefined, end: undefined, ...(item.anyStaff ? { staff: undefined } : {}) }))
}

/**
 * The items' services replaced by the server's (book again: the past appointment knows neither the
 * service's deposit rule nor its online details), keeping the category the basket knew.
 */
export function refreshServices(basket: readonly BasketItem[], services: readonly ServiceView[]): BasketItem[] {
  return basket.map((item) => {
    const fresh = services.find((s) => s.id === item.service.id)
    return fresh ? { ...item, service: { ...fresh, categoryId: fresh.categoryId ?? item.service.categoryId } } : item
  })
}
