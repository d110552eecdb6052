/** Kysely row types of the integrators' tables (migration 0135-integrations): API keys and webhook endpoints. */
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

export interface IntegrationTables {
  api_keys: ApiKeysTable
  webhook_endpoints: WebhookEndpointsTable
}
