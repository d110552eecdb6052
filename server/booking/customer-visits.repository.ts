/**
 * The customer's own visits around a time: what the desk's clash rule (src/domain/booking/customer-clash.ts)
 * looks at before it books for them. Read inside the booking's transaction, under its per-customer
 * lock, so two desks booking one customer at once see each other's booking.
 */
import { sql } from 'kysely'
import type { CustomerVisit } from '../../src/domain/booking/customer-clash'
import { OCCUPYING_STATUSES, type DbOrTrx } from '../db/schema'

/**
 * The lock a change to the customer's visits takes first (the booking's per-customer lock): a desk
 * booking and a desk move of one customer then see each other's visit.
 */
export const customerLockKey = (tenant: string, customerId: string) => `live-holds:${tenant}:${customerId}`

export async function lockCustomerVisits(db: DbOrTrx, tenant: string, customerId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${customerLockKey(tenant, customerId)}, 0))`.execute(db)
}

/** Visits that occupy time and overlap [from, to); a hold whose time ran out is no visit. */
export async function customerVisitsBetween(db: DbOrTrx, tenant: string, customerId: string, from: Date, to: Date, now: Date): Promise<CustomerVisit[]> {
  const rows = await db
    .selectFrom('appointments as a')
    .innerJoin('services as s', (j) => j.onRef('s.id', '=', 'a.service_id').onRef('s.tenant_id', '=', 'a.tenant_id'))
    .innerJoin('practitioners as p', (j) => j.onRef('p.id', '=', 'a.practitioner_id').onRef('p.tenant_id', '=', 'a.tenant_id'))
    .select(['a.id', 'a.starts_at', 'a.ends_at', sql<string>`coalesce(s.online_name, s.name)`.as('service'), 'p.display_name as practitioner'])
    .where('a.tenant_id', '=', tenant)
    .where('a.customer_id', '=', customerId)
    .where('a.status', 'in', [...OCCUPYING_STATUSES])
    .where((eb) => eb.or([eb('a.status', '!=', 'Pending'), eb('a.hold_expires_at', 'is', null), eb('a.hold_expires_at', '>', now)]))
    .where('a.starts_at', '<', to)
    .where('a.ends_at', '>', from)
    .orderBy('a.starts_at')
    .execute()
  return rows.map((r) => ({ id: r.id, start: new Date(r.starts_at).getTime(), end: new Date(r.ends_at).getTime(), service: r.service, practitioner: r.practitioner }))
}
