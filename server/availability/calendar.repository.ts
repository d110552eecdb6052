/**
 * The calendars of practitioners at a clinic, as availability and booking read them: the facts of a
 * request (service options, weekly hours, bookings and holds, holidays and closed days, organisation
 * settings) in a fixed number of queries (five, six when rescheduling), whatever the range.
 */
import {
  type Busy,
  isoDate,
  londonDay,
  type PractitionerCalendar,
  type TimeRange,
  type WeeklySchedule,
  withinOpeningHours,
} from '../../src/domain/scheduling'
import type { DbOrTrx, OrganisationSettings } from '../db/schema'
import { loadOrganisation } from '../organisation/organisation.service'
import { loadOpeningHours } from './opening-hours.repository'
import { referenceCache } from '../catalogue/reference-cache'
import { practitionersBusy } from './busy.repository'

export interface ServiceOptionRow {
  serviceId: string
  practitionerId: string
  durationMinutes: number
  grossPrice: number | null
  intervalMinutes: number
  defaultDuration: number
  defaultPrice: number
  taxRate: number
  depositType: string | null
  depositAmount: number | null
  online: boolean
}

/** Who can do each service at the clinic (active, with hours there), in practitioner order. One query. */
export function serviceOptions(
  db: DbOrTrx,
  tenant: string,
  clinicId: string,
  serviceIds: readonly string[],
  onlineOnly: boolean,
  cacheRoot: object = db,
): Promise<ServiceOptions> {
  const key = `options|${tenant}|${clinicId}|${onlineOnly}|${[...serviceIds].sort().join(',')}`
  return referenceCache(cacheRoot).get(key, () => loadServiceOptions(db, tenant, clinicId, serviceIds, onlineOnly))
}

export interface ServiceOptions {
  services: Map<string, { intervalMinutes: number; exists: true }>
  options: ServiceOptionRow[]
}

async function loadServiceOptions(
  db: DbOrTrx,
  tenant: string,
  clinicId: string,
  serviceIds: readonly string[],
  onlineOnly: boolean,
): Promise<ServiceOptions> {
  const rows = await db
    .selectFrom('services as s')
    .innerJoin('service_locations as sl', (j) => j.onRef('sl.service_id', '=', 's.id').on('sl.clinic_id', '=', clinicId))
    .leftJoin('service_practitioners as sp', 'sp.service_id', 's.id')
    .leftJoin('practitioners as p', (j) => j.onRef('p.id', '=', 'sp.practitioner_id').on('p.active', '=', true))
    .select([
      's.id as service_id',
      's.interval_minutes',
      's.default_duration',
      's.default_price',
      's.tax_rate',
      's.booking_deposit_type',
      's.booking_deposit_amount',
      's.availability',
      's.show_online',
      'sl.show_online as location_online',
      'sl.gross_price as location_price',
      'sp.practitioner_id',
      'sp.gross_price',
      'sp.duration',
      'p.position',
      'p.online_booking',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('practitioner_hours as h')
            .select('h.practitioner_id')
            .whereRef('h.practitioner_id', '=', 'sp.practitioner_id')
            .where('h.clinic_id', '=', clinicId)
            .where('h.tenant_id', '=', tenant),
        )
        .as('works_here'),
    )
    .where('s.tenant_id', '=', tenant)
    .where('s.id', 'in', serviceIds.length ? serviceIds : ['-'])
    .orderBy('p.position')
    .execute()
  const services = new Map<string, { intervalMinutes: number; exists: true }>()
  const options: ServiceOptionRow[] = []
  for (const r of rows) {
    const online = r.show_online && r.location_online && r.availability !== 'BOOK_ONLY' && r.availability !== 'SELL_ONLY'
    if (onlineOnly && !online) continue
    services.set(r.service_id, { intervalMinutes: r.interval_minutes, exists: true })
    if (!r.practitioner_id || r.position === null || !r.works_here) continue
    if (onlineOnly && r.online_booking === false) continue
    const defaultPrice = Number(r.location_price ?? r.default_price)
    options.push({
      serviceId: r.service_id,
      practitionerId: r.practitioner_id,
      durationMinutes: r.duration ?? r.default_duration,
      grossPrice: r.gross_price === null ? null : Number(r.gross_price),
      intervalMinutes: r.interval_minutes,
      defaultDuration: r.default_duration,
      defaultPrice,
      taxRate: r.tax_rate,
      depositType: r.booking_deposit_type,
      depositAmount: r.booking_deposit_amount === null ? null : Number(r.booking_deposit_amount),
      online,
    })
  }
  return { services, options }
}

export interface Calendars {
  calendars: PractitionerCalendar[]
  /** London dates the clinic is closed */
  closedDates: Set<string>
  settings: OrganisationSettings
  /** The booking versions the calendars reflect (undefined inside a transaction: not cacheable). */
  stamp?: string
}

function* datesBetween(from: string, to: string): Generator<string> {
  const [y, m, d] = from.split('-').map(Number)
  for (let i = 0; i < 400; i++) {
    const date = isoDate(y, m, d + i)
    if (date > to) return
    yield date
  }
}

/** The practitioners and instants [from, to) whose bookings the calendars of the London dates [fromDate, toDate] hold. */
export function calendarRange(practitionerIds: readonly string[], fromDate: string, toDate: string): { ids: string[]; from: Date; to: Date } {
  return {
    ids: practitionerIds.length ? [...practitionerIds] : ['-'],
    from: new Date(londonDay(fromDate).bounds.start),
    to: new Date(londonDay(toDate).bounds.end),
  }
}

/**
 * Hours, bookings, holds, holidays and closed days of the practitioners at a clinic for the London
 * dates [fromDate, toDate], plus the organisation settings: four queries. `busyRead`: the bookings of
 * calendarRange(...) already read in the caller's transaction (the booking reads them with its facts,
 * one round trip fewer); not read again.
 */
export async function loadCalendars(
  db: DbOrTrx,
  tenant: string,
  clinicId: string,
  practitionerIds: readonly string[],
  fromDate: string,
  toDate: string,
  cacheRoot: object = db,
  busyRead?: Map<string, Busy[]>,
): Promise<Calendars> {
  const { ids, from, to } = calendarRange(practitionerIds, fromDate, toDate)
  const cache = referenceCache(cacheRoot)
  // Reference data (cached briefly), then the bookings of the range (always read).
  const allHours = await cache.get(`hours|${tenant}|${clinicId}`, () =>
    db
      .selectFrom('practitioner_hours')
      .select(['practitioner_id', 'weekday', 'start_time', 'end_time', 'kind'])
      .where('tenant_id', '=', tenant)
      .where('clinic_id', '=', clinicId)
      .execute(),
  )
  const allClosures = await cache.get(`closures|${tenant}`, () =>
    db.selectFrom('closures').select(['kind', 'clinic_id', 'practitioner_id', 'starts_on', 'ends_on']).where('tenant_id', '=', tenant).execute(),
  )
  const organisation = await cache.get(`organisation|${tenant}`, () => loadOrganisation(db, tenant))
  const opening = await cache.get(`opening|${tenant}|${clinicId}`, () => loadOpeningHours(db, tenant, clinicId))
  // Bookings: cached under the practitioners' booking versions (bumped by a trigger on every write),
  // read with those versions in one statement. Never cache what a transaction sees (its uncommitted
  // versions could be reused after a rollback).
  const inTransaction = cacheRoot !== db
  const { busyOf, versions } = busyRead ? { busyOf: busyRead, versions: undefined } : await practitionersBusy(db, inTransaction ? undefined : cacheRoot, tenant, ids, fromDate, toDate, from, to)
  const stamp = versions && ids.map((id) => `${id}:${versions.get(id) ?? 0}`).join(',')
  const wanted = new Set(ids)
  const hours = allHours.filter((h) => wanted.has(h.practitioner_id))
  const closures = allClosures.filter((c) => c.starts_on <= toDate && c.ends_on >= fromDate)
  const closedDates = new Set<string>()
  const holidaysOf = new Map<string, Set<string>>(ids.map((id) => [id, new Set<string>()]))
  for (const c of closures) {
    const start = c.starts_on < fromDate ? fromDate : c.starts_on
    const end = c.ends_on > toDate ? toDate : c.ends_on
    if (c.kind === 'closed') {
      if (c.clinic_id === null || c.clinic_id === clinicId) for (const d of datesBetween(start, end)) closedDates.add(d)
      continue
    }
    if (c.clinic_id !== null && c.clinic_id !== clinicId) continue
    const who = c.practitioner_id === null ? ids : ids.filter((id) => id === c.practitioner_id)
    for (const id of who) for (const d of datesBetween(start, end)) holidaysOf.get(id)?.add(d)
  }
  const calendars = ids.map((id): PractitionerCalendar => {
    const schedule: Record<number, TimeRange[]> = {}
    const breaks: Record<number, TimeRange[]> = {}
    for (const h of hours) {
      if (h.practitioner_id !== id) continue
      const target = h.kind === 'break' ? breaks : schedule
      ;(target[h.weekday] ??= []).push({ start: h.start_time, end: h.end_time })
    }
    const busy = busyOf.get(id) ?? []
    return { practitionerId: id, schedule: withinOpeningHours(schedule, opening), breaks: breaks as WeeklySchedule, busy, holidays: holidaysOf.get(id) }
  })
  return { calendars, closedDates, settings: organisation?.settings ?? ({} as OrganisationSettings), ...(stamp === undefined ? {} : { stamp }) }
}

/** The appointment being rescheduled and those booked with it (their time counts as free). One query. */
export async function groupIds(db: DbOrTrx, tenant: string, appointmentId: string | null | undefined, ownerId?: string | null): Promise<string[]> {
  if (!appointmentId || ownerId === null) return []
  let query = db
    .selectFrom('appointments as a')
    .innerJoin('appointments as g', (j) => j.onRef('g.tenant_id', '=', 'a.tenant_id').on((eb) => eb.or([eb('g.id', '=', eb.ref('a.id')), eb('g.group_id', '=', eb.ref('a.group_id'))])))
    .select('g.id')
    .where('a.tenant_id', '=', tenant)
    .where('a.id', '=', appointmentId)
  // Over HTTP only the customer's own appointment frees its time: another's id must not reveal or free a slot.
  if (ownerId !== undefined) query = query.where('a.customer_id', '=', ownerId)
  const rows = await query.execute()
  if (rows.length) return rows.map((r) => r.id)
  return ownerId === undefined ? [appointmentId] : []
}
