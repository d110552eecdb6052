/**
 * Notifications (issue 15):
 * - outbox: backoff columns. A failed send waits next_attempt_at (exponential, with jitter); after
 *   give_up_at (a day after the first failure) the row is kept with failed_at and its last error.
 *   channel: 'email' (to_address an email) or 'sms' (to_address an E.164 number).
 * - notices: what happened to whom (booked, rescheduled, cancelled, reminder...), written in the
 *   transaction of the change by notify(); rendered into outbox rows once (SKIP LOCKED claim).
 * - appointment_calendar: the .ics SEQUENCE of each appointment (UID is fixed by the appointment id).
 * - reminders_sent: one row per appointment, lead time and start: a reminder goes once, and again
 *   only when the appointment moves (a new start).
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const notificationsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE outbox
      ADD COLUMN channel text NOT NULL DEFAULT 'email',
      ADD COLUMN next_attempt_at timestamptz,
      ADD COLUMN give_up_at timestamptz,
      ADD COLUMN failed_at timestamptz`.execute(db)
    await sql`CREATE INDEX outbox_failed ON outbox (tenant_id, failed_at) WHERE failed_at IS NOT NULL`.execute(db)
    await sql`CREATE TABLE notices (
      id text PRIMARY KEY,
      tenant_id text NOT NULL REFERENCES tenants(id),
      kind text NOT NULL,
      customer_id text,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      rendered_at timestamptz
    )`.execute(db)
    await sql`CREATE INDEX notices_pending ON notices (created_at) WHERE rendered_at IS NULL`.execute(db)
    await sql`CREATE TABLE appointment_calendar (
      tenant_id text NOT NULL REFERENCES tenants(id),
      appointment_id text NOT NULL,
      sequence integer NOT NULL,
      PRIMARY KEY (tenant_id, appointment_id)
    )`.execute(db)
    await sql`CREATE TABLE reminders_sent (
      tenant_id text NOT NULL REFERENCES tenants(id),
      appointment_id text NOT NULL,
      lead_minutes integer NOT NULL,
      starts_at timestamptz NOT NULL,
      planned_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, appointment_id, lead_minutes, starts_at)
    )`.execute(db)
  },
}
