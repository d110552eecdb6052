/**
 * Integrators (issue 30): API keys per tenant (stored as a sha256 of the key, with a short prefix to
 * recognise it, scopes, last use, revocation) and outbound webhook endpoints (URL, events, signing
 * secret, the failure streak that disables one). Deliveries are outbox rows of channel 'webhook'
 * (the endpoint's id in webhook_endpoint_id, the last HTTP status in last_status), so they share the
 * outbox's claim, retries and backoff for a day.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const integrationsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE api_keys (
      id text PRIMARY KEY,
      tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      name text NOT NULL,
      prefix text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      scopes jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db)
    await sql`CREATE INDEX api_keys_tenant ON api_keys (tenant_id, created_at)`.execute(db)
    await sql`CREATE TABLE webhook_endpoints (
      id text PRIMARY KEY,
      tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      url text NOT NULL,
      events jsonb NOT NULL,
      secret text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      disabled_at timestamptz,
      disabled_reason text,
      consecutive_failures integer NOT NULL DEFAULT 0,
      failing_since timestamptz
    )`.execute(db)
    await sql`CREATE INDEX webhook_endpoints_tenant ON webhook_endpoints (tenant_id) WHERE disabled_at IS NULL`.execute(db)
    await sql`ALTER TABLE outbox ADD COLUMN webhook_endpoint_id text REFERENCES webhook_endpoints(id) ON DELETE CASCADE`.execute(db)
    await sql`ALTER TABLE outbox ADD COLUMN last_status integer`.execute(db)
    await sql`CREATE INDEX outbox_webhook_endpoint ON outbox (webhook_endpoint_id, created_at) WHERE webhook_endpoint_id IS NOT NULL`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP INDEX outbox_webhook_endpoint`.execute(db)
    await sql`ALTER TABLE outbox DROP COLUMN last_status`.execute(db)
    await sql`ALTER TABLE outbox DROP COLUMN webhook_endpoint_id`.execute(db)
    await sql`DROP TABLE webhook_endpoints`.execute(db)
    await sql`DROP TABLE api_keys`.execute(db)
  },
}
