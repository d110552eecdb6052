/**
 * The London date ('yyyy-MM-dd') of an instant (bookings and availability), from one
 * formatter made once: building an Intl.DateTimeFormat per call cost ~12% of a booking's server CPU
 * (five calls a booking: day locks, calendar range, grid check).
 */
const LONDON_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })

export function londonDateOf(at: Date | number): string {
  return LONDON_DATE.format(at)
}
