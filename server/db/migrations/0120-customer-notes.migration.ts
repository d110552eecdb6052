/**
 * The front desk's notes on a customer (issue 29): free text by staff, staff-only (never in a
 * customer-facing answer or CLI customer output; in the customer's data export since, as the right of
 * access requires, server/privacy). Newest first per customer.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const customerNotesMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE customer_notes (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      customer_id text NOT NULL REFERENCES customers(id),
      staff_id text NOT NULL,
      author text NOT NULL,
      text text NOT NULL CHECK (length(text) <= 4000),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
    await sql`CREATE INDEX customer_notes_customer ON customer_notes (tenant_id, customer_id, created_at DESC)`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP TABLE customer_notes`.execute(db)
  },
}
