/**
 * Booking wizard steps (spec §4 "Step flow: location, service, staff, time, confirm, then payment.
 * The step derives from the URL: with a service id, staff (or confirm for course purchases); with a
 * category or location, service; else location." and "Back navigation steps back, clears the
 * selection of the step left, and from the first step returns to the location list"; "Time sub-step:
 * starts empty (date picker), goes to TIME_HOURS_AND_MINUTES after a date is picked").
 */

export const BOOKING_STEPS = ['location', 'service', 'staff', 'time', 'confirm', 'payment'] as const
export type BookingStep = (typeof BOOKING_STEPS)[number]

/** Route parameters and flags of /step/{locationId}/{categoryId?}/{serviceId?}[/confirm]. */
export interface StepUrlParams {
  locationId?: string | null
  categoryId?: string | null
  serviceId?: string | null
  /** The basket holds a course purchase (course=true without courseServiceBooking). */
  coursePurchase?: boolean
  /** The path ends with /confirm. */
  confirm?: boolean
}

const present = (v: string | null | undefined): boolean => typeof v === 'string' && v.trim() !== ''

/** The wizard step the URL stands for. '/step/location' (location unknown) is the location step. */
export function stepFromUrl(params: StepUrlParams): BookingStep {
  const location = present(params.locationId) && params.locationId !== 'location'
  if (params.confirm && location) return 'confirm'
  if (present(params.serviceId)) return params.coursePurchase ? 'confirm' : 'staff'
  if (present(params.categoryId) || location) return 'service'
  return 'location'
}

/** A wizard state as its URL names it; the inverse of stepFromUrl. */
export interface StepPathState {
  /** a clinic id, or 'location' while the clinic is not chosen */
  locationId: string
  /** the service's category ('all' when it has none) */
  categoryId?: string
  serviceId?: string
  confirm?: boolean
  /** query parameters, in order; undefined ones are left out */
  query?: Readonly<Record<string, string | undefined>>
}

/**
 * The URL of a wizard state: /step/{locationId}[/{categoryId}/{serviceId}][/confirm][?query].
 * stepFromUrl of its parts gives the step back.
 */
export function stepPath(state: StepPathState): string {
  const service = present(state.serviceId) ? `/${present(state.categoryId) ? state.categoryId : 'all'}/${state.serviceId}` : ''
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(state.query ?? {})) if (value !== undefined) params.set(key, value)
  const search = params.toString()
  return `/step/${state.locationId}${service}${state.confirm ? '/confirm' : ''}${search ? `?${search}` : ''}`
}

export function stepIndex(step: BookingStep): number {
  return BOOKING_STEPS.indexOf(step)
}

export function nextStep(step: BookingStep): BookingStep | null {
  return BOOKING_STEPS[stepIndex(step) + 1] ?? null
}

/** What each step selects; leaving a step backwards clears that selection. */
export const STEP_SELECTION: Readonly<Record<BookingStep, 'location' | 'services' | 'staff' | 'time' | 'confirm' | 'payment'>> = {
  location: 'location',
  service: 'services',
  staff: 'staff',
  time: 'time',
  confirm: 'confirm',
  payment: 'payment',
}
export type SelectionKey = (typeof STEP_SELECTION)[BookingStep]
export type BookingSelection = Partial<Record<SelectionKey, unknown>>

export type BackResult<S extends BookingSelection> =
  | { kind: 'step'; step: BookingStep; selection: S }
  | { kind: 'locationList'; selection: S }

/**
 * One step back from `step`: the selection of the step left is cleared (set to null). From the
 * first steps (location, or service whose previous step is the location list) it returns to the
 * location list.
 */
export function goBack<S extends BookingSelection>(step: BookingStep, selection: S): BackResult<S> {
  const cleared = { ...selection, [STEP_SELECTION[step]]: null } as S
  const index = stepIndex(step)
  if (index <= 1) return { kind: 'locationList', selection: index === 0 ? cleared : { ...cleared, location: selection.location } }
  return { kind: 'step', step: BOOKING_STEPS[index - 1], selection: cleared }
}

export const TIME_SUB_STEPS = { date: null, hoursAndMinutes: 'TIME_HOURS_AND_MINUTES' } as const
export type TimeSubStep = (typeof TIME_SUB_STEPS)[keyof typeof TIME_SUB_STEPS]

/** Time sub-step: the date picker until a date is chosen, then the hour list. */
export function timeSubStep(dateChosen: boolean, outOfTime = false): TimeSubStep {
  return dateChosen && !outOfTime ? TIME_SUB_STEPS.hoursAndMinutes : TIME_SUB_STEPS.date
}

/** What syncRoute knows when a URL arrives: the URL's parts and the wizard's state as it was. */
export interface RouteStepInput extends StepUrlParams {
  /** the step shown before this URL */
  left: BookingStep
  /** the basket holds at least one appointment or course */
  basketFilled: boolean
  /** confirm has what the earlier steps chose (times held, a course purchase or a gift voucher) */
  canConfirm: boolean
  /** a linked reschedule's URL (reschedule=1): it starts at, and stays on, the time step */
  linkedReschedule: boolean
  /** the URL names a held time (hold=…) that the wizard holds: the service URL is the time step's (a reload) */
  timeHeld?: boolean
}

/** The step a URL restores, and what the step left loses (spec §4 "Back navigation"). */
export interface RouteStep {
  step: BookingStep
  /**
   * 'backFromConfirm': browser back from confirm or payment lands on the times of the day (the
   * time is released, the date kept); 'time': the chosen time is released (a step before time);
   * 'none': nothing is cleared.
   */
  clear: 'backFromConfirm' | 'time' | 'none'
}

/**
 * The step of a URL arriving in a running wizard. stepFromUrl names the step; the wizard's state
 * refines it: the time step and the steps after it share the service URL, and a confirm URL whose
 * choices are not held (reload, shared link) stands for the nearest earlier step: staff with a
 * service, else service.
 */
export function stepForRoute(input: RouteStepInput): RouteStep {
  const { left } = input
  let step = stepFromUrl(input)
  if (step === 'staff' && left === 'time') step = 'time'
  const backFromConfirm = step === 'staff' && (left === 'confirm' || left === 'payment') && input.basketFilled
  if (backFromConfirm) step = 'time'
  if (step === 'confirm' && left === 'payment') step = 'payment'
  if (step === 'confirm' && !input.canConfirm) step = input.serviceId ? 'staff' : 'service'
  if (step === 'staff' && (input.linkedReschedule || input.timeHeld)) step = 'time'
  if (backFromConfirm) return { step, clear: 'backFromConfirm' }
  const leftTime = (left === 'time' || left === 'confirm') && stepIndex(step) < stepIndex('time')
  return { step, clear: leftTime ? 'time' : 'none' }
}
