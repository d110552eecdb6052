/**
 * The text of instants on the slot path, written without a Date or a format call per slot: 'HH:mm'
 * of a minute of the day is a lookup in a table built once, and the ISO 8601 UTC text of a
 * whole-minute instant is its UTC date (kept for the last day asked, slots come day by day) plus
 * that table. Any other instant (seconds, before 1970, after 9999) is written by Date#toISOString,
 * so the text is always exactly what toISOString gives.
 */
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** 10000-01-01T00:00:00.000Z: from here toISOString writes a six-digit year. */
const YEAR_10000 = 253_402_300_800_000

const pad = (n: number): string => (n < 10 ? `0${n}` : String(n))

const LABELS: readonly string[] = Array.from({ length: 24 * 60 }, (_, m) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`)

/** 'HH:mm' of a minute of the day (0 .. 1439). */
export function minuteLabel(minuteOfDay: number): string {
  return LABELS[minuteOfDay]
}

let lastDay = Number.NaN
let lastPrefix = ''

/** Exactly `new Date(instant).toISOString()`, fast for whole minutes. */
export function isoInstant(instant: number): string {
  if (!(instant >= 0 && instant < YEAR_10000) || instant % MINUTE !== 0) return new Date(instant).toISOString()
  const day = Math.floor(instant / DAY)
  if (day !== lastDay) {
    lastPrefix = new Date(day * DAY).toISOString().slice(0, 11)
    lastDay = day
  }
  return `${lastPrefix}${LABELS[(instant - day * DAY) / MINUTE]}:00.000Z`
}
