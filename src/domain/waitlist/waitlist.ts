/**
 * The waitlist (issue 32): a customer waiting for a time that is not free yet, and the freed times
 * offered to waiting customers, first joined first served.
 *
 * Decisions the issue leaves open:
 * - An entry names the basket: one clinic and the services in booking order (a chain), one practitioner
 *   or 'any' (null), a range of London dates (from..to, inclusive; `to` at most 8 weeks after the day
 *   of joining) and the parts of the day it accepts (at least one).
 * - Parts of the day by the London clock time at which the first service starts: morning before 12:00,
 *   afternoon 12:00 to before 17:00, evening from 17:00.
 * - One entry per basket: a customer has at most one live entry for the same clinic and services.
 */

export const DAY_PARTS = ['morning', 'afternoon', 'evening'] as const
export type DayPart = (typeof DAY_PARTS)[number]

export const WAITLIST_ENTRY_STATUSES = ['active', 'offered', 'booked', 'removed'] as const
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number]

export const WAITLIST_OFFER_STATUSES = ['offered', 'taken', 'lapsed', 'declined'] as const
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number]

/** The longest a customer may wait: `to` is at most this many days after the day of joining. */
export const WAITLIST_MAX_DAYS_AHEAD = 56
/** The offer window when the organisation sets none (setting `waitlistOfferMinutes`). */
export const DEFAULT_WAITLIST_OFFER_MINUTES = 15

/** What the matching needs of an entry. */
export interface WaitlistWish {
  readonly id: string
  readonly customerId: string
  readonly clinicId: string
  /** The basket's services in booking order (at least one). */
  readonly serviceIds: readonly string[]
  /** null: any practitioner. */
  readonly practitionerId: string | null
  /** London dates 'yyyy-MM-dd', inclusive. */
  readonly from: string
  readonly to: string
  readonly parts: readonly DayPart[]
  /** Epoch ms: the order of the queue. */
  readonly createdAt: number
  readonly status: WaitlistEntryStatus
}

/** A time that became free: one practitioner's interval at a clinic (epoch ms, half-open). */
export interface FreedTime {
  readonly clinicId: string
  readonly practitionerId: string
  readonly start: number
  readonly end: number
}
