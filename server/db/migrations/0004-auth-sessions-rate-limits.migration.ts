/**
 * Server-side session ends and shared rate limits, so that several instances behave as one:
 * - revoked_sessions: tokens ended by logout (sha256 of the token), checked with the customer's row
 *   on every authenticated request (primary-key lookup); rows go once the token would have expired.
 * - rate_limits: one fixed-window counter per limited route and client, kept in the database
 *   (an atomic upsert), not in each process's memory.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const authSessionsRateLimitsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE revoked_sessions (
      token_hash text PRIMARY KEY,
      tenant_id text NOT NULL REFERENCES tenants(id),
      customer_id text NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db)
    await sql`CREATE INDEX revoked_sessions_expires_at ON revoked_sessions (expires_at)`.execute(db)
    await sql`CREATE TABLE rate_limits (
      route text NOT NULL,
      client text NOT NULL,
      hits integer NOT NULL,
      window_ends timestamptz NOT NULL,
      PRIMARY KEY (route, client)
    )`.execute(db)
    await sql`CREATE INDEX rate_limits_window_ends ON rate_limits (window_ends)`.execute(db)
  },
}
