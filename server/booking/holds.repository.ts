/** SQL of slot holds (slot_holds and the Pending appointment rows that carry their hold_id). */
import type { DbOrTrx } from '../db/schema'
import type { SlotHoldsTable } from '../db/holds.tables'
import type { Insertable, Selectable } from 'kysely'

export type SlotHoldRow = Selectable<SlotHoldsTable>

export interface HeldRow {
  id: string
  service_id: string
  practitioner_id: string
  starts_at: Date
  ends_at: Date
  is_linked: boolean
}

export async function insertSlotHold(db: DbOrTrx, row: Insertable<SlotHoldsTable>): Promise<void> {
  await db.insertInto('slot_holds').values(row).execute()
}

/** The hold if the token's hash matches (undefined for an unknown id or a wrong token alike). */
export async function findSlotHold(db: DbOrTrx, tenant: string, id: string, tokenHash: string, forUpdate = false): Promise<SlotHoldRow | undefined> {
  let query = db.selectFrom('slot_holds').selectAll().where('tenant_id', '=', tenant).where('id', '=', id).where('token_hash', '=', tokenHash)
  if (forUpdate) query = query.forUpdate()
  return query.executeTakeFirst()
}

/**
 * The live hold (unexpired, neither claimed nor released) of one customer or client made with this
 * token: the same pick sent again (a reload before its answer came back). Found through the owner's index.
 */
export async function findLiveOwnHold(db: DbOrTrx, tenant: string, clientKey: string, tokenHash: string, now: Date): Promise<SlotHoldRow | undefined> {
  return db
    .selectFrom('slot_holds')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('client_key', '=', clientKey)
    .where('expires_at', '>', now)
    .where('claimed_at', 'is', null)
    .where('released_at', 'is', null)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/**
 * The times (appointment rows) held by the live (unexpired, neither claimed nor released) holds of one
 * customer or client: a hold may carry several services, so the cap counts times, not holds.
 */
export async function liveHeldItems(db: DbOrTrx, tenant: string, clientKey: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('slot_holds as h')
    .innerJoin('appointments as a', (join) => join.onRef('a.tenant_id', '=', 'h.tenant_id').onRef('a.hold_id', '=', 'h.id'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('h.tenant_id', '=', tenant)
    .where('h.client_key', '=', clientKey)
    .where('h.claimed_at', 'is', null)
    .where('h.released_at', 'is', null)
    .where('h.expires_at', '>', now)
    .where('a.status', '=', 'Pending')
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** The appointment rows a hold still occupies, main service first. */
export async function heldRows(db: DbOrTrx, tenant: string, holdId: string): Promise<HeldRow[]> {
  return db
    .selectFrom('appointments')
    .select(['id', 'service_id', 'practitioner_id', 'starts_at', 'ends_at', 'is_linked'])
    .where('tenant_id', '=', tenant)
    .where('hold_id', '=', holdId)
    // A held row always has a service (only blocks of time have none).
    .where('service_id', 'is not', null)
    .$narrowType<{ service_id: string }>()
    .where('status', '=', 'Pending')
    .orderBy('is_linked')
    .orderBy('starts_at')
    .execute()
}

/** Frees the time of a hold (its rows leave the occupying statuses) and marks how it ended. */
export async function endSlotHold(db: DbOrTrx, tenant: string, holdId: string, now: Date, how: { claimedBy: string } | 'released'): Promise<void> {
  await db
    .updateTable('appointments')
    .set({ status: 'Deleted', updated_at: now })
    .where('tenant_id', '=', tenant)
    .where('hold_id', '=', holdId)
    .where('status', '=', 'Pending')
    .execute()
  await db
    .updateTable('slot_holds')
    .set(how === 'released' ? { released_at: now } : { claimed_at: now, customer_id: how.claimedBy })
    .where('tenant_id', '=', tenant)
    .where('id', '=', holdId)
    .execute()
}

/** A new expiry for the hold and its rows: an extension (marked used), a page left (`resumeUntil` kept) or back (cleared). */
export async function setHoldExpiry(
  db: DbOrTrx,
  tenant: string,
  holdId: string,
  expiresAt: Date,
  now: Date,
  change: { extended: true } | { resumeUntil: Date | null },
): Promise<void> {
  const set = 'extended' in change ? { expires_at: expiresAt, extended: true } : { expires_at: expiresAt, resume_until: change.resumeUntil }
  await db.updateTable('slot_holds').set(set).where('tenant_id', '=', tenant).where('id', '=', holdId).execute()
  await db
    .updateTable('appointments')
    .set({ hold_expires_at: expiresAt, updated_at: now })
    .where('tenant_id', '=', tenant)
    .where('hold_id', '=', holdId)
    .where('status', '=', 'Pending')
    .execute()
}

/** The page that read the hold back (a reload): from now on only its own leaving shortens the hold. */
export async function setHoldPage(db: DbOrTrx, tenant: string, holdId: string, page: string): Promise<void> {
  await db.updateTable('slot_holds').set({ page }).where('tenant_id', '=', tenant).where('id', '=', holdId).execute()
}
