/**
 * The calendars of practitioners at a clinic, as availability and booking read them: the facts of a
 * request (service options, weekly hours, bookings and holds, holidays and closed days, organisation
 * settings) in a fixed number of queries (five, six when rescheduling), whatever the range.
 */
import {
  isoDate,
  londonDay,
  type Busy,
  type BusyKind,
  type PractitionerCalendar,
  type TimeRange,
  type WeeklySchedule,
  withinOpeningHours,
} from '../../src/domain/scheduling'
import { sql } from 'kysely'
import { OCCUPYING_STATUSES, type DbOrTrx, type OrganisationSettings } from '../db/schema'
import { loadOrganisation } from '../organisation/organisation.service'
import { loadOpeningHours } from './opening-hours.repository'
import { referenceCache, type ReferenceCache } from '../catalogue/reference-cache'

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

/** The longest appointment, block or leave entry the range query finds (longer absences are holidays). */
const LONGEST_BOOKING_MS = 7 * 86_400_000

/** Bookings are cached at most this long even when no version changed (memory bound). */
const BUSY_TTL_MS = 60_000

const KIND_OF_TYPE: Record<string, BusyKind> = { Appointment: 'appointment', Break: 'block', Block: 'block', Leave: 'leave' }

/**
 * Time taken at any clinic (a practitioner is in one place at a time): one row per practitioner
 * whose bookings come as one text (fields kind, start, end, hold expiry, id split by the unit
 * separator U+001F, bookings by the record separator U+001E; instants in epoch milliseconds). That
 * is several times cheaper for PGlite to build and for us to parse than JSON or a row per booking.
 * The starts_at bounds let the (tenant, practitioner, starts_at) index serve the range: an entry
 * (block, leave) longer than LONGEST_BOOKING_MS is not seen before its start; longer absences are
 * holidays (closures).
 */
async function loadBusy(db: DbOrTrx, tenant: string, ids: readonly string[], from: Date, to: Date): Promise<Map<string, Busy[]>> {
  const result = await sql<{ practitioner_id: string; busy: string }>`
    SELECT practitioner_id, string_agg(concat_ws(chr(31),
      CASE WHEN status = 'Pending' AND hold_expires_at IS NOT NULL THEN 'hold' ELSE type END,
      (date_part('epoch', starts_at) * 1000)::int8,
      (date_part('epoch', ends_at) * 1000)::int8,
      coalesce((date_part('epoch', hold_expires_at) * 1000)::int8::text, ''),
      id
    ), chr(30)) AS busy
    FROM appointments
    WHERE tenant_id = ${tenant}
      AND practitioner_id IN (${sql.join([...ids])})
      AND status IN (${sql.join([...OCCUPYING_STATUSES])})
      AND starts_at < ${to} AND starts_at > ${new Date(from.getTime() - LONGEST_BOOKING_MS)} AND ends_at > ${from}
    GROUP BY practitioner_id`.execute(db)
  const out = new Map<string, Busy[]>()
  for (const row of result.rows) out.set(row.practitioner_id, parseBusy(row.busy))
  return out
}

const UNIT = 31 // U+001F between fields

/**
 * The text of loadBusy back into busy entries: one pass over the characters, numbers read digit by
 * digit (a month of a clinic's bookings is a few thousand entries; split() and Number() on every
 * field cost more than the query's own aggregation).
 */
export function parseBusy(text: string): Busy[] {
  const out: Busy[] = []
  const n = text.length
  let i = 0
  const number = (): number => {
    let value = 0
    for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) value = value * 10 + (c - 48)
    i++ // the separator
    return value
  }
  while (i < n) {
    let j = text.indexOf('\u001f', i)
    const kind = text.slice(i, j)
    i = j + 1
    const start = number()
    const end = number()
    const hasExpiry = text.charCodeAt(i) !== UNIT
    const expires = hasExpiry ? number() : (i++, 0)
    j = text.indexOf('\u001e', i)
    if (j < 0) j = n
    const appointmentId = text.slice(i, j)
    i = j + 1
    out.push(
      kind === 'hold'
        ? hasExpiry
          ? { start, end, kind: 'hold', appointmentId, expiresAt: expires }
          : { start, end, kind: 'hold', appointmentId }
        : { start, end, kind: KIND_OF_TYPE[kind] ?? 'appointment', appointmentId },
    )
  }
  return out
}

/**
 * The bookings of each practitioner for [fromDate, toDate], cached per practitioner under its
 * booking version (a trigger bumps it on every appointment write): only practitioners whose
 * calendar changed are read again, all in one query. A one-day range is served from the cached
 * month of that practitioner when there is one.
 */
async function cachedBusy(
  db: DbOrTrx,
  cache: ReferenceCache,
  tenant: string,
  ids: readonly string[],
  versions: ReadonlyMap<string, string>,
  fromDate: string,
  toDate: string,
  from: Date,
  to: Date,
): Promise<Map<string, Busy[]>> {
  const keyOf = (id: string, first: string, last: string) => `busy|${tenant}|${id}|${versions.get(id) ?? 0}|${first}|${last}`
  const month = fromDate === toDate ? monthOf(fromDate) : undefined
  const found = new Map<string, Promise<Busy[]>>()
  const missing: string[] = []
  for (const id of ids) {
    const hit = cache.peek<Busy[]>(keyOf(id, fromDate, toDate)) ?? (month && cache.peek<Busy[]>(keyOf(id, month.first, month.last)))
    if (hit) found.set(id, hit)
    else missing.push(id)
  }
  if (missing.length > 0) {
    const loaded = loadBusy(db, tenant, missing, from, to)
    for (const id of missing) {
      const mine = loaded.then((m) => m.get(id) ?? [])
      cache.set(keyOf(id, fromDate, toDate), mine, BUSY_TTL_MS)
      found.set(id, mine)
    }
  }
  const out = new Map<string, Busy[]>()
  for (const [id, busy] of found) out.set(id, await busy)
  return out
}

function monthOf(date: string): { first: string; last: string } {
  const [y, m] = date.split('-').map(Number)
  return { first: isoDate(y, m, 1), last: isoDate(y, m + 1, 0) }
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

/**
 * Hours, bookings, holds, holidays and closed days of the practitioners at a clinic for the London
 * dates [fromDate, toDate], plus the organisation settings: four queries.
 */
export async function loadCalendars(
  db: DbOrTrx,
  tenant: string,
  clinicId: string,
  practitionerIds: readonly string[],
  fromDate: string,
  toDate: string,
  cacheRoot: object = db,
): Promise<Calendars> {
  const ids = practitionerIds.length ? [...practitionerIds] : ['-']
  const from = new Date(londonDay(fromDate).bounds.start)
  const to = new Date(londonDay(toDate).bounds.end)
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
  // so an unchanged calendar costs one tiny query. Never cache what a transaction sees (its
  // uncommitted versions could be reused after a rollback).
  const inTransaction = cacheRoot !== db
  let stamp: string | undefined
  let busyOf: Map<string, Busy[]>
  if (inTransaction) {
    busyOf = await loadBusy(db, tenant, ids, from, to)
  } else {
    const versionRows = await db
      .selectFrom('booking_versions')
      .select(['practitioner_id', 'version'])
      .where('tenant_id', '=', tenant)
      .where('practitioner_id', 'in', ids)
      .execute()
    const versions = new Map(versionRows.map((v) => [v.practitioner_id, String(v.version)]))
    stamp = ids.map((id) => `${id}:${versions.get(id) ?? 0}`).join(',')
    busyOf = await cachedBusy(db, cache, tenant, ids, versions, fromDate, toDate, from, to)
  }
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
