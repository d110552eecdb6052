/**
 * The late-cancellation sentence of a reminder: "Free to cancel until Tue 14:00; after that a £25.00
 * charge." Only when the policy applies: cancelling allowed and a late fee above zero. `now` is an argument.
 */
import { formatInTimeZone } from 'date-fns-tz'
import { currencySymbol, DEFAULT_CURRENCY, formatFee } from '../pricing/money'
import { LONDON_TIME_ZONE } from '../time'
import { cancellationRule, CANCELLATION_RULES, lateCancellationFee, lateCancellationPeriodHours, type CancellationSettings } from './cancellation'

export function cancellationNotice(start: Date, now: Date, settings: CancellationSettings, appointmentPrice = 0): string | null {
  if (cancellationRule(settings) === CANCELLATION_RULES.doNotAllow) return null
  const fee = lateCancellationFee(settings, appointmentPrice)
  if (fee <= 0) return null
  const charge = `${currencySymbol(settings.currency ?? DEFAULT_CURRENCY)}${formatFee(fee)}`
  const freeUntil = new Date(start.getTime() - lateCancellationPeriodHours(settings) * 3_600_000)
  if (freeUntil.getTime() <= now.getTime()) return `Cancelling or changing this appointment now means a ${charge} charge.`
  return `Free to cancel until ${formatInTimeZone(freeUntil, LONDON_TIME_ZONE, 'EEE HH:mm')}; after that a ${charge} charge.`
}
