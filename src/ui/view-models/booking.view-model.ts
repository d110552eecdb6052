import { makeAutoObservable } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import { WEB_CONFIG, type ChainSlot, type ClinicView, type PractitionerView, type RescheduleSource, type ServiceView, type WebConfig } from './views'
import * as W from '../../domain/booking/wizard'
import { NAVIGATOR, type Navigator } from './app-services'
import { initialBookingState, type BasketItem, type BookingState, type CourseContext, type GiftVoucherItem, type RescheduleInput, type RouteState, type ServiceViewKind, type Step, type TimeStep } from './booking-views'
import { SessionViewModel } from './session.view-model'
import { SelectLocation } from '../../application/use-cases/catalogue.use-case'
import { BOOKING_STEPS, stepPath } from '../../domain/booking/steps'
import type { HeldTimeKey } from '../../domain/booking/hold'
import { CANNOT_MIX_MESSAGE } from '../../domain/booking/basket'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'

export type { BasketItem, CourseContext, GiftVoucherItem, RescheduleInput, RouteState, ServiceViewKind, Step, TimeStep } from './booking-views'
export const STEP_ORDER: readonly Step[] = BOOKING_STEPS
export const MIX_WARNING = CANNOT_MIX_MESSAGE
export { GIFT_VOUCHER_MIX_WARNING } from '../../domain/booking/basket'

type Event = W.PageEvent<ServiceView, PractitionerView, ClinicView>

/**
 * The booking wizard's page (spec sections 2 and 4): one observable state, changed only by the
 * domain's moves (pageMove, and transition for the events the catalogue sends); this class runs what
 * a move asks (navigation, the hold's timer, the login modal) and reads the state for the pages.
 */
@injectable()
export class BookingViewModel {
  state: BookingState = initialBookingState
  private stopTimer?: () => void

  constructor(
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(WEB_CONFIG) private readonly config: WebConfig,
    @inject(SelectLocation) private readonly selectLocation: Pick<SelectLocation, 'execute'>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
  ) {
    makeAutoObservable<BookingViewModel, 'navigator' | 'clock' | 'config' | 'selectLocation' | 'session' | 'stopTimer'>(this, {
      navigator: false, clock: false, config: false, selectLocation: false, session: false, stopTimer: false,
    })
  }

  /** An answer the catalogue gives (a service or course a URL names, the services refreshed), by the domain's transition. */
  dispatch(event: W.WizardEvent<ServiceView, PractitionerView>): void {
    // The transitions copy the state they get: the clinic and the URL's query stay with it.
    this.state = W.transition(this.state, event) as BookingState
  }

  /** A user action or a page event: the domain's move, then what it asks of the page, in order. */
  private run(event: Event): void {
    const { state, effects } = W.pageMove(this.state, event)
    this.state = state as BookingState
    for (const effect of effects) this.perform(effect)
  }

  private perform(effect: W.WizardEffect<Event>): void {
    switch (effect.kind) {
      case 'go': return this.navigator.go(effect.path, { replace: effect.replace === true })
      case 'startTimer': {
        this.stopTimer?.()
        this.stopTimer = this.clock.after(Math.max(0, effect.expiresAt - this.clock.now().getTime()), () => this.holdExpired())
        return
      }
      case 'stopTimer': { this.stopTimer?.(); this.stopTimer = undefined; return }
      case 'requireLogin': return this.session.requireLogin({ locked: true, then: () => this.run(effect.then) })
      case 'releaseLogin': return this.session.releaseLockedLogin()
      case 'selectLocation': { if (this.state.location) void this.selectLocation.execute(this.state.location); return }
      case 'warn': return console.warn(effect.message)
    }
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
  get removeTitle(): string { return this.basket[this.removing ?? -1]?.kind === 'course' ? 'Remove this course?' : 'Remove this appointment?' }
  get giftVouchers(): GiftVoucherItem[] { return W.giftVouchersOf(this.state) }
  get courseContext(): CourseContext | undefined { return this.state.courseContext }
  /** a course's Book link: a course session, or the reschedule of one (its terms and thank-you page) */
  get courseServiceBooking(): boolean { return W.courseServiceBooking(this.state) }
  get isReschedule(): boolean { return this.state.mode.kind === 'reschedule' }
  get isBookAgain(): boolean { return this.state.mode.kind === 'bookAgain' }
  /** book again: the basket's services come from the past appointment and still need their online details */
  get servicesToRefresh(): boolean { return this.state.mode.kind === 'bookAgain' && this.state.mode.servicesToRefresh === true }
  get isLinked(): boolean { return W.isLinkedReschedule(this.state) }
  get rescheduleAppointmentId(): string | undefined { return this.state.mode.kind === 'reschedule' ? this.state.mode.appointmentId : undefined }
  /** the appointments being rescheduled with their current times (when the account page knows them) */
  get rescheduleSources(): RescheduleSource[] { return this.state.mode.kind === 'reschedule' ? this.state.mode.sources : [] }
  get query(): Record<string, string | undefined> { return this.state.query }
  /** true while what a step URL names (clinic, service, course) is fetched from the server */
  get restoring(): boolean { return this.state.restoring === true }
  get activeItem(): BasketItem | undefined { return this.basket[this.activeIndex] }
  get isCoursePurchase(): boolean { return W.basketOfCourses(this.state) }
  get isGiftVoucherPurchase(): boolean { return this.giftVouchers.length > 0 }
  /** Services / Courses lock (spec section 4 'View lock'); a gift voucher chosen locks its own view. */
  get lockedView(): ServiceViewKind | undefined { return W.lockedView(this.state) }
  isViewLocked(view: ServiceViewKind): boolean { return W.isViewLocked(this.state, view) }
  get startTime(): string | undefined { return this.basket[0]?.start }
  get canBook(): boolean { return W.basketTimed(this.state) }
  /** Confirm needs what the earlier steps chose: a time for every appointment (the hold), a course purchase or a gift voucher. */
  get canConfirm(): boolean { return W.pageCanConfirm(this.state) }
  /** A session booked from a bought course: the course pays for it (nothing to pay, £0.00 in the summary). */
  get isCourseSession(): boolean { return this.courseServiceBooking && !this.isReschedule }
  /** The summary's 'change': not for course purchases (spec section 2), nor in a linked reschedule (it moves the time only). */
  get canChangeItems(): boolean { return W.canChangeItems(this.state) }
  /** Whether the course pays for this item: the session its Book link opened (a service added to it is paid). */
  isCoveredByCourse(item: BasketItem): boolean { return this.isCourseSession && item.courseSession === true }
  /** The basket's items that are paid for (all but a course session): their prices, total and deposit. */
  get paidItems(): BasketItem[] { return this.basket.filter((i) => !this.isCoveredByCourse(i)) }
  /** What an item costs now: a course its sale price, a service its practitioner's; the session a bought course pays for nothing. */
  priceOf(item: BasketItem): number { return W.priceOf(this.state, item) }
  /** 'Add another service' and its question (spec section 2): not in a reschedule. */
  get canAddAnother(): boolean { return !this.isReschedule }
  get bookLabel(): string { return W.bookLabel(this.state) }
  /** Every appointment of the basket has its practitioner (one, or 'Any practitioner'): the time step can offer times. */
  get practitionersChosen(): boolean { return W.pagePractitionersChosen(this.state) }
  /** Whole seconds left of the hold, undefined when none runs. */
  get holdSecondsLeft(): number | undefined {
    const expiresAt = this.state.hold?.expiresAt
    return expiresAt === undefined ? undefined : Math.max(0, Math.ceil((expiresAt - this.clock.now().getTime()) / 1000))
  }
  /** The server's hold of the chosen time (issue 17): its key and expiry. */
  get held(): { readonly key?: HeldTimeKey; readonly expiresAt?: number } { return W.heldOf(this.state) }
  /** Query parameters the wizard keeps across its URLs; `hold` names the held time (a reload restores it). */
  get keptQuery(): Record<string, string | undefined> { return W.keptQueryOf(this.state) }
  /** The kept query as a search string ('' or '?…'). */
  get queryString(): string { return stepPath({ locationId: '', query: this.keptQuery }).replace(/^[^?]*/, '') }

  /** A URL arrived: the step derives from it (spec section 4 'Step flow'). */
  syncRoute(route: RouteState): void { this.run({ type: 'urlArrived', route }) }
  leaveRoute(): void { this.run({ type: 'urlLeft' }) }
  /** The step again from the last URL, after what it names was rebuilt from the server. */
  rederive(): void { this.run({ type: 'urlRederived' }) }
  /** A step URL that cannot be rebuilt: the nearest earlier valid step replaces it. */
  fallBack(path: string): void { this.navigator.go(path, { replace: true }) }
  setLocation(clinic: ClinicView): void { this.run({ type: 'locationChosen', location: clinic, go: false }) }
  /** Location chosen: stored as lastClinicId, then /step/{id}. */
  chooseLocation(clinic: ClinicView, replace = false): void { this.run({ type: 'locationChosen', location: clinic, go: true, replace }) }
  setView(view: ServiceViewKind): void { this.run({ type: 'viewChosen', view }) }
  chooseService(service: ServiceView, categoryId: string | undefined): void { this.run({ type: 'serviceChosen', service, categoryId }) }
  /** A course purchase URL opened directly (reload, shared link): its course joins the basket. */
  restoreCourse(course: ServiceView): void { this.run({ type: 'courseRestored', course }) }
  answerAnotherCourse(yes: boolean): void { this.run({ type: 'anotherCourseAnswered', yes }) }
  buyNow(): void { this.run({ type: 'buyNow' }) }
  addGiftVoucher(voucher: GiftVoucherItem): void { this.run({ type: 'giftVoucherAdded', voucher }) }
  removeGiftVoucher(): void { this.run({ type: 'giftVoucherRemoved' }) }
  choosePractitioner(practitioner: PractitionerView | 'any'): void { this.run({ type: 'practitionerChosen', practitioner }) }
  /** The staff list arrived: the practitioner an item names alone gets the list's price and length. */
  practitionerListed(serviceId: string, practitioner: PractitionerView): void { this.run({ type: 'practitionerListed', serviceId, practitioner }) }
  answerAnotherService(yes: boolean): void { this.run({ type: 'anotherServiceAnswered', yes }) }
  addAnother(): void { this.run({ type: 'addAnother' }) }
  pickDate(date: string): void { this.run({ type: 'dateChosen', date }) }
  /** A time was chosen: fill start, end and staff of each appointment and start the hold. */
  chooseTime(chain: ChainSlot[]): void {
    const parts = chain.map((slot, i) => ({ start: slot.startDate, end: slot.endDate, ...(slot.practitioner ? { practitioner: { id: slot.practitioner, displayName: this.basket[i]?.staff?.displayName ?? '' } } : {}) }))
    this.run({ type: 'timeChosen', parts, expiresAt: this.clock.now().getTime() + this.config.holdSeconds * 1000 })
  }
  /** The server holds the chosen time: the countdown runs to its expiry and the URL names the hold. */
  setHeld(key: HeldTimeKey, expiresAt: number): void { this.run({ type: 'timeHeld', key, expiresAt }) }
  heldTimeEnded(fromConfirm = false): void { this.run({ type: 'heldTimeEnded', fromConfirm }) }
  handOverHold(): void { this.run({ type: 'holdHandedOver' }) }
  holdExpired(): void { this.run({ type: 'holdExpired' }) }
  dismissOutOfTime(): void { this.run({ type: 'outOfTimeDismissed' }) }
  clearTime(): void { this.run({ type: 'timeCleared' }) }
  /** 'Book appointment': signed in, straight to confirm (the current url plus /confirm, keeping the query string); otherwise the locked login modal. */
  book(currentPath: string, search: string): void { this.run({ type: 'book', target: `${currentPath.replace(/\/$/, '')}/confirm${search}` }) }
  back(): void { this.run({ type: 'back' }) }
  askRemove(index: number): void { this.run({ type: 'removeAsked', index }) }
  cancelRemove(): void { this.run({ type: 'removeCancelled' }) }
  confirmRemove(): void { this.run({ type: 'removeConfirmed' }) }
  changeService(index: number): void { this.run({ type: 'changeService', index }) }
  changeStaff(index: number): void { this.run({ type: 'changeStaff', index }) }
  startReschedule(input: RescheduleInput): void { this.run({ type: 'rescheduleStarted', location: input.clinic, appointmentId: input.appointmentId, linked: input.linked, items: input.items }) }
  startBookAgain(input: Omit<RescheduleInput, 'appointmentId' | 'linked'>): void { this.run({ type: 'bookAgainStarted', location: input.clinic, items: input.items }) }
  startCourseSession(context: CourseContext, service: ServiceView): void { this.run({ type: 'courseSessionStarted', courseContext: context, service }) }
  enterPayment(): void { this.run({ type: 'paymentEntered' }) }
  restoreBasket(basket: BasketItem[], date: string, held: boolean): void { this.run({ type: 'basketRestored', basket, date, held }) }
  /** Resets everything but keeps courseContext (spec section 4). */
  clearBookingInfo(): void { this.run({ type: 'bookingInfoCleared' }) }
}
