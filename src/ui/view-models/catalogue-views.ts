import type { AppError } from '../../application/failure'
import type { Category } from '../../contract/categories.routes'
import type { Service } from '../../contract/services.routes'
import type { Course } from '../../contract/courses.routes'
import type { CategoryView, ServiceView } from './views'
import { listedPrice } from '../../domain/pricing/listed-price'

/** The text a view model shows for a use case's error (the use case already chose the spec's words). */
export const errorText = (e: AppError): string => e.message

export function toServiceView(s: Service): ServiceView {
  const meta = s.metadata
  return {
    id: s.id,
    name: s.name,
    onlineName: s.onlineName,
    onlineDescription: s.onlineDescription,
    onlineSubtitle: s.onlineSubtitle,
    categoryId: s.category,
    defaultDuration: s.defaultDuration ?? meta?.lowestDuration ?? 0,
    // the price every client lists (the CLI's booking request reads it the same way)
    defaultPrice: listedPrice(s),
    showDurationOnline: s.showDurationOnline,
    showPriceOnline: s.showPriceOnline,
    lowestPrice: meta?.lowestPrice,
    highestPrice: meta?.highestPrice,
    durationVaries: meta?.lowestDuration !== undefined && meta.highestDuration !== undefined && meta.lowestDuration !== meta.highestDuration,
    lowestDuration: meta?.lowestDuration,
    bookingDepositType: s.bookingDepositType,
    bookingDepositAmount: s.bookingDepositAmount,
    salePrice: s.salePrice,
  }
}

type CourseServiceEntry = { id?: string; service?: string | { id: string; name?: string }; name?: string; quantity?: number }

export function toCourseView(c: Course): ServiceView {
  return {
    id: c.id,
    name: c.name,
    onlineName: c.onlineName,
    onlineDescription: c.onlineDescription,
    onlineSubtitle: c.onlineSubtitle,
    categoryId: c.category,
    defaultDuration: 0,
    defaultPrice: c.salePrice,
    salePrice: c.salePrice,
    courseServices: c.courseServices.map((cs) => {
      // the server sends the service as an id or populated; older records carry id and name flat
      const raw: CourseServiceEntry = cs as CourseServiceEntry
      const service = typeof raw.service === 'object' ? raw.service : undefined
      return { id: service?.id ?? (typeof raw.service === 'string' ? raw.service : raw.id ?? ''), name: service?.name ?? raw.name ?? '', quantity: raw.quantity }
    }),
  }
}

/** Categories in order, each followed by its sub-categories (spec: categories, sub-categories and services). */
export function flattenCategories(categories: Category[]): CategoryView[] {
  const byOrder = <T extends { order?: number }>(list: T[]) => [...list].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
  const out: CategoryView[] = []
  const nested = new Set(categories.flatMap((c) => (c.subCategories ?? []).map((s) => s.id)))
  for (const c of byOrder(categories.filter((c) => !nested.has(c.id)))) {
    out.push({ id: c.id, name: c.name, order: c.order })
    for (const sub of byOrder(c.subCategories ?? [])) out.push({ id: sub.id, name: sub.name, parentName: c.name, order: sub.order })
  }
  return out
}

/**
 * Duration text: 'N mins', or 'From N mins' with the shortest practitioner duration when they differ
 * (spec section 2's 'From N'; the unit kept so the row reads like the single duration).
 */
export function durationText(service: Pick<ServiceView, 'defaultDuration' | 'durationVaries' | 'lowestDuration'>): string {
  return service.durationVaries ? `From ${service.lowestDuration ?? service.defaultDuration} mins` : `${service.defaultDuration} mins`
}

/** True when the service's price is a range ('From' before the lowest price). */
export function hasPriceRange(service: Pick<ServiceView, 'lowestPrice' | 'highestPrice'>): boolean {
  return service.lowestPrice !== undefined && service.highestPrice !== undefined && service.lowestPrice !== service.highestPrice
}
