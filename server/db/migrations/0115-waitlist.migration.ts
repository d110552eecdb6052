/**
 * The waitlist (issue 32): entries of customers waiting for a basket's time, and the offers of freed
 * times held for them (an offer's hold is an ordinary slot hold, migration 0104).
 *
 * A trigger on appointments queues a 'waitlist' job in the outbox whenever an occupying row stops
 * occupying its time (cancelled, released, expired, deleted) or moves, at a clinic where someone waits:
 * every cause of a freed time, in the transaction that frees it, whatever code path or instance made
 * the change. The outbox then runs the job once across instances (FOR UPDATE SKIP LOCKED) with its
 * retries (server/waitlist/waitlist-runner.ts).
 *
 * One open offer per entry and one per hold (unique indexes); two offers never hold one time at once
 * because each offer's hold is appointment rows under the exclusion constraint.
 */
import { sql, type Kysely, type Migration } from 'kysely'

const OCCUPYING = `('Scheduled', 'Pending', 'Running late', 'Completed', 'Incomplete')`

export const waitlistMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE waitlist_entries (
      id text PRIMARY KEY,
      tenant_id text NOT NULL REFERENCES tenants(id),
      customer_id text NOT NULL REFERENCES customers(id),
      clinic_id text NOT NULL REFERENCES clinics(id),
      service_ids text NOT NULL,
      practitioner_id text REFERENCES practitioners(id),
      from_date text NOT NULL CHECK (from_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      to_date text NOT NULL CHECK (to_date ~ '^\\d{4}-\\d{2}-\\d{2}$' AND to_date >= from_date),
      parts text NOT NULL,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'offered', 'booked', 'removed')),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db)
    // One live entry per basket (customer, clinic, services in order).
    await sql`CREATE UNIQUE INDEX waitlist_entries_one_per_basket ON waitlist_entries (tenant_id, customer_id, clinic_id, service_ids) WHERE status IN ('active', 'offered')`.execute(db)
    // The queue of a clinic, in order of joining (the matching's lookup; the trigger's EXISTS).
    await sql`CREATE INDEX waitlist_entries_queue ON waitlist_entries (tenant_id, clinic_id, created_at) WHERE status IN ('active', 'offered')`.execute(db)
    await sql`CREATE INDEX waitlist_entries_customer ON waitlist_entries (tenant_id, customer_id, created_at)`.execute(db)
    await sql`CREATE TABLE waitlist_offers (
      id text PRIMARY KEY,
      tenant_id text NOT NULL REFERENCES tenants(id),
      entry_id text NOT NULL REFERENCES waitlist_entries(id),
      hold_id text NOT NULL REFERENCES slot_holds(id),
      token_hash text NOT NULL UNIQUE,
      clinic_id text NOT NULL,
      practitioner_id text NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'offered' CHECK (status IN ('offered', 'taken', 'lapsed', 'declined')),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db)
    await sql`CREATE UNIQUE INDEX waitlist_offers_one_open ON waitlist_offers (tenant_id, entry_id) WHERE status = 'offered'`.execute(db)
    await sql`CREATE UNIQUE INDEX waitlist_offers_hold ON waitlist_offers (tenant_id, hold_id)`.execute(db)
    await sql`CREATE INDEX waitlist_offers_due ON waitlist_offers (expires_at) WHERE status = 'offered'`.execute(db)
    await sql`CREATE INDEX waitlist_offers_entry ON waitlist_offers (tenant_id, entry_id, starts_at)`.execute(db)
    await sql.raw(`CREATE FUNCTION waitlist_time_freed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.status IN ${OCCUPYING}
          AND (TG_OP = 'DELETE' OR NEW.status NOT IN ${OCCUPYING} OR NEW.starts_at <> OLD.starts_at
               OR NEW.ends_at <> OLD.ends_at OR NEW.practitioner_id <> OLD.practitioner_id)
          AND EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.tenant_id = OLD.tenant_id AND w.clinic_id = OLD.clinic_id
                      AND w.status IN ('active', 'offered'))
        THEN
          INSERT INTO outbox (id, tenant_id, channel, to_address, subject, text, attachments)
          VALUES (substr(md5(random()::text || clock_timestamp()::text || OLD.id), 1, 24), OLD.tenant_id, 'waitlist',
                  OLD.clinic_id, 'time-freed',
                  json_build_object('clinicId', OLD.clinic_id, 'practitionerId', OLD.practitioner_id,
                    'start', to_char(OLD.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                    'end', to_char(OLD.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text,
                  '[]');
        END IF;
        RETURN NULL;
      END
    $$`).execute(db)
    await sql`CREATE TRIGGER appointments_waitlist_freed AFTER UPDATE OR DELETE ON appointments
      FOR EACH ROW EXECUTE FUNCTION waitlist_time_freed()`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP TRIGGER appointments_waitlist_freed ON appointments`.execute(db)
    await sql`DROP FUNCTION waitlist_time_freed()`.execute(db)
    await sql`DELETE FROM outbox WHERE channel = 'waitlist'`.execute(db)
    await sql`DROP TABLE waitlist_offers`.execute(db)
    await sql`DROP TABLE waitlist_entries`.execute(db)
  },
}
