import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../tokens'
import type { AvailabilityApi } from '../ports/availability.port'
import type { AppError } from '../failure'
import { serverMessageOrSomethingWentWrong } from '../errors'
import type { Practitioner, PractitionerTimeBody, Slot } from '../../contract/practitioners.routes'
import type { HoldKey } from '../../contract/holds.routes'

/** Linked-service slot forceInterval for every service after the first (spec section 9). */
export const LINKED_FORCE_INTERVAL = 5

/** POST /practitioners/public. Failure: server message or 'Something went wrong'. */
@injectable()
export class ListPractitioners {
  constructor(@inject(PORTS.AvailabilityApi) private readonly api: AvailabilityApi) {}
  async execute(input: { clinic: string; service: string; month: number; year?: number }): Promise<E.Either<AppError, Practitioner[]>> {
    const result = await this.api.practitioners(input)
    return E.isLeft(result) ? E.left(serverMessageOrSomethingWentWrong(result.left)) : result
  }
}

export interface BasketLine {
  service: string
  /** null or absent: any practitioner */
  practitioner?: string | null
}

export interface AvailableDaysQuery {
  clinic: string
  /** 1-12 */
  month: number
  year: number
  items: BasketLine[]
  /** appointment being rescheduled */
  rescheduleId?: string
  /** the customer's own hold of the chosen time: its time counts as free for them (issue 17) */
  hold?: HoldKey
}

/** POST /appointments/days-available-by-month: the selectable days ('yyyy-MM-dd'). Failure: server message or 'Something went wrong'. */
@injectable()
export class GetAvailableDays {
  constructor(@inject(PORTS.AvailabilityApi) private readonly api: AvailabilityApi) {}
  async execute(query: AvailableDaysQuery): Promise<E.Either<AppError, string[]>> {
    const result = await this.api.daysAvailable(
      query.items.map((item, index) => ({
        service: item.service,
        month: query.month,
        year: query.year,
        location: query.clinic,
        practitioner: item.practitioner ?? null,
        withHolidays: true,
        ...(query.rescheduleId ? { id: query.rescheduleId } : {}),
        // Once for the whole basket: the server reads the first line's.
        ...(query.hold && index === 0 ? { hold: query.hold } : {}),
      })),
    )
    if (E.isLeft(result)) return E.left(serverMessageOrSomethingWentWrong(result.left))
    return E.right([...new Set(result.right.map((d) => d.date))].sort())
  }
}

export interface TimeSlotsQuery {
  clinic: string
  /** 'yyyy-MM-dd' */
  date: string
  items: BasketLine[]
  /** signed-in customer id */
  user?: string
  rescheduleId?: string
  minimiseGaps?: boolean
  /** the customer's own hold of the chosen time: it shows among the times (issue 17) */
  hold?: HoldKey
}

/** One start time of the whole basket: the first service's slot and each following service right after. */
export interface ChainedSlot {
  value: string
  startDate: string
  endDate: string
  valid: boolean
  /** One slot per basket line, in order. */
  parts: Slot[]
}

/**
 * POST /practitioners/time for each basket line (forceInterval 5 after the first) and keeps the
 * start times where each following service starts right after the previous one ends (spec section 4).
 */
@injectable()
export class GetTimeSlots {
  constructor(@inject(PORTS.AvailabilityApi) private readonly api: AvailabilityApi) {}
  async execute(query: TimeSlotsQuery): Promise<E.Either<AppError, ChainedSlot[]>> {
    if (query.items.length === 0) return E.right([])
    const lists: Slot[][] = []
    for (const [index, item] of query.items.entries()) {
      const body: PractitionerTimeBody = {
        date: query.date,
        service: item.service,
        clinic: query.clinic,
        staff: item.practitioner ?? null,
        withHolidays: true,
        onlineBooking: true,
        checkFirst: index === 0,
        ...(index > 0 ? { forceInterval: LINKED_FORCE_INTERVAL } : {}),
        ...(query.user ? { user: query.user } : {}),
        ...(query.rescheduleId ? { appointmentBeingReschedule: query.rescheduleId } : {}),
        ...(query.minimiseGaps !== undefined ? { minimiseGaps: query.minimiseGaps } : {}),
        ...(query.hold ? { hold: query.hold } : {}),
      }
      const result = await this.api.times(body)
      if (E.isLeft(result)) return E.left(serverMessageOrSomethingWentWrong(result.left))
      lists.push(result.right)
    }
    return E.right(chainSlots(lists))
  }
}

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b)

/** Chains per-service slot lists: a first slot is valid only when every later service has a valid slot starting at the previous end. */
export function chainSlots(lists: Slot[][]): ChainedSlot[] {
  const [first, ...rest] = lists
  if (!first) return []
  const out: ChainedSlot[] = []
  for (const slot of first) {
    const parts: Slot[] = [slot]
    let valid = slot.valid
    for (const list of rest) {
      if (!valid) break
      const previous = parts[parts.length - 1]
      const next = list.find((s) => s.valid && sameInstant(s.startDate, previous.endDate))
      if (!next) valid = false
      else parts.push(next)
    }
    if (rest.length > 0 && !valid) continue // multi-service: keep only chainable start times
    out.push({ value: slot.value, startDate: slot.startDate, endDate: parts[parts.length - 1].endDate, valid, parts })
  }
  return out
}
