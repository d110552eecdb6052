import { makeAutoObservable } from 'mobx'
import { inject, injectable } from 'inversify'
import {
  TICKER, WEB_CONFIG,
  type ChainSlot, type ClinicView, type PractitionerView, type RescheduleSource, type ServiceView, type Ticker, type WebConfig,
} from './views'
import { NAVIGATOR, type Navigator } from './app-services'
import type { BasketItem, CourseContext, GiftVoucherItem, RescheduleInput, RouteState, ServiceViewKind, Step, TimeStep } from './booking-views'
import { SessionViewModel } from './session.view-model'
import { removeFromBasket, stepBack } from './booking-back'
import { BookingHold } from './booking-hold'
import { SelectLocation } from '../../application/use-cases/catalogue.use-case'
import { BOOKING_STEPS, stepForRoute, stepPath, type BookingStep } from '../../domain/booking/steps'
import * as E from 'fp-ts/Either'
import { addToBasket, CANNOT_MIX_MESSAGE, replaceInBasket } from '../../domain/booking/basket'
import { modeStart, type ModeStart } from '../../domain/booking/reschedule'

export type { BasketItem, CourseContext, GiftVoucherItem, RescheduleInput, RouteState, ServiceViewKind, Step, TimeStep } from './booking-views'
export const STEP_ORDER: readonly Step[] = BOOKING_STEPS
export const MIX_WARNING = CANNOT_MIX_MESSAGE

/**
 * The booking wizard's state (spec sections 2 and 4): location, basket, step, time sub-step,
 * the 5-minute hold and the modes (reschedule, book again, course purchase, course booking,
 * gift voucher). Navigation goes through the injected Navigator; the URL stays the source of the
 * step (syncRoute).
 */
@injectable()
export class BookingViewModel {
  location?: ClinicView = undefined
  categoryId?: string = undefined
  step: Step = 'location'
  basket: BasketItem[] = []
  activeIndex = 0
  view: ServiceViewKind = 'services'
  viewFromQuery?: ServiceViewKind = undefined
  timeStep: TimeStep = 'date'
  date?: string = undefined
  outOfTime = false
  askAnotherService = false
  askAnotherCourse = false
  removing?: number = undefined
  giftVouchers: GiftVoucherItem[] = []
  courseContext?: CourseContext = undefined
  courseServiceBooking = false
  isReschedule = false
  isBookAgain = false
  /** book again: the basket's services come from the past appointment and still need their online details */
  servicesToRefresh = false
  isLinked = false
  rescheduleAppointmentId?: string = undefined
  /** the appointments being rescheduled with their current times (when the account page knows them) */
  rescheduleSources: RescheduleSource[] = []
  query: Record<string, string | undefined> = {}
  /** true while what a step URL names (clinic, service, course) is fetched from the server */
  restoring = false
  private readonly hold: BookingHold
  private route?: RouteState

  constructor(
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(TICKER) ticker: Ticker,
    @inject(WEB_CONFIG) config: WebConfig,
    @inject(SelectLocation) private readonly selectLocation: Pick<SelectLocation, 'execute'>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
  ) {
    this.hold = new BookingHold(ticker, config)
    makeAutoObservable<BookingViewModel, 'navigator' | 'selectLocation' | 'session' | 'hold' | 'route'>(this, {
      navigator: false, selectLocation: false, session: false, hold: false, route: false,
    })
  }

  // ---- derived ----------------------------------------------------------------------------

  get activeItem(): BasketItem | undefined {
    return this.basket[this.activeIndex]
  }

  get isCoursePurchase(): boolean {
    return this.basket.length > 0 && this.basket.every((i) => i.kind === 'course')
  }

  get isGiftVoucherPurchase(): boolean {
    return this.giftVouchers.length > 0
  }

  /** Services / Courses lock (spec section 4 'View lock'). */
  get lockedView(): ServiceViewKind | undefined {
    if (this.viewFromQuery) return this.viewFromQuery
    if (this.basket.some((i) => i.kind === 'course')) return 'courses'
    if (this.basket.some((i) => i.kind === 'service')) return 'services'
    return undefined
  }

  get startTime(): string | undefined {
    return this.basket[0]?.start
  }

  get canBook(): boolean {
    return this.basket.length > 0 && this.basket.every((i) => i.start !== undefined)
  }

  /**
   * Confirm needs what the earlier steps chose: a time for every appointment (the hold), a course
   * purchase or a gift voucher. A reload or a shared confirm link has none of it.
   */
  get canConfirm(): boolean {
    return this.canBook || this.isCoursePurchase || this.isGiftVoucherPurchase
  }

  /** A session booked from a bought course: the course pays for it (nothing to pay, £0.00 in the summary). */
  get isCourseSession(): boolean {
    return this.courseServiceBooking && !this.isReschedule
  }

  /**
   * The summary's 'change': not for course purchases (spec section 2), nor in a linked reschedule,
   * which moves the visit's time only (it starts at, and stays on, the time step).
   */
  get canChangeItems(): boolean {
    return !this.isCoursePurchase && !(this.isReschedule && this.isLinked)
  }

  get bookLabel(): string {
    return this.isReschedule ? 'Reschedule appointment' : 'Book appointment'
  }

  get holdSecondsLeft(): number | undefined {
    return this.hold.secondsLeft
  }

  /** Query parameters the wizard keeps across its URLs. */
  get keptQuery(): Record<string, string | undefined> {
    const { view, course, courseServiceBooking, reschedule } = this.query
    return { view, course, courseServiceBooking, reschedule }
  }

  /** The kept query as a search string ('' or '?…'). */
  get queryString(): string {
    return stepPath({ locationId: '', query: this.keptQuery }).replace(/^[^?]*/, '')
  }

  // ---- route ------------------------------------------------------------------------------

  /**
   * The step derives from the URL (spec section 4 'Step flow'). A confirm URL whose choices are not
   * held (reload, shared link) stands for the nearest earlier step: staff with a service, else service.
   */
  syncRoute(route: RouteState): void {
    this.route = route
    this.query = route.query
    this.categoryId = route.categoryId
    const view = route.query.view
    this.viewFromQuery = view === 'services' || view === 'courses' ? view : route.query.course === 'true' && !route.query.courseServiceBooking ? 'courses' : undefined
    if (this.viewFromQuery) this.view = this.viewFromQuery
    if (route.query.courseServiceBooking === 'true') this.courseServiceBooking = true
    const index = Number(route.query.service)
    if (route.query.service !== undefined && Number.isInteger(index) && index >= 0) this.activeIndex = index
    const left = this.step
    const { step, clear } = stepForRoute({
      ...route,
      left,
      coursePurchase: this.isCoursePurchase,
      basketFilled: this.basket.length > 0,
      canConfirm: this.canConfirm,
      linkedReschedule: route.query.reschedule === '1' && this.isReschedule && this.isLinked,
    })
    this.step = step
    // The login demanded by 'Book appointment' or by confirm belongs to those steps.
    if (step !== left && step !== 'confirm' && step !== 'payment') this.session.releaseLockedLogin()
    // The step left by browser back loses its selection: a time chosen, or held by confirm, is
    // released; its hold would otherwise run out on an earlier step.
    if (clear !== 'none') this.clearTime()
    if (clear === 'backFromConfirm') this.timeStep = this.date ? 'hours' : 'date'
  }

  /** The step again from the last URL, after what it names was rebuilt from the server. */
  rederive(): void {
    if (this.route) this.syncRoute(this.route)
  }

  /** A step URL that cannot be rebuilt: the nearest earlier valid step replaces it. */
  fallBack(path: string): void {
    this.navigator.go(path, { replace: true })
  }

  setRestoring(value: boolean): void {
    this.restoring = value
  }

  setLocation(clinic: ClinicView): void {
    if (this.location && this.location.id !== clinic.id) this.resetBasket()
    this.location = clinic
    void this.selectLocation.execute(clinic)
  }

  /** Location chosen: stored as lastClinicId, then /step/{id}. */
  chooseLocation(clinic: ClinicView, replace = false): void {
    this.setLocation(clinic)
    this.navigator.go(stepPath({ locationId: clinic.id, query: this.keptQuery }), { replace })
  }

  setView(view: ServiceViewKind): void {
    if (this.lockedView && this.lockedView !== view && view !== 'giftVoucher') return
    this.view = view
  }

  // ---- services -----------------------------------------------------------------------------

  chooseService(service: ServiceView, categoryId: string | undefined): void {
    if (!this.location) return
    const kind: BasketItem['kind'] = this.view === 'courses' ? 'course' : 'service'
    const item: BasketItem = { kind, service, anyStaff: false }
    const index = Math.min(this.activeIndex, this.basket.length)
    // The basket's rules are the domain's (no mixing course purchases with services).
    const next = index < this.basket.length ? replaceInBasket(this.basket, index, item) : addToBasket(this.basket, item)
    if (E.isLeft(next)) {
      console.warn(next.left.message)
      return
    }
    this.basket = next.right
    this.activeIndex = index
    this.clearTime()
    if (kind === 'course') {
      this.askAnotherCourse = true
      return
    }
    this.goToService(index, categoryId)
  }

  /** A step URL opened directly (course booking from the account, reload): its service joins the basket. */
  restoreService(service: ServiceView): void {
    const index = Math.min(this.activeIndex, this.basket.length)
    if (this.basket[index]?.service.id === service.id) return
    const item: BasketItem = { kind: 'service', service, anyStaff: false }
    if (index < this.basket.length) this.basket[index] = item
    else this.basket.push(item)
    this.activeIndex = index
  }

  /** A course purchase URL opened directly (reload, shared link): its course joins the basket. */
  restoreCourse(course: ServiceView): void {
    if (this.basket.some((i) => i.kind === 'course' && i.service.id === course.id)) return
    const next = addToBasket(this.basket, { kind: 'course' as const, service: course, anyStaff: false })
    if (E.isLeft(next)) {
      console.warn(next.left.message)
      return
    }
    this.basket = next.right
    this.activeIndex = this.basket.length - 1
  }

  /** The step URL of the basket's item at `index`. */
  goToService(index: number, categoryId = this.categoryId): void {
    const item = this.basket[index]
    if (!this.location || !item) return
    const query = { ...this.keptQuery, service: String(index) }
    this.navigator.go(stepPath({ locationId: this.location.id, categoryId: item.service.categoryId ?? categoryId, serviceId: item.service.id, query }))
  }

  /** 'Do you want to add another course?' */
  answerAnotherCourse(yes: boolean): void {
    this.askAnotherCourse = false
    if (yes) {
      this.activeIndex = this.basket.length
      return
    }
    this.buyNow()
  }

  /** Courses: 'Buy now' goes to confirm; course=true lets a reload rebuild the course purchase. */
  buyNow(): void {
    const last = this.basket[this.basket.length - 1]
    if (!this.location || !last) return
    const query = { ...this.keptQuery, course: 'true' }
    this.navigator.go(stepPath({ locationId: this.location.id, categoryId: last.service.categoryId, serviceId: last.service.id, confirm: true, query }))
  }

  // ---- gift vouchers ------------------------------------------------------------------------

  addGiftVoucher(voucher: GiftVoucherItem): void {
    if (!this.location) return
    this.giftVouchers = [voucher]
    this.navigator.go(stepPath({ locationId: this.location.id, confirm: true }))
  }

  // ---- staff --------------------------------------------------------------------------------

  choosePractitioner(practitioner: PractitionerView | 'any'): void {
    const item = this.activeItem
    if (!item) return
    item.anyStaff = practitioner === 'any'
    item.staff = practitioner === 'any' ? undefined : practitioner
    this.clearTime()
    if (this.isReschedule) this.goToTime()
    else this.askAnotherService = true
  }

  /** 'Do you want to book another service?' Yes returns to the service list, No continues. */
  answerAnotherService(yes: boolean): void {
    this.askAnotherService = false
    if (yes) this.addAnother()
    else this.goToTime()
  }

  addAnother(): void {
    if (!this.location) return
    // A time chosen for the old basket no longer fits the new chain, and its hold would run out on the list.
    this.clearTime()
    this.activeIndex = this.basket.length
    this.step = 'service'
    this.navigator.go(stepPath({ locationId: this.location.id, query: this.keptQuery }))
  }

  goToTime(): void {
    this.step = 'time'
    this.timeStep = this.date ? 'hours' : 'date'
  }

  // ---- time ---------------------------------------------------------------------------------

  pickDate(date: string): void {
    this.date = date
    this.timeStep = 'hours'
  }

  /** A time was chosen: fill start, end and staff of each appointment and start the hold. */
  chooseTime(chain: ChainSlot[]): void {
    chain.forEach((slot, i) => {
      const item = this.basket[i]
      if (!item) return
      item.start = slot.startDate
      item.end = slot.endDate
      if (item.anyStaff && slot.practitioner) item.staff = { id: slot.practitioner, displayName: item.staff?.displayName ?? '' }
    })
    this.hold.start(() => this.holdExpired())
  }

  setPractitionerNames(names: Record<string, PractitionerView>): void {
    for (const item of this.basket) {
      if (item.staff && !item.staff.displayName && names[item.staff.id]) item.staff = names[item.staff.id]
    }
  }

  /** The confirm step's own 5:00 countdown takes over from the time hold (one timer, one expiry). */
  handOverHold(): void {
    this.hold.stop()
  }

  /** Hold ran out: the selection is cleared and the 'Out of time' dialog shows. */
  holdExpired(): void {
    this.clearTime()
    this.outOfTime = true
  }

  /** 'Out of time' dialog closed: back to the date picker. */
  dismissOutOfTime(): void {
    this.outOfTime = false
    this.date = undefined
    this.timeStep = 'date'
    const wasConfirm = this.step === 'confirm' || this.step === 'payment'
    this.step = this.basket.length > 0 ? 'time' : 'service'
    if (wasConfirm) this.goToCurrentServiceUrl()
  }

  /** The step URL of the basket's last item. */
  goToCurrentServiceUrl(): void {
    const index = Math.max(0, this.basket.length - 1)
    this.goToService(index)
  }

  clearTime(): void {
    this.hold.stop()
    for (const item of this.basket) {
      item.start = undefined
      item.end = undefined
      if (item.anyStaff) item.staff = undefined
    }
  }

  /** 'Book appointment': confirm is the current url plus /confirm, keeping the query string. */
  confirmPath(currentPath: string, search: string): string {
    return `${currentPath.replace(/\/$/, '')}/confirm${search}`
  }

  /**
   * 'Book appointment': signed in, straight to confirm; otherwise the login modal opens and cannot be
   * closed, and confirm follows the login.
   */
  book(currentPath: string, search: string): void {
    if (!this.canBook) return
    const target = this.confirmPath(currentPath, search)
    this.session.requireLogin({ locked: true, then: () => this.navigator.go(target) })
  }

  // ---- back, remove, change -----------------------------------------------------------------

  /** Steps back and clears the selection of the step left (spec section 4 'Back navigation'). */
  back(): void {
    stepBack(this, this.navigator)
  }

  askRemove(index: number): void {
    this.removing = index
  }

  cancelRemove(): void {
    this.removing = undefined
  }

  get removeTitle(): string {
    const item = this.removing === undefined ? undefined : this.basket[this.removing]
    return item?.kind === 'course' ? 'Remove this course?' : 'Remove this appointment?'
  }

  /** Removes the item asked about; removing the last one resets to the service list. */
  confirmRemove(): void {
    const index = this.removing
    this.removing = undefined
    if (index !== undefined) removeFromBasket(this, index, this.navigator)
  }

  changeService(index: number): void {
    this.activeIndex = index
    this.clearTime()
    this.step = 'service'
    this.navigator.go(stepPath({ locationId: this.location?.id ?? '', query: this.keptQuery }))
  }

  changeStaff(index: number): void {
    this.clearTime()
    this.step = 'staff'
    this.goToService(index)
  }

  // ---- modes --------------------------------------------------------------------------------

  /** Reschedule starts at the time step when linked, otherwise at the staff step. */
  startReschedule(input: RescheduleInput): void {
    this.clearBookingInfo()
    this.isReschedule = true
    this.isLinked = input.linked
    this.rescheduleAppointmentId = input.appointmentId
    this.startMode(input.clinic, modeStart({ reschedule: true, linked: input.linked }, input.clinic.id, input.items))
  }

  /** Book again: same services and practitioner, at the staff step. */
  startBookAgain(input: Omit<RescheduleInput, 'appointmentId' | 'linked'>): void {
    this.clearBookingInfo()
    this.isBookAgain = true
    this.servicesToRefresh = true
    this.startMode(input.clinic, modeStart({ reschedule: false }, input.clinic.id, input.items))
  }

  private startMode(clinic: ClinicView, start: ModeStart<ServiceView, PractitionerView>): void {
    this.rescheduleSources = start.sources
    this.location = clinic
    this.basket = start.basket
    this.activeIndex = 0
    if (this.isReschedule) this.step = start.step
    this.navigator.go(stepPath(start.path))
  }

  /**
   * The basket's services replaced by the server's (book again: the past appointment knows neither
   * the service's deposit rule nor its online details), keeping what the basket chose.
   */
  refreshServices(services: ServiceView[]): void {
    this.servicesToRefresh = false
    for (const item of this.basket) {
      const fresh = services.find((s) => s.id === item.service.id)
      if (fresh) item.service = { ...fresh, categoryId: fresh.categoryId ?? item.service.categoryId }
    }
  }

  setCourseContext(context: CourseContext | undefined): void {
    this.courseContext = context
  }

  private resetBasket(): void {
    this.clearTime()
    this.basket = []
    this.activeIndex = 0
    this.giftVouchers = []
    this.date = undefined
    this.timeStep = 'date'
  }

  /** Resets everything but keeps courseContext (spec section 4). */
  clearBookingInfo(): void {
    this.resetBasket()
    this.step = 'location'
    this.outOfTime = false
    this.askAnotherService = false
    this.askAnotherCourse = false
    this.removing = undefined
    this.isReschedule = false
    this.isBookAgain = false
    this.servicesToRefresh = false
    this.isLinked = false
    this.rescheduleAppointmentId = undefined
    this.rescheduleSources = []
    this.courseServiceBooking = false
    this.viewFromQuery = undefined
    this.view = 'services'
  }
}
