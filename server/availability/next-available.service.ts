/**
 * 'Next available' on the practitioner step (POST /practitioners/next-available): the earliest
 * start of the basket for each practitioner within a bounded horizon. No slot engine of its own:
 * the same service options, calendars (and their caches) and slot options as the month and day
 * calls, and src/domain/scheduling's chainDay asked for one start per day, day after day.
 */
import type { NextAvailable } from '../../src/contract'
import { calendarDays, chainDay, isoDate, type ServiceRequest } from '../../src/domain/scheduling'
import type { DbOrTrx } from '../db/schema'
import * as E from 'fp-ts/Either'
import { notFound, type ServiceError } from '../service-error'
import { londonDateOfIso, slotOptions } from './availability.service'
import { loadCalendars, serviceOptions, type ServiceOptionRow } from './calendar.repository'
import { referenceCache } from '../catalogue/reference-cache'

export const DEFAULT_HORIZON_DAYS = 60
export const MAX_HORIZON_DAYS = 90

/** The basket as one practitioner (or, with no id, anyone) would do it; undefined when a service has nobody. */
function requestsFor(serviceIds: readonly string[], options: readonly ServiceOptionRow[], practitionerId?: string): ServiceRequest[] | undefined {
  const out: ServiceRequest[] = []
  for (const serviceId of serviceIds) {
    const mine = options.filter((o) => o.serviceId === serviceId && (!practitionerId || o.practitionerId === practitionerId))
    if (mine.length === 0) return undefined
    out.push({ serviceId, options: mine.map((o) => ({ practitionerId: o.practitionerId, durationMinutes: o.durationMinutes })), intervalMinutes: mine[0].intervalMinutes })
  }
  return out
}

export async function nextAvailable(
  db: DbOrTrx,
  tenant: string,
  input: { clinicId: string; serviceIds: readonly string[]; now: Date; horizonDays?: number },
): Promise<E.Either<ServiceError, NextAvailable>> {
  const { clinicId, serviceIds, now } = input
  const none: NextAvailable = { practitioners: [], any: null }
  if (serviceIds.length === 0) return E.right(none)
  const { services, options } = await serviceOptions(db, tenant, clinicId, serviceIds, true)
  if (serviceIds.some((s) => !services.has(s))) return E.left(notFound('This service is not available at this location.'))
  // Who can do the whole basket, in practitioner order.
  const candidates = [...new Set(options.map((o) => o.practitionerId))]
    .map((id) => ({ id, requests: requestsFor(serviceIds, options, id) }))
    .filter((c): c is { id: string; requests: ServiceRequest[] } => c.requests !== undefined)
  if (candidates.length === 0) return E.right(none)
  const today = londonDateOfIso(now.toISOString())
  const [y, m, d] = today.split('-').map(Number)
  const horizon = Math.min(Math.max(input.horizonDays ?? DEFAULT_HORIZON_DAYS, 1), MAX_HORIZON_DAYS)
  const last = isoDate(y, m, d + horizon - 1)
  const cal = await loadCalendars(db, tenant, clinicId, candidates.map((c) => c.id), today, last)
  const compute = async (): Promise<NextAvailable> => {
    const daysOf = calendarDays(cal.calendars)
    const found = new Map<string, number>()
    for (let i = 0; i < horizon && found.size < candidates.length; i++) {
      const date = isoDate(y, m, d + i)
      if (cal.closedDates.has(date)) continue
      const practitioners = daysOf(date)
      const slotOpts = slotOptions(cal.settings, { now, ignore: [] })
      for (const c of candidates) {
        if (found.has(c.id)) continue
        const [first] = chainDay({ date, practitioners, services: c.requests, options: slotOpts, limit: 1 })
        if (first) found.set(c.id, first.start)
      }
    }
    const starts = candidates.filter((c) => found.has(c.id)).map((c) => ({ practitioner: c.id, start: found.get(c.id)! }))
    const earliest = starts.length ? Math.min(...starts.map((s) => s.start)) : undefined
    return {
      practitioners: starts.map((s) => ({ practitioner: s.practitioner, startDate: new Date(s.start).toISOString() })),
      any: earliest === undefined ? null : new Date(earliest).toISOString(),
    }
  }
  if (cal.stamp === undefined) return E.right(await compute())
  // Every visitor of the step asks the same: kept for the minute, for these booking versions.
  const key = `next|${tenant}|${clinicId}|${serviceIds.join(',')}|${horizon}|${cal.stamp}|${Math.floor(now.getTime() / 60_000)}`
  return E.right(await referenceCache(db).get(key, compute, 60_000))
}
