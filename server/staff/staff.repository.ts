/** Staff accounts, set-password tokens and ended sessions (0006). Every query is scoped by tenant. */
import { sql, type Selectable } from 'kysely'
import { newId } from '../db/ids'
import type { OperatorDbOrTrx, StaffTable } from './staff.tables'

export type StaffRow = Selectable<StaffTable>

export async function findStaffByEmail(db: OperatorDbOrTrx, tenant: string, email: string): Promise<StaffRow | undefined> {
  return db
    .selectFrom('staff')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where('archived', '=', false)
    .executeTakeFirst()
}

export async function findStaff(db: OperatorDbOrTrx, tenant: string, id: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('tenant_id', '=', tenant).where('id', '=', id).where('archived', '=', false).executeTakeFirst()
}

export async function insertStaff(
  db: OperatorDbOrTrx,
  row: { tenant: string; email: string; displayName: string; role: 'admin' | 'practitioner'; practitionerId?: string | null },
): Promise<StaffRow> {
  return db
    .insertInto('staff')
    .values({
      id: newId(),
      tenant_id: row.tenant,
      email: row.email.trim().toLowerCase(),
      display_name: row.displayName,
      role: row.role,
      practitioner_id: row.practitionerId ?? null,
      password_hash: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function insertSetPasswordToken(db: OperatorDbOrTrx, tenant: string, staffId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insertInto('staff_tokens').values({ token_hash: tokenHash, tenant_id: tenant, staff_id: staffId, expires_at: expiresAt, used_at: null }).execute()
}

/** The staff id a set-password token was issued for (used or not), or undefined. */
export async function staffOfSetPasswordToken(db: OperatorDbOrTrx, tenant: string, tokenHash: string): Promise<string | undefined> {
  const row = await db.selectFrom('staff_tokens').select('staff_id').where('tenant_id', '=', tenant).where('token_hash', '=', tokenHash).executeTakeFirst()
  return row?.staff_id
}

/** Locks the staff row until the transaction ends: one link issued or used at a time per account. */
export async function lockStaff(db: OperatorDbOrTrx, tenant: string, staffId: string): Promise<void> {
  await db.selectFrom('staff').select('id').where('tenant_id', '=', tenant).where('id', '=', staffId).forUpdate().execute()
}

/** Marks every unused set-password token of a staff member used (none of them sets the password any more). */
export async function spendSetPasswordTokens(db: OperatorDbOrTrx, tenant: string, staffId: string, now: Date): Promise<void> {
  await db.updateTable('staff_tokens').set({ used_at: now }).where('tenant_id', '=', tenant).where('staff_id', '=', staffId).where('used_at', 'is', null).execute()
}

/** Marks an unused, unexpired token used; the staff id it was for, or undefined. Atomic: a link works once. */
export async function consumeSetPasswordToken(db: OperatorDbOrTrx, tenant: string, tokenHash: string, now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('staff_tokens')
    .set({ used_at: now })
    .where('tenant_id', '=', tenant)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('staff_id')
    .executeTakeFirst()
  return row?.staff_id
}

export async function setStaffPassword(db: OperatorDbOrTrx, tenant: string, staffId: string, passwordHash: string, now: Date): Promise<void> {
  await db.updateTable('staff').set({ password_hash: passwordHash, tokens_valid_after: now }).where('tenant_id', '=', tenant).where('id', '=', staffId).execute()
}

export async function isSessionRevoked(db: OperatorDbOrTrx, tokenHash: string): Promise<boolean> {
  const row = await db.selectFrom('staff_revoked_sessions').select('token_hash').where('token_hash', '=', tokenHash).executeTakeFirst()
  return row !== undefined
}

export async function revokeSession(db: OperatorDbOrTrx, tenant: string, staffId: string, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
  await db.deleteFrom('staff_revoked_sessions').where('expires_at', '<', now).execute()
  await db
    .insertInto('staff_revoked_sessions')
    .values({ token_hash: tokenHash, tenant_id: tenant, staff_id: staffId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute()
}

export async function listStaff(db: OperatorDbOrTrx, tenant: string): Promise<StaffRow[]> {
  return db.selectFrom('staff').selectAll().where('tenant_id', '=', tenant).where('archived', '=', false).orderBy('display_name').execute()
}

/** Practitioners of the tenant named by id, slug or display name (case-insensitive). */
export async function practitionersNamed(db: OperatorDbOrTrx, tenant: string, named: string): Promise<string[]> {
  const needle = named.trim().toLowerCase()
  const rows = await db
    .selectFrom('practitioners')
    .select('id')
    .where('tenant_id', '=', tenant)
    .where('archived', '=', false)
    .where((eb) => eb.or([eb('id', '=', named.trim()), eb('slug', '=', needle), eb(sql<string>`lower(display_name)`, '=', needle)]))
    .execute()
  return rows.map((r) => r.id)
}

/**
 * The tenant's admins other than `staffId` that can still sign in (the last admin must stay one),
 * their rows locked to the transaction: two admins demoting each other at once leave one admin.
 */
export async function otherAdmins(db: OperatorDbOrTrx, tenant: string, staffId: string): Promise<number> {
  const rows = await db
    .selectFrom('staff')
    .select('id')
    .where('tenant_id', '=', tenant)
    .where('role', '=', 'admin')
    .where('archived', '=', false)
    .orderBy('id')
    .forUpdate()
    .execute()
  return rows.filter((r) => r.id !== staffId).length
}

export async function updateStaff(
  db: OperatorDbOrTrx,
  tenant: string,
  staffId: string,
  changes: { display_name?: string; role?: 'admin' | 'practitioner'; practitioner_id?: string | null; archived?: boolean },
): Promise<StaffRow> {
  return db.updateTable('staff').set(changes).where('tenant_id', '=', tenant).where('id', '=', staffId).returningAll().executeTakeFirstOrThrow()
}
