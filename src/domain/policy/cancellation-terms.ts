/**
 * Until when an appointment can be changed free of charge, and what it costs after (spec §4
 * "Cancel/reschedule rules", §9 late-cancellation defaults). One pure rule for the account list's
 * live preview ("Free to cancel until Tue 14:00, then £16.00") and the reminder's sentence
 * (cancellation-notice.ts). `now` is an argument.
 */
import { formatInTimeZone } from 'date-fns-tz'
import { currencySymbol, DEFAULT_CURRENCY, formatFee } from '../pricing/money'
import { LONDON_TIME_ZONE } from '../time'
import {
  cancellationRule,
  CANCELLATION_RULES,
  isInPast,
  lateCancellationFee,
  lateCancellationPeriodHours,
  type CancellationSettings,
  type PolicyAppointment,
} from './cancellation'

export type CancellationTerms =
  /** the clinic does not let customers cancel or change online */
  | { kind: 'notOnline' }
  /** free until `freeUntil`; then `fee` (0: none), and online changes stop then when `lateOnline` is false */
  | { kind: 'freeUntil'; freeUntil: Date; fee: number; lateOnline: boolean }
  /** inside the late period: changing now costs `fee`; `online` false: only by contacting the clinic */
  | { kind: 'late'; fee: number; online: boolean }

/**
 * The terms of an upcoming Scheduled appointment, or null when nothing can be changed any more (past,
 * checked in, not scheduled). With rule 'allow' a late change is not possible online (the account
 * list shows it disabled); other rules let it go ahead with the fee.
 */
export function cancellationTerms(appointment: PolicyAppointment, now: Date, settings: CancellationSettings): CancellationTerms | null {
  if (isInPast(appointment.start, now) || appointment.checkedIn || appointment.status.toLowerCase() !== 'scheduled') return null
  const rule = cancellationRule(settings)
  if (rule === CANCELLATION_RULES.doNotAllow) return { kind: 'notOnline' }
  const fee = lateCancellationFee(settings, appointment.price ?? 0)
  const lateOnline = rule !== CANCELLATION_RULES.allow
  const freeUntil = new Date(appointment.start.getTime() - lateCancellationPeriodHours(settings) * 3_600_000)
  if (freeUntil.getTime() > now.getTime()) return { kind: 'freeUntil', freeUntil, fee, lateOnline }
  return { kind: 'late', fee, online: lateOnline }
}

/** 'Tue 14:00' within the coming six days, 'Tue 8 Dec 14:00' further off (a weekday alone would be ambiguous). */
export function termsMoment(at: Date, now: Date): string {
  const withinWeek = at.getTime() - now.getTime() < 6 * 24 * 3_600_000
  return formatInTimeZone(at, LONDON_TIME_ZONE, withinWeek ? 'EEE HH:mm' : 'EEE d MMM HH:mm')
}

export const chargeText = (fee: number, settings: CancellationSettings) => `${currencySymbol(settings.currency ?? DEFAULT_CURRENCY)}${formatFee(fee)}`

/** The account list's one line: 'Free to cancel until Tue 14:00, then £16.00', or null when there is nothing to say. */
export function cancellationPreview(appointment: PolicyAppointment, now: Date, settings: CancellationSettings): string | null {
  const terms = cancellationTerms(appointment, now, settings)
  if (!terms) return null
  switch (terms.kind) {
    case 'notOnline':
      return 'Cannot be cancelled or changed online'
    case 'freeUntil': {
      const until = termsMoment(terms.freeUntil, now)
      if (terms.fee > 0) return `Free to cancel until ${until}, then ${chargeText(terms.fee, settings)}`
      return terms.lateOnline ? 'Free to cancel' : `Free to cancel online until ${until}`
    }
    case 'late':
      // Not online any more: the account list's disabled Options already says to contact the clinic.
      if (!terms.online) return null
      return terms.fee > 0 ? `Cancelling now costs ${chargeText(terms.fee, settings)}` : 'Free to cancel'
  }
}
