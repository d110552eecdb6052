/** Appointment rows -> the contract's AppointmentView (account view), with linked ones nested. Two queries. */
import type { Insertable } from 'kysely'
import type { AppointmentView, LinkedAppointmentView } from '../../src/contract'
import { runPrepared } from '../db/prepared-statements'
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

type ViewRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number]

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
  const money = (v: string | null) => toMoney(v)
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
 * Writes a booking's rows and reads their views back in the same statement (a data-modifying WITH
 * whose RETURNING rows are joined to their service, practitioner, clinic and the service's
 * locations): the answer of a booking costs no query after the commit. The views come in the order
 * of `ids`, each with the other rows of its group as linkedAppointments, as appointmentViews gives them.
 */
export async function insertAppointmentViews(trx: DbOrTrx, tenant: string, values: readonly NewAppointment[], ids: readonly string[]): Promise<AppointmentView[]> {
  const parameters: unknown[] = [tenant]
  for (const v of values) for (const column of INSERTED) parameters.push(v[column])
  const { rows } = await runPrepared<ViewRow & { locations: { clinic: string; showOnline: boolean }[] | null }>(trx, insertViewsText(values.length), parameters)
  const locations = new Map(rows.map((r) => [r.service_id, r.locations ?? []]))
  return viewsOf(rows, ids, locations)
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
] as const

export type NewAppointment = { [K in (typeof INSERTED)[number]]: Insertable<AppointmentsTable>[K] }

const insertViewsTexts = new Map<number, string>()

/** The statement for `n` rows (one text per count: a named prepared statement each). $1 is the tenant. */
function insertViewsText(n: number): string {
  let text = insertViewsTexts.get(n)
  if (text === undefined) insertViewsTexts.set(n, (text = buildInsertViewsText(n)))
  return text
}

function buildInsertViewsText(n: number): string {
  const rows = Array.from({ length: n }, (_, r) => `(${INSERTED.map((_, c) => `$${2 + r * INSERTED.length + c}`).join(', ')})`)
  const select = viewColumns.map((c) => c.replace(' as ', ' AS ')).join(', ')
  return `WITH a AS (INSERT INTO appointments (${INSERTED.join(', ')}) VALUES ${rows.join(', ')}
    RETURNING id, tenant_id, status, starts_at, ends_at, hold_expires_at, group_id, is_linked, checked_in, customer_id, course_id, price, gross_price, net_price, deposit, service_id, practitioner_id, clinic_id)
  SELECT ${select},
    (SELECT json_agg(json_build_object('clinic', sl.clinic_id, 'showOnline', sl.show_online) ORDER BY sl.clinic_id)
       FROM service_locations sl WHERE sl.tenant_id = $1 AND sl.service_id = a.service_id) AS locations
  FROM a JOIN services s ON s.id = a.service_id JOIN practitioners p ON p.id = a.practitioner_id JOIN clinics c ON c.id = a.clinic_id
  ORDER BY a.starts_at`
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
