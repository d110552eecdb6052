import { makeAutoObservable } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import { WEB_CONFIG, type ChainSlot, type ClinicView, type PractitionerView, type ServiceView, type WebConfig } from './views'
import * as W from '../../domain/booking/wizard'
import { NAVIGATOR, type Navigator } from './app-services'
import { initialBookingState, type BasketItem, type BookingState, type CourseContext, type GiftVoucherItem, type RescheduleInput, type RouteState, type ServiceViewKind, type Step } from './booking-views'
import { SessionViewModel } from './session.view-model'
import { SelectLocation } from '../../application/use-cases/catalogue.use-case'
import { BOOKING_STEPS } from '../../domain/booking/steps'
import type { HeldTimeKey } from '../../domain/booking/hold'
import { CANNOT_MIX_MESSAGE } from '../../domain/booking/basket'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'

export type { BasketItem, CourseContext, GiftVoucherItem, RescheduleInput, RouteState, ServiceViewKind, Step, TimeStep } from './booking-views'
export const STEP_ORDER: readonly Step[] = BOOKING_STEPS
export const MIX_WARNING = CANNOT_MIX_MESSAGE
export { GIFT_VOUCHER_MIX_WARNING } from '../../domain/booking/basket'

type Event = W.PageEvent<ServiceView, PractitionerView, ClinicView>
export type BookingView = W.WizardView<ServiceView, PractitionerView, ClinicView>

/**
 * The booking wizard's page (spec sections 2 and 4): one observable state, changed only by the
 * domain's one machine (pageMove) through dispatch; this class runs what a move asks (navigation, the
 * hold's timer, the login modal), and the pages read the state through `view` (the domain's viewOf).
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

  /** Every change of the wizard: the domain's one move (pageMove), then what it asks of the page, in order. */
  dispatch(event: Event): void {
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
      case 'requireLogin': return this.session.requireLogin({ locked: true, then: () => this.dispatch(effect.then) })
      case 'releaseLogin': return this.session.releaseLockedLogin()
      case 'selectLocation': { if (this.state.location) void this.selectLocation.execute(this.state.location); return }
      case 'warn': return console.warn(effect.message)
    }
  }

  /** Everything the pages read of the wizard, derived from its state (the domain's viewOf). */
  get view(): BookingView { return W.viewOf(this.state) }
  /** Whole seconds left of the hold, undefined when none runs. */
  get holdSecondsLeft(): number | undefined {
    const expiresAt = this.state.hold?.expiresAt
    return expiresAt === undefined ? undefined : Math.max(0, Math.ceil((expiresAt - this.clock.now().getTime()) / 1000))
  }

  /** A URL arrived: the step derives from it (spec section 4 'Step flow'). */
  syncRoute(route: RouteState): void { this.dispatch({ type: 'urlArrived', route }) }
  leaveRoute(): void { this.dispatch({ type: 'urlLeft' }) }
  /** The step again from the last URL, after what it names was rebuilt from the server. */
  rederive(): void { this.dispatch({ type: 'urlRederived' }) }
  /** A step URL that cannot be rebuilt: the nearest earlier valid step replaces it. */
  fallBack(path: string): void { this.navigator.go(path, { replace: true }) }
  setLocation(clinic: ClinicView): void { this.dispatch({ type: 'locationChosen', location: clinic, go: false }) }
  /** Location chosen: stored as lastClinicId, then /step/{id}. */
  chooseLocation(clinic: ClinicView, replace = false): void { this.dispatch({ type: 'locationChosen', location: clinic, go: true, replace }) }
  setView(view: ServiceViewKind): void { this.dispatch({ type: 'viewChosen', view }) }
  chooseService(service: ServiceView, categoryId: string | undefined): void { this.dispatch({ type: 'serviceChosen', service, categoryId }) }
  /** A course purchase URL opened directly (reload, shared link): its course joins the basket. */
  restoreCourse(course: ServiceView): void { this.dispatch({ type: 'courseRestored', course }) }
  answerAnotherCourse(yes: boolean): void { this.dispatch({ type: 'anotherCourseAnswered', yes }) }
  buyNow(): void { this.dispatch({ type: 'buyNow' }) }
  /** `restored`: the voucher this tab kept, on its own confirm URL (a reload): that URL is replaced, not added. */
  addGiftVoucher(voucher: GiftVoucherItem, restored = false): void { this.dispatch({ type: 'giftVoucherAdded', voucher, ...(restored ? { restored } : {}) }) }
  removeGiftVoucher(): void { this.dispatch({ type: 'giftVoucherRemoved' }) }
  choosePractitioner(practitioner: PractitionerView | 'any'): void { this.dispatch({ type: 'practitionerChosen', practitioner }) }
  /**
   * A reschedule's staff step shows the appointment's practitioner chosen and asks no question: its one
   * action goes on to the times with them (or with 'Any practitioner'). Undefined elsewhere.
   */
  get keptPractitioner(): PractitionerView | 'any' | undefined {
    const item = this.view.activeItem
    if (!this.view.isReschedule || this.view.step !== 'staff' || !item) return undefined
    return item.anyStaff ? 'any' : item.staff
  }
  keepPractitioner(): void {
    const kept = this.keptPractitioner
    if (kept) this.choosePractitioner(kept)
  }
  /** The staff list arrived: the practitioner an item names alone gets the list's price and length. */
  practitionerListed(serviceId: string, practitioner: PractitionerView): void { this.dispatch({ type: 'practitionerListed', serviceId, practitioner }) }
  answerAnotherService(yes: boolean): void { this.dispatch({ type: 'anotherServiceAnswered', yes }) }
  addAnother(): void { this.dispatch({ type: 'addAnother' }) }
  pickDate(date: string): void { this.dispatch({ type: 'dateChosen', date }) }
  /** A time was chosen: fill start, end and staff of each appointment and start the hold. */
  chooseTime(chain: ChainSlot[]): void {
    const parts = chain.map((slot, i) => ({ start: slot.startDate, end: slot.endDate, ...(slot.practitioner ? { practitioner: { id: slot.practitioner, displayName: this.state.basket[i]?.staff?.displayName ?? '' } } : {}) }))
    this.dispatch({ type: 'timeChosen', parts, expiresAt: this.clock.now().getTime() + this.config.holdSeconds * 1000 })
  }
  /** The server holds the chosen time: the countdown runs to its expiry and the URL names the hold. */
  setHeld(key: HeldTimeKey, expiresAt: number): void { this.dispatch({ type: 'timeHeld', key, expiresAt }) }
  heldTimeEnded(fromConfirm = false): void { this.dispatch({ type: 'heldTimeEnded', fromConfirm }) }
  handOverHold(): void { this.dispatch({ type: 'holdHandedOver' }) }
  holdExpired(): void { this.dispatch({ type: 'holdExpired' }) }
  dismissOutOfTime(): void { this.dispatch({ type: 'outOfTimeDismissed' }) }
  clearTime(): void { this.dispatch({ type: 'timeCleared' }) }
  /** 'Book appointment': signed in, straight to confirm (the current url plus /confirm, keeping the query string); otherwise the locked login modal. */
  book(currentPath: string, search: string): void { this.dispatch({ type: 'book', target: `${currentPath.replace(/\/$/, '')}/confirm${search}` }) }
  back(): void { this.dispatch({ type: 'back' }) }
  askRemove(index: number): void { this.dispatch({ type: 'removeAsked', index }) }
  cancelRemove(): void { this.dispatch({ type: 'removeCancelled' }) }
  confirmRemove(): void { this.dispatch({ type: 'removeConfirmed' }) }
  changeService(index: number): void { this.dispatch({ type: 'changeService', index }) }
  changeStaff(index: number): void { this.dispatch({ type: 'changeStaff', index }) }
  startReschedule(input: RescheduleInput): void { this.dispatch({ type: 'rescheduleStarted', location: input.clinic, appointmentId: input.appointmentId, linked: input.linked, items: input.items }) }
  startBookAgain(input: Omit<RescheduleInput, 'appointmentId' | 'linked'>): void { this.dispatch({ type: 'bookAgainStarted', location: input.clinic, items: input.items }) }
  startCourseSession(context: CourseContext, service: ServiceView): void { this.dispatch({ type: 'courseSessionStarted', courseContext: context, service }) }
  enterPayment(): void { this.dispatch({ type: 'paymentEntered' }) }
  restoreBasket(basket: BasketItem[], date: string, held: boolean): void { this.dispatch({ type: 'basketRestored', basket, date, held }) }
  /** A reload of the time step before a time was picked: its basket (practitioners chosen) and day, as the tab kept them. */
  restoreTimeStep(basket: BasketItem[], date: string | undefined): void { this.dispatch({ type: 'basketRestored', basket, date, held: false, timeStep: true }) }
  /** Resets everything but keeps courseContext (spec section 4). */
  clearBookingInfo(): void { this.dispatch({ type: 'bookingInfoCleared' }) }
}
