/**
 * The booking wizard's one state machine (issue 27): every change of the booking page's wizard state
 * (spec sections 2 and 4), the customer's actions and what a URL or the server gives back, as one
 * named event and one pure move: pageMove(state, event) -> { state, effects }. The page's view model
 * holds the state, dispatches every event here and runs the effects (navigation, the hold's timer,
 * the login modal); it changes nothing else.
 */
import * as E from 'fp-ts/Either'
import { addToBasket, GIFT_VOUCHER_MIX_WARNING, replaceInBasket } from '../basket'
import { modeStart, type ModeAppointment } from '../reschedule'
import { stepPath } from '../steps'
import { holdParam, withHoldParam, type HeldTimeKey } from '../hold'
import { canChangeItems, canRemoveItems, nextIsCourseSession, refreshServices, restoreCourse, restoreService, withTimes, staffFor, type ChainPart } from './items'
import { back, removeFromBasket } from './page-back'
import { initialWizardState, type CourseContext, type GiftVoucher, type ServiceViewKind, type WizardItem, type WizardMode, type WizardPractitioner, type WizardService } from './state'
import { awaitsHold, heldOf, isViewLocked, keptQueryOf, MoveDraft, pagePractitionersChosen, basketTimed, type PageMove, type WizardPage, type WizardPlaceOf, type WizardRoute } from './page'
import { routeArrived } from './page-route'

type Items<S extends WizardService, P extends WizardPractitioner> = readonly ModeAppointment<S & { categoryId?: string }, P & { id: string }>[]

export type PageEvent<S extends WizardService = WizardService, P extends WizardPractitioner = WizardPractitioner, L extends WizardPlaceOf = WizardPlaceOf> =
  /** the clinic (another one empties the basket); `go`: its service list is shown (replacing the entry when `replace`) */
  | { type: 'locationChosen'; location: L; go: boolean; replace?: boolean }
  | { type: 'viewChosen'; view: ServiceViewKind }
  | { type: 'serviceChosen'; service: S; categoryId?: string }
  /** a course purchase URL opened directly (reload, shared link): its course joins the basket */
  | { type: 'courseRestored'; course: S }
  /** a step URL opened directly (reload, a course's Book link): the service it names joins the basket at the active item */
  | { type: 'serviceRestored'; service: S }
  /** book again: the basket's services replaced by the server's (their deposit rules, online details), keeping their category */
  | { type: 'servicesRefreshed'; services: readonly S[] }
  /** what a step URL names is being fetched from the server (true), or has arrived */
  | { type: 'restoring'; restoring: boolean }
  /** the course a course session's Book link came from (kept across resets), or none */
  | { type: 'courseContextSet'; courseContext?: CourseContext }
  /** 'Do you want to add another course?' */
  | { type: 'anotherCourseAnswered'; yes: boolean }
  | { type: 'buyNow' }
  | { type: 'giftVoucherAdded'; voucher: GiftVoucher; restored?: boolean }
  | { type: 'giftVoucherRemoved' }
  | { type: 'practitionerChosen'; practitioner: P | 'any' }
  /** a staff list arrived: a practitioner an item names alone (book again: id and name; 'Any practitioner': the chosen time's) gets its price and length; `fresh`: replaces a kept one too (a reloaded time step's) */
  | { type: 'practitionerListed'; serviceId: string; practitioner: P; fresh?: true }
  /** 'Do you want to book another service?' */
  | { type: 'anotherServiceAnswered'; yes: boolean }
  | { type: 'addAnother' }
  | { type: 'dateChosen'; date: string }
  /** a time chosen: its appointments' parts, and when its hold runs out */
  | { type: 'timeChosen'; parts: readonly ChainPart<P>[]; expiresAt: number }
  | { type: 'timeHeld'; key: HeldTimeKey; expiresAt: number }
  /** the hold's service did not answer: the time stays chosen, not held */
  | { type: 'holdUnanswered' }
  /** the hold ran out: the selection cleared, 'Out of time' */
  | { type: 'holdExpired' }
  /** the hold ended on confirm, or a reloaded URL names one that is no longer the customer's */
  | { type: 'heldTimeEnded'; fromConfirm: boolean }
  /** the confirm step's own countdown takes over from the time hold */
  | { type: 'holdHandedOver' }
  | { type: 'outOfTimeDismissed' }
  | { type: 'timeCleared' }
  /** 'Book appointment': `target` is the current URL plus /confirm */
  | { type: 'book'; target: string }
  /** signed in after 'Book appointment' */
  | { type: 'confirmEntered'; target: string }
  | { type: 'back' }
  | { type: 'removeAsked'; index: number }
  | { type: 'removeCancelled' }
  | { type: 'removeConfirmed' }
  | { type: 'changeService'; index: number }
  | { type: 'changeStaff'; index: number }
  | { type: 'rescheduleStarted'; location: L; appointmentId: string; linked: boolean; items: Items<S, P> }
  | { type: 'bookAgainStarted'; location: L; items: Items<S, P> }
  | { type: 'courseSessionStarted'; courseContext: CourseContext; service: S }
  | { type: 'paymentEntered' }
  /** a reload restored the basket the server holds (`held`: its time step again, on the hours of `date`) or is being paid for; `timeStep`: the tab's kept time step, no time picked */
  | { type: 'basketRestored'; basket: WizardItem<S, P>[]; date?: string; held: boolean; timeStep?: true }
  /** every mode and choice reset; the clinic, the URL's query and the course context are kept */
  | { type: 'bookingInfoCleared' }
  /** a URL arrived (a click, a reload, back or forward): the step follows it */
  | { type: 'urlArrived'; route: WizardRoute }
  /** the URL last routed again, after what it names was rebuilt from the server */
  | { type: 'urlRederived' }
  /** the wizard's page is left: its last URL is no longer the browser's */
  | { type: 'urlLeft' }

type Draft<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf> = MoveDraft<S, P, L, PageEvent<S, P, L>>

export function pageMove<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf>(state: WizardPage<S, P, L>, event: PageEvent<S, P, L>): PageMove<S, P, L, PageEvent<S, P, L>> {
  const d: Draft<S, P, L> = new MoveDraft(state)
  apply(d, event)
  return d.result()
}

function apply<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf>(d: Draft<S, P, L>, event: PageEvent<S, P, L>): void {
  const s = (): WizardPage<S, P, L> => d.state
  switch (event.type) {
    case 'locationChosen':
      if (s().location && s().location?.id !== event.location.id) emptyBasket(d)
      d.patch({ location: event.location, locationId: event.location.id } as Partial<WizardPage<S, P, L>>)
      d.effect({ kind: 'selectLocation' })
      if (event.go) d.go(stepPath({ locationId: event.location.id, query: keptQueryOf(s()) }), event.replace)
      return
    case 'viewChosen':
      if (!isViewLocked(s(), event.view)) d.patch({ view: event.view })
      return
    case 'serviceChosen':
      return chooseService(d, event.service, event.categoryId)
    case 'courseRestored': {
      const next = restoreCourse<S, P, WizardPage<S, P, L>>(s(), event.course)
      if (E.isLeft(next)) return d.effect({ kind: 'warn', message: next.left })
      d.state = next.right
      return
    }
    case 'serviceRestored': {
      if (s().mode.kind === 'giftVoucher') return d.effect({ kind: 'warn', message: GIFT_VOUCHER_MIX_WARNING })
      const next = restoreService<S, P, WizardPage<S, P, L>>(s(), event.service)
      if (E.isLeft(next)) return d.effect({ kind: 'warn', message: next.left })
      if (next.right.hold === undefined && s().hold !== undefined) {
        // The item's time no longer fits the chain: its timer stops and the URL drops the hold.
        d.clearTime()
        d.state = E.getOrElse(() => s())(restoreService<S, P, WizardPage<S, P, L>>(s(), event.service))
      } else d.state = next.right
      return
    }
    case 'servicesRefreshed':
      d.state = refreshServices<S, P, WizardPage<S, P, L>>(s(), event.services)
      return
    case 'restoring':
      d.patch({ restoring: event.restoring ? true : undefined })
      return
    case 'courseContextSet':
      d.patch({ courseContext: event.courseContext })
      return
    case 'anotherCourseAnswered':
      d.patch({ dialog: undefined })
      if (event.yes) d.patch({ activeIndex: s().basket.length })
      else buyNow(d)
      return
    case 'buyNow':
      return buyNow(d)
    case 'giftVoucherAdded':
      if (!s().location) return
      if (s().basket.length > 0) return d.effect({ kind: 'warn', message: GIFT_VOUCHER_MIX_WARNING })
      d.patch({ mode: { kind: 'giftVoucher', vouchers: [event.voucher] } })
      d.go(stepPath({ locationId: s().location?.id ?? '', confirm: true }), event.restored) // restored: a reload's, on that URL already
      return
    case 'giftVoucherRemoved':
      // Back to the service list (from confirm or payment), every view open again; only a gift voucher is removed so.
      if (s().mode.kind !== 'giftVoucher') return
      d.patch({ mode: { kind: 'newBooking' } })
      if (s().step !== 'confirm' && s().step !== 'payment') return
      d.patch({ step: 'service' })
      d.goToList()
      return
    case 'practitionerChosen': {
      // Practitioners are a service's (a course has none).
      const item = s().basket[s().activeIndex]
      if (!item || item.kind !== 'service' || s().step !== 'staff') return
      const practitioner = event.practitioner
      const chosen = { ...item, anyStaff: practitioner === 'any', staff: practitioner === 'any' ? undefined : staffFor(item, practitioner) }
      d.patch({ basket: s().basket.map((i, at) => (at === s().activeIndex ? chosen : i)) })
      d.clearTime()
      // 'Add another service' and its question (spec section 2): not in a reschedule.
      if (s().mode.kind !== 'reschedule') d.patch({ dialog: { kind: 'anotherService' } })
      else d.patch({ step: 'time' })
      return
    }
    case 'practitionerListed': {
      // Every appointment of that service naming that practitioner alone (its price not known yet).
      const alone = (i: WizardItem<S, P>): boolean => i.service.id === event.serviceId && i.staff?.id === event.practitioner.id && (event.fresh === true || i.staff.grossPrice === undefined)
      if (!s().basket.some(alone)) return
      d.patch({ basket: s().basket.map((i) => (alone(i) ? { ...i, staff: event.practitioner } : i)) })
      return
    }
    case 'anotherServiceAnswered':
      d.patch({ dialog: undefined })
      if (event.yes) addAnother(d)
      else d.patch({ step: 'time' })
      return
    case 'addAnother':
      return addAnother(d)
    case 'dateChosen':
      d.patch({ date: event.date })
      return
    case 'timeChosen': {
      // A chain for another basket (an item added or removed meanwhile) does not fit it.
      if (event.parts.length !== s().basket.length || event.parts.length === 0) return
      // The server's hold of the time before stays named until the new one replaces it (HoldTime's `replaces`).
      const key = heldOf(s()).key
      const expiresAt = event.expiresAt
      d.patch({ basket: withTimes(s().basket, event.parts), hold: key ? { status: 'held', key, expiresAt } : { status: 'pending', expiresAt } })
      d.effect({ kind: 'startTimer', expiresAt })
      return
    }
    case 'timeHeld': {
      // A hold with no time chosen (cleared meanwhile) is stale; a reload restores the times before their hold.
      if (!basketTimed(s())) return
      const confirmWaited = awaitsHold(s()) // its URL then a new entry after the times' (Back goes to them)
      d.patch({ hold: { status: 'held', key: event.key, expiresAt: event.expiresAt } })
      d.effect({ kind: 'startTimer', expiresAt: event.expiresAt })
      const route = s().route
      if (route?.locationId) d.go(stepPath({ ...route, locationId: route.locationId, query: { ...route.query, hold: holdParam(event.key) } }), !confirmWaited)
      return
    }
    case 'holdExpired':
      return holdExpired(d)
    case 'heldTimeEnded':
      // A reload knows no practitioner (neither the URL nor the ended hold names one): there the staff step asks again.
      holdExpired(d)
      d.dropHoldParam()
      d.patch({ date: undefined, step: pagePractitionersChosen(s()) ? 'time' : 'staff' })
      if (event.fromConfirm) d.goToCurrentServiceUrl()
      return
    case 'holdHandedOver':
      return d.effect({ kind: 'stopTimer' })
    case 'outOfTimeDismissed': {
      const step0 = s().step
      const wasConfirm = step0 === 'confirm' || step0 === 'payment'
      const step = step0 !== 'staff' || pagePractitionersChosen(s()) ? (s().basket.length > 0 ? 'time' : 'service') : step0
      d.patch({ dialog: s().dialog?.kind === 'outOfTime' ? undefined : s().dialog, date: undefined, step })
      if (wasConfirm) d.goToCurrentServiceUrl()
      return
    }
    case 'timeCleared': {
      // Refused (taken meanwhile) while confirm waited for its hold: back to the times, whose URL it still is.
      const awaited = awaitsHold(s())
      d.clearTime()
      if (awaited) d.patch({ step: 'time', route: { ...s().route!, confirm: undefined } })
      return
    }
    case 'book':
      // Signed in, straight to confirm; otherwise the locked login modal, then confirm. Once: a double click went there twice.
      if (!basketTimed(s()) || s().step === 'confirm') return
      d.effect({ kind: 'requireLogin', then: { type: 'confirmEntered', target: event.target } })
      return
    case 'confirmEntered': {
      if (s().step === 'confirm') return
      // The route too, at once: the router hands the confirm URL over only after a render, and a hold
      // answered before that (Book clicked while it was on its way, a slow device) named itself on the
      // time step's URL, replacing the confirm entry; that URL's arrival took the customer back from
      // confirm and cleared the time, so that the click seemed to do nothing.
      const route = s().route
      d.patch({ step: 'confirm', ...(route ? { route: { ...route, confirm: true } } : {}) }) // at once: the URL's render comes after a second click of the same double click
      // The hold on its way: its URL waits for it (timeHeld puts it); held: the click's target may predate its answer (login modal open). One without hold= lost the time on a reload.
      if (!awaitsHold(s())) d.go(withHoldParam(event.target, heldOf(s()).key))
      return
    }
    case 'holdUnanswered': {
      // The hold's service did not answer (the booking checks the time again at 'agree'): confirm waits no longer.
      const { hold, route } = s()
      if (hold?.status !== 'pending') return
      const waiting = awaitsHold(s())
      d.patch({ hold: { ...hold, unanswered: true } })
      if (waiting && route?.locationId) d.go(stepPath({ ...route, locationId: route.locationId }), true)
      return
    }
    case 'back':
      return back(d)
    case 'removeAsked':
      // A reschedule moves the booking it has, a payment pays the booking as agreed: nothing to remove.
      if (!s().basket[event.index] || !canRemoveItems(s())) return
      d.patch({ dialog: { kind: 'remove', index: event.index } })
      return
    case 'removeCancelled':
      if (s().dialog?.kind === 'remove') d.patch({ dialog: undefined })
      return
    case 'removeConfirmed': {
      const dialog = s().dialog
      if (dialog?.kind !== 'remove') return
      d.patch({ dialog: undefined })
      return removeFromBasket(d, dialog.index)
    }
    case 'changeService':
      if (!s().basket[event.index] || !canChangeItems(s())) return
      d.patch({ activeIndex: event.index })
      d.clearTime()
      d.patch({ step: 'service' })
      d.goToList()
      return
    case 'changeStaff':
      if (s().basket[event.index]?.kind !== 'service' || !canChangeItems(s())) return
      d.clearTime()
      d.patch({ step: 'staff' })
      d.goToService(event.index)
      return
    case 'rescheduleStarted': {
      resetWizard(d)
      const start = modeStart({ reschedule: true, linked: event.linked }, event.location.id, event.items)
      const mode: WizardMode = { kind: 'reschedule', appointmentId: event.appointmentId, linked: event.linked, sources: start.sources }
      // Reschedule's step may be time, which the URL cannot tell.
      d.patch({ location: event.location, locationId: event.location.id, basket: start.basket.map((i) => ({ ...i, bookedStaff: i.staff })) as WizardItem<S, P>[], mode, activeIndex: 0, step: start.step } as Partial<WizardPage<S, P, L>>)
      d.go(stepPath(start.path))
      return
    }
    case 'bookAgainStarted': {
      resetWizard(d)
      const start = modeStart({ reschedule: false }, event.location.id, event.items)
      // Book again's step follows from its URL (staff); the services still need refreshing.
      d.patch({ location: event.location, locationId: event.location.id, basket: start.basket as WizardItem<S, P>[], mode: { kind: 'bookAgain', servicesToRefresh: true }, activeIndex: 0 } as Partial<WizardPage<S, P, L>>)
      d.go(stepPath(start.path))
      return
    }
    case 'courseSessionStarted':
      resetWizard(d)
      d.patch({ courseContext: event.courseContext, basket: [{ kind: 'service', service: event.service, anyStaff: false, courseSession: true }], activeIndex: 0 })
      return
    case 'paymentEntered':
      d.patch({ step: 'payment' })
      return
    case 'basketRestored':
      d.patch({ basket: event.basket, date: event.date, ...(event.timeStep ? { step: 'time' as const } : {}) })
      if (event.held) d.patch({ activeIndex: Math.min(s().activeIndex, event.basket.length - 1) })
      return
    case 'bookingInfoCleared':
      return clearBookingInfo(d)
    case 'urlArrived':
      return routeArrived(d, event.route)
    case 'urlRederived': {
      const route = s().route
      if (route) routeArrived(d, route)
      return
    }
    case 'urlLeft':
      d.patch({ route: undefined })
      return
  }
}

function chooseService<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf>(d: Draft<S, P, L>, service: S, categoryId: string | undefined): void {
  const s = d.state
  if (!s.location) return
  if (s.mode.kind === 'giftVoucher') return d.effect({ kind: 'warn', message: GIFT_VOUCHER_MIX_WARNING })
  const kind: WizardItem['kind'] = s.view === 'courses' ? 'course' : 'service'
  const index = Math.min(s.activeIndex, s.basket.length)
  // In a course session the course pays for the first service (its Book link's); services added to it are paid.
  const item: WizardItem<S, P> = { kind, service, anyStaff: false, ...(kind === 'service' && nextIsCourseSession(s, index) ? { courseSession: true } : {}) }
  // The basket's rules are the domain's (no mixing course purchases with services).
  const next = index < s.basket.length ? replaceInBasket(s.basket, index, item) : addToBasket(s.basket, item)
  if (E.isLeft(next)) return d.effect({ kind: 'warn', message: next.left.message })
  d.patch({ basket: next.right, activeIndex: index })
  d.clearTime()
  if (kind === 'course') return d.patch({ dialog: { kind: 'anotherCourse' } })
  d.goToService(index, categoryId)
}

/** Courses: 'Buy now' goes to confirm; course=true lets a reload rebuild the course purchase. */
function buyNow<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf>(d: Draft<S, P, L>): void {
  const s = d.state
  const last = s.basket[s.basket.length - 1]
  // Only a course purchase is bought now: a basket of appointments goes on to its times.
  if (!s.location || !last || s.mode.kind !== 'coursePurchase') return
  const query = { ...keptQueryOf(s), course: 'true' }
  d.go(stepPath({ locationId: s.location.id, categoryId: last.service.categoryId, serviceId: last.service.id, confirm: true, query }))
}

function addAnother<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf>(d: Draft<S, P, L>): void {
  if (!d.state.location) return
  // A time chosen for the old basket no longer fits the new chain, and its hold would run out on the list.
  d.clearTime()
  d.patch({ activeIndex: d.state.basket.length, step: 'service' })
  d.goToList()
}

function holdExpired<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf>(d: Draft<S, P, L>): void {
  d.clearTime()
  d.patch({ dialog: { kind: 'outOfTime' } })
}

/** The basket emptied with its time, gift vouchers and date (another clinic was chosen). */
function emptyBasket<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf>(d: Draft<S, P, L>): void {
  d.clearTime()
  const mode = d.state.mode.kind === 'giftVoucher' ? { kind: 'newBooking' as const } : d.state.mode
  d.patch({ basket: [], activeIndex: 0, mode, date: undefined })
}

/**
 * 'Clearing booking info' (spec section 4). On a step address that names what is cleared (an item, its
 * confirm step, a held time) the clinic's service list replaces that address and shows: left there, a
 * reload or the router would restore the item (a staff step of a service no longer chosen) and the hold.
 */
function clearBookingInfo<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf>(d: Draft<S, P, L>): void {
  const route = d.state.route
  const named = route?.locationId !== undefined && (route.serviceId !== undefined || route.confirm === true || route.query.hold !== undefined || route.query.service !== undefined)
  const list: WizardRoute | undefined = named && route?.locationId ? { locationId: route.locationId, confirm: false, query: { view: route.query.view } } : undefined
  // The list's address first: the time cleared with the booking has no hold left to drop from it.
  if (list) d.patch({ route: list, query: list.query, categoryId: undefined })
  resetWizard(d)
  // On the wizard's page the clinic's list shows (the location step has no panel there).
  if (d.state.route?.locationId !== undefined) d.patch({ step: 'service' })
  if (list?.locationId) d.go(stepPath({ locationId: list.locationId, query: list.query }), true)
}

/** Every mode and choice reset; the clinic, the URL's query and courseContext are kept (spec section 4). */
function resetWizard<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf>(d: Draft<S, P, L>): void {
  d.clearTime()
  const { location, locationId, categoryId, query, courseContext, restoring, route } = d.state
  const initial = initialWizardState as WizardPage<S, P, L>
  // Every optional part named: a patch keeps what it does not name (a day picked would open the next booking's time step on its hours).
  d.patch({ ...initial, date: undefined, hold: undefined, dialog: undefined, viewFromQuery: undefined, message: undefined, location, locationId, categoryId, query, courseContext, restoring, route })
}
