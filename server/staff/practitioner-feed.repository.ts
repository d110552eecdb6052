/**
 * Practitioners' calendar feeds and staff logins' notification choices (0140). Every query is scoped
 * by tenant; a feed is found by its token's hash only.
 */
import { sql } from 'kysely'
import { newId } from '../db/ids'
import type { OperatorDbOrTrx } from './staff.tables'

export async function practitionerName(db: OperatorDbOrTrx, tenant: string, practitionerId: string): Promise<string | undefined> {
  const row = await db.selectFrom('practitioners').select('display_name').where('tenant_id', '=', tenant).where('id', '=', practitionerId).executeTakeFirst()
  return row?.display_name
}

export async function liveFeed(db: OperatorDbOrTrx, tenant: string, practitionerId: string): Promise<{ created_at: Date } | undefined> {
  return db
    .selectFrom('practitioner_feeds')
    .select('created_at')
    .where('tenant_id', '=', tenant)
    .where('practitioner_id', '=', practitionerId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
}

export async function revokeFeeds(db: OperatorDbOrTrx, tenant: string, practitionerId: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('practitioner_feeds')
    .set({ revoked_at: now })
    .where('tenant_id', '=', tenant)
    .where('practitioner_id', '=', practitionerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

export async function insertFeed(db: OperatorDbOrTrx, row: { tenant: string; practitionerId: string; tokenHash: string; createdBy: string; now: Date }): Promise<Date> {
  const inserted = await db
    .insertInto('practitioner_feeds')
    .values({ tenant_id: row.tenant, id: newId(), practitioner_id: row.practitionerId, token_hash: row.tokenHash, created_by: row.createdBy, created_at: row.now })
    .returning('created_at')
    .executeTakeFirstOrThrow()
  return inserted.created_at
}

/** The live feed a token opens: its tenant and practitioner (the token is the credential, across tenants). */
export async function feedByTokenHash(db: OperatorDbOrTrx, tokenHash: string): Promise<{ tenant_id: string; practitioner_id: string } | undefined> {
  return db.selectFrom('practitioner_feeds').select(['tenant_id', 'practitioner_id']).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst()
}

export interface FeedRow {
  id: string
  type: string
  status: string
  starts_at: Date
  ends_at: Date
  service_name: string | null
  first_name: string | null
  surname: string | null
  clinic_name: string | null
  sequence: number | null
}

/** The practitioner's appointments and breaks, blocks and leave in [from, to): not the cancelled ones, not anonymous holds. */
export async function feedRows(db: OperatorDbOrTrx, tenant: string, practitionerId: string, from: Date, to: Date): Promise<FeedRow[]> {
  const rows = await sql<FeedRow>`
    SELECT a.id, a.type, a.status, a.starts_at, a.ends_at, coalesce(nullif(s.online_name, ''), s.name) AS service_name,
           u.first_name, u.surname, c.account_name AS clinic_name, k.sequence
      FROM appointments a
      LEFT JOIN services s ON s.tenant_id = a.tenant_id AND s.id = a.service_id
      LEFT JOIN customers u ON u.tenant_id = a.tenant_id AND u.id = a.customer_id
      LEFT JOIN clinics c ON c.tenant_id = a.tenant_id AND c.id = a.clinic_id
      LEFT JOIN appointment_calendar k ON k.tenant_id = a.tenant_id AND k.appointment_id = a.id
     WHERE a.tenant_id = ${tenant} AND a.practitioner_id = ${practitionerId}
       AND a.starts_at < ${to} AND a.ends_at > ${from}
       AND a.status NOT IN ('Cancelled', 'Deleted')
       AND (a.customer_id IS NOT NULL OR a.type <> 'Appointment')
     ORDER BY a.starts_at
     LIMIT 5000`.execute(db)
  return rows.rows
}

export async function notificationSettings(db: OperatorDbOrTrx, tenant: string, staffId: string) {
  return db.selectFrom('staff').select(['notify_email', 'notify_sms', 'mobile_phone']).where('tenant_id', '=', tenant).where('id', '=', staffId).executeTakeFirst()
}

export async function saveNotificationSettings(db: OperatorDbOrTrx, tenant: string, staffId: string, settings: { email: boolean; sms: boolean; mobilePhone?: string | null }): Promise<void> {
  await db
    .updateTable('staff')
    .set({ notify_email: settings.email, notify_sms: settings.sms, ...(settings.mobilePhone !== undefined ? { mobile_phone: settings.mobilePhone } : {}) })
    .where('tenant_id', '=', tenant)
    .where('id', '=', staffId)
    .execute()
}
