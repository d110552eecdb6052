/** Row types of slot_holds (migrations/0104-slot-holds.migration.ts) and pay_link_messages (0164). */
import type { Generated } from 'kysely'
import type { NullableTimestamp, Timestamp } from './schema'

export interface SlotHoldsTable {
  id: string
  tenant_id: string
  /** sha-256 (hex) of the secret token the browser keeps */
  token_hash: string
  clinic_id: string
  /** the signed-in customer who picked the time, else null */
  customer_id: string | null
  /** whose holds count against the cap: 'customer:<id>' or 'client:<ip>' */
  client_key: string
  expires_at: Timestamp
  extended: Generated<boolean>
  /** the page was left (pagehide): the expiry it gets back if the page comes back (reload) within the grace */
  resume_until: NullableTimestamp
  /** the page (an id per page load) that last read the hold back; a leaving from another page is ignored */
  page: string | null
  claimed_at: NullableTimestamp
  released_at: NullableTimestamp
  created_at: Generated<Date>
}

/** When a held booking's pay link was last mailed (and texted) to the customer (migration 0164). */
export interface PayLinkMessagesTable {
  tenant_id: string
  appointment_id: string
  pay_url: string
  sent_at: Timestamp
}

export interface HoldTables {
  slot_holds: SlotHoldsTable
  pay_link_messages: PayLinkMessagesTable
}
