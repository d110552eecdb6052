/**
 * Shared types of the scheduling rules (spec section 4 "Time sub-step", section 7 POST /practitioners/time
 * and POST /appointments/days-available-by-month, section 9 "Linked-service slot forceInterval is 5").
 *
 * Decisions the spec leaves open:
 * - Every instant is epoch milliseconds in UTC; every interval is half-open [start, end).
 * - A busy entry without `kind` is an appointment. Appointments and holds are "bookings" (they make
 *   a slot `apptAdjacent` and switch the minimise-gaps rule on); blocks and leave only occupy time.
 * - A hold with `expiresAt <= now` no longer occupies time.
 */

/** Half-open [start, end) in epoch milliseconds (UTC). */
export interface Interval {
  readonly start: number
  readonly end: number
}

export type BusyKind = 'appointment' | 'hold' | 'block' | 'leave'

/** Time a practitioner cannot be booked for. */
export interface Busy extends Interval {
  /** Default 'appointment'. */
  readonly kind?: BusyKind
  /** Lets a reschedule ignore the appointment being moved. */
  readonly appointmentId?: string
  /** For holds: the instant the hold lapses (epoch ms). */
  readonly expiresAt?: number
}

/** One practitioner's facts for one London day, already in UTC. */
export interface PractitionerDay {
  readonly practitionerId: string
  /** Working hours of the day (any order, may overlap). */
  readonly working: readonly Interval[]
  readonly breaks?: readonly Interval[]
  /** Bookings, holds, blocks and leave (any order). */
  readonly busy?: readonly Busy[]
  /** The practitioner is on holiday this whole day. */
  readonly holiday?: boolean
  /** The practitioner takes online bookings (default true). */
  readonly onlineBooking?: boolean
}

export const MINIMISE_AFTER_FIRST_BOOKING = 'Minimise after first booking'

/** Organisation settings minimiseGaps, minimiseGapsStrategy, alsoShowFirst, alsoShowLast. */
export interface MinimiseGapsSettings {
  readonly minimiseGaps: boolean
  readonly minimiseGapsStrategy?: string
  readonly alsoShowFirst?: boolean
  readonly alsoShowLast?: boolean
}

/** Request-level options common to a day's slots and a month's days. */
export interface SlotOptions {
  /** The instant of the request: nothing starts before now + minNoticeMinutes. */
  readonly now: number
  readonly minNoticeMinutes?: number
  /** When true (the default), holidays remove the day; false lets staff book over a holiday. */
  readonly withHolidays?: boolean
  /** The request comes from online booking: practitioners with onlineBooking false offer nothing. */
  readonly onlineBooking?: boolean
  /** Appointment(s) being rescheduled: their time counts as free. */
  readonly ignoreAppointmentId?: string | readonly string[]
  readonly minimiseGaps?: MinimiseGapsSettings
  /**
   * See minimise-gaps.ts. daySlots: true or absent applies the gap rule (a single service or the
   * first of a chain), false lists a later chained service's slots unfiltered. chainDay and
   * availableDays: true or absent judges the rule on the first service, false on the whole chain.
   */
  readonly checkFirst?: boolean
  /** The clinic is closed this day. */
  readonly closed?: boolean
}

/** One practitioner able to do a service, with their duration for it. */
export interface ServiceOption {
  readonly practitionerId: string
  readonly durationMinutes: number
}

/** A service of the basket. One option = a chosen practitioner; several = 'any practitioner'. */
export interface ServiceRequest {
  readonly serviceId: string
  /** In the stable order used to pick 'any practitioner' (first free wins). */
  readonly options: readonly ServiceOption[]
  /** The service's slot step in minutes (default 15). */
  readonly intervalMinutes?: number
  /** Overrides intervalMinutes (the spec's forceInterval). */
  readonly forceInterval?: number
}

/** The spec's slot shape. */
export interface Slot {
  /** 'HH:mm' in Europe/London. */
  readonly value: string
  /** ISO 8601 UTC. */
  readonly startDate: string
  readonly endDate: string
  /** Minutes. */
  readonly duration: number
  readonly valid: boolean
  readonly practitioner: string
  /** Starts where a booking ends or ends where one starts (same practitioner). */
  readonly apptAdjacent: boolean
  /** Starts exactly where the previous service of the basket ends (every service after the first). */
  readonly nextToService: boolean
}

/** One service of a chained start time. */
export interface ServiceAssignment {
  readonly serviceId: string
  readonly practitioner: string
  readonly start: number
  readonly end: number
  readonly slot: Slot
}

/** A start time at which the whole basket fits, with who does what. */
export interface ChainOption {
  /** 'HH:mm' London of the first service's start. */
  readonly value: string
  readonly start: number
  readonly end: number
  readonly services: readonly ServiceAssignment[]
}
