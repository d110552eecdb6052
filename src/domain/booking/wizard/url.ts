/**
 * The wizard's place in its URL (spec section 2 'Routes', 'Booking query parameters'; section 4 'Step
 * flow'): pathOf names a state, stateFromUrl gives it back. The URL names the clinic, the item, the
 * modes' flags and the held time; what it cannot name (the basket's earlier items, the day picked, an
 * open question) is the place kept beside it (placeOf), which may be missing: blocked storage, a shared
 * link. Without it the URL alone restores the nearest step it can (the held time from the server's hold).
 */
import { holdParam, parseHoldParam, type HeldTimeKey } from '../hold'
import { stepForRoute, stepPath } from '../steps'
import { canConfirm, courseServiceBooking, dropUndefined, initialWizardState, type WizardItem, type WizardPractitioner, type WizardService, type WizardState } from './state'

/** The query parameters the wizard keeps across its URLs, in this order. */
function keptQuery(state: WizardState): Record<string, string | undefined> {
  const mode = state.mode.kind
  const session = courseServiceBooking(state)
  const coursePurchase = mode === 'coursePurchase' && state.step === 'confirm'
  return {
    view: state.viewFromQuery,
    course: session || coursePurchase ? 'true' : undefined,
    courseServiceBooking: session ? 'true' : undefined,
    reschedule: mode === 'reschedule' ? '1' : undefined,
    hold: state.hold?.status === 'held' ? holdParam(state.hold.key) : undefined,
  }
}

/** The URL of a state: '/' for the location list, else /step/{clinic}[/{category}/{service}][/confirm][?query]. */
export function pathOf(state: WizardState): string {
  if (state.locationId === undefined || state.step === 'location') return '/'
  const query = keptQuery(state)
  const confirm = state.step === 'confirm' || state.step === 'payment'
  if (state.step === 'service') {
    // A 'change' names the item it replaces; a new item is chosen from the plain list.
    const service = state.activeIndex < state.basket.length ? String(state.activeIndex) : undefined
    return stepPath({ locationId: state.locationId, confirm: false, query: { ...query, service } })
  }
  if (state.mode.kind === 'giftVoucher') return stepPath({ locationId: state.locationId, confirm, query })
  const index = state.mode.kind === 'coursePurchase' ? state.basket.length - 1 : Math.min(state.activeIndex, state.basket.length - 1)
  const item = state.basket[index]
  return stepPath({
    locationId: state.locationId,
    categoryId: item?.service.categoryId,
    serviceId: item?.service.id,
    confirm,
    query: { ...query, service: String(index) },
  })
}

/**
 * What the place port keeps beside the URL: the state without what the server's hold names (the hold,
 * the times and who 'Any practitioner' turned out to be) and without what a reload drops (a refusal
 * shown, an agree on its way).
 */
export type WizardPlace<S extends WizardService = WizardService, P extends WizardPractitioner = WizardPractitioner> = Omit<WizardState<S, P>, 'hold' | 'submitting' | 'message' | 'restoring'>

export function placeOf<S extends WizardService, P extends WizardPractitioner>(state: WizardState<S, P>): WizardPlace<S, P> {
  const { hold: _h, submitting: _s, message: _m, restoring: _r, ...place } = state
  // Kept here, the times would outlive the hold: a reload reads them back from the server's.
  const basket = place.basket.map(({ start: _start, end: _end, ...item }) => (item.anyStaff ? dropUndefined({ ...item, staff: undefined }) : item) as WizardItem<S, P>)
  return { ...place, basket }
}

/** The server's hold a URL names, as ReadHeldTime answers: its items' services, practitioners and times. */
export interface HeldPlace<P extends WizardPractitioner = WizardPractitioner> {
  key: HeldTimeKey
  expiresAt: number
  items: readonly { serviceId: string; start: string; end: string; practitioner?: P }[]
}

export interface UrlContext<S extends WizardService = WizardService, P extends WizardPractitioner = WizardPractitioner> {
  /** the clinic's services and courses */
  service: (id: string) => S | undefined
  /** the hold the URL names, when the server still has it for this customer */
  held?: HeldPlace<P>
  /** the place kept beside the URL, when storage gave it back */
  place?: WizardPlace<S, P>
}

interface UrlParts {
  locationId?: string
  categoryId?: string
  serviceId?: string
  confirm: boolean
  query: Record<string, string | undefined>
}

function parse(url: string): UrlParts {
  const parsed = new URL(url, 'http://wizard.invalid')
  const query: Record<string, string | undefined> = Object.fromEntries(parsed.searchParams.entries())
  const parts = parsed.pathname.split('/').filter((p) => p !== '').map(decodeURIComponent)
  if (parts[0] !== 'step') return { confirm: false, query }
  const confirm = parts[parts.length - 1] === 'confirm' && parts.length > 2
  const [, locationId, categoryId, serviceId] = confirm ? parts.slice(0, -1) : parts
  return { locationId: locationId === 'location' ? undefined : locationId, categoryId, serviceId, confirm, query }
}

/** The times and practitioners of the server's hold on the basket's appointments; undefined when they differ. */
function withHeldTimes<S extends WizardService, P extends WizardPractitioner>(basket: WizardItem<S, P>[], held: HeldPlace<P>): WizardItem<S, P>[] | undefined {
  if (held.items.length !== basket.length || held.items.some((h, i) => h.serviceId !== basket[i].service.id)) return undefined
  return basket.map((item, i) => {
    const h = held.items[i]
    const staff = item.anyStaff ? (h.practitioner ?? item.staff) : item.staff
    return dropUndefined({ ...item, start: h.start, end: h.end, staff })
  })
}

/**
 * The state a URL stands for (a reload, a shared link, browser history). The kept place counts only
 * when it agrees with the URL (same item, a confirm URL for confirm); a hold the URL names counts only
 * when the server still has it: one it no longer has is 'Out of time'.
 */
export function stateFromUrl<S extends WizardService, P extends WizardPractitioner>(url: string, context: UrlContext<S, P>): WizardState<S, P> {
  const parts = parse(url)
  const initial = initialWizardState as WizardState<S, P>
  if (parts.locationId === undefined) return context.place ? { ...initial, ...context.place, step: 'location' } : initial
  // The URL's location and view lock are the URL's, whatever the place kept says.
  const { viewFromQuery: _kept, ...place } = context.place ?? {}
  const view = parts.query.view === 'services' || parts.query.view === 'courses' ? parts.query.view : undefined
  const base: WizardState<S, P> = { ...initial, locationId: parts.locationId, step: 'service', ...(view ? { viewFromQuery: view, view } : {}) }
  const fromPlace = context.place && agrees(parts, context.place) ? { ...base, ...place, locationId: parts.locationId } : undefined
  const state = fromPlace ?? fromUrlAlone(base, parts, context)
  const named = parseHoldParam(parts.query.hold)
  if (!named) return state
  const held = context.held && context.held.key.id === named.id ? withHeldTimes(state.basket, context.held) : undefined
  if (held && context.held) {
    const restored: WizardState<S, P> = { ...state, basket: held, hold: { status: 'held', key: context.held.key, expiresAt: context.held.expiresAt } }
    return fromPlace ? restored : { ...restored, step: parts.confirm ? 'confirm' : 'time' }
  }
  // The URL names a time the customer no longer holds: 'Out of time', and the time step asks again (or staff, with no practitioner known).
  const step = state.step === 'confirm' || state.step === 'payment' || state.step === 'time' ? 'time' : state.step
  return { ...state, step, dialog: { kind: 'outOfTime' } }
}

/** The kept place belongs to this URL: the same item on the same step's URL. */
function agrees(parts: UrlParts, place: WizardPlace): boolean {
  if (place.locationId !== parts.locationId) return false
  const confirmUrl = place.step === 'confirm' || place.step === 'payment'
  if (parts.confirm !== confirmUrl) return false
  if (place.step === 'service') return parts.serviceId === undefined && (parts.query.service === undefined || Number(parts.query.service) === place.activeIndex)
  if (place.mode.kind === 'giftVoucher') return parts.serviceId === undefined
  const index = Number(parts.query.service ?? NaN)
  return parts.serviceId !== undefined && place.basket[index]?.service.id === parts.serviceId
}

/** Nothing kept: the URL's service is the basket's; the step is the nearest the URL allows (stepForRoute). */
function fromUrlAlone<S extends WizardService, P extends WizardPractitioner>(base: WizardState<S, P>, parts: UrlParts, context: UrlContext<S, P>): WizardState<S, P> {
  const { query } = parts
  // A reschedule needs the appointment the account page named; the URL alone cannot book instead of it.
  if (query.reschedule === '1') return base
  const session = query.courseServiceBooking === 'true'
  const coursePurchase = query.course === 'true' && !session
  const mode = session ? { kind: 'courseSession' as const } : coursePurchase ? { kind: 'coursePurchase' as const } : base.mode
  const found = parts.serviceId === undefined ? undefined : context.service(parts.serviceId)
  const chosen = found && found.categoryId === undefined && parts.categoryId && parts.categoryId !== 'all' ? { ...found, categoryId: parts.categoryId } : found
  const item: WizardItem<S, P> | undefined = chosen && { kind: coursePurchase ? 'course' : 'service', service: chosen, anyStaff: false, ...(session ? { courseSession: true } : {}) }
  const held = context.held && item ? context.held.items.map((h) => context.service(h.serviceId)) : undefined
  const heldBasket =
    held && context.held && held.every((s) => s !== undefined)
      ? held.map((service, i): WizardItem<S, P> => ({ kind: 'service', service: service as S, anyStaff: false, ...(context.held?.items[i].practitioner ? { staff: context.held.items[i].practitioner } : {}), ...(session && i === 0 ? { courseSession: true } : {}) }))
      : undefined
  const basket = heldBasket ?? (item ? [item] : [])
  const state: WizardState<S, P> = { ...base, mode, basket, activeIndex: item ? Math.min(Number(query.service ?? 0) || 0, basket.length - 1) : 0, ...(coursePurchase ? { view: 'courses' } : {}) }
  const { step } = stepForRoute({
    ...parts,
    left: 'location',
    coursePurchase,
    basketFilled: basket.length > 0,
    canConfirm: canConfirm(state) || (heldBasket !== undefined && parts.confirm),
    linkedReschedule: false,
    timeHeld: heldBasket !== undefined,
  })
  if (step === 'service') return { ...state, activeIndex: basket.length }
  return { ...state, step }
}

/**
 * The place a tab keeps while its time step shows no time picked yet. Its URL is the service's, as the
 * staff step's is, and names neither the practitioners chosen nor the day picked: without the place a
 * reload lands on the staff step. None once a time is picked (its hold, or the pending pick, names it),
 * nor for a reschedule (rebuilt from its appointment, see ServicesViewModel.restoreRoute).
 */
export function keptTimeStepOf<S extends WizardService, P extends WizardPractitioner>(state: WizardState<S, P>): WizardPlace<S, P> | undefined {
  if (state.locationId === undefined || state.step !== 'time' || state.mode.kind === 'reschedule' || state.hold !== undefined) return undefined
  const chosen = state.basket.length > 0 && state.basket.every((i) => i.start === undefined && (i.kind !== 'service' || i.anyStaff || i.staff !== undefined))
  return chosen ? placeOf(state) : undefined
}

/** A reloaded URL (no hold, no reschedule) is the kept time step's: the same item's service URL at the same clinic. */
export function isKeptTimeStepUrl(place: WizardPlace, route: { locationId?: string; serviceId?: string; confirm?: boolean; query: Record<string, string | undefined> }): boolean {
  if (place.step !== 'time' || route.query.hold !== undefined || route.query.reschedule === '1') return false
  return agrees({ ...route, confirm: route.confirm === true }, place)
}
