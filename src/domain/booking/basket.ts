/**
 * Booking basket (spec §4 "Removing the last item resets to the service list", "Clearing booking
 * info resets everything but keeps courseContext", "View lock: the service view is locked to Services
 * or Courses once the basket holds that kind, or when the view query parameter is set. Course
 * purchases cannot be mixed with regular services ('Cannot mix course purchases with individual
 * services')"; §3 "salePrice (marks a course purchase)").
 */
import * as E from 'fp-ts/Either'

export interface BasketService {
  id?: string
  _id?: string
  /** Set on course purchases. */
  salePrice?: number | null
}

export interface BasketItem {
  /** what the wizard put in the basket; without it, a salePrice marks a course purchase */
  kind?: 'service' | 'course'
  service: BasketService
  staff?: unknown
}

export type BasketError = { _tag: 'CannotMixCoursesAndServices'; message: 'Cannot mix course purchases with individual services' }
export const CANNOT_MIX_MESSAGE = 'Cannot mix course purchases with individual services'
/** A gift voucher is paid on its own: never with services or courses. */
export const GIFT_VOUCHER_MIX_WARNING = 'Cannot mix gift vouchers with services or courses'

export const SERVICE_VIEWS = ['services', 'courses'] as const
export type ServiceView = (typeof SERVICE_VIEWS)[number]

export function isCoursePurchase(item: BasketItem): boolean {
  return item.kind ? item.kind === 'course' : typeof item.service.salePrice === 'number'
}

/** Adds an item; refuses to mix course purchases with individual services. */
export function addToBasket<T extends BasketItem>(basket: readonly T[], item: T): E.Either<BasketError, T[]> {
  if (basket.some((existing) => isCoursePurchase(existing) !== isCoursePurchase(item))) {
    return E.left({ _tag: 'CannotMixCoursesAndServices', message: CANNOT_MIX_MESSAGE })
  }
  return E.right([...basket, item])
}

/** Replaces the item at `index` (the 'change' action); the same mixing rule applies. */
export function replaceInBasket<T extends BasketItem>(basket: readonly T[], index: number, item: T): E.Either<BasketError, T[]> {
  const others = basket.filter((_, i) => i !== index)
  return E.map((next: T[]) => {
    const result = [...others]
    result.splice(Math.min(Math.max(index, 0), others.length), 0, next[next.length - 1])
    return result
  })(addToBasket(others, item))
}

/** Removes the item at `index`; removing the last one resets the wizard to the service list. */
export function removeFromBasket<T extends BasketItem>(basket: readonly T[], index: number): { basket: T[]; resetToServiceList: boolean } {
  const next = basket.filter((_, i) => i !== index)
  return { basket: next, resetToServiceList: next.length === 0 }
}

/** The locked service view, or null when the user may switch between Services and Courses. */
export function lockedView(basket: readonly BasketItem[], viewParam?: string | null): ServiceView | null {
  const param = (viewParam ?? '').toLowerCase()
  if ((SERVICE_VIEWS as readonly string[]).includes(param)) return param as ServiceView
  if (basket.length === 0) return null
  return isCoursePurchase(basket[0]) ? 'courses' : 'services'
}

/** Resets booking info to `initial` but keeps the course context. */
export function clearBookingInfo<S extends { courseContext?: unknown }>(state: S, initial: S): S {
  return { ...initial, courseContext: state.courseContext }
}
