/**
 * Cancel / reschedule policy (spec §4 "Cancel/reschedule rules", §8 "Late-change warning" and
 * late-cancellation template, §9 "Late cancellation period default 48 hours; default charge 0.00, type
 * AMOUNT; types NONE, AMOUNT, PERCENTAGE; ... default cancellation rule 'allow'" and the merge tags
 * {LateCancellationType}, {LateCancellationValue}, {LateCancellationPeriod}). Decides whether the
 * account list hides the actions, shows them disabled, or shows the Options menu (and which dialog
 * must be confirmed first), and gives the server Either guards with tagged refusals.
 * `now` is always an argument. A linked appointment (isLinked: part of another's chain) cannot be
 * rescheduled on its own.
 */
import * as E from 'fp-ts/Either'
import { CHECKED_IN_TEXT } from '../booking/attendance'
import { type Currency, currencySymbol, DEFAULT_CURRENCY, formatFee, round2 } from '../pricing/money'

export const CANCELLATION_RULES = { allow: 'allow', doNotAllow: 'do-not-allow' } as const
export const DEFAULT_CANCELLATION_RULE = 'allow'
export const DEFAULT_LATE_CANCELLATION_PERIOD_HOURS = 48
export const LATE_CANCELLATION_CHARGE_TYPES = ['NONE', 'AMOUNT', 'PERCENTAGE'] as const
export type LateCancellationChargeType = (typeof LATE_CANCELLATION_CHARGE_TYPES)[number]
export const DEFAULT_LATE_CANCELLATION_CHARGE_TYPE: LateCancellationChargeType = 'AMOUNT'
export const DEFAULT_LATE_CANCELLATION_CHARGE_VALUE = 0

export const LATE_CANCELLATION_TITLE = 'Late cancellation'
export const LATE_CHANGE_TITLE = 'Late appointment change'
export const CONFIRM_CANCELLATION_TITLE = 'Confirm cancellation'
export const CONFIRM_CANCELLATION_MESSAGE = 'Are you sure you want to cancel this appointment?'
export const DEFAULT_LATE_CANCELLATION_TEMPLATE =
  'Appointments cancelled or changed within {LateCancellationPeriod} hours of their start time are subject to a late cancellation charge ({LateCancellationType}) of {LateCancellationValue}.'

/** The appointment as the account list knows it. */
export interface PolicyAppointment {
  start: Date
  status: string
  checkedIn?: boolean | null
  isLinked?: boolean | null
  linkedAppointments?: readonly unknown[] | null
  /** Appointment price, used by PERCENTAGE late fees. */
  price?: number | null
}

/** Organisation settings that drive the policy (public organisation fields). */
export interface CancellationSettings {
  cancellationRules?: string | null
  lateCancellationPeriod?: number | null
  showCancelTerms?: boolean | null
  lateCancellationChargeType?: string | null
  lateCancellationChargeValue?: number | null
  lateCancellationText?: string | null
  currency?: Currency | null
}

export type AppointmentAction = 'cancel' | 'reschedule'

export interface ConfirmDialog {
  title: string
  message: string
}

export type HiddenReason = 'AppointmentInPast' | 'CancellationNotAllowed' | 'AppointmentCheckedIn' | 'AppointmentNotScheduled'

export type AppointmentActionsView =
  | { kind: 'hidden'; reason: HiddenReason }
  | { kind: 'disabled'; reason: 'WithinLateCancellationPeriod' }
  | {
      kind: 'menu'
      actions: AppointmentAction[]
      isLate: boolean
      /** Dialog to confirm before cancelling: the late warning with the terms, or the plain confirmation. */
      cancelConfirmation: ConfirmDialog
      /** Dialog to confirm before rescheduling, only when late and terms are shown. */
      rescheduleConfirmation: ConfirmDialog | null
    }

export type PolicyRefusal =
  | { _tag: 'AppointmentInPast' }
  | { _tag: 'CancellationNotAllowed' }
  | { _tag: 'AppointmentCheckedIn' }
  | { _tag: 'AppointmentNotScheduled' }
  | { _tag: 'WithinLateCancellationPeriod'; hours: number }
  | { _tag: 'LinkedAppointmentCannotBeRescheduled' }

export function lateCancellationPeriodHours(settings: CancellationSettings): number {
  const p = settings.lateCancellationPeriod
  return typeof p === 'number' && Number.isFinite(p) && p >= 0 ? p : DEFAULT_LATE_CANCELLATION_PERIOD_HOURS
}

export function cancellationRule(settings: CancellationSettings): string {
  return settings.cancellationRules || DEFAULT_CANCELLATION_RULE
}

export function chargeType(settings: CancellationSettings): LateCancellationChargeType {
  const t = (settings.lateCancellationChargeType ?? '').toUpperCase()
  return (LATE_CANCELLATION_CHARGE_TYPES as readonly string[]).includes(t) ? (t as LateCancellationChargeType) : DEFAULT_LATE_CANCELLATION_CHARGE_TYPE
}

function chargeValue(settings: CancellationSettings): number {
  const v = settings.lateCancellationChargeValue
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : DEFAULT_LATE_CANCELLATION_CHARGE_VALUE
}

/** True when the start is in the past (or now). */
export function isInPast(start: Date, now: Date): boolean {
  return start.getTime() <= now.getTime()
}

/** True when the (future) start is within the late-cancellation period of now. */
export function isWithinLatePeriod(start: Date, now: Date, settings: CancellationSettings): boolean {
  const ms = start.getTime() - now.getTime()
  return ms > 0 && ms < lateCancellationPeriodHours(settings) * 3_600_000
}

/** Late fee: NONE 0, AMOUNT the value, PERCENTAGE the value percent of the appointment price. */
export function lateCancellationFee(settings: CancellationSettings, appointmentPrice = 0): number {
  const type = chargeType(settings)
  if (type === 'NONE') return 0
  if (type === 'AMOUNT') return round2(chargeValue(settings))
  return round2((Math.max(appointmentPrice, 0) * chargeValue(settings)) / 100)
}

/** The §8 late-change warning, word for word. */
export function lateChangeWarning(settings: CancellationSettings = {}, appointmentPrice = 0): string {
  const hours = lateCancellationPeriodHours(settings)
  const symbol = currencySymbol(settings.currency ?? DEFAULT_CURRENCY)
  const fee = formatFee(lateCancellationFee(settings, appointmentPrice))
  return `Changes to this appointment are within ${hours} hours which will result in a ${symbol}${fee} charge to your card or, in the case of a treatment that is part of a course, forfeiting the treatment. Are you sure you want to continue?`
}

/** Words shown for {LateCancellationType}: the stored codes (AMOUNT, PERCENTAGE, NONE) are not for customers. */
export function lateCancellationTypeText(settings: CancellationSettings): string {
  const type = chargeType(settings)
  if (type === 'PERCENTAGE') return 'percentage'
  if (type === 'NONE') return 'none'
  return 'fixed amount'
}

/** Value shown for {LateCancellationValue}: '£10.00' for AMOUNT, '10%' for PERCENTAGE, '£0.00' for NONE. */
export function lateCancellationValueText(settings: CancellationSettings): string {
  const type = chargeType(settings)
  const symbol = currencySymbol(settings.currency ?? DEFAULT_CURRENCY)
  if (type === 'PERCENTAGE') return `${chargeValue(settings)}%`
  return `${symbol}${formatFee(type === 'NONE' ? 0 : chargeValue(settings))}`
}

/** Fills the merge tags of the late-cancellation template (default template when none is set). */
export function lateCancellationTerms(template: string | null | undefined, settings: CancellationSettings): string {
  const text = template && template.trim() ? template : DEFAULT_LATE_CANCELLATION_TEMPLATE
  return text
    .replace(/\{LateCancellationType\}/g, lateCancellationTypeText(settings))
    .replace(/\{LateCancellationValue\}/g, lateCancellationValueText(settings))
    .replace(/\{LateCancellationPeriod\}/g, String(lateCancellationPeriodHours(settings)))
}

function hiddenReason(appointment: PolicyAppointment, now: Date, settings: CancellationSettings): HiddenReason | null {
  if (isInPast(appointment.start, now)) return 'AppointmentInPast'
  if (cancellationRule(settings) === CANCELLATION_RULES.doNotAllow) return 'CancellationNotAllowed'
  if (appointment.checkedIn) return 'AppointmentCheckedIn'
  if (appointment.status.toLowerCase() !== 'scheduled') return 'AppointmentNotScheduled'
  return null
}

/** What the account list shows in the Actions cell for cancel/reschedule. */
export function appointmentActions(appointment: PolicyAppointment, now: Date, settings: CancellationSettings): AppointmentActionsView {
  const reason = hiddenReason(appointment, now, settings)
  if (reason) return { kind: 'hidden', reason }
  const late = isWithinLatePeriod(appointment.start, now, settings)
  if (late && cancellationRule(settings) === CANCELLATION_RULES.allow) return { kind: 'disabled', reason: 'WithinLateCancellationPeriod' }
  const warn = late && Boolean(settings.showCancelTerms)
  const price = appointment.price ?? 0
  return {
    kind: 'menu',
    actions: appointment.isLinked ? ['cancel'] : ['cancel', 'reschedule'],
    isLate: late,
    cancelConfirmation: warn
      ? { title: LATE_CANCELLATION_TITLE, message: lateCancellationTerms(settings.lateCancellationText, settings) }
      : { title: CONFIRM_CANCELLATION_TITLE, message: CONFIRM_CANCELLATION_MESSAGE },
    rescheduleConfirmation: warn && !appointment.isLinked ? { title: LATE_CHANGE_TITLE, message: lateChangeWarning(settings, price) } : null,
  }
}

/** Server guard: may the customer cancel this appointment now? */
export function guardCancel(appointment: PolicyAppointment, now: Date, settings: CancellationSettings): E.Either<PolicyRefusal, true> {
  const view = appointmentActions(appointment, now, settings)
  if (view.kind === 'hidden') return E.left({ _tag: view.reason })
  if (view.kind === 'disabled') return E.left({ _tag: 'WithinLateCancellationPeriod', hours: lateCancellationPeriodHours(settings) })
  return E.right(true)
}

/** Server guard: may the customer reschedule this appointment now? */
export function guardReschedule(appointment: PolicyAppointment, now: Date, settings: CancellationSettings): E.Either<PolicyRefusal, true> {
  return E.chain(() =>
    appointment.isLinked ? E.left<PolicyRefusal, true>({ _tag: 'LinkedAppointmentCannotBeRescheduled' }) : E.right<PolicyRefusal, true>(true),
  )(guardCancel(appointment, now, settings))
}

/** A plain sentence for each refusal (the spec gives none; edges may show the server message). */
export function policyRefusalMessage(refusal: PolicyRefusal): string {
  switch (refusal._tag) {
    case 'AppointmentInPast':
      return 'This appointment is in the past.'
    case 'CancellationNotAllowed':
      return 'Appointments cannot be cancelled or changed online.'
    case 'AppointmentCheckedIn':
      return CHECKED_IN_TEXT
    case 'AppointmentNotScheduled':
      return 'This appointment is not scheduled.'
    case 'WithinLateCancellationPeriod':
      return `This appointment starts within ${refusal.hours} hours and cannot be changed online.`
    case 'LinkedAppointmentCannotBeRescheduled':
      return 'Linked appointments cannot be rescheduled.'
  }
}
