/**
 * The clinics' time zone (spec §9: Europe/London) and the London calendar date and clock time of an
 * instant, on Intl alone: the first view and the server's hot paths use it without date-fns-tz
 * (src/domain/time builds the rest on it). Each formatter is made once, on first use: making an
 * Intl.DateTimeFormat costs far more than using one (about 12% of a booking's server CPU when made
 * per call; 15-60 ms for a page's first one in Chromium, which engine-warm-up schedules).
 */
export const LONDON_TIME_ZONE = 'Europe/London'

let dateFormat: Intl.DateTimeFormat | undefined
let timeFormat: Intl.DateTimeFormat | undefined

const HOUR_MS = 3_600_000
const DATES_KEPT = 1024
/**
 * The dates of recent UTC hours. London's offset is a whole number of hours and changes on the hour
 * (01:00 UTC), so every instant of one UTC hour has one London date: a booking asks for the same few
 * hours many times, and formatting was ~1% of its server CPU.
 */
const dateOfHour = new Map<number, string>()

/** The London calendar date ('yyyy-MM-dd') of an instant (a Date or epoch milliseconds), e.g. today's given now. */
export function londonDateOf(instant: Date | number): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime()
  const hour = Math.floor(ms / HOUR_MS)
  const known = dateOfHour.get(hour)
  if (known !== undefined) return known
  dateFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: LONDON_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
  const date = dateFormat.format(ms)
  if (dateOfHour.size >= DATES_KEPT) dateOfHour.clear()
  dateOfHour.set(hour, date)
  return date
}

/** The London clock time ('HH:mm', 24-hour) of an instant. */
export function londonTimeOf(instant: Date | number): string {
  timeFormat ??= new Intl.DateTimeFormat('en-GB', { timeZone: LONDON_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return timeFormat.format(instant)
}

/** The London year and month (1-12) of an instant. */
export function londonMonthOf(instant: Date | number): { year: number; month: number } {
  const [year, month] = londonDateOf(instant).split('-').map(Number)
  return { year, month }
}
