/**
 * Matching a freed time against the waitlist (issue 32), pure: which part of the day a start is, whether
 * an entry accepts a start, which of the day's start times (the scheduling rules' chain options for the
 * entry's basket, src/domain/scheduling chainDay) uses the freed time, and the order in which waiting
 * customers are offered it.
 */
import { londonDateOf, londonTimeOf } from '../london'
import type { ChainOption, Interval } from '../scheduling/types'
import { DAY_PARTS, WAITLIST_MAX_DAYS_AHEAD, type DayPart, type FreedTime, type WaitlistWish } from './waitlist'

/** morning before 12:00, afternoon 12:00 to before 17:00, evening from 17:00 (London clock). */
export function partOfDay(instant: number): DayPart {
  const hour = Number(londonTimeOf(instant).slice(0, 2))
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening'
}

/** The London date `days` after a 'yyyy-MM-dd' date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

/** The entry takes a time starting then: its date in from..to and its part of the day wanted. */
export function acceptsStart(wish: Pick<WaitlistWish, 'from' | 'to' | 'parts'>, start: number): boolean {
  const date = londonDateOf(start)
  return date >= wish.from && date <= wish.to && wish.parts.includes(partOfDay(start))
}

function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end
}

/**
 * The first start time of the day (in the options' order) that the entry accepts and that uses the
 * freed time: one of its services falls on the freed practitioner's freed interval. `options` are the
 * scheduling rules' chain options for the entry's basket at its clinic on the freed day (with its
 * practitioner, or every practitioner for 'any'), so a chain is offered only when it fits whole.
 */
export function offerTimeFor(wish: WaitlistWish, freed: FreedTime, options: readonly ChainOption[]): ChainOption | undefined {
  if (wish.clinicId !== freed.clinicId) return undefined
  if (wish.practitionerId !== null && wish.practitionerId !== freed.practitionerId) return undefined
  return options.find(
    (o) =>
      o.services.length === wish.serviceIds.length &&
      o.services.every((s, i) => s.serviceId === wish.serviceIds[i] && (wish.practitionerId === null || s.practitioner === wish.practitionerId)) &&
      o.services.some((s) => s.practitioner === freed.practitionerId && overlaps(s, freed)) &&
      acceptsStart(wish, o.start),
  )
}

/** Whether an entry could take the freed time at all before the day's options are worked out. */
export function mayMatch(wish: WaitlistWish, freed: FreedTime): boolean {
  if (wish.clinicId !== freed.clinicId) return false
  if (wish.practitionerId !== null && wish.practitionerId !== freed.practitionerId) return false
  const day = londonDateOf(freed.start)
  return day >= wish.from && day <= wish.to
}

export interface QueueFacts {
  /** today's London date: entries whose range ended before it have expired */
  readonly today: string
  /** customers with an open offer (one offer at a time per customer) */
  readonly customersWithOpenOffer: ReadonlySet<string>
  /** customers' bookings (their own appointments) that meet the freed time */
  readonly customersBookedThen: ReadonlySet<string>
  /** entries already offered a time meeting this one (they let it lapse or declined it) */
  readonly offeredBefore: ReadonlySet<string>
}

/**
 * Who may be offered a freed time, in order: first joined first (ties by id); skips entries no longer
 * waiting (booked, removed, or with an open offer), expired ones, customers with an open offer or booked
 * at an overlapping time, and entries that already had this time.
 */
export function offerQueue(wishes: readonly WaitlistWish[], facts: QueueFacts): WaitlistWish[] {
  return wishes
    .filter(
      (w) =>
        w.status === 'active' &&
        w.to >= facts.today &&
        !facts.customersWithOpenOffer.has(w.customerId) &&
        !facts.customersBookedThen.has(w.customerId) &&
        !facts.offeredBefore.has(w.id),
    )
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** What a join asks, before the catalogue is read. */
export interface JoinRequest {
  readonly services: readonly string[]
  readonly from: string
  readonly to: string
  readonly parts: readonly string[]
}

export const JOIN_REFUSALS = {
  noService: 'Choose at least one service.',
  noPart: 'Choose at least one part of the day: morning, afternoon or evening.',
  fromAfterTo: 'The first date must not be after the last date.',
  past: 'The first date cannot be in the past.',
  tooFar: 'The waitlist takes dates up to 8 weeks ahead.',
} as const

/** The refusal text of a join that cannot be right whatever the catalogue says; undefined when it is fine. */
export function joinRefusal(request: JoinRequest, today: string): string | undefined {
  if (request.services.length === 0) return JOIN_REFUSALS.noService
  if (request.parts.length === 0) return JOIN_REFUSALS.noPart
  if (request.from > request.to) return JOIN_REFUSALS.fromAfterTo
  if (request.from < today) return JOIN_REFUSALS.past
  if (request.to > addDays(today, WAITLIST_MAX_DAYS_AHEAD)) return JOIN_REFUSALS.tooFar
  return undefined
}

/** The parts in the canonical order, once each. */
export function normaliseParts(parts: readonly DayPart[]): DayPart[] {
  return DAY_PARTS.filter((p) => parts.includes(p))
}
