/** The day's appointments with what the front desk needs, and customer look-ups, scoped by tenant. */
import { sql } from 'kysely'
import { normalisePhone } from '../../src/domain/validation/phone'
import { CHECKOUT_DESCRIPTION } from '../../src/domain/desk/checkout'
import type { OperatorDbOrTrx } from '../staff/staff.tables'

export interface DayRow {
  id: string
  starts_at: Date
  ends_at: Date
  status: string
  checked_in: boolean
  practitioner_id: string
  practitioner: string
  clinic_id: string
  location: string
  service: string
  customer_id: string | null
  first_name: string | null
  surname: string | null
  email: string | null
  mobile_phone: string | null
  deposit_paid: string | number | null
  paid: { type: string; amount: string | number }[] | null
}

export function dayQuery(db: OperatorDbOrTrx, tenant: string) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('practitioners as p', 'p.id', 'a.practitioner_id')
    .innerJoin('clinics as c', 'c.id', 'a.clinic_id')
    .innerJoin('services as s', 's.id', 'a.service_id')
    .leftJoin('customers as cu', 'cu.id', 'a.customer_id')
    .select([
      'a.id',
      'a.starts_at',
      'a.ends_at',
      'a.status',
      'a.checked_in',
      'a.practitioner_id',
      'p.display_name as practitioner',
      'a.clinic_id',
      sql<string>`coalesce(c.name, c.account_name)`.as('location'),
      sql<string>`coalesce(s.online_name, s.name)`.as('service'),
      'a.customer_id',
      'cu.first_name',
      'cu.surname',
      'cu.email',
      'cu.mobile_phone',
      // Card payments settled for the appointment's invoices (server/commerce), in the tenant's currency.
      sql<string>`coalesce((select sum(pay.amount) from commerce_invoice_appointments ia
        join commerce_payments pay on pay.invoice_id = ia.invoice_id and pay.tenant_id = ia.tenant_id
        where ia.tenant_id = a.tenant_id and ia.appointment_id = a.id and pay.status = 'paid'), 0)`.as('deposit_paid'),
      // Everything still paid for it, by payment type: its deposit invoices and the checkout invoices that
      // name it on a line (a checkout's cash or terminal payment, server/desk/checkout.service.ts).
      sql<DayRow['paid']>`(select json_agg(json_build_object('type', x.type, 'amount', x.amount) order by x.first, x.type) from (
        select pay.type, sum(pay.amount) as amount, min(pay.created_at) as first from commerce_payments pay
        where pay.tenant_id = a.tenant_id and pay.status = 'paid' and pay.invoice_id in (
          select ia.invoice_id from commerce_invoice_appointments ia where ia.tenant_id = a.tenant_id and ia.appointment_id = a.id
          union
          select it.invoice_id from commerce_invoice_items it join commerce_invoices ci on ci.id = it.invoice_id
          where it.tenant_id = a.tenant_id and it.reference_id = a.id and ci.description = ${CHECKOUT_DESCRIPTION})
        group by pay.type) x)`.as('paid'),
    ])
    .where('a.tenant_id', '=', tenant)
    .where('a.type', '=', 'Appointment')
    // Released holds and times held while a customer books (slot holds) were never bookings.
    .where('a.status', '!=', 'Deleted')
    .where('a.hold_id', 'is', null)
}

export async function appointmentsBetween(
  db: OperatorDbOrTrx,
  tenant: string,
  from: Date,
  to: Date,
  filter: { clinicIds?: string[]; practitionerIds?: string[] },
): Promise<DayRow[]> {
  let q = dayQuery(db, tenant).where('a.starts_at', '>=', from).where('a.starts_at', '<', to)
  if (filter.clinicIds) q = q.where('a.clinic_id', 'in', filter.clinicIds.length ? filter.clinicIds : [''])
  if (filter.practitionerIds) q = q.where('a.practitioner_id', 'in', filter.practitionerIds.length ? filter.practitionerIds : [''])
  return q.orderBy('p.position').orderBy('p.display_name').orderBy('a.starts_at').execute()
}

export async function appointmentRow(db: OperatorDbOrTrx, tenant: string, id: string): Promise<DayRow | undefined> {
  return dayQuery(db, tenant).where('a.id', '=', id).executeTakeFirst()
}

/** Ids of the clinics or practitioners a query names: by id, slug or name (case-insensitive). */
export async function idsNamed(db: OperatorDbOrTrx, tenant: string, kind: 'clinics' | 'practitioners', named: string): Promise<string[]> {
  const needle = named.trim().toLowerCase()
  const name = kind === 'clinics' ? sql<string>`lower(coalesce(name, account_name))` : sql<string>`lower(display_name)`
  const rows = await db
    .selectFrom(kind)
    .select('id')
    .where('tenant_id', '=', tenant)
    .where((eb) => eb.or([eb('id', '=', named.trim()), eb('slug', '=', needle), eb(name, '=', needle)]))
    .execute()
  return rows.map((r) => r.id)
}

/** The customers matching `query`, in a stable order (surname, first name, id), `page` at a time (the desk's search: the first 50). */
export async function findCustomers(db: OperatorDbOrTrx, tenant: string, query: string, page: { offset: number; limit: number } = { offset: 0, limit: 50 }) {
  const digits = query.replace(/\D/g, '')
  const phone = digits.length >= 6 && /^[+\d\s().-]+$/.test(query.trim()) ? { digits: digits.replace(/^0/, ''), e164: normalisePhone(query, { defaultCountry: 'GB' }) ?? query.trim() } : undefined
  const needle = `%${query.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return db
    .selectFrom('customers')
    .select(['id', 'email', 'first_name', 'surname', 'mobile_phone'])
    .where('tenant_id', '=', tenant)
    .where((eb) =>
      eb.or([
        eb('id', '=', query.trim()),
        eb(sql<string>`lower(email)`, 'like', needle),
        eb(sql<string>`lower(first_name || ' ' || surname)`, 'like', needle),
        // A phone number as the desk types it ('07700 900123'): its E.164 form, or its digits in the stored number.
        ...(phone ? [eb('mobile_phone', '=', phone.e164), eb(sql<string>`replace(mobile_phone, '+', '')`, 'like', `%${phone.digits}%`)] : []),
      ]),
    )
    .orderBy('surname')
    .orderBy('first_name')
    .orderBy('id')
    .offset(page.offset)
    .limit(page.limit)
    .execute()
}

export async function customerExists(db: OperatorDbOrTrx, tenant: string, id: string): Promise<boolean> {
  return (await db.selectFrom('customers').select('id').where('tenant_id', '=', tenant).where('id', '=', id).executeTakeFirst()) !== undefined
}

/** Sets the status when it is still `from` and not checked in (a parallel change makes this a no-op: 0 rows). */
export async function setStatus(db: OperatorDbOrTrx, tenant: string, id: string, from: string, to: { status?: string; checked_in?: boolean; cancelled_by?: 'clinic' }, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set({ ...to, ...(to.cancelled_by ? { cancelled_at: now } : {}), updated_at: now })
    .where('tenant_id', '=', tenant)
    .where('id', '=', id)
    .where('status', '=', from)
    .where('checked_in', '=', false)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Moves when the status is still `from` and not checked in, as setStatus does. */
export async function moveAppointment(db: OperatorDbOrTrx, tenant: string, id: string, from: string, change: { starts_at: Date; ends_at: Date; practitioner_id: string }, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('appointments')
    .set({ ...change, updated_at: now })
    .where('tenant_id', '=', tenant)
    .where('id', '=', id)
    .where('status', '=', from)
    .where('checked_in', '=', false)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Practitioners (not archived) with working hours at one of the clinics on a weekday (0 = Sunday), by name. */
export async function practitionersWorking(db: OperatorDbOrTrx, tenant: string, clinicIds: readonly string[], weekday: number) {
  if (clinicIds.length === 0) return []
  return db
    .selectFrom('practitioners as p')
    .innerJoin('practitioner_hours as h', (j) => j.onRef('h.practitioner_id', '=', 'p.id').onRef('h.tenant_id', '=', 'p.tenant_id'))
    .select(['p.id', 'p.display_name'])
    .distinct()
    .where('p.tenant_id', '=', tenant)
    .where('p.archived', '=', false)
    .where('h.clinic_id', 'in', [...clinicIds])
    .where('h.weekday', '=', weekday)
    .where('h.kind', '!=', 'break')
    .orderBy('p.display_name')
    .execute()
}
