import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import type { CategoryView, CourseCategoryView, ServiceView } from './views'
import { GetService, ListCategoriesAndServices, ListCourses } from '../../application/use-cases/catalogue.use-case'
import { errorText, flattenCategories, toCourseView, toServiceView } from './catalogue-views'
import { BookingViewModel, type RouteState } from './booking.view-model'
import type { LocationsViewModel } from './locations.view-model'
import { ToastViewModel } from './toast.view-model'
import { SlotHoldViewModel } from './slot-hold.view-model'
import type { Exec } from './app-services'
import { GetAppointment } from '../../application/use-cases/appointments.use-case'
import { PORTS } from '../../application/tokens'
import type { KeyValueStorage } from '../../application/ports/storage.port'
import { wizardInputOf } from './wizard-input'
import { KeptGiftVoucher } from './kept-gift-voucher'
import type { PurchaseToResume } from './purchase-elsewhere'
import { PurchaseArrivals } from './purchase-arrival'
import { PaymentViewModel } from './payment.view-model'
import { stepPath } from '../../domain/booking/steps'

/** Session storage: the appointment a reschedule in this tab moves (the URL says only reschedule=1, spec section 2). */
export const RESCHEDULING_KEY = 'reschedulingAppointmentId'

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
  /** A purchase's payment step arriving: its payment asked; not reached, the failure state with 'Try again'. */ readonly purchases: PurchaseArrivals
  /** paging cursor: the category being paged and the offset in it */
  private categoryIndex = 0
  private offset = 0
  /** counts restoreRoute calls: only the latest URL's restore acts */
  private routeGeneration = 0
  /** A reschedule reloaded on its confirm step: restarted at its first URL, it goes on to this confirm URL once its time is back. */
  private rescheduleConfirm?: { appointmentId: string; target: string } = undefined

  constructor(
    @inject(ListCategoriesAndServices) private readonly listCatalogue: Exec<ListCategoriesAndServices>,
    @inject(ListCourses) private readonly listCourses: Exec<ListCourses>,
    @inject(GetService) private readonly getService: Exec<GetService>,
    @inject(BookingViewModel) readonly booking: BookingViewModel,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
    @inject(SlotHoldViewModel) private readonly slotHold: Pick<SlotHoldViewModel, 'restore' | 'restorePick' | 'hasPendingPick' | 'timeStep' | 'refreshPractitioners'>,
    /** A reloaded reschedule step loads its appointment again (without these, it goes back to /app). */
    @inject(GetAppointment) private readonly getAppointment?: Exec<GetAppointment>,
    @inject(PORTS.SessionStorage) private readonly sessionStorage?: KeyValueStorage,
    @inject(PaymentViewModel) private readonly payment?: Pick<PaymentViewModel, 'resumeVoucherPayment' | 'purchaseToResume' | 'resumePurchase'>,
  ) {
    this.purchases = new PurchaseArrivals(toasts, booking, payment)
    makeAutoObservable<ServicesViewModel, 'listCatalogue' | 'listCourses' | 'getService' | 'service' | 'courseGroups' | 'toasts' | 'categoryIndex' | 'offset' | 'routeGeneration' | 'rescheduleConfirm' | 'slotHold' | 'getAppointment' | 'sessionStorage' | 'restoreReschedule' | 'payment'>(this, {
      listCatalogue: false, listCourses: false, getService: false, service: false, courseGroups: false, booking: false, toasts: false, categoryIndex: false, offset: false, routeGeneration: false, rescheduleConfirm: false,
      slotHold: false, getAppointment: false, sessionStorage: false, restoreReschedule: false, payment: false,
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
    if (this.booking.view.serviceView === 'services' && this.services.length === 0 && this.exhausted) return EMPTY_TEXTS.services
    if (this.booking.view.serviceView === 'courses' && this.coursesLoaded && this.shownCourses.length === 0) return EMPTY_TEXTS.courseCategories
    return undefined
  }

  /**
   * The course categories to list: none when not one of them holds a course, so an empty course view
   * shows one message instead of 'There are no courses in this category' under every heading.
   */
  get shownCourses(): CourseCategoryView[] {
    return this.courses.some((g) => g.courses.length > 0) ? this.courses : []
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
    const categories = E.map((page: { categories: Parameters<typeof flattenCategories>[0] }) => flattenCategories(page.categories))(await this.listCatalogue.execute({ clinic: clinicId, area: 'booking' }))
    runInAction(() => {
      this.loading = false
      if (E.isRight(categories)) this.categories = categories.right
      else {
        this.failed = true
        this.exhausted = true
        this.toasts.show(errorText(categories.left))
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
      const result = await this.listCatalogue.execute({ clinic: clinicId, category: category.id, page: Math.floor(this.offset / SERVICE_PAGE_SIZE), area: 'booking' })
      if (this.clinicId !== clinicId) return
      if (E.isLeft(result)) {
        runInAction(() => {
          this.loading = false
          this.failed = true
          this.exhausted = true
          this.toasts.show(errorText(result.left))
        })
        return
      }
      const shown = result.right.services.filter((s) => s.showOnline !== false).map(toServiceView)
      page.push(...shown.map((s) => ({ ...s, categoryId: s.categoryId ?? category.id })))
      if (shown.length < SERVICE_PAGE_SIZE) {
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
    const result = await this.courseGroups(this.clinicId)
    runInAction(() => {
      this.loading = false
      this.coursesLoaded = true
      this.courses = E.isRight(result) ? result.right : []
    })
  }

  setView(view: 'services' | 'courses' | 'giftVoucher'): void {
    this.booking.setView(view)
    if (this.booking.view.serviceView === 'courses') void this.loadCourses()
  }

  /** The service named by the step URL, when the basket does not hold it yet; false when it does not exist. */
  async restore(serviceId: string): Promise<boolean> {
    if (this.booking.view.activeItem?.service.id === serviceId) return true
    const result = await this.service(serviceId)
    runInAction(() => {
      if (E.isRight(result)) this.booking.dispatch({ type: 'serviceRestored', service: result.right })
      else this.toasts.show(result.left)
    })
    return E.isRight(result)
  }

  /** One service in the wizard's shape; Left is the text to show. */
  private async service(serviceId: string): Promise<E.Either<string, ServiceView>> {
    const result = await this.getService.execute(serviceId)
    return E.isLeft(result) ? E.left(errorText(result.left)) : E.right(toServiceView(result.right))
  }

  /** The clinic's courses by category in the wizard's shape; Left is the text to show. */
  private async courseGroups(clinicId: string): Promise<E.Either<string, CourseCategoryView[]>> {
    const result = await this.listCourses.execute(clinicId)
    if (E.isLeft(result)) return E.left(errorText(result.left))
    return E.right(result.right.map((g) => ({ id: g.category.id, name: g.category.name, courses: g.courses.map(toCourseView) })))
  }

  /** The reschedule this tab was making at the clinic `clinicId`, started again from its appointment (its first step). */
  private async restoreReschedule(clinicId: string, stale: () => boolean): Promise<boolean> {
    const appointmentId = this.sessionStorage?.getItem(RESCHEDULING_KEY)
    const clinic = this.booking.view.location
    if (!appointmentId || !this.getAppointment || clinic?.id !== clinicId) return false
    this.booking.dispatch({ type: 'restoring', restoring: true })
    const found = await this.getAppointment.execute(appointmentId)
    // Only one that can still be moved (moved or cancelled meanwhile, in another tab: the customer area says so).
    if (stale() || E.isLeft(found) || found.right.clinic.id !== clinicId || found.right.status.toLowerCase() !== 'scheduled') return false
    this.booking.dispatch({ type: 'restoring', restoring: false })
    this.booking.startReschedule(wizardInputOf(found.right, clinic, true))
    return true
  }

  /**
   * A step URL opened with an empty wizard (reload, shared link, course booking from the account): rebuilds what it names (clinic,
   * then service or course) from the server, and falls back to the nearest earlier valid step when something does not exist or cannot
   * be rebuilt (a reschedule this tab did not start, or a confirm step without a held time, see BookingViewModel.syncRoute).
   */
  async restoreRoute(route: RouteState, locations: Pick<LocationsViewModel, 'load' | 'find' | 'failed'>): Promise<void> {
    const booking = this.booking
    const generation = ++this.routeGeneration
    const stale = () => generation !== this.routeGeneration
    this.purchases.arrived(() => this.restoreRoute(route, locations))
    const id = route.locationId
    if (!id) return
    const query = route.query
    const courseSession = query.courseServiceBooking === 'true'
    const coursePurchase = query.course === 'true' && !courseSession

    if (booking.view.location?.id !== id) {
      booking.dispatch({ type: 'restoring', restoring: true })
      await locations.load({ autoSelect: false })
      if (stale()) return
      const clinic = locations.find(id)
      if (!clinic) {
        booking.dispatch({ type: 'restoring', restoring: false })
        const canChooseLocation = courseSession && route.categoryId && route.serviceId && !locations.failed
        booking.fallBack(
          canChooseLocation
            ? `/step/location?${new URLSearchParams({ preselectedCategory: route.categoryId as string, preselectedService: route.serviceId as string, course: 'true', courseServiceBooking: 'true' })}`
            : '/',
        )
        return
      }
      booking.setLocation(clinic)
    }
    const clinicPath = `/step/${id}`

    // A reschedule is started from the customer area with the appointment: the URL alone cannot rebuild
    // it, the tab's session storage names it (a reload); without it, back to the customer area.
    if (query.reschedule === '1' && !booking.view.isReschedule) {
      const restarted = await this.restoreReschedule(id, stale)
      if (stale()) return
      if (!restarted) {
        booking.dispatch({ type: 'restoring', restoring: false })
        booking.fallBack('/app')
        return
      }
      // Restarted at its first URL (that URL arrives next, its restore brings the time back, then confirm again); a reloaded time step goes on here.
      if (route.confirm) this.rescheduleConfirm = { appointmentId: booking.view.rescheduleAppointmentId ?? '', target: stepPath({ ...route, locationId: id }) }
      if (route.confirm) return
    }
    if (booking.view.isReschedule && booking.view.rescheduleAppointmentId) this.sessionStorage?.setItem(RESCHEDULING_KEY, booking.view.rescheduleAppointmentId)
    if (booking.view.servicesToRefresh) void this.refreshBasketServices(stale)
    // A reloaded time or confirm step names its held time (issue 17): basket, times and countdown come back.
    if (query.hold && !booking.view.canBook) {
      booking.dispatch({ type: 'restoring', restoring: true })
      await this.slotHold.restore(query.hold, async (sid) => {
        const found = await this.service(sid)
        return E.isRight(found) ? found.right : undefined
      }, stale)
      if (stale()) return
    }
    // Reloaded while a picked time's hold was on its way (the URL names no hold yet): the time comes back and is held again.
    if (!query.hold && !booking.view.canBook && route.serviceId && this.slotHold.hasPendingPick(id, route.serviceId)) {
      booking.dispatch({ type: 'restoring', restoring: true })
      await this.slotHold.restorePick(id, route.serviceId, async (sid) => {
        const found = await this.service(sid)
        return E.isRight(found) ? found.right : undefined
      }, stale)
      if (stale()) return
    }

    // The reschedule's time back after a reload of its confirm step: to confirm again ('Reschedule appointment' pressed for the customer).
    const again = this.rescheduleConfirm
    this.rescheduleConfirm = undefined
    if (again && !route.confirm && booking.view.canBook && booking.view.rescheduleAppointmentId === again.appointmentId) booking.dispatch({ type: 'book', target: again.target })
    // Reloaded on the time step before a time was picked: the practitioners and day the tab kept, priced
    // as the server prices them now (each answer replaces only the same service or practitioner).
    if (!query.hold && !booking.view.canBook && this.slotHold.timeStep.restore(route)) {
      void this.refreshBasketServices(() => false)
      void this.slotHold.refreshPractitioners()
    }

    const serviceId = route.serviceId
    // A course purchase's or gift voucher's payment step shares its confirm URL (naming the last course, no voucher): the payment begun comes back, with all it buys.
    let purchase: PurchaseToResume | undefined
    if (serviceId) {
      const held = booking.view.activeItem?.service.id === serviceId || booking.view.basket.some((i) => i.kind === 'course' && i.service.id === serviceId)
      if (!held) {
        booking.dispatch({ type: 'restoring', restoring: true })
        purchase = coursePurchase && route.confirm ? await this.purchases.ask({ kind: 'course', clinic: id, courseId: serviceId }, stale) : undefined
        if (stale() || this.purchases.failed) return
        const found = coursePurchase ? await this.findCourses(id, purchase?.courses ?? [serviceId], serviceId, stale) : await this.fetchService(serviceId, stale)
        if (stale()) return
        if (!found) {
          booking.dispatch({ type: 'restoring', restoring: false })
          booking.fallBack(`${clinicPath}${booking.view.queryString}`)
          return
        }
        // Rebuilt at another basket index than the URL's (a later service of a multi-service basket
        // reloaded): the URL is corrected, or the step would look for an item that is not there.
        if (!coursePurchase && query.service !== undefined && query.service !== String(booking.view.activeIndex)) {
          booking.dispatch({ type: 'restoring', restoring: false })
          const params = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, v]])))
          params.set('service', String(booking.view.activeIndex))
          booking.fallBack(`${clinicPath}/${route.categoryId ?? 'all'}/${serviceId}${route.confirm ? '/confirm' : ''}?${params}`)
          return
        }
      }
    }
    // A gift voucher's confirm (and payment) URL names no voucher: the tab keeps it, and a reload there gets it back, with the payment begun.
    const voucher = new KeptGiftVoucher(this.sessionStorage).arrived(id, booking.view.giftVouchers[0], route.confirm === true, !serviceId && !booking.view.canConfirm)
    if (voucher) {
      booking.addGiftVoucher(voucher, true)
      this.payment?.resumeVoucherPayment(id)
    } else if (route.confirm && !serviceId && !booking.view.canConfirm) {
      // Opened in another tab (none of this one's session storage): the voucher back from its payment, if the server still has it open.
      booking.dispatch({ type: 'restoring', restoring: true })
      purchase = await this.purchases.ask({ kind: 'giftVoucher', clinic: id }, stale)
      if (stale() || this.purchases.failed) return
      if (purchase?.voucher) booking.addGiftVoucher(purchase.voucher, true)
    }
    if (purchase) this.payment?.resumePurchase(purchase)
    booking.dispatch({ type: 'restoring', restoring: false })
    booking.rederive()
    if (route.confirm && !booking.view.canConfirm) {
      // Confirm needs the hold of a chosen time: back to the staff step (or the services).
      const params = new URLSearchParams(booking.view.queryString.slice(1))
      if (query.service !== undefined) params.set('service', query.service)
      const search = params.toString() ? `?${params}` : ''
      booking.fallBack(serviceId ? `${clinicPath}/${route.categoryId ?? 'all'}/${serviceId}${search}` : `${clinicPath}${search}`)
    }
  }

  /** Book again: the basket's services with their online details (deposit rule, prices) from the server. */
  private async refreshBasketServices(stale: () => boolean): Promise<void> {
    const ids = [...new Set(this.booking.view.basket.map((i) => i.service.id))]
    const results = await Promise.all(ids.map((id) => this.service(id)))
    if (stale() && !this.booking.view.servicesToRefresh) return
    runInAction(() => this.booking.dispatch({ type: 'servicesRefreshed', services: results.flatMap((r) => (E.isRight(r) ? [r.right] : [])) }))
  }

  /** A service URL: the service joins the basket (unless a newer URL took over meanwhile). */
  private async fetchService(serviceId: string, stale: () => boolean): Promise<boolean> {
    const result = await this.service(serviceId)
    if (stale()) return false
    runInAction(() => {
      if (E.isRight(result)) this.booking.dispatch({ type: 'serviceRestored', service: result.right })
      else this.toasts.show(result.left)
    })
    return E.isRight(result)
  }

  /** A course purchase URL: its courses (the URL's, or a purchase's begun) of the clinic's course list join the basket, in order. */
  private async findCourses(clinicId: string, courseIds: readonly string[], courseId: string, stale: () => boolean): Promise<boolean> {
    const result = await this.courseGroups(clinicId)
    if (stale()) return false
    if (E.isLeft(result)) runInAction(() => this.toasts.show(result.left))
    const all = E.isRight(result) ? result.right.flatMap((g) => g.courses) : []
    runInAction(() => courseIds.flatMap((cid) => all.filter((c) => c.id === cid)).forEach((course) => this.booking.restoreCourse(course)))
    return this.booking.view.basket.some((i) => i.service.id === courseId)
  }

  choose(service: ServiceView): void {
    this.booking.chooseService(service, service.categoryId)
  }

  showInfo(service: ServiceView | undefined): void {
    this.infoService = service
  }
}
