/** What the booking basket's items hold of the time step: times, the staff chosen for 'any', fresh services. */
import type { BasketItem } from './booking-views'
import type { ChainSlot, PractitionerView, ServiceView } from './views'

/** A time was chosen: start, end and, for 'any', the practitioner of each appointment of the chain. */
export function fillTimes(basket: BasketItem[], chain: readonly ChainSlot[]): void {
  chain.forEach((slot, i) => {
    const item = basket[i]
    if (!item) return
    item.start = slot.startDate
    item.end = slot.endDate
    if (item.anyStaff && slot.practitioner) item.staff = { id: slot.practitioner, displayName: item.staff?.displayName ?? '' }
  })
}

/** The time released: no start or end, and 'any' has no practitioner again. */
export function clearTimes(basket: BasketItem[]): void {
  for (const item of basket) {
    item.start = undefined
    item.end = undefined
    if (item.anyStaff) item.staff = undefined
  }
}

/** Practitioners known by id only (chosen by 'any') get their names. */
export function nameStaff(basket: BasketItem[], names: Record<string, PractitionerView>): void {
  for (const item of basket) {
    if (item.staff && !item.staff.displayName && names[item.staff.id]) item.staff = names[item.staff.id]
  }
}

/**
 * The items' services replaced by the server's (book again: the past appointment knows neither the
 * service's deposit rule nor its online details), keeping the category the basket knew.
 */
export function refreshServices(basket: BasketItem[], services: readonly ServiceView[]): void {
  for (const item of basket) {
    const fresh = services.find((s) => s.id === item.service.id)
    if (fresh) item.service = { ...fresh, categoryId: fresh.categoryId ?? item.service.categoryId }
  }
}
