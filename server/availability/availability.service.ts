/**
 * Availability: the slots of a day and the days of a month, from the calendars the calendar
 * repository loads (a fixed number of queries whatever the range) and the rules of
 * src/domain/scheduling.
 */
import type { HoldKey, Slot } from '../../src/contract'
import {
  availableDays,
  calendarDays,
  chainDay,
  type ChainOption,
  covers,
  daySlots,
  isoDate,
  londonDay,
  prepareDay,
  type ServiceRequest,
  type SlotOptions,
} from '../../src/domain/scheduling'
import * as E from 'fp-ts/Either'
import type { DbOrTrx, OrganisationSettings } from '../db/schema'
import { referenceCache } from '../catalogue/reference-cache'
import { notFound, type ServiceError } from '../service-error'
import { ownHeldRowIds } from '../booking/hold-claim'
import { groupIds, loadCalendars, serviceOptions, type Calendars, type ServiceOptionRow } from './calendar.repository'
import { londonDateOf } from '../../src/domain/london'

export interface RequestOptions {
  now: Date
  withHolidays?: boolean
  onlineBooking?: boolean
  minimiseGaps?: boolean
  checkFirst?: boolean
  ignore: readonly string[]
  /** The front desk's own notice (0): it books inside the online notice too. Absent: the organisation's. */
  minNoticeMinutes?: number
}

export function slotOptions(settings: OrganisationSettings, request: RequestOptions, closed = false): SlotOptions {
  return {
    now: request.now.getTime(),
    minNoticeMinutes: request.minNoticeMinutes ?? settings.minNoticeMinutes ?? 0,
    withHolidays: request.withHolidays ?? true,
    onlineBooking: request.onlineBooking ?? true,
    ignoreAppointmentId: request.ignore,
    ...(request.minimiseGaps === false
      ? {}
      : {
          minimiseGaps: {
            minimiseGaps: settings.minimiseGaps ?? false,
            minimiseGapsStrategy: settings.minimiseGapsStrategy,
            alsoShowFirst: settings.alsoShowFirst,
            alsoShowLast: settings.alsoShowLast,
          },
        }),
    ...(request.checkFirst !== undefined ? { checkFirst: request.checkFirst } : {}),
    closed,
  }
}

function requestFor(serviceId: string, options: ServiceOptionRow[], staff: string | null | undefined, forceInterval?: number): ServiceRequest | undefined {
  const mine = options.filter((o) => o.serviceId === serviceId && (!staff || o.practitionerId === staff))
  if (mine.length === 0) return undefined
  return {
    serviceId,
    options: mine.map((o) => ({ practitionerId: o.practitionerId, durationMinutes: o.durationMinutes })),
    intervalMinutes: mine[0].intervalMinutes,
    ...(forceInterval ? { forceInterval } : {}),
  }
}

/** POST /practitioners/time: the slots of one London date for one service. */
export async function daySlotsFor(
  db: DbOrTrx,
  tenant: string,
  input: {
    date: string
    serviceId: string
    clinicId: string
    staff?: string | null
    forceInterval?: number
    reschedule?: string | null
    rescheduleOwner?: string | null
    /** the caller's own slot hold: its time shows to them */
    hold?: HoldKey | null
  } & Omit<RequestOptions, 'ignore'>,
): Promise<E.Either<ServiceError, Slot[]>> {
  const date = input.date.length > 10 ? londonDateOfIso(input.date) : input.date
  const [{ services, options }, moved, held] = await Promise.all([
    serviceOptions(db, tenant, input.clinicId, [input.serviceId], input.onlineBooking !== false),
    groupIds(db, tenant, input.reschedule, input.rescheduleOwner),
    ownHeldRowIds(db, tenant, input.hold, input.now),
  ])
  const ignore = [...moved, ...held]
  if (!services.has(input.serviceId)) return E.left(notFound('This service is not available at this location.'))
  const request = requestFor(input.serviceId, options, input.staff, input.forceInterval)
  if (!request) return E.right([])
  const { calendars, closedDates, settings } = await loadCalendars(db, tenant, input.clinicId, request.options.map((o) => o.practitionerId), date, date)
  return E.right(
    daySlots({
      date,
      practitioners: calendarDays(calendars)(date),
      service: request,
      options: slotOptions(settings, { ...input, ignore }, closedDates.has(date)),
    }) as Slot[],
  )
}

/** POST /appointments/days-available-by-month: London dates of the month where the whole basket fits. */
export async function monthDays(
  db: DbOrTrx,
  tenant: string,
  lines: readonly { service: string; month: number; year: number; location: string; practitioner?: string | null; id?: string | null; withHolidays?: boolean; hold?: HoldKey | null }[],
  now: Date,
  rescheduleOwner?: string | null,
): Promise<E.Either<ServiceError, string[]>> {
  if (lines.length === 0) return E.right([])
  const { month, year, location } = lines[0]
  const [{ services, options }, moved, held] = await Promise.all([
    serviceOptions(db, tenant, location, lines.map((l) => l.service), true),
    groupIds(db, tenant, lines.find((l) => l.id)?.id, rescheduleOwner),
    ownHeldRowIds(db, tenant, lines.find((l) => l.hold)?.hold, now),
  ])
  const ignore = [...moved, ...held]
  const missing = lines.find((l) => !services.has(l.service))
  if (missing) return E.left(notFound('This service is not available at this location.'))
  const requests = lines.map((l) => requestFor(l.service, options, l.practitioner))
  if (requests.some((r) => r === undefined)) return E.right([])
  const practitionerIds = [...new Set(requests.flatMap((r) => r!.options.map((o) => o.practitionerId)))]
  const first = isoDate(year, month, 1)
  const last = isoDate(year, month + 1, 0)
  const calendarsLoaded = await loadCalendars(db, tenant, location, practitionerIds, first, last)
  const { calendars, closedDates, settings, stamp } = calendarsLoaded
  const { closed: _closed, ...monthOptions } = slotOptions(settings, { now, withHolidays: lines[0].withHolidays, ignore })
  const compute = async () =>
    availableDays({
      year,
      month,
      services: requests as ServiceRequest[],
      options: monthOptions,
      closedDates,
      practitionersOn: calendarDays(calendars),
    })
  if (stamp === undefined) return E.right(await compute())
  // Many visitors ask for the same month: the answer is kept for the minute, for these exact
  // booking versions (any booking change gives a new key). Keyed by the rows counted as free, not by
  // the ids and hold tokens asked with: an owner's answer (their hold or appointment free) is never
  // served to a caller whose id or token did not check out, nor theirs to everyone else.
  const asked = lines.map(({ id: _id, hold: _hold, ...rest }) => rest)
  const key = `month|${tenant}|${JSON.stringify(asked)}|${[...ignore].sort().join(',')}|${stamp}|${Math.floor(now.getTime() / 60_000)}`
  return E.right(await referenceCache(db).get(key, compute, 60_000))
}

export function londonDateOfIso(iso: string): string {
  return londonDateOf(new Date(iso))
}

/**
 * Whether [start, end) lies in the practitioner's free time at the clinic (hours, breaks, holidays,
 * closed days, other bookings; `ignore` counts as free) and not before now + notice.
 */
export function fitsCalendar(cal: Calendars, practitionerId: string, start: number, end: number, request: RequestOptions): boolean {
  const date = londonDateOf(start)
  const facts = calendarDays(cal.calendars.filter((c) => c.practitionerId === practitionerId))(date)[0]
  if (!facts) return false
  const options = slotOptions(cal.settings, request, cal.closedDates.has(date))
  if (start < options.now + (options.minNoticeMinutes ?? 0) * 60_000) return false
  const prepared = prepareDay(facts, londonDay(date).bounds, options)
  return covers(prepared.free, start, end)
}

/**
 * The start times of a London date at which a basket (services in booking order, one practitioner or
 * any) fits whole, with who does what: the slot rules of online booking (the waitlist's matching, issue
 * 32). Minimise-gaps is off: a freed time is offered as it is.
 */
export async function chainOptionsFor(
  db: DbOrTrx,
  tenant: string,
  input: { clinicId: string; serviceIds: readonly string[]; practitionerId: string | null; date: string; now: Date },
): Promise<ChainOption[]> {
  const { services, options } = await serviceOptions(db, tenant, input.clinicId, [...new Set(input.serviceIds)], true)
  if (input.serviceIds.some((id) => !services.has(id))) return []
  const requests = input.serviceIds.map((id) => requestFor(id, options, input.practitionerId))
  if (requests.some((r) => r === undefined)) return []
  const practitionerIds = [...new Set(requests.flatMap((r) => r!.options.map((o) => o.practitionerId)))]
  const { calendars, closedDates, settings } = await loadCalendars(db, tenant, input.clinicId, practitionerIds, input.date, input.date)
  return chainDay({
    date: input.date,
    practitioners: calendarDays(calendars)(input.date),
    services: requests as ServiceRequest[],
    options: slotOptions(settings, { now: input.now, ignore: [], minimiseGaps: false }, closedDates.has(input.date)),
  })
}
