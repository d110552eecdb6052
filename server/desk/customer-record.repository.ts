/** The customer's record for the desk: visits, forms sent and the staff's notes, scoped by tenant. */
import { dayQuery, type DayRow } from '../admin/day.repository'
import type { DbOrTrx } from '../db/schema'
import { newId } from '../db/ids'
import type { OperatorDbOrTrx } from '../staff/staff.tables'
import type { NotesDb } from './desk.tables'

/** Every visit of the customer (held-only and released times left out), newest first, at most `limit`. */
export function customerVisits(db: OperatorDbOrTrx, tenant: string, customerId: string, limit: number): Promise<DayRow[]> {
  return dayQuery(db, tenant).where('a.customer_id', '=', customerId).orderBy('a.starts_at', 'desc').limit(limit).execute()
}

export function customerForms(db: DbOrTrx, tenant: string, customerId: string) {
  return db
    .selectFrom('commerce_user_forms')
    .select(['id', 'type', 'model', 'is_signed', 'is_updated', 'signed_at', 'updated_at', 'created_at'])
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .execute()
}

export function notesOf(db: NotesDb, tenant: string, customerId: string) {
  return db
    .selectFrom('customer_notes')
    .select(['id', 'text', 'author', 'created_at'])
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export function insertNote(db: NotesDb, row: { tenant: string; customerId: string; staffId: string; author: string; text: string; now: Date }) {
  return db
    .insertInto('customer_notes')
    .values({ id: newId(), tenant_id: row.tenant, customer_id: row.customerId, staff_id: row.staffId, author: row.author, text: row.text, created_at: row.now })
    .returning(['id', 'text', 'author', 'created_at'])
    .executeTakeFirstOrThrow()
}
