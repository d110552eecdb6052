/** Appointment rows -> the contract's AppointmentView (account view), with linked ones nested. Two queries. */
import type { Insertable } from 'kysely'
import type { AppointmentView, LinkedAppointmentView } from '../../src/contract'
import { runPrepared } from '../db/prepared-statements'
import { referenceCache } from '../catalogue/reference-cache'
import { toMoney, type AppointmentsTable, type DbOrTrx } from '../db/schema'

const viewColumns = [
  'a.id',
  'a.status',
  'a.starts_at',
  'a.ends_at',
  'a.hold_expires_at',
  'a.group_id',
  'a.is_linked',
  'a.checked_in',
  'a.customer_id',
  'a.course_id',
  'a.price',
  'a.gross_price',
  'a.net_price',
  'a.deposit',
  's.id as service_id',
  'a.practitioner_id',
  'a.clinic_id',
  's.name as service_name',
  's.online_name as service_online_name',
  's.category_id',
  's.default_price',
  's.default_duration',
  's.show_online as service_show_online',
  'p.display_name',
  'c.account_name',
  'c.phone as clinic_phone',
  'c.email as clinic_email',
] as const

type ReadRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number]
type MoneyField = 'price' | 'gross_price' | 'net_price' | 'deposit' | 'default_price'
/** A view's row as read, or as built from a booking's own values (money as numbers). */
type ViewRow = Omit<ReadRow, MoneyField> & { [K in MoneyField]: string | number | (null extends ReadRow[K] ? null : never) }

function baseQuery(db: DbOrTrx, tenant: string) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('services as s', 's.id', 'a.service_id')
    .innerJoin('practitioners as p', 'p.id', 'a.practitioner_id')
    .innerJoin('clinics as c', 'c.id', 'a.clinic_id')
    .select(viewColumns)
    .where('a.tenant_id', '=', tenant)
}

function toView(r: ViewRow, locations: Map<string, { clinic: string; showOnline: boolean }[]>): LinkedAppointmentView {
  const money = (v: string | number | null) => toMoney(v)
  return {
    id: r.id,
    status: r.status as AppointmentView['status'],
    event: { start: r.starts_at.toISOString(), end: r.ends_at.toISOString() },
    service: {
      id: r.service_id,
      name: r.service_name,
      onlineName: r.service_online_name ?? r.service_name,
      ...(r.category_id ? { category: r.category_id } : {}),
      defaultGrossPrice: money(r.default_price) ?? 0,
      defaultDuration: r.default_duration,
      locations: locations.get(r.service_id) ?? [],
      showOnline: r.service_show_online,
    },
    practitioner: { id: r.practitioner_id, displayName: r.display_name },
    clinic: { id: r.clinic_id, accountName: r.account_name, ...(r.clinic_phone ? { phone: r.clinic_phone } : {}), ...(r.clinic_email ? { email: r.clinic_email } : {}) },
    checkedIn: r.checked_in,
    isLinked: r.is_linked,
    ...(r.price !== null ? { price: money(r.price)! } : {}),
    ...(r.gross_price !== null ? { grossPrice: money(r.gross_price)! } : {}),
    ...(r.net_price !== null ? { netPrice: money(r.net_price)! } : {}),
    ...(r.deposit !== null ? { deposit: money(r.deposit)! } : {}),
    ...(r.customer_id ? { customer: r.customer_id } : {}),
    course: r.course_id,
    ...(r.status === 'Pending' && r.hold_expires_at ? { holdExpiresAt: r.hold_expires_at.toISOString() } : {}),
  }
}

async function locationsOf(db: DbOrTrx, tenant: string, serviceIds: string[]) {
  const map = new Map<string, { clinic: string; showOnline: boolean }[]>()
  if (serviceIds.length === 0) return map
  const rows = await db.selectFrom('service_locations').select(['service_id', 'clinic_id', 'show_online']).where('tenant_id', '=', tenant).where('service_id', 'in', serviceIds).orderBy('clinic_id').execute()
  for (const r of rows) {
    const list = map.get(r.service_id) ?? []
    list.push({ clinic: r.clinic_id, showOnline: r.show_online })
    map.set(r.service_id, list)
  }
  return map
}

/**
 * The rows of the given appointments and of the other members of their bookings. The ids come from a
 * UNION (the appointments themselves, and those sharing their group_id) so that both halves use an
 * index; `id IN (...) OR group_id IN (subquery)` made PostgreSQL scan the whole table (15 ms per
 * booking at 50,000 appointments, most of a booking's database time).
 */
export function viewRowsQuery(db: DbOrTrx, tenant: string, ids: readonly string[]) {
  return baseQuery(db, tenant)
    .where('a.id', 'in', (eb) =>
      eb
        .selectFrom('appointments as x')
        .select('x.id')
        .where('x.tenant_id', '=', tenant)
        .where('x.id', 'in', [...ids])
        .union(
          eb
            .selectFrom('appointments as x')
            .innerJoin('appointments as g', (j) => j.onRef('g.tenant_id', '=', 'x.tenant_id').onRef('g.group_id', '=', 'x.group_id'))
            .select('g.id')
            .where('x.tenant_id', '=', tenant)
            .where('x.id', 'in', [...ids]),
        ),
    )
    .orderBy('a.starts_at')
}

/** Views of the given appointments, each with the other members of its booking as linkedAppointments. */
export async function appointmentViews(db: DbOrTrx, tenant: string, ids: readonly string[]): Promise<AppointmentView[]> {
  if (ids.length === 0) return []
  const rows = await viewRowsQuery(db, tenant, ids).execute()
  const locations = await locationsOf(db, tenant, [...new Set(rows.map((r) => r.service_id))])
  return viewsOf(rows, ids, locations)
}

/**
 * Writes a booking's rows (one statement, nothing returned) and answers their views from what was
 * written and `parts` (the catalogue's side of the views, cached reference data like the service
 * options the booking was priced from): no join and no 28 columns read back and parsed per booking.
 * The views come in the order of `ids`, each with the other rows of its group as linkedAppointments, as
 * appointmentViews gives them; when `parts` lacks a row's service, practitioner or clinic they are read back.
 */
export async function insertAppointmentViews(trx: DbOrTrx, tenant: string, values: readonly NewAppointment[], ids: readonly string[], parts: ViewParts | undefined): Promise<AppointmentView[]> {
  const parameters: unknown[] = []
  for (const v of values) for (const column of INSERTED) parameters.push(v[column])
  await runPrepared(trx, insertText(values.length), parameters)
  if (!parts) return appointmentViews(trx, tenant, ids)
  const rows: ViewRow[] = []
  for (const v of values) {
    const service = v.service_id ? parts.services.get(v.service_id) : undefined
    const displayName = parts.practitioners.get(v.practitioner_id)
    if (!service || displayName === undefined || v.clinic_id !== parts.clinic.id) return appointmentViews(trx, tenant, ids)
    rows.push({
      id: v.id,
      status: v.status,
      starts_at: instant(v.starts_at),
      ends_at: instant(v.ends_at),
      hold_expires_at: v.hold_expires_at ? instant(v.hold_expires_at) : null,
      group_id: v.group_id ?? null,
      is_linked: v.is_linked ?? false,
      checked_in: false,
      customer_id: v.customer_id ?? null,
      course_id: v.course_id ?? null,
      price: v.price ?? null,
      gross_price: v.gross_price ?? null,
      net_price: v.net_price ?? null,
      deposit: v.deposit ?? null,
      service_id: service.id,
      practitioner_id: v.practitioner_id,
      clinic_id: v.clinic_id,
      service_name: service.name,
      service_online_name: service.onlineName,
      category_id: service.category,
      default_price: service.defaultPrice,
      default_duration: service.defaultDuration,
      service_show_online: service.showOnline,
      display_name: displayName,
      account_name: parts.clinic.accountName,
      clinic_phone: parts.clinic.phone,
      clinic_email: parts.clinic.email,
    })
  }
  rows.sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime())
  return viewsOf(rows, ids, new Map([...parts.services].map(([id, service]) => [id, service.locations])))
}

function instant(value: Date | string | undefined): Date {
  if (value === undefined) throw new Error('an appointment row without its time')
  return value instanceof Date ? value : new Date(value)
}

/** The catalogue's side of a new booking's views: its services (with their locations), practitioners' names and clinic. */
export interface ViewParts {
  services: Map<string, ServicePart>
  practitioners: Map<string, string>
  clinic: { id: string; accountName: string; phone: string | null; email: string | null }
}

interface ServicePart {
  id: string
  name: string
  onlineName: string | null
  category: string | null
  defaultPrice: string | number
  defaultDuration: number
  showOnline: boolean
  locations: { clinic: string; showOnline: boolean }[]
}

const VIEW_PARTS_SQL = `SELECT
  (SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'onlineName', s.online_name, 'category', s.category_id,
      'defaultPrice', s.default_price, 'defaultDuration', s.default_duration, 'showOnline', s.show_online,
      'locations', (SELECT coalesce(json_agg(json_build_object('clinic', sl.clinic_id, 'showOnline', sl.show_online) ORDER BY sl.clinic_id), '[]')
        FROM service_locations sl WHERE sl.tenant_id = $1 AND sl.service_id = s.id)))
    FROM services s WHERE s.tenant_id = $1 AND s.id = ANY($2::text[])) AS services,
  (SELECT json_agg(json_build_object('id', p.id, 'displayName', p.display_name)) FROM practitioners p WHERE p.tenant_id = $1 AND p.id = ANY($3::text[])) AS practitioners,
  (SELECT json_build_object('id', c.id, 'accountName', c.account_name, 'phone', c.phone, 'email', c.email) FROM clinics c WHERE c.tenant_id = $1 AND c.id = $4) AS clinic`

/**
 * The view parts of a booking's services, practitioners and clinic, one statement, kept as reference data
 * (catalogue/reference-cache.ts: a rename shows in a booking's answer within its time to live, as in the
 * prices and options the booking itself was checked against); undefined when the clinic is not the tenant's.
 */
export function bookingViewParts(db: DbOrTrx, tenant: string, clinicId: string, serviceIds: readonly string[], practitionerIds: readonly string[]): Promise<ViewParts | undefined> {
  const services = [...new Set(serviceIds)].sort()
  const practitioners = [...new Set(practitionerIds)].sort()
  return referenceCache(db).get(`view-parts|${tenant}|${clinicId}|${services.join(',')}|${practitioners.join(',')}`, async () => {
    type Row = { services: ServicePart[] | null; practitioners: { id: string; displayName: string }[] | null; clinic: ViewParts['clinic'] | null }
    const { rows } = await runPrepared<Row>(db, VIEW_PARTS_SQL, [tenant, services, practitioners, clinicId])
    const row = rows[0]
    if (!row?.clinic) return undefined
    return {
      services: new Map((row.services ?? []).map((s) => [s.id, s])),
      practitioners: new Map((row.practitioners ?? []).map((p) => [p.id, p.displayName])),
      clinic: row.clinic,
    }
  })
}

/** The columns a booking writes, in the order of its parameters. */
const INSERTED = [
  'id',
  'tenant_id',
  'customer_id',
  'practitioner_id',
  'clinic_id',
  'service_id',
  'status',
  'starts_at',
  'ends_at',
  'hold_expires_at',
  'group_id',
  'is_linked',
  'course_id',
  'price',
  'gross_price',
  'net_price',
  'tax',
  'deposit',
  'transaction_id',
  'transaction_request',
] as const

export type NewAppointment = { [K in (typeof INSERTED)[number]]: Insertable<AppointmentsTable>[K] }

const insertTexts = new Map<number, string>()

/** The statement for `n` rows (one text per count: a named prepared statement each). */
function insertText(n: number): string {
  let text = insertTexts.get(n)
  if (text === undefined) {
    const rows = Array.from({ length: n }, (_, r) => `(${INSERTED.map((_, c) => `$${1 + r * INSERTED.length + c}`).join(', ')})`)
    insertTexts.set(n, (text = `INSERT INTO appointments (${INSERTED.join(', ')}) VALUES ${rows.join(', ')}`))
  }
  return text
}

function viewsOf(rows: readonly ViewRow[], ids: readonly string[], locations: Map<string, { clinic: string; showOnline: boolean }[]>): AppointmentView[] {
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => {
    const r = byId.get(id)
    if (!r) return []
    const linked = r.group_id ? rows.filter((o) => o.group_id === r.group_id && o.id !== r.id).map((o) => toView(o, locations)) : []
    return [{ ...toView(r, locations), linkedAppointments: linked }]
  })
}

export async function appointmentView(db: DbOrTrx, tenant: string, id: string): Promise<AppointmentView | undefined> {
  return (await appointmentViews(db, tenant, [id]))[0]
}
