/**
 * The booking wizard's whole state as one value (spec sections 2 and 4). The mode is one tagged union;
 * the step is derived (stepOf), never stored, so no move can leave the step and the choices disagreeing.
 */
import type { BookingStep } from '../steps'
import type { CurrentTime } from '../reschedule'
import type { HeldTimeKey } from '../hold'

/** A service or course as the wizard needs it: its price rules and its category (for the URL). */
export interface WizardService {
  id: string
  categoryId?: string
  defaultPrice: number
  /** set on courses: what a course purchase costs */
  salePrice?: number | null
  bookingDepositType?: string | null
  bookingDepositAmount?: number | null
}

export interface WizardPractitioner {
  id: string
  grossPrice?: number
}

export interface WizardItem<S extends WizardService = WizardService, P extends WizardPractitioner = WizardPractitioner> {
  kind: 'service' | 'course'
  service: S
  staff?: P
  anyStaff: boolean
  /** the chosen time (ISO instants); set together on every appointment of the basket */
  start?: string
  end?: string
  /** the session a bought course pays for (the service its Book link opened) */
  courseSession?: boolean
  /** reschedule: the appointment's own practitioner with its price (chosen again, the price stays) */
  bookedStaff?: P
}

export interface GiftVoucher {
  value: number
  receiver?: { name: string; email: string; message: string }
}

export interface CourseContext {
  courseId: string
  courseServices: string[]
}

/** What the customer is doing; exactly one at a time. */
export type WizardMode =
  | { kind: 'newBooking' }
  /** `courseSession`: the URL came from a course session's Book link (its terms, its thank-you page); the course pays nothing more in a reschedule */
  | { kind: 'reschedule'; appointmentId: string; linked: boolean; sources: CurrentTime[]; courseSession?: true }
  /** `servicesToRefresh`: the past appointment's services still need the server's (deposit rules, online details) */
  | { kind: 'bookAgain'; servicesToRefresh?: true }
  /** a session a bought course pays for (course=true&courseServiceBooking=true) */
  | { kind: 'courseSession' }
  | { kind: 'coursePurchase' }
  | { kind: 'giftVoucher'; vouchers: GiftVoucher[] }

export type WizardModeKind = WizardMode['kind']

/** The server's hold of the chosen time: pending until the server answers the pick. */
/** pending: the hold is on its way (`unanswered`: its service did not answer; the booking checks the time again at 'agree'). */
export type WizardHold = { status: 'pending'; expiresAt?: number; unanswered?: true } | { status: 'held'; key: HeldTimeKey; expiresAt: number }


export type WizardDialog =
  | { kind: 'anotherService' }
  | { kind: 'anotherCourse' }
  | { kind: 'remove'; index: number }
  | { kind: 'outOfTime' }
  /** 'Book appointment' while signed out: the login modal that cannot be closed */
  | { kind: 'login' }

export type ServiceViewKind = 'services' | 'courses' | 'giftVoucher'

export interface WizardState<S extends WizardService = WizardService, P extends WizardPractitioner = WizardPractitioner> {
  mode: WizardMode
  locationId?: string
  basket: WizardItem<S, P>[]
  /** the item being chosen; basket.length while a new one is chosen from the list */
  activeIndex: number
  /** the step shown; only pageMove moves it (a location step has no location chosen yet, or was left by back) */
  step: BookingStep
  /** the day picked on the time step (yyyy-MM-dd); the hour list shows while it is set */
  date?: string
  hold?: WizardHold
  dialog?: WizardDialog
  view: ServiceViewKind
  /** the view query parameter's lock */
  viewFromQuery?: 'services' | 'courses'
  /** outlives a reset (spec section 4 'Clearing booking info') */
  courseContext?: CourseContext
  /** the agree action is on its way */
  submitting: boolean
  /** the last refusal to show (a mix of kinds, a taken time, a declined card) */
  message?: string
  /** what a step URL names (clinic, service, course, held time) is being fetched from the server */
  restoring?: true
}

export const initialWizardState: WizardState = {
  mode: { kind: 'newBooking' },
  basket: [],
  activeIndex: 0,
  step: 'location',
  view: 'services',
  submitting: false,
}

/** The wizard's step (spec section 4 'Step flow'). */
export function stepOf(state: WizardState): BookingStep {
  return state.locationId === undefined ? 'location' : state.step
}

/** Confirm has what the earlier steps chose: times, a course purchase or a gift voucher. */
export function canConfirm(state: WizardState): boolean {
  if (state.mode.kind === 'giftVoucher') return state.mode.vouchers.length > 0
  if (state.mode.kind === 'coursePurchase') return state.basket.length > 0
  return state.basket.length > 0 && state.basket.every((i) => i.start !== undefined)
}

/**
 * A booking from a course's Book link (course=true&courseServiceBooking=true): a course session, or the
 * reschedule of one. Its terms and thank-you page are the course service's; only a course session is free.
 */
export const courseServiceBooking = (state: WizardState): boolean =>
  state.mode.kind === 'courseSession' || (state.mode.kind === 'reschedule' && state.mode.courseSession === true)

/** The step's 'Book appointment' button ('Reschedule appointment' in reschedule mode). */
export const bookLabel = (state: WizardState): string => (state.mode.kind === 'reschedule' ? 'Reschedule appointment' : 'Book appointment')

/** Whether the course pays for this item: the session its Book link opened. */
export const coveredByCourse = (state: WizardState, item: WizardItem): boolean => state.mode.kind === 'courseSession' && item.courseSession === true

/** Optional fields are left out rather than set to undefined: a state reads the same however it was reached. */
export function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}
