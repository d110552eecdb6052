import { makeAutoObservable, runInAction } from 'mobx'
import { inject, injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import {
  BOOKING_GATEWAY, type BookingGateway, type CategoryView, type CourseCategoryView, type ServiceView,
} from './booking-gateway'
import { BookingViewModel } from './booking.view-model'
import { ToastViewModel } from './toast.view-model'

export const SERVICE_PAGE_SIZE = 20
export const EMPTY_TEXTS = {
  courseCategory: 'There are no courses in this category',
  services: 'There are no services currently available',
  courseCategories: 'There are no course categories currently available',
  unavailable: 'Online booking is currently unavailable',
} as const
export const DEFAULT_GIFT_VOUCHER_VALUES = [50, 100, 150, 200, 250, 500]

export interface CategoryGroup {
  category: CategoryView
  services: ServiceView[]
}

/** Duration text: 'N mins', or 'From N' when practitioner durations differ (spec section 2). */
export function durationText(service: Pick<ServiceView, 'defaultDuration' | 'durationVaries'>): string {
  return service.durationVaries ? `From ${service.defaultDuration}` : `${service.defaultDuration} mins`
}

/** True when the service's price is a range ('From' before the lowest price). */
export function hasPriceRange(service: Pick<ServiceView, 'lowestPrice' | 'highestPrice'>): boolean {
  return service.lowestPrice !== undefined && service.highestPrice !== undefined && service.lowestPrice !== service.highestPrice
}

/** Services step: categories with paged services (20 a page, infinite scroll), courses and gift vouchers. */
@injectable()
export class ServicesViewModel {
  clinicId?: string = undefined
  categories: CategoryView[] = []
  services: ServiceView[] = []
  courses: CourseCategoryView[] = []
  loading = false
  failed = false
  exhausted = false
  coursesLoaded = false
  infoService?: ServiceView = undefined
  /** paging cursor: the category being paged and the offset in it */
  private categoryIndex = 0
  private offset = 0

  constructor(
    @inject(BOOKING_GATEWAY) private readonly gateway: BookingGateway,
    @inject(BookingViewModel) readonly booking: BookingViewModel,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
  ) {
    makeAutoObservable<ServicesViewModel, 'gateway' | 'toasts' | 'categoryIndex' | 'offset'>(this, {
      gateway: false, booking: false, toasts: false, categoryIndex: false, offset: false,
    })
  }

  /** Categories as section headings, each with the services loaded so far (online ones only). */
  get groups(): CategoryGroup[] {
    const byCategory = new Map<string, ServiceView[]>()
    for (const s of this.services) {
      const key = s.categoryId ?? ''
      byCategory.set(key, [...(byCategory.get(key) ?? []), s])
    }
    const ordered = this.categories
    const groups = ordered.filter((c) => byCategory.has(c.id)).map((c) => ({ category: c, services: byCategory.get(c.id) ?? [] }))
    const known = new Set(ordered.map((c) => c.id))
    const rest = this.services.filter((s) => !known.has(s.categoryId ?? ''))
    if (rest.length) groups.push({ category: { id: 'other', name: 'Other' }, services: rest })
    return groups
  }

  get emptyText(): string | undefined {
    if (this.loading) return undefined
    if (this.failed) return EMPTY_TEXTS.unavailable
    if (this.booking.view === 'services' && this.services.length === 0 && this.exhausted) return EMPTY_TEXTS.services
    if (this.booking.view === 'courses' && this.coursesLoaded && this.courses.length === 0) return EMPTY_TEXTS.courseCategories
    return undefined
  }

  async open(clinicId: string): Promise<void> {
    if (this.clinicId === clinicId) return
    this.clinicId = clinicId
    this.categories = []
    this.services = []
    this.courses = []
    this.exhausted = false
    this.failed = false
    this.coursesLoaded = false
    this.categoryIndex = 0
    this.offset = 0
    this.loading = true
    const categories = await this.gateway.listCategories(clinicId)
    runInAction(() => {
      this.loading = false
      if (E.isRight(categories)) this.categories = categories.right
      else {
        this.failed = true
        this.exhausted = true
        this.toasts.show(categories.left)
      }
    })
    await this.loadMore()
  }

  /**
   * Next page: services 20 at a time, category after category, until at least 20 more are shown or
   * the list ends; called again when the list is scrolled to 99 %.
   */
  async loadMore(): Promise<void> {
    if (!this.clinicId || this.loading || this.exhausted) return
    this.loading = true
    const clinicId = this.clinicId
    const page: ServiceView[] = []
    while (page.length < SERVICE_PAGE_SIZE) {
      const category = this.categories[this.categoryIndex]
      if (!category) break
      const result = await this.gateway.listServices(clinicId, category.id, this.offset, SERVICE_PAGE_SIZE)
      if (this.clinicId !== clinicId) return
      if (E.isLeft(result)) {
        runInAction(() => {
          this.loading = false
          this.failed = true
          this.exhausted = true
          this.toasts.show(result.left)
        })
        return
      }
      page.push(...result.right.map((s) => ({ ...s, categoryId: s.categoryId ?? category.id })))
      if (result.right.length < SERVICE_PAGE_SIZE) {
        this.categoryIndex += 1
        this.offset = 0
      } else this.offset += SERVICE_PAGE_SIZE
    }
    runInAction(() => {
      this.services.push(...page)
      this.loading = false
      if (!this.categories[this.categoryIndex]) this.exhausted = true
    })
  }

  /** Infinite scroll: at 99 % of the scroll height the next page loads. */
  onScroll(scrollTop: number, clientHeight: number, scrollHeight: number): void {
    if (scrollTop + clientHeight >= scrollHeight * 0.99) void this.loadMore()
  }

  async loadCourses(): Promise<void> {
    if (!this.clinicId || this.coursesLoaded) return
    this.loading = true
    const result = await this.gateway.listCourses(this.clinicId)
    runInAction(() => {
      this.loading = false
      this.coursesLoaded = true
      this.courses = E.isRight(result) ? result.right : []
    })
  }

  setView(view: 'services' | 'courses' | 'giftVoucher'): void {
    this.booking.setView(view)
    if (this.booking.view === 'courses') void this.loadCourses()
  }

  /** The service named by the step URL, when the basket does not hold it yet. */
  async restore(serviceId: string): Promise<void> {
    if (this.booking.activeItem?.service.id === serviceId) return
    const result = await this.gateway.getService(serviceId)
    runInAction(() => {
      if (E.isRight(result)) this.booking.restoreService(result.right)
      else this.toasts.show(result.left)
    })
  }

  choose(service: ServiceView): void {
    this.booking.chooseService(service, service.categoryId)
  }

  showInfo(service: ServiceView | undefined): void {
    this.infoService = service
  }
}
