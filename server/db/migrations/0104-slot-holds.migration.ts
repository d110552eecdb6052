/**
 * Slot holds (issue 17): a time is held from the moment it is picked, before the customer signs in.
 * The hold's appointments are ordinary Pending rows (customer_id null, hold_id set), so the exclusion
 * constraint, availability and the booking versions treat them like any hold; slot_holds keeps the
 * secret token's hash, who made it (for the cap), and whether it was extended, claimed or released.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const slotHoldsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE slot_holds (
      id text PRIMARY KEY,
      tenant_id text NOT NULL REFERENCES tenants(id),
      token_hash text NOT NULL,
      clinic_id text NOT NULL REFERENCES clinics(id),
      customer_id text REFERENCES customers(id),
      client_key text NOT NULL,
      expires_at timestamptz NOT NULL,
      extended boolean NOT NULL DEFAULT false,
      resume_until timestamptz,
      claimed_at timestamptz,
      released_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
    await sql`CREATE INDEX slot_holds_owner ON slot_holds (tenant_id, client_key, expires_at) WHERE claimed_at IS NULL AND released_at IS NULL`.execute(db)
    await sql`ALTER TABLE appointments ADD COLUMN hold_id text`.execute(db)
    await sql`CREATE INDEX appointments_hold_id ON appointments (tenant_id, hold_id) WHERE hold_id IS NOT NULL`.execute(db)
  },
}
