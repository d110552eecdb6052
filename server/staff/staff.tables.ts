/** Kysely row types of the operator tables (migrations/0006-staff.migration.ts). */
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely'
import type { CoreTables } from '../db/schema'

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export type StaffTable = {
  id: string
  tenant_id: string
  email: string
  display_name: string
  role: string
  practitioner_id: string | null
  password_hash: string | null
  tokens_valid_after: NullableTimestamp
  archived: Generated<boolean>
  created_at: Generated<Date>
  /** a mail on each new, moved or cancelled booking with the linked practitioner (0140) */
  notify_email: Generated<boolean>
  /** a text too, when mobile_phone is set (0140) */
  notify_sms: Generated<boolean>
  mobile_phone: string | null
}

/** A practitioner's private calendar feed (0140): the URL's secret token is kept hashed. */
export type PractitionerFeedTable = {
  tenant_id: string
  id: string
  practitioner_id: string
  token_hash: string
  created_by: string | null
  created_at: Generated<Date>
  revoked_at: NullableTimestamp
}

export type StaffTables = {
  staff: StaffTable
  staff_tokens: { token_hash: string; tenant_id: string; staff_id: string; expires_at: Date; used_at: NullableTimestamp }
  staff_revoked_sessions: { token_hash: string; tenant_id: string; staff_id: string; expires_at: Date }
  practitioner_feeds: PractitionerFeedTable
  clinic_hours: { tenant_id: string; clinic_id: string; weekday: number; start_time: string; end_time: string }
}

/** The columns 0006 adds to the catalogue tables: a readable slug and (but clinics) an archived flag. */
type Slugged = { slug: string | null }
type Archivable = { slug: string | null; archived: Generated<boolean> }

/** What 0006 adds to the core schema, as kysely's withTables takes it. */
export type OperatorExtra = StaffTables & {
  clinics: Slugged
  categories: Archivable
  services: Archivable
  courses: Archivable
  practitioners: Archivable
}

/** The core tables as seen with the operator columns and tables. */
export type OperatorTables = CoreTables & OperatorExtra

export type OperatorDb = Kysely<OperatorTables>
export type OperatorDbOrTrx = OperatorDb | Transaction<OperatorTables>

/** The operator's view of a core handle (the same connection; kysely's withTables adds the types). */
export const operatorDb = (db: Kysely<CoreTables>): OperatorDb => db.withTables<OperatorExtra>()
