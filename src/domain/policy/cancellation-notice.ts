/**
 * The late-cancellation sentence of a reminder: "Free to cancel until Tue 14:00; after that a £25.00
 * charge." Only when the policy applies: cancelling allowed and a late fee above zero. The rule is
 * cancellationTerms (cancellation-terms.ts), shared with the account list's preview. `now` is an argument.
 */
import type { CancellationSettings } from './cancellation'
import { cancellationTerms, chargeText, termsMoment } from './cancellation-terms'

export function cancellationNotice(start: Date, now: Date, settings: CancellationSettings, appointmentPrice = 0): string | null {
  const terms = cancellationTerms({ start, status: 'Scheduled', price: appointmentPrice }, now, settings)
  if (!terms || terms.kind === 'notOnline' || terms.fee <= 0) return null
  const charge = chargeText(terms.fee, settings)
  if (terms.kind === 'late') return `Cancelling or changing this appointment now means a ${charge} charge.`
  return `Free to cancel until ${termsMoment(terms.freeUntil, now)}; after that a ${charge} charge.`
}
