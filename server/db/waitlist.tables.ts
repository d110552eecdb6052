/** Row types of the waitlist (migrations/0115-waitlist.migration.ts). */
import type { Timestamp } from './schema'

export interface WaitlistEntriesTable {
  id: string
  tenant_id: string
  customer_id: string
  clinic_id: string
  /** the basket's service ids in booking order, joined by ',' */
  service_ids: string
  /** null: any practitioner */
  practitioner_id: string | null
  /** London dates 'yyyy-MM-dd', inclusive */
  from_date: string
  to_date: string
  /** the parts of the day, joined by ',' */
  parts: string
  status: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface WaitlistOffersTable {
  id: string
  tenant_id: string
  entry_id: string
  hold_id: string
  /** sha-256 (hex) of the link's token (the hold's token too) */
  token_hash: string
  clinic_id: string
  /** the first service's practitioner */
  practitioner_id: string
  /** the whole held span */
  starts_at: Timestamp
  ends_at: Timestamp
  expires_at: Timestamp
  status: string
  /** the booking that took the offer (its first appointment; migration 0161) */
  appointment_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface WaitlistTables {
  waitlist_entries: WaitlistEntriesTable
  waitlist_offers: WaitlistOffersTable
}
