/**
 * The wizard's state alone (no page: no clinic, URL or effects) under every user action of spec
 * sections 2 and 4: transition(state, event) -> state, an action the state does not allow leaving it
 * unchanged. The page runs pageMove (page-moves.ts); this model is what the URL's round trip (url.ts)
 * and its property tests are stated over.
 */
import * as E from 'fp-ts/Either'
import { addToBasket, CANNOT_MIX_MESSAGE, GIFT_VOUCHER_MIX_WARNING, replaceInBasket } from '../basket'
import { modeStart, type ModeAppointment } from '../reschedule'
import type { HeldTimeKey } from '../hold'
import { canChangeItems, clearTime, lockedView, nextIsCourseSession, staffFor, withBasket, withTimes, type ChainPart } from './items'
import {
  canConfirm,
  dropUndefined,
  initialWizardState,
  timeChosen,
  type CourseContext,
  type GiftVoucher,
  type ServiceViewKind,
  type WizardItem,
  type WizardPractitioner,
  type WizardService,
  type WizardState,
} from './state'


export type WizardEvent<S extends WizardService = WizardService, P extends WizardPractitioner = WizardPractitioner> =
  | { type: 'chooseLocation'; locationId: string }
  | { type: 'setView'; view: ServiceViewKind }
  | { type: 'chooseService'; service: S; categoryId?: string }
  | { type: 'choosePractitioner'; practitioner: P | 'any' }
  /** 'Do you want to book another service?' / 'Do you want to add another course?' */
  | { type: 'answerAnother'; yes: boolean }
  | { type: 'addAnother' }
  | { type: 'pickDate'; date: string }
  | { type: 'chooseTime'; chain: readonly ChainPart<P>[] }
  /** the server holds the chosen time */
  | { type: 'held'; key: HeldTimeKey; expiresAt: number }
  /** the hold ran out, or the server no longer has it (a reload, a late answer) */
  | { type: 'holdExpired' }
  | { type: 'dismissOutOfTime' }
  | { type: 'askRemove'; index: number }
  | { type: 'cancelRemove' }
  | { type: 'confirmRemove' }
  | { type: 'changeService'; index: number }
  | { type: 'changeStaff'; index: number }
  | { type: 'back' }
  /** 'Book appointment' / 'Reschedule appointment' */
  | { type: 'book'; signedIn: boolean }
  | { type: 'signedIn' }
  | { type: 'buyNow' }
  | { type: 'addGiftVoucher'; voucher: GiftVoucher }
  | { type: 'removeGiftVoucher' }
  /** 'I understand and agree to these terms' */
  | { type: 'agree' }
  | { type: 'confirmResult'; outcome: 'paymentRequired' }
  | { type: 'confirmResult'; outcome: 'booked' }
  | { type: 'confirmResult'; outcome: 'refused'; message: string }
  | { type: 'paymentResult'; paid: true } | { type: 'paymentResult'; paid: false; message: string }
  | { type: 'startAgain' }
  | { type: 'startReschedule'; locationId: string; appointmentId: string; linked: boolean; items: readonly ModeAppointment<S & { categoryId?: string }, P & { id: string }>[] }
  | { type: 'startBookAgain'; locationId: string; items: readonly ModeAppointment<S & { categoryId?: string }, P & { id: string }>[] }
  | { type: 'startCourseSession'; courseContext?: CourseContext }
  | { type: 'setCourseContext'; courseContext?: CourseContext }
  /** a step URL carries courseServiceBooking=true (a bought course's Book link): a course session, or the reschedule of one */
  | { type: 'courseLink' }
  /** a step URL opened directly (reload, a course's Book link): the service it names joins the basket at the active item */
  | { type: 'restoreService'; service: S }
  /** a course purchase URL opened directly (reload, shared link): its course joins the basket */
  | { type: 'restoreCourse'; course: S }
  /** a reload rebuilt the basket from the server's hold (`held`: its time step again, on the hours of `date`) or its pending booking */
  | { type: 'restoreBasket'; basket: WizardItem<S, P>[]; date: string; held: boolean }
  /** book again: the basket's services replaced by the server's (their deposit rules, online details), keeping their category */
  | { type: 'refreshServices'; services: readonly S[] }
  /** what a step URL names is being fetched from the server, or has arrived */
  | { type: 'restoring'; restoring: boolean }

type State<S extends WizardService, P extends WizardPractitioner> = WizardState<S, P>

/** Every mode and choice reset; the course context is kept (spec section 4 'Clearing booking info'). */
export function resetWizard<S extends WizardService, P extends WizardPractitioner>(state: State<S, P>): State<S, P> {
  return { ...(initialWizardState as State<S, P>), ...(state.courseContext ? { courseContext: state.courseContext } : {}) }
}

function without<T extends object, K extends keyof T>(value: T, ...keys: K[]): T {
  const copy = { ...value }
  for (const key of keys) delete copy[key]
  return copy
}


const refuse = <S extends WizardService, P extends WizardPractitioner>(state: State<S, P>, message: string): State<S, P> => ({ ...state, message })

/** Not in a reschedule (spec section 2: reschedule mode hides add-another). */
const canAddAnother = (state: WizardState): boolean => state.mode.kind !== 'reschedule'

export function transition<S extends WizardService, P extends WizardPractitioner>(state: State<S, P>, event: WizardEvent<S, P>): State<S, P> {
  const next = move(state, event)
  // An agree on its way belongs to confirm: a step left meanwhile makes its late answer stale.
  return next.submitting && next.step !== 'confirm' ? { ...next, submitting: false } : next
}

function move<S extends WizardService, P extends WizardPractitioner>(state: State<S, P>, event: WizardEvent<S, P>): State<S, P> {
  const s = state.message === undefined ? state : without(state, 'message')
  switch (event.type) {
    case 'chooseLocation': {
      const moved = s.locationId !== undefined && s.locationId !== event.locationId
      const base = moved ? { ...resetWizard(s), ...(s.mode.kind === 'courseSession' ? { mode: s.mode } : {}) } : s
      // The service list shows: a time chosen would run out on it.
      return { ...clearTime(without(base, 'dialog')), locationId: event.locationId, step: 'service', activeIndex: base.basket.length, submitting: false }
    }
    case 'setView': {
      const locked = lockedView(s)
      const open = locked === undefined || locked === event.view || (event.view === 'giftVoucher' && s.basket.length === 0)
      return open && s.step === 'service' ? { ...s, view: event.view } : state
    }
    case 'chooseService':
      return chooseService(s, event.service, event.categoryId)
    case 'choosePractitioner': {
      const item = s.basket[s.activeIndex]
      if (s.step !== 'staff' || !item || item.kind !== 'service') return state
      const chosen: WizardItem<S, P> = dropUndefined({
        ...item,
        anyStaff: event.practitioner === 'any',
        staff: event.practitioner === 'any' ? undefined : staffFor(item, event.practitioner),
      })
      const next = clearTime({ ...s, basket: s.basket.map((i, at) => (at === s.activeIndex ? chosen : i)) })
      return canAddAnother(s) ? { ...next, dialog: { kind: 'anotherService' } } : toTime(next)
    }
    case 'answerAnother': {
      const asked = s.dialog?.kind
      if (asked !== 'anotherService' && asked !== 'anotherCourse') return state
      const closed = without(s, 'dialog')
      if (asked === 'anotherCourse') return event.yes ? { ...closed, activeIndex: closed.basket.length } : { ...closed, step: 'confirm' }
      return event.yes ? addAnother(closed) : toTime(closed)
    }
    case 'addAnother':
      return s.locationId !== undefined && canAddAnother(s) && s.mode.kind !== 'giftVoucher' ? addAnother(without(s, 'dialog')) : state
    case 'pickDate':
      return s.step === 'time' ? { ...s, date: event.date } : state
    case 'chooseTime': {
      if (s.step !== 'time' || s.date === undefined || event.chain.length !== s.basket.length) return state
      return { ...s, basket: withTimes(s.basket, event.chain), hold: { status: 'pending' } }
    }
    case 'held':
      return s.hold !== undefined && timeChosen(s) ? { ...s, hold: { status: 'held', key: event.key, expiresAt: event.expiresAt } } : state
    case 'holdExpired': {
      if (s.hold === undefined) return state
      const cleared = clearTime(without(s, 'submitting'))
      const after = s.step === 'confirm' || s.step === 'payment' ? 'time' : s.step
      return { ...cleared, submitting: false, step: after, dialog: { kind: 'outOfTime' } }
    }
    case 'dismissOutOfTime':
      return s.dialog?.kind === 'outOfTime' ? without(without(s, 'dialog'), 'date') : state
    case 'askRemove':
      return s.basket[event.index] && s.mode.kind !== 'reschedule' ? { ...s, dialog: { kind: 'remove', index: event.index } } : state
    case 'cancelRemove':
      return s.dialog?.kind === 'remove' ? without(s, 'dialog') : state
    case 'confirmRemove':
      return s.dialog?.kind === 'remove' ? removeItem(without(s, 'dialog'), s.dialog.index) : state
    case 'changeService':
      return s.basket[event.index] && canChangeItems(s) ? { ...clearTime(without(s, 'dialog')), activeIndex: event.index, step: 'service' } : state
    case 'changeStaff':
      return s.basket[event.index]?.kind === 'service' && canChangeItems(s) ? { ...clearTime(without(s, 'dialog')), activeIndex: event.index, step: 'staff' } : state
    case 'back':
      return back(s)
    case 'book':
      // Every step that shows chosen times offers it (a reschedule's time step may be reached from its staff URL); not twice.
      if (s.locationId === undefined || s.step === 'confirm' || s.step === 'payment' || !timeChosen(s)) return state
      return event.signedIn ? { ...without(s, 'dialog'), step: 'confirm' } : { ...s, dialog: { kind: 'login' } }
    case 'signedIn':
      return s.dialog?.kind === 'login' && timeChosen(s) ? { ...without(s, 'dialog'), step: 'confirm' } : state
    case 'buyNow':
      return s.mode.kind === 'coursePurchase' && s.basket.length > 0 ? { ...without(s, 'dialog'), step: 'confirm' } : state
    case 'addGiftVoucher':
      if (s.locationId === undefined) return state
      if (s.basket.length > 0) return refuse(s, GIFT_VOUCHER_MIX_WARNING)
      return { ...s, mode: { kind: 'giftVoucher', vouchers: [event.voucher] }, view: 'giftVoucher', step: 'confirm' }
    case 'removeGiftVoucher':
      if (s.mode.kind !== 'giftVoucher') return state
      return { ...s, mode: { kind: 'newBooking' }, view: 'services', step: 'service', submitting: false }
    case 'agree':
      return s.step === 'confirm' && canConfirm(s) && !s.submitting ? { ...s, submitting: true } : state
    case 'confirmResult':
      if (!s.submitting || s.step !== 'confirm') return state
      if (event.outcome === 'paymentRequired') return { ...s, submitting: false, step: 'payment' }
      if (event.outcome === 'booked') return resetWizard(s)
      // A booking refused (most often: someone else took the time) cannot be retried as it is: back to the day's times.
      if (s.mode.kind === 'coursePurchase' || s.mode.kind === 'giftVoucher') return { ...s, submitting: false, message: event.message }
      return { ...clearTime(s), submitting: false, step: 'time', message: event.message }
    case 'paymentResult':
      if (s.step !== 'payment') return state
      return event.paid ? resetWizard(s) : { ...s, message: event.message }
    case 'startAgain':
      return resetWizard(s)
    case 'startReschedule': {
      const start = modeStart({ reschedule: true, linked: event.linked }, event.locationId, event.items)
      const basket = start.basket.map((i) => dropUndefined({ ...i, bookedStaff: i.staff }))
      const mode = { kind: 'reschedule' as const, appointmentId: event.appointmentId, linked: event.linked, sources: start.sources }
      return { ...resetWizard(s), mode, locationId: event.locationId, basket, step: start.step }
    }
    case 'startBookAgain': {
      const start = modeStart({ reschedule: false }, event.locationId, event.items)
      return { ...resetWizard(s), mode: { kind: 'bookAgain', servicesToRefresh: true }, locationId: event.locationId, basket: start.basket.map((i) => dropUndefined(i)), step: start.step }
    }
    case 'startCourseSession':
      if (s.basket.length > 0 || s.mode.kind !== 'newBooking') return state
      return { ...s, mode: { kind: 'courseSession' }, ...(event.courseContext ? { courseContext: event.courseContext } : {}) }
    case 'setCourseContext':
      return event.courseContext ? { ...s, courseContext: event.courseContext } : without(s, 'courseContext')
    case 'courseLink':
      if (s.mode.kind === 'reschedule') return s.mode.courseSession ? state : { ...s, mode: { ...s.mode, courseSession: true } }
      return s.mode.kind === 'newBooking' ? { ...s, mode: { kind: 'courseSession' } } : state
    case 'restoreService':
      return restoreService(s, event.service)
    case 'restoreCourse': {
      if (s.basket.some((i) => i.kind === 'course' && i.service.id === event.course.id)) return state
      const next = addToBasket(s.basket, { kind: 'course' as const, service: event.course, anyStaff: false } as WizardItem<S, P>)
      if (E.isLeft(next)) return refuse(s, CANNOT_MIX_MESSAGE)
      return { ...withBasket(s, next.right), activeIndex: next.right.length - 1 }
    }
    case 'restoreBasket': {
      const restored = { ...s, basket: event.basket, date: event.date }
      return event.held ? { ...restored, activeIndex: Math.max(0, Math.min(s.activeIndex, event.basket.length - 1)) } : restored
    }
    case 'refreshServices': {
      const basket = s.basket.map((item) => {
        const fresh = event.services.find((f) => f.id === item.service.id)
        const categoryId = fresh?.categoryId ?? item.service.categoryId
        return fresh ? { ...item, service: categoryId === undefined ? fresh : { ...fresh, categoryId } } : item
      })
      return { ...s, basket, ...(s.mode.kind === 'bookAgain' ? { mode: { kind: 'bookAgain' as const } } : {}) }
    }
    case 'restoring':
      return event.restoring ? { ...s, restoring: true } : without(s, 'restoring')
  }
}

/** The service a step URL names, at the active item (replacing another there); the first of a course session is the session. */
function restoreService<S extends WizardService, P extends WizardPractitioner>(s: State<S, P>, service: S): State<S, P> {
  const index = Math.min(s.activeIndex, s.basket.length)
  if (s.basket[index]?.service.id === service.id) return s.activeIndex === index ? s : { ...s, activeIndex: index }
  const item: WizardItem<S, P> = { kind: 'service', service, anyStaff: false, ...(nextIsCourseSession(s, index) ? { courseSession: true } : {}) }
  const basket = index < s.basket.length ? s.basket.map((i, at) => (at === index ? item : i)) : [...s.basket, item]
  return { ...s, basket, activeIndex: index }
}

function chooseService<S extends WizardService, P extends WizardPractitioner>(s: State<S, P>, chosen: S, categoryId: string | undefined): State<S, P> {
  if (s.locationId === undefined || s.step !== 'service' || s.dialog !== undefined) return s
  if (s.mode.kind === 'giftVoucher') return refuse(s, GIFT_VOUCHER_MIX_WARNING)
  if (s.mode.kind === 'reschedule' && s.mode.linked) return s
  const kind = s.view === 'courses' ? 'course' : 'service'
  const service = chosen.categoryId === undefined && categoryId !== undefined ? { ...chosen, categoryId } : chosen
  const index = Math.min(s.activeIndex, s.basket.length)
  // In a course session the course pays for the first service (its Book link's); services added to it are paid.
  const session = kind === 'service' && nextIsCourseSession(s, index)
  const item: WizardItem<S, P> = { kind, service, anyStaff: false, ...(session ? { courseSession: true } : {}) }
  const next = index < s.basket.length ? replaceInBasket(s.basket, index, item) : addToBasket(s.basket, item)
  if (E.isLeft(next)) return refuse(s, CANNOT_MIX_MESSAGE)
  const chosenState = { ...clearTime(withBasket(s, next.right)), activeIndex: index }
  return kind === 'course' ? { ...chosenState, dialog: { kind: 'anotherCourse' } } : { ...chosenState, step: 'staff' }
}

function addAnother<S extends WizardService, P extends WizardPractitioner>(s: State<S, P>): State<S, P> {
  // A time chosen for the old basket no longer fits the new chain, and its hold would run out on the list.
  return { ...clearTime(s), activeIndex: s.basket.length, step: 'service' }
}

function toTime<S extends WizardService, P extends WizardPractitioner>(s: State<S, P>): State<S, P> {
  return { ...s, step: 'time' }
}

function removeItem<S extends WizardService, P extends WizardPractitioner>(s: State<S, P>, index: number): State<S, P> {
  const removed = s.basket[index]
  const left = clearTime(withBasket(s, s.basket.filter((_, at) => at !== index)))
  // The course paid for that session only: what is left (or the empty list) is an ordinary booking.
  const mode = removed?.courseSession && left.mode.kind === 'courseSession' ? { kind: 'newBooking' as const } : left.mode
  if (left.basket.length === 0) return { ...left, mode: mode.kind === 'courseSession' ? { kind: 'newBooking' } : mode, activeIndex: 0, step: 'service' }
  const activeIndex = Math.min(s.activeIndex, left.basket.length - 1)
  // On confirm or payment the held time (and the pending booking) was for the old basket.
  const step = s.step === 'confirm' || s.step === 'payment' ? (left.mode.kind === 'coursePurchase' ? s.step : 'time') : s.step === 'service' ? 'service' : s.step
  return { ...left, mode, activeIndex: step === 'service' ? left.basket.length : activeIndex, step, submitting: false }
}

/** Steps back and clears the selection of the step left (spec section 4 'Back navigation'). */
function back<S extends WizardService, P extends WizardPractitioner>(s: State<S, P>): State<S, P> {
  switch (s.step) {
    case 'location':
      return s
    case 'service':
      return { ...without(s, 'dialog'), step: 'location' }
    case 'staff': {
      const item = s.basket[s.activeIndex]
      if (!item) return { ...s, step: 'service', activeIndex: s.basket.length }
      const unchosen = item.staff === undefined && !item.anyStaff && s.mode.kind !== 'reschedule'
      const basket = unchosen
        ? s.basket.filter((_, at) => at !== s.activeIndex)
        : s.basket.map((i, at) => (at === s.activeIndex ? dropUndefined({ ...i, staff: undefined, anyStaff: false }) : i))
      const next = withBasket(without(s, 'dialog'), basket)
      const mode = next.mode.kind === 'courseSession' && !basket.some((i) => i.courseSession) && basket.length > 0 ? { kind: 'newBooking' as const } : next.mode
      return { ...next, mode, activeIndex: basket.length, step: 'service' }
    }
    case 'time': {
      const cleared = clearTime(without(s, 'dialog'))
      if (s.date !== undefined) return without(cleared, 'date')
      return { ...cleared, activeIndex: Math.max(0, s.basket.length - 1), step: 'staff' }
    }
    case 'confirm':
    case 'payment':
      if (s.mode.kind === 'giftVoucher') return { ...s, mode: { kind: 'newBooking' }, view: 'services', step: 'service', submitting: false }
      if (s.mode.kind === 'coursePurchase') return { ...s, step: 'service', activeIndex: s.basket.length, submitting: false }
      return { ...clearTime(s), step: 'time', submitting: false }
  }
}
