/** Kysely row types of the integrators' tables (migrations 0135-integrations, 0162): API keys, webhook endpoints, API bookings' first answers. */
import type { ColumnType, Generated } from 'kysely'

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
type Json<T> = ColumnType<T, string, string>

export interface ApiKeysTable {
  id: string
  tenant_id: string
  name: string
  /** the key's first characters ('ck_live_Ab12'), to recognise it in a list; never enough to use it */
  prefix: string
  /** sha256 (hex) of the whole key: the key itself is shown once and never stored */
  key_hash: string
  scopes: Json<string[]>
  created_at: Generated<Date>
  last_used_at: NullableTimestamp
  revoked_at: NullableTimestamp
}

export interface WebhookEndpointsTable {
  id: string
  tenant_id: string
  url: string
  events: Json<string[]>
  /** the signing secret (whsec_...): needed to sign each delivery, shown once at creation */
  secret: string
  created_at: Generated<Date>
  disabled_at: NullableTimestamp
  disabled_reason: string | null
  /** failed tries since the last success */
  consecutive_failures: Generated<number>
  /** the first failure since the last success */
  failing_since: NullableTimestamp
}

/** What the first answer of an API key's booking said that the booking's rows do not keep (migration 0162). */
export interface IntegrationBookingAnswersTable {
  tenant_id: string
  customer_id: string
  transaction_id: string
  customer_created: boolean
  pay_url: string | null
  hold_expires_at: ColumnType<Date, Date | string, Date | string>
  created_at: Generated<Date>
  /** false while the first request is still answering (its booking committed, its pay link not yet kept: migration 0164) */
  answered: Generated<boolean>
}

export interface IntegrationTables {
  api_keys: ApiKeysTable
  webhook_endpoints: WebhookEndpointsTable
  integration_booking_answers: IntegrationBookingAnswersTable
}
