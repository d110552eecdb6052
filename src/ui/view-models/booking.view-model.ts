import { makeAutoObservable } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import { WEB_CONFIG, type ChainSlot, type ClinicView, type PractitionerView, type RescheduleSource, type ServiceView, type WebConfig } from './views'
import { bookLabel, canChangeItems, clearTime, courseServiceBooking, lockedView, priceOf, staffFor, transition, withBasket, withTimes, type WizardEvent } from '../../domain/booking/wizard'
import { NAVIGATOR, type Navigator } from './app-services'
import { initialBookingState, type BasketItem, type BookingState, type BookingWizard, type CourseContext, type GiftVoucherItem, type RescheduleInput, type RouteState, type ServiceViewKind, type Step, type TimeStep } from './booking-views'
import { SessionViewModel } from './session.view-model'
import { removeFromBasket, stepBack } from './booking-back'
import { HoldTimer, withHoldParam, withoutHoldParam } from './booking-hold'
import { buyNow, emptyBasket, goToConfirm, resetWizard, startBookAgain, startReschedule } from './booking-modes'
import { applyRoute } from './booking-route'
import { addGiftVoucher, chooseService, removeGiftVoucher } from './booking-choice'
import { SelectLocation } from '../../application/use-cases/catalogue.use-case'
import { BOOKING_STEPS, stepPath } from '../../domain/booking/steps'
import { holdParam, type HeldTimeKey } from '../../domain/booking/hold'
import { CANNOT_MIX_MESSAGE } from '../../domain/booking/basket'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'

export type { BasketItem, CourseContext, GiftVoucherItem, RescheduleInput, RouteState, ServiceViewKind, Step, TimeStep } from './booking-views'
export const STEP_ORDER: readonly Step[] = BOOKING_STEPS
export const MIX_WARNING = CANNOT_MIX_MESSAGE
export { GIFT_VOUCHER_MIX_WARNING } from '../../domain/booking/basket'

/** The booking wizard's state (spec sections 2 and 4) as one value, changed only here and by its moves (booking-back, -choice, -modes, -route). */
@injectable()
export class BookingViewModel implements BookingWizard {
  state: BookingState = initialBookingState
  private readonly timer: HoldTimer
  private route?: RouteState

  constructor(
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(WEB_CONFIG) private readonly config: WebConfig,
    @inject(SelectLocation) private readonly selectLocation: Pick<SelectLocation, 'execute'>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
  ) {
    this.timer = new HoldTimer(clock)
    makeAutoObservable<BookingViewModel, 'navigator' | 'clock' | 'config' | 'selectLocation' | 'session' | 'timer' | 'route'>(this, {
      navigator: false, clock: false, config: false, selectLocation: false, session: false, timer: false, route: false,
    })
  }

  /** A user action or an answer, by the domain's transition (what it refuses leaves the state as it is). */
  dispatch(event: WizardEvent<ServiceView, PractitionerView>): void {
    // The transitions copy the state they get: the clinic and the URL's query stay with it.
    this.state = transition(this.state, event) as BookingState
  }

  /** The one way the wizard's moves change the state; the mode follows the basket's kind (a course purchase). */
  patch(change: Partial<BookingState>): void {
    const next = { ...this.state, ...change }
    this.state = 'basket' in change ? { ...next, mode: withBasket(next, next.basket).mode } : next
  }

  get location(): ClinicView | undefined { return this.state.location }
  get categoryId(): string | undefined { return this.state.categoryId }
  get step(): Step { return this.state.step }
  get basket(): BasketItem[] { return this.state.basket }
  get activeIndex(): number { return this.state.activeIndex }
  get view(): ServiceViewKind { return this.state.view }
  get viewFromQuery(): ServiceViewKind | undefined { return this.state.viewFromQuery }
  /** the time step's sub-step: the hour list while a day is picked */
  get timeStep(): TimeStep { return this.state.date === undefined ? 'date' : 'hours' }
  get date(): string | undefined { return this.state.date }
  get outOfTime(): boolean { return this.state.dialog?.kind === 'outOfTime' }
  get askAnotherService(): boolean { return this.state.dialog?.kind === 'anotherService' }
  get askAnotherCourse(): boolean { return this.state.dialog?.kind === 'anotherCourse' }
  get removing(): number | undefined { return this.state.dialog?.kind === 'remove' ? this.state.dialog.index : undefined }
  get giftVouchers(): GiftVoucherItem[] { return this.state.mode.kind === 'giftVoucher' ? this.state.mode.vouchers : [] }
  get courseContext(): CourseContext | undefined { return this.state.courseContext }
  /** a course's Book link: a course session, or the reschedule of one (its terms and thank-you page) */
  get courseServiceBooking(): boolean { return courseServiceBooking(this.state) }
  get isReschedule(): boolean { return this.state.mode.kind === 'reschedule' }
  get isBookAgain(): boolean { return this.state.mode.kind === 'bookAgain' }
  /** book again: the basket's services come from the past appointment and still need their online details */
  get servicesToRefresh(): boolean { return this.state.mode.kind === 'bookAgain' && this.state.mode.servicesToRefresh === true }
  get isLinked(): boolean { return this.state.mode.kind === 'reschedule' && this.state.mode.linked }
  get rescheduleAppointmentId(): string | undefined { return this.state.mode.kind === 'reschedule' ? this.state.mode.appointmentId : undefined }
  /** the appointments being rescheduled with their current times (when the account page knows them) */
  get rescheduleSources(): RescheduleSource[] { return this.state.mode.kind === 'reschedule' ? this.state.mode.sources : [] }
  get query(): Record<string, string | undefined> { return this.state.query }
  /** true while what a step URL names (clinic, service, course) is fetched from the server */
  get restoring(): boolean { return this.state.restoring === true }

  get activeItem(): BasketItem | undefined { return this.basket[this.activeIndex] }

  get isCoursePurchase(): boolean { return this.basket.length > 0 && this.basket.every((i) => i.kind === 'course') }

  get isGiftVoucherPurchase(): boolean { return this.giftVouchers.length > 0 }

  /** Services / Courses lock (spec section 4 'View lock'); a gift voucher chosen locks its own view. */
  get lockedView(): ServiceViewKind | undefined { return lockedView(this.state) }

  get startTime(): string | undefined { return this.basket[0]?.start }

  get canBook(): boolean { return this.basket.length > 0 && this.basket.every((i) => i.start !== undefined) }

  /** Confirm needs what the earlier steps chose: a time for every appointment (the hold), a course purchase or a gift voucher. */
  get canConfirm(): boolean { return this.canBook || this.isCoursePurchase || this.isGiftVoucherPurchase }

  /** A session booked from a bought course: the course pays for it (nothing to pay, £0.00 in the summary). */
  get isCourseSession(): boolean { return this.courseServiceBooking && !this.isReschedule }

  /** The summary's 'change': not for course purchases (spec section 2), nor in a linked reschedule (it moves the time only). */
  get canChangeItems(): boolean { return canChangeItems(this.state) }

  /**
   * Whether the course pays for this item: the session its Book link opened. A service added to a
   * course session ('Do you want to book another service?' Yes) is an ordinary paid item.
   */
  isCoveredByCourse(item: BasketItem): boolean { return this.isCourseSession && item.courseSession === true }

  /** The basket's items that are paid for (all but a course session): their prices, total and deposit. */
  get paidItems(): BasketItem[] { return this.basket.filter((i) => !this.isCoveredByCourse(i)) }

  /** What an item costs now: a course its sale price, a service its practitioner's; the session a bought course pays for nothing. */
  priceOf(item: BasketItem): number { return priceOf(this.state, item) }

  /** 'Add another service' and its question (spec section 2): not in a reschedule. */
  get canAddAnother(): boolean { return !this.isReschedule }

  get bookLabel(): string { return bookLabel(this.state) }

  /** Whole seconds left of the hold, undefined when none runs. */
  get holdSecondsLeft(): number | undefined {
    const expiresAt = this.state.hold?.expiresAt
    return expiresAt === undefined ? undefined : Math.max(0, Math.ceil((expiresAt - this.clock.now().getTime()) / 1000))
  }

  /** The server's hold of the chosen time (issue 17): its key and expiry. */
  get held(): { readonly key?: HeldTimeKey; readonly expiresAt?: number } {
    const hold = this.state.hold
    return { key: hold?.status === 'held' ? hold.key : undefined, expiresAt: hold?.expiresAt }
  }

  /** Query parameters the wizard keeps across its URLs; `hold` names the held time (a reload restores it). */
  get keptQuery(): Record<string, string | undefined> {
    const { view, course, courseServiceBooking, reschedule } = this.query
    const key = this.held.key
    return { view, course, courseServiceBooking, reschedule, hold: key ? holdParam(key) : undefined }
  }

  /** The kept query as a search string ('' or '?…'). */
  get queryString(): string { return stepPath({ locationId: '', query: this.keptQuery }).replace(/^[^?]*/, '') }

  /** The step derives from the URL (spec section 4 'Step flow'; booking-route.ts). */
  syncRoute(route: RouteState): void {
    this.route = route
    applyRoute(this, route, () => this.session.releaseLockedLogin())
  }

  /** The wizard's page is left: its last URL is no longer the browser's (nothing is dropped from it). */
  leaveRoute(): void { this.route = undefined }

  /** The step again from the last URL, after what it names was rebuilt from the server. */
  rederive(): void { if (this.route) this.syncRoute(this.route) }

  /** A step URL that cannot be rebuilt: the nearest earlier valid step replaces it. */
  fallBack(path: string): void { this.navigator.go(path, { replace: true }) }


  setLocation(clinic: ClinicView): void {
    if (this.location && this.location.id !== clinic.id) emptyBasket(this)
    this.patch({ location: clinic, locationId: clinic.id })
    void this.selectLocation.execute(clinic)
  }

  /** Location chosen: stored as lastClinicId, then /step/{id}. */
  chooseLocation(clinic: ClinicView, replace = false): void {
    this.setLocation(clinic)
    this.navigator.go(stepPath({ locationId: clinic.id, query: this.keptQuery }), { replace })
  }

  /**
   * A view the switch does not offer: any but the locked one. Gift vouchers are paid on their own
   * (confirm takes them alone), so they are never mixed with services or courses; only the view
   * query's lock leaves them open while the basket is empty.
   */
  isViewLocked(view: ServiceViewKind): boolean {
    const locked = this.lockedView
    if (locked === undefined || locked === view) return false
    return !(view === 'giftVoucher' && this.basket.length === 0)
  }

  setView(view: ServiceViewKind): void {
    if (this.isViewLocked(view)) return
    this.patch({ view })
  }

  chooseService(service: ServiceView, categoryId: string | undefined): void { chooseService(this, service, categoryId) }


  /** A course purchase URL opened directly (reload, shared link): its course joins the basket. */
  restoreCourse(course: ServiceView): void {
    this.dispatch({ type: 'restoreCourse', course })
    if (this.state.message) console.warn(this.state.message)
    this.patch({ message: undefined })
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
    this.patch({ dialog: undefined })
    if (yes) {
      this.patch({ activeIndex: this.basket.length })
      return
    }
    this.buyNow()
  }

  /** Courses: 'Buy now' goes to confirm; course=true lets a reload rebuild the course purchase. */
  buyNow(): void { buyNow(this, this.navigator) }

  addGiftVoucher(voucher: GiftVoucherItem): void { addGiftVoucher(this, voucher, this.navigator) }

  /** The summary's 'remove' on the gift voucher: back to the service list, every view open again. */
  removeGiftVoucher(): void { removeGiftVoucher(this, this.navigator) }

  choosePractitioner(practitioner: PractitionerView | 'any'): void {
    const item = this.activeItem
    if (!item) return
    const chosen = { ...item, anyStaff: practitioner === 'any', staff: practitioner === 'any' ? undefined : staffFor(item, practitioner) }
    this.patch({ basket: this.basket.map((i, at) => (at === this.activeIndex ? chosen : i)) })
    this.clearTime()
    if (this.canAddAnother) this.patch({ dialog: { kind: 'anotherService' } })
    else this.goToTime()
  }

  /** 'Do you want to book another service?' Yes returns to the service list, No continues. */
  answerAnotherService(yes: boolean): void {
    this.patch({ dialog: undefined })
    if (yes) this.addAnother()
    else this.goToTime()
  }

  addAnother(): void {
    if (!this.location) return
    // A time chosen for the old basket no longer fits the new chain, and its hold would run out on the list.
    this.clearTime()
    this.patch({ activeIndex: this.basket.length, step: 'service' })
    this.navigator.go(stepPath({ locationId: this.location.id, query: this.keptQuery }))
  }

  goToTime(): void { this.patch({ step: 'time' }) }

  pickDate(date: string): void { this.patch({ date }) }

  /** A time was chosen: fill start, end and staff of each appointment and start the hold. */
  chooseTime(chain: ChainSlot[]): void {
    const expiresAt = this.clock.now().getTime() + this.config.holdSeconds * 1000
    // The server's hold of the time before stays named until the new one replaces it (HoldTime's `replaces`).
    const key = this.held.key
    const parts = chain.map((slot, i) => ({ start: slot.startDate, end: slot.endDate, ...(slot.practitioner ? { practitioner: { id: slot.practitioner, displayName: this.basket[i]?.staff?.displayName ?? '' } } : {}) }))
    this.patch({ basket: withTimes(this.basket, parts), hold: key ? { status: 'held', key, expiresAt } : { status: 'pending', expiresAt } })
    this.timer.start(expiresAt, () => this.holdExpired())
  }

  /** The server holds the chosen time: the countdown runs to its expiry and the URL names the hold. */
  setHeld(key: HeldTimeKey, expiresAt: number): void {
    this.patch({ hold: { status: 'held', key, expiresAt } })
    this.timer.start(expiresAt, () => this.holdExpired())
    if (this.route?.locationId) this.navigator.go(withHoldParam(this.route, key), { replace: true })
  }

  /**
   * The hold ended on confirm, or a reloaded URL names one that is no longer the customer's (issue 17):
   * 'Out of time', the URL without it, and the time step; a reload knows no practitioner (neither
   * the URL nor the ended hold names one), so there the staff step asks again, not a time step without one.
   */
  heldTimeEnded(fromConfirm = false): void {
    this.holdExpired()
    this.dropHoldParam()
    this.patch({ date: undefined, step: this.practitionersChosen ? 'time' : 'staff' })
    if (fromConfirm) this.goToCurrentServiceUrl()
  }

  /** The confirm step's own 5:00 countdown takes over from the time hold (one timer, one expiry). */
  handOverHold(): void { this.timer.cancel() }

  /** Hold ran out: the selection is cleared and the 'Out of time' dialog shows. */
  holdExpired(): void {
    this.clearTime()
    this.patch({ dialog: { kind: 'outOfTime' } })
  }

  /** 'Out of time' dialog closed: back to the date picker. */
  dismissOutOfTime(): void {
    const wasConfirm = this.step === 'confirm' || this.step === 'payment'
    const step = this.step !== 'staff' || this.practitionersChosen ? (this.basket.length > 0 ? 'time' : 'service') : this.step
    this.patch({ dialog: this.outOfTime ? undefined : this.state.dialog, date: undefined, step })
    if (wasConfirm) this.goToCurrentServiceUrl()
  }

  /** The step URL of the basket's last item. */
  goToCurrentServiceUrl(): void {
    const index = Math.max(0, this.basket.length - 1)
    this.goToService(index)
  }

  /** The chosen time given up (back, 'Change date', expiry, another choice): its hold is released and leaves the URL. */
  clearTime(): void {
    const held = this.held.key !== undefined
    this.timer.cancel()
    this.state = clearTime(this.state) as BookingState
    if (held) this.dropHoldParam()
  }

  /** Every appointment of the basket has its practitioner (one, or 'Any practitioner'): the time step can offer times. */
  get practitionersChosen(): boolean {
    return this.basket.length > 0 && this.basket.every((i) => i.kind !== 'service' || i.anyStaff || i.staff !== undefined)
  }

  /**
   * The URL names a hold that is no longer the customer's: it is replaced by the same URL without
   * it, or a reload would land on a time step restored from nothing.
   */
  private dropHoldParam(): void {
    const cleaned = withoutHoldParam(this.route)
    if (!cleaned) return
    this.route = cleaned.route
    this.navigator.go(cleaned.path, { replace: true })
  }

  /**
   * 'Book appointment': signed in, straight to confirm (the current url plus /confirm, keeping the query
   * string); otherwise the locked login modal, then confirm. Once: a double click went there twice.
   */
  book(currentPath: string, search: string): void {
    goToConfirm(this, `${currentPath.replace(/\/$/, '')}/confirm${search}`, (then) => this.session.requireLogin({ locked: true, then }), this.navigator)
  }

  /** Steps back and clears the selection of the step left (spec section 4 'Back navigation'). */
  back(): void { stepBack(this, this.navigator) }

  askRemove(index: number): void { this.patch({ dialog: { kind: 'remove', index } }) }
  cancelRemove(): void { if (this.removing !== undefined) this.patch({ dialog: undefined }) }

  get removeTitle(): string {
    const item = this.removing === undefined ? undefined : this.basket[this.removing]
    return item?.kind === 'course' ? 'Remove this course?' : 'Remove this appointment?'
  }

  /** Removes the item asked about; removing the last one resets to the service list. */
  confirmRemove(): void {
    const index = this.removing
    this.cancelRemove()
    if (index !== undefined) removeFromBasket(this, index, this.navigator)
  }

  changeService(index: number): void {
    this.patch({ activeIndex: index })
    this.clearTime()
    this.patch({ step: 'service' })
    this.navigator.go(stepPath({ locationId: this.location?.id ?? '', query: this.keptQuery }))
  }

  changeStaff(index: number): void {
    this.clearTime()
    this.patch({ step: 'staff' })
    this.goToService(index)
  }

  /** Reschedule starts at the time step when linked, otherwise at the staff step. */
  startReschedule(input: RescheduleInput): void { startReschedule(this, input, this.navigator) }

  /** Book again: same services and practitioner, at the staff step. */
  startBookAgain(input: Omit<RescheduleInput, 'appointmentId' | 'linked'>): void { startBookAgain(this, input, this.navigator) }



  /** A bought course's Book link: a new booking of the session the course pays for (a service added to it is paid). */
  startCourseSession(context: CourseContext, service: ServiceView): void {
    this.clearBookingInfo()
    this.patch({ courseContext: context, basket: [{ kind: 'service', service, anyStaff: false, courseSession: true }], activeIndex: 0 })
  }

  /** The payment step shows (the booking is made and its payment runs). */
  enterPayment(): void { this.patch({ step: 'payment' }) }

  /** A reload restored the basket the server holds (`held`: its time step again, on the hours of `date`) or is being paid for. */
  restoreBasket(basket: BasketItem[], date: string, held: boolean): void {
    this.patch({ basket, date })
    if (held) this.patch({ activeIndex: Math.min(this.activeIndex, basket.length - 1) })
  }

  /** Resets everything but keeps courseContext (spec section 4). */
  clearBookingInfo(): void { resetWizard(this) }
}
