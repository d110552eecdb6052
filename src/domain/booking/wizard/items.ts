/**
 * Pure steps on the wizard's state that its one machine (pageMove, page-moves.ts) is built of: the
 * chosen time filled and released, the mode following the basket, the view lock, and what a step URL
 * or the server gives back (the URL's service or course, book again's refreshed services).
 */
import * as E from 'fp-ts/Either'
import { addToBasket, replaceInBasket } from '../basket'
import { dropUndefined, type ServiceViewKind, type WizardItem, type WizardPractitioner, type WizardService, type WizardState } from './state'

/** One appointment of a chosen time: its start, end and (for 'Any practitioner') who performs it. */
export interface ChainPart<P> {
  start: string
  end: string
  practitioner?: P
}

type State<S extends WizardService, P extends WizardPractitioner> = WizardState<S, P>

/** The chosen time given up (back, another choice, expiry): no times, no hold, 'any' has no practitioner again. */
export function clearTime<S extends WizardService, P extends WizardPractitioner, T extends State<S, P>>(state: T): T {
  if (state.hold === undefined && !state.basket.some((i) => i.start !== undefined)) return state
  const basket = state.basket.map(({ start: _s, end: _e, ...item }) => (item.anyStaff ? { ...item, staff: undefined } : item))
  const { hold: _h, ...rest } = state
  return { ...rest, basket: basket.map((i) => dropUndefined(i)) } as T
}

/** The mode follows the basket's kind: courses make a course purchase, an emptied one is no longer. */
export function withBasket<S extends WizardService, P extends WizardPractitioner, T extends State<S, P>>(state: T, basket: WizardItem<S, P>[]): T {
  const courses = basket.some((i) => i.kind === 'course')
  const mode = courses ? { kind: 'coursePurchase' as const } : state.mode.kind === 'coursePurchase' ? { kind: 'newBooking' as const } : state.mode
  return { ...state, basket, mode }
}

/** The service step's lock: the basket's kind, a gift voucher, or the view query parameter. */
export function lockedView(state: WizardState): ServiceViewKind | undefined {
  if (state.mode.kind === 'giftVoucher') return 'giftVoucher'
  if (state.viewFromQuery) return state.viewFromQuery
  if (state.basket.some((i) => i.kind === 'course')) return 'courses'
  return state.basket.length > 0 ? 'services' : undefined
}

/**
 * Not for course purchases, nor in a linked reschedule (it moves the time only), nor before a clinic is
 * chosen (a course session started from the account: the change opens a step of the clinic's, which a
 * URL without one cannot name), nor on the payment step (the booking is held as agreed: 'Start again' is the way back).
 */
export const canChangeItems = (state: WizardState): boolean =>
  state.locationId !== undefined && state.mode.kind !== 'coursePurchase' && !(state.mode.kind === 'reschedule' && state.mode.linked) && state.step !== 'payment'

/** 'remove': not in a reschedule (it moves the booking it has), nor on the payment step (the booking is held as agreed). */
export const canRemoveItems = (state: WizardState): boolean => state.mode.kind !== 'reschedule' && state.step !== 'payment'

/** The practitioner an item gets; in a reschedule its own practitioner chosen again keeps the appointment's price. */
export function staffFor<P extends WizardPractitioner>(item: WizardItem<WizardService, P>, practitioner: P): P {
  const booked = item.bookedStaff
  return booked?.id === practitioner.id && booked.grossPrice !== undefined ? { ...practitioner, grossPrice: booked.grossPrice } : practitioner
}

/** The chosen time on every appointment: its start and end, and who performs it for 'Any practitioner'. */
export function withTimes<S extends WizardService, P extends WizardPractitioner>(basket: readonly WizardItem<S, P>[], chain: readonly ChainPart<P>[]): WizardItem<S, P>[] {
  return basket.map((item, i) => {
    const part = chain[i]
    if (!part) return item
    const staff = item.anyStaff && part.practitioner ? part.practitioner : item.staff
    return dropUndefined({ ...item, start: part.start, end: part.end, staff })
  })
}

/** Whether the service the basket gets at `index` is the course session (none is yet): the one the course's Book link opens. */
export function nextIsCourseSession(state: WizardState, index: number): boolean {
  return state.mode.kind === 'courseSession' && !state.basket.some((i, at) => at !== index && i.courseSession)
}

/**
 * The service a step URL names, at the active item (replacing another there: its time no longer fits
 * the chain); the first of a course session is the session. Beside courses it is refused (Left), as a choice is.
 */
export function restoreService<S extends WizardService, P extends WizardPractitioner, T extends State<S, P>>(s: T, service: S): E.Either<string, T> {
  const index = Math.min(s.activeIndex, s.basket.length)
  if (s.basket[index]?.service.id === service.id) return E.right(s.activeIndex === index ? s : { ...s, activeIndex: index })
  const item: WizardItem<S, P> = { kind: 'service', service, anyStaff: false, ...(nextIsCourseSession(s, index) ? { courseSession: true } : {}) }
  const next = index < s.basket.length ? replaceInBasket(s.basket, index, item) : addToBasket(s.basket, item)
  if (E.isLeft(next)) return E.left(next.left.message)
  return E.right({ ...withBasket<S, P, T>(clearTime<S, P, T>(s), next.right), activeIndex: index })
}

/** A course purchase URL's course joins the basket (once); beside services it is refused (Left). */
export function restoreCourse<S extends WizardService, P extends WizardPractitioner, T extends State<S, P>>(s: T, course: S): E.Either<string, T> {
  if (s.basket.some((i) => i.kind === 'course' && i.service.id === course.id)) return E.right(s)
  const next = addToBasket(s.basket, { kind: 'course' as const, service: course, anyStaff: false } as WizardItem<S, P>)
  if (E.isLeft(next)) return E.left(next.left.message)
  return E.right({ ...withBasket<S, P, T>(s, next.right), activeIndex: next.right.length - 1 })
}

/** Book again: the basket's services replaced by the server's (their deposit rules, online details), keeping their category. */
export function refreshServices<S extends WizardService, P extends WizardPractitioner, T extends State<S, P>>(s: T, services: readonly S[]): T {
  const basket = s.basket.map((item) => {
    const fresh = services.find((f) => f.id === item.service.id)
    const categoryId = fresh?.categoryId ?? item.service.categoryId
    return fresh ? { ...item, service: categoryId === undefined ? fresh : { ...fresh, categoryId } } : item
  })
  return { ...s, basket, ...(s.mode.kind === 'bookAgain' ? { mode: { kind: 'bookAgain' as const } } : {}) }
}
