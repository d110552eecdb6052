/**
 * The booking wizard as the web page runs it (issue 27): the domain's wizard state with what the page
 * shows of it that the state names by id only (the clinic), the URL last routed, and what a move
 * asks the page to do (navigate, run the hold's timer, ask for a login). Every change of the page's
 * state is a named event through pageMove (page-moves.ts); this file holds its reads and shared steps.
 */
import { holdParam, type HeldTimeKey } from '../hold'
import { stepPath } from '../steps'
import { clearTime as clearChosenTime, lockedView, withBasket } from './items'
import type { ServiceViewKind, WizardItem, WizardPractitioner, WizardService, WizardState } from './state'

/** A step URL's parts: /step/{locationId}/{categoryId?}/{serviceId?}[/confirm]?query. */
export interface WizardRoute {
  locationId?: string
  categoryId?: string
  serviceId?: string
  confirm?: boolean
  query: Record<string, string | undefined>
}

export type WizardPlaceOf = { id: string }

export type WizardPage<S extends WizardService = WizardService, P extends WizardPractitioner = WizardPractitioner, L extends WizardPlaceOf = WizardPlaceOf> = WizardState<S, P> & {
  location?: L
  /** the category the URL names (a step URL's service has none of its own) */
  categoryId?: string
  /** the query of the URL last routed */
  query: Record<string, string | undefined>
  /** the URL last routed; none once the wizard's page is left */
  route?: WizardRoute
}

/** What a move asks of the page, in order. */
export type WizardEffect<E = unknown> =
  | { kind: 'go'; path: string; replace?: boolean }
  /** the hold's timer to `expiresAt` (replacing a running one): its end is the event holdExpired */
  | { kind: 'startTimer'; expiresAt: number }
  | { kind: 'stopTimer' }
  /** the locked login modal; `then` once signed in */
  | { kind: 'requireLogin'; then: E }
  /** a login demanded by an earlier 'Book appointment' belongs to confirm and payment */
  | { kind: 'releaseLogin' }
  /** the clinic chosen is remembered (lastClinicId) */
  | { kind: 'selectLocation' }
  | { kind: 'warn'; message: string }

/** A move's result: the next state and what the page does. */
export interface PageMove<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf, E = unknown> {
  state: WizardPage<S, P, L>
  effects: WizardEffect<E>[]
}

type Page<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf> = WizardPage<S, P, L>

/** The server's hold of the chosen time: its key (once held) and expiry. */
export function heldOf(state: WizardState): { readonly key?: HeldTimeKey; readonly expiresAt?: number } {
  const hold = state.hold
  return { key: hold?.status === 'held' ? hold.key : undefined, expiresAt: hold?.expiresAt }
}

/** Query parameters the wizard keeps across its URLs; `hold` names the held time (a reload restores it). */
export function keptQueryOf(state: WizardPage): Record<string, string | undefined> {
  const { view, course, courseServiceBooking, reschedule } = state.query
  const key = heldOf(state).key
  return { view, course, courseServiceBooking, reschedule, hold: key ? holdParam(key) : undefined }
}

export const basketTimed = (state: WizardState): boolean => state.basket.length > 0 && state.basket.every((i) => i.start !== undefined)

export const basketOfCourses = (state: WizardState): boolean => state.basket.length > 0 && state.basket.every((i) => i.kind === 'course')

export const giftVouchersOf = (state: WizardState) => (state.mode.kind === 'giftVoucher' ? state.mode.vouchers : [])

/** Confirm needs what the earlier steps chose: a time for every appointment (the hold), a course purchase or a gift voucher. */
export const pageCanConfirm = (state: WizardState): boolean => basketTimed(state) || basketOfCourses(state) || giftVouchersOf(state).length > 0

/**
 * Confirm shown while the chosen time's hold is on its way: its URL (with hold=) is put once the hold
 * answers. A reschedule asks for no hold (the customer's own booking moves): its URL goes at once.
 */
export const awaitsHold = (s: WizardPage): boolean =>
  s.step === 'confirm' && s.mode.kind !== 'reschedule' && s.hold?.status === 'pending' && s.hold.unanswered !== true && s.route?.confirm === true && s.route.locationId !== undefined && s.route.query.hold === undefined

export const isLinkedReschedule = (state: WizardState): boolean => state.mode.kind === 'reschedule' && state.mode.linked

/** Every appointment of the basket has its practitioner (one, or 'Any practitioner'). */
export const pagePractitionersChosen = (state: WizardState): boolean =>
  state.basket.length > 0 && state.basket.every((i) => i.kind !== 'service' || i.anyStaff || i.staff !== undefined)

/**
 * A view the switch does not offer: any but the locked one. Gift vouchers are paid on their own, so
 * they are never mixed with services or courses; only the view query's lock leaves them open while
 * the basket is empty.
 */
export function isViewLocked(state: WizardState, view: ServiceViewKind): boolean {
  const locked = lockedView(state)
  if (locked === undefined || locked === view) return false
  return !(view === 'giftVoucher' && state.basket.length === 0)
}

/**
 * One move under way: the state as it changes and the effects asked so far. Local to a move (pageMove
 * returns a fresh one's result), so the move stays a pure function of its state and event.
 */
export class MoveDraft<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf, E> {
  readonly effects: WizardEffect<E>[] = []
  constructor(public state: Page<S, P, L>) {}

  /** A change of named fields; the mode follows the basket's kind (a course purchase). */
  patch(change: Partial<Page<S, P, L>>): void {
    const next = { ...this.state, ...change }
    this.state = 'basket' in change ? { ...next, mode: withBasket(next, next.basket as WizardItem<S, P>[]).mode } : next
  }

  go(path: string, replace?: boolean): void {
    this.effects.push(replace ? { kind: 'go', path, replace } : { kind: 'go', path })
  }

  effect(effect: WizardEffect<E>): void {
    this.effects.push(effect)
  }

  /** The chosen time given up (back, 'Change date', expiry, another choice): its hold is released and leaves the URL. */
  clearTime(): void {
    const held = heldOf(this.state).key !== undefined
    this.effect({ kind: 'stopTimer' })
    this.state = clearChosenTime(this.state) as Page<S, P, L>
    if (held) this.dropHoldParam()
  }

  /** The URL names a hold that is no longer the customer's: the same URL without it replaces it. */
  dropHoldParam(): void {
    const route = this.state.route
    if (!route?.locationId || route.query.hold === undefined) return
    const cleaned = { ...route, query: { ...route.query, hold: undefined } }
    this.state = { ...this.state, route: cleaned }
    this.go(stepPath({ ...cleaned, locationId: route.locationId }), true)
  }

  /** The step URL of the basket's item at `index`. */
  goToService(index: number, categoryId = this.state.categoryId): void {
    const item = this.state.basket[index]
    if (!this.state.location || !item) return
    const query = { ...keptQueryOf(this.state), service: String(index) }
    this.go(stepPath({ locationId: this.state.location.id, categoryId: item.service.categoryId ?? categoryId, serviceId: item.service.id, query }))
  }

  /** The step URL of the basket's last item. */
  goToCurrentServiceUrl(): void {
    this.goToService(Math.max(0, this.state.basket.length - 1))
  }

  /** The service list's URL, keeping the query. */
  goToList(): void {
    this.go(stepPath({ locationId: this.state.location?.id ?? '', query: keptQueryOf(this.state) }))
  }

  result(): PageMove<S, P, L, E> {
    return { state: this.state, effects: this.effects }
  }
}
