/** SQL of the waitlist (issue 32): entries, offers, and the names the answers show. */
import { sql, type Selectable } from 'kysely'
import type { DbOrTrx } from '../db/schema'
import type { WaitlistEntriesTable, WaitlistOffersTable } from '../db/waitlist.tables'
import type { DayPart, WaitlistEntryStatus, WaitlistWish } from '../../src/domain/waitlist'

export type EntryRow = Selectable<WaitlistEntriesTable>
export type OfferRow = Selectable<WaitlistOffersTable>
export const LIVE_ENTRY = ['active', 'offered'] as const

export function wishOf(row: EntryRow): WaitlistWish {
  return {
    id: row.id,
    customerId: row.customer_id,
    clinicId: row.clinic_id,
    serviceIds: row.service_ids.split(','),
    practitionerId: row.practitioner_id,
    from: row.from_date,
    to: row.to_date,
    parts: row.parts.split(',') as DayPart[],
    createdAt: new Date(row.created_at).getTime(),
    status: row.status as WaitlistEntryStatus,
  }
}

export async function insertEntry(db: DbOrTrx, row: EntryRow): Promise<void> {
  await db.insertInto('waitlist_entries').values(row).execute()
}

/** The customer's live entry for the same basket (clinic and services in order), if any. */
export async function liveEntryForBasket(db: DbOrTrx, tenant: string, customerId: string, clinicId: string, serviceIds: string): Promise<EntryRow | undefined> {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('clinic_id', '=', clinicId)
    .where('service_ids', '=', serviceIds)
    .where('status', 'in', LIVE_ENTRY)
    .executeTakeFirst()
}

/** The customer's live entries whose dates have not all passed (`today`: London date). */
export async function liveEntriesOfCustomer(db: DbOrTrx, tenant: string, customerId: string, today: string): Promise<EntryRow[]> {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('status', 'in', LIVE_ENTRY)
    .where('to_date', '>=', today)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export async function entryById(db: DbOrTrx, tenant: string, id: string, forUpdate = false): Promise<EntryRow | undefined> {
  let query = db.selectFrom('waitlist_entries').selectAll().where('tenant_id', '=', tenant).where('id', '=', id)
  if (forUpdate) query = query.forUpdate()
  return query.executeTakeFirst()
}

/** Live entries whose dates meet from..to, at the clinics given (all when undefined), in order of joining. */
export async function liveEntriesBetween(db: DbOrTrx, tenant: string, from: string, to: string, clinicIds?: readonly string[]): Promise<EntryRow[]> {
  let query = db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('status', 'in', LIVE_ENTRY)
    .where('from_date', '<=', to)
    .where('to_date', '>=', from)
  if (clinicIds) query = clinicIds.length === 0 ? query.where(sql<boolean>`false`) : query.where('clinic_id', 'in', clinicIds)
  return query.orderBy('created_at').orderBy('id').execute()
}

/** The queue of a clinic on a date (entries whose range holds it), locked in order: one matcher at a time per entry. */
export async function queueOn(db: DbOrTrx, tenant: string, clinicId: string, date: string): Promise<EntryRow[]> {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('clinic_id', '=', clinicId)
    .where('status', 'in', LIVE_ENTRY)
    .where('from_date', '<=', date)
    .where('to_date', '>=', date)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export async function setEntryStatus(db: DbOrTrx, tenant: string, id: string, status: WaitlistEntryStatus, now: Date): Promise<void> {
  await db.updateTable('waitlist_entries').set({ status, updated_at: now }).where('tenant_id', '=', tenant).where('id', '=', id).execute()
}

export async function insertOffer(db: DbOrTrx, row: OfferRow): Promise<void> {
  await db.insertInto('waitlist_offers').values(row).execute()
}

export async function offerByTokenHash(db: DbOrTrx, tokenHash: string, forUpdate = false): Promise<OfferRow | undefined> {
  let query = db.selectFrom('waitlist_offers').selectAll().where('token_hash', '=', tokenHash)
  if (forUpdate) query = query.forUpdate()
  return query.executeTakeFirst()
}

export async function openOfferOfEntry(db: DbOrTrx, tenant: string, entryId: string): Promise<OfferRow | undefined> {
  return db.selectFrom('waitlist_offers').selectAll().where('tenant_id', '=', tenant).where('entry_id', '=', entryId).where('status', '=', 'offered').executeTakeFirst()
}

export async function openOffersOfEntries(db: DbOrTrx, tenant: string, entryIds: readonly string[]): Promise<OfferRow[]> {
  if (entryIds.length === 0) return []
  return db.selectFrom('waitlist_offers').selectAll().where('tenant_id', '=', tenant).where('entry_id', 'in', entryIds).where('status', '=', 'offered').execute()
}

export async function offerByHold(db: DbOrTrx, tenant: string, holdId: string): Promise<OfferRow | undefined> {
  return db.selectFrom('waitlist_offers').selectAll().where('tenant_id', '=', tenant).where('hold_id', '=', holdId).executeTakeFirst()
}

export async function setOfferStatus(db: DbOrTrx, tenant: string, id: string, status: 'taken' | 'lapsed' | 'declined', now: Date): Promise<void> {
  await db.updateTable('waitlist_offers').set({ status, updated_at: now }).where('tenant_id', '=', tenant).where('id', '=', id).execute()
}

/** Entries of the clinic that were offered a time meeting [start, end) before (any status). */
export async function entriesOfferedBetween(db: DbOrTrx, tenant: string, clinicId: string, start: Date, end: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('waitlist_offers')
    .select('entry_id')
    .where('tenant_id', '=', tenant)
    .where('clinic_id', '=', clinicId)
    .where('starts_at', '<', end)
    .where('ends_at', '>', start)
    .execute()
  return rows.map((r) => r.entry_id)
}

/** Customers (of those given) with an open offer anywhere. */
export async function customersWithOpenOffer(db: DbOrTrx, tenant: string, customerIds: readonly string[]): Promise<string[]> {
  if (customerIds.length === 0) return []
  const rows = await db
    .selectFrom('waitlist_offers as o')
    .innerJoin('waitlist_entries as e', (j) => j.onRef('e.id', '=', 'o.entry_id').onRef('e.tenant_id', '=', 'o.tenant_id'))
    .select('e.customer_id')
    .where('o.tenant_id', '=', tenant)
    .where('o.status', '=', 'offered')
    .where('e.customer_id', 'in', customerIds)
    .execute()
  return rows.map((r) => r.customer_id)
}

/** Customers (of those given) with an appointment of theirs occupying time that meets [start, end). */
export async function customersBookedBetween(db: DbOrTrx, tenant: string, customerIds: readonly string[], start: Date, end: Date): Promise<string[]> {
  if (customerIds.length === 0) return []
  const rows = await db
    .selectFrom('appointments')
    .select('customer_id')
    .distinct()
    .where('tenant_id', '=', tenant)
    .where('customer_id', 'in', customerIds)
    .where('status', 'in', ['Scheduled', 'Pending', 'Running late'])
    .where('starts_at', '<', end)
    .where('ends_at', '>', start)
    .execute()
  return rows.flatMap((r) => (r.customer_id ? [r.customer_id] : []))
}

/**
 * Open offers whose hold no longer holds the time (the sweeper's), oldest first: it ran out (its expiry,
 * which a sign-up may have extended, or the short grace of a page left), or it was released.
 */
export async function lapsedOffers(db: DbOrTrx, now: Date, limit = 100): Promise<OfferRow[]> {
  return db
    .selectFrom('waitlist_offers as o')
    .innerJoin('slot_holds as h', (j) => j.onRef('h.tenant_id', '=', 'o.tenant_id').onRef('h.id', '=', 'o.hold_id'))
    .selectAll('o')
    .where('o.status', '=', 'offered')
    .where((eb) => eb.or([eb('h.expires_at', '<=', now), eb('h.released_at', 'is not', null)]))
    .where('h.claimed_at', 'is', null)
    .orderBy('o.expires_at')
    .limit(limit)
    .forUpdate('o')
    .skipLocked()
    .execute()
}

export interface Names {
  clinics: Map<string, string>
  services: Map<string, string>
  practitioners: Map<string, string>
}

/** The names of the clinics, services and practitioners the entries name (three queries at most). */
export async function namesOf(db: DbOrTrx, tenant: string, entries: readonly Pick<EntryRow, 'clinic_id' | 'service_ids' | 'practitioner_id'>[]): Promise<Names> {
  const clinicIds = [...new Set(entries.map((e) => e.clinic_id))]
  const serviceIds = [...new Set(entries.flatMap((e) => e.service_ids.split(',')))]
  const practitionerIds = [...new Set(entries.flatMap((e) => (e.practitioner_id ? [e.practitioner_id] : [])))]
  const [clinics, services, practitioners] = await Promise.all([
    clinicIds.length ? db.selectFrom('clinics').select(['id', 'account_name as name']).where('tenant_id', '=', tenant).where('id', 'in', clinicIds).execute() : [],
    serviceIds.length ? db.selectFrom('services').select(['id', 'name', 'online_name']).where('tenant_id', '=', tenant).where('id', 'in', serviceIds).execute() : [],
    practitionerIds.length ? db.selectFrom('practitioners').select(['id', 'display_name as name']).where('tenant_id', '=', tenant).where('id', 'in', practitionerIds).execute() : [],
  ])
  return {
    clinics: new Map(clinics.map((c) => [c.id, c.name])),
    services: new Map(services.map((s) => [s.id, s.online_name ?? s.name])),
    practitioners: new Map(practitioners.map((p) => [p.id, p.name])),
  }
}

export interface CustomerContact {
  id: string
  name: string
  firstName: string
  email: string
  phone: string | null
  notificationTypes: string[]
}

export async function customersByIds(db: DbOrTrx, tenant: string, ids: readonly string[]): Promise<Map<string, CustomerContact>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('customers')
    .select(['id', 'first_name', 'surname', 'email', 'mobile_phone', 'notification_types'])
    .where('tenant_id', '=', tenant)
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, name: `${r.first_name} ${r.surname}`.trim(), firstName: r.first_name, email: r.email, phone: r.mobile_phone, notificationTypes: r.notification_types ?? [] },
    ]),
  )
}

/**
 * A booking claimed the hold (in the booking's transaction): its open offer is taken by the booking. A
 * booking scheduled at once books the entry; one waiting for its deposit leaves it 'offered' until the
 * booking is paid or released (migration 0161's trigger settles it).
 */
export async function takeOfferOfHold(db: DbOrTrx, tenant: string, holdId: string, booking: { id: string; scheduled: boolean }, now: Date): Promise<void> {
  const taken = await db
    .updateTable('waitlist_offers')
    .set({ status: 'taken', appointment_id: booking.id, updated_at: now })
    .where('tenant_id', '=', tenant)
    .where('hold_id', '=', holdId)
    .where('status', '=', 'offered')
    .returning('entry_id')
    .executeTakeFirst()
  if (taken && booking.scheduled) await setEntryStatus(db, tenant, taken.entry_id, 'booked', now)
}

/**
 * A customer erased (issue 30), in the erasure's transaction, before their slot holds go: their offers'
 * held times are released (the next customer may be offered them), their offers and entries deleted.
 */
export async function eraseWaitlistOf(db: DbOrTrx, tenant: string, customerId: string, now: Date): Promise<void> {
  const entries = db.selectFrom('waitlist_entries').select('id').where('tenant_id', '=', tenant).where('customer_id', '=', customerId)
  const holds = db.selectFrom('waitlist_offers').select('hold_id').where('tenant_id', '=', tenant).where('status', '=', 'offered').where('entry_id', 'in', entries)
  await db.updateTable('appointments').set({ status: 'Deleted', updated_at: now }).where('tenant_id', '=', tenant).where('status', '=', 'Pending').where('hold_id', 'in', holds).execute()
  await db.deleteFrom('waitlist_offers').where('tenant_id', '=', tenant).where('entry_id', 'in', entries).execute()
  await db.deleteFrom('waitlist_entries').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).execute()
}
