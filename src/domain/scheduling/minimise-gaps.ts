/**
 * The organisation's minimise-gaps setting (minimiseGaps, minimiseGapsStrategy 'Minimise after first
 * booking', alsoShowFirst, alsoShowLast) and the request flag checkFirst. The spec only names them;
 * the behaviour a salon expects, as implemented here:
 *
 * - Off (minimiseGaps false or absent): every valid slot is offered.
 * - On, and the practitioner has no booking (appointment or unexpired hold) that day: every valid
 *   slot is offered: the strategy minimises only after the first booking. Any other strategy
 *   value is treated the same way (it is the only strategy the spec names).
 * - On, with a booking that day: only valid slots adjacent to a booking are offered (they start
 *   where a booking ends or end where one starts), plus the day's first valid slot if alsoShowFirst
 *   and its last valid slot if alsoShowLast. Adjacent starts need not be on the slot grid (a
 *   booking ending at 10:50 offers 10:50 with a 15-minute grid); invalid slots are not listed.
 * - checkFirst. The client asks POST /practitioners/time once per basket line, checkFirst true for
 *   the first line and false (with forceInterval 5) for the others, then chains the lists. So for a
 *   day's slots of one service (daySlots): true or absent applies the rule; false returns the later
 *   service's valid slots unfiltered (the rule was judged on the first service, and a later
 *   service starts where the previous one ends, which is no booking). For a whole basket computed
 *   at once (chainDay, availableDays): true or absent judges the rule on the first service alone,
 *   exactly what the client gets by chaining per-service lists; false judges the whole chain as one
 *   block: it is offered when its first service starts at a booking end of that service's
 *   practitioner, or its last service ends at a booking start of that service's practitioner, or
 *   it is the day's first / last valid chain (alsoShowFirst / alsoShowLast), or neither of those
 *   two practitioners has a booking that day.
 * - 'Any practitioner': the rule is judged per practitioner. For one service the offered slots of
 *   each practitioner are united; for a chain, at each start the first assignment (in option order)
 *   whose chain is offered is chosen. A chain start off the first service's grid (added only so a
 *   chain can end where a booking starts) is offered only when it touches a booking.
 */
import type { MinimiseGapsSettings } from './types'

export function minimiseOn(settings: MinimiseGapsSettings | undefined): boolean {
  return settings !== undefined && settings.minimiseGaps
}

/**
 * Keeps what the rule offers from items sorted by start. `hasBooking(item)` says whether the rule is
 * active for that item; `adjacent(item)` whether it touches a booking. Items must all be valid.
 */
export function selectOffered<T>(
  items: readonly T[],
  settings: MinimiseGapsSettings | undefined,
  hasBooking: (item: T) => boolean,
  adjacent: (item: T) => boolean,
): T[] {
  if (!minimiseOn(settings) || items.length === 0) return [...items]
  const last = items.length - 1
  return items.filter(
    (item, index) =>
      !hasBooking(item) ||
      adjacent(item) ||
      (settings?.alsoShowFirst === true && index === 0) ||
      (settings?.alsoShowLast === true && index === last),
  )
}
