/**
 * One practitioner's day reduced to what slot generation needs: free time = working hours minus
 * breaks minus busy time (bookings, unexpired holds, blocks, leave), clipped to the London day.
 *
 * Rules and decisions:
 * - A closed day, or a holiday when `withHolidays` is not false, leaves no working time at all.
 * - `onlineBooking: true` on the request with a practitioner who takes no online bookings leaves no
 *   working time either.
 * - Busy entries of the appointment(s) being rescheduled (`ignoreAppointmentId`) and holds whose
 *   `expiresAt` is at or before `now` are left out.
 * - Bookings (appointments and holds) are kept apart, sorted, for adjacency and minimise-gaps.
 */
import { clip, normalize, subtract } from './interval'
import type { Busy, Interval, PractitionerDay, SlotOptions } from './types'

export interface PreparedDay {
  readonly practitionerId: string
  /** Normalised working intervals inside the day (before breaks and busy). */
  readonly working: readonly Interval[]
  /** Normalised free intervals. */
  readonly free: readonly Interval[]
  /** Starts and ends of the bookings that count for adjacency. */
  readonly bookingStarts: ReadonlySet<number>
  readonly bookingEnds: ReadonlySet<number>
  /** The practitioner has at least one booking this day. */
  readonly hasBooking: boolean
}

const EMPTY: readonly Interval[] = []
const NONE: ReadonlySet<string> = new Set()

function ignoredIds(options: SlotOptions): ReadonlySet<string> {
  const raw = options.ignoreAppointmentId
  // The month view prepares hundreds of days with the same (usually empty) list.
  if (raw === undefined || raw.length === 0) return NONE
  return new Set(typeof raw === 'string' ? [raw] : raw)
}

function isBooking(b: Busy): boolean {
  return b.kind === undefined || b.kind === 'appointment' || b.kind === 'hold'
}

/** Prepares one practitioner's day inside `bounds` (the London day in UTC). */
export function prepareDay(day: PractitionerDay, bounds: Interval, options: SlotOptions): PreparedDay {
  const closed =
    options.closed === true ||
    (day.holiday === true && options.withHolidays !== false) ||
    (options.onlineBooking === true && day.onlineBooking === false)
  const working = closed ? [] : clip(normalize(day.working), bounds)
  const ignore = ignoredIds(options)
  const occupied: Interval[] = [...(day.breaks ?? EMPTY)]
  const bookingStarts = new Set<number>()
  const bookingEnds = new Set<number>()
  for (const b of day.busy ?? []) {
    if (b.appointmentId !== undefined && ignore.has(b.appointmentId)) continue
    if (b.kind === 'hold' && b.expiresAt !== undefined && b.expiresAt <= options.now) continue
    if (b.end <= b.start) continue
    occupied.push(b)
    if (isBooking(b) && b.end > bounds.start && b.start < bounds.end) {
      bookingStarts.add(b.start)
      bookingEnds.add(b.end)
    }
  }
  const free = working.length === 0 ? [] : subtract(working, normalize(occupied))
  return { practitionerId: day.practitionerId, working, free, bookingStarts, bookingEnds, hasBooking: bookingEnds.size > 0 }
}
