/**
 * An API key's booking answered again (issue 30, Stripe-style idempotency): a request repeated with the
 * same coherentTransactionId answers what the first answered. The booking itself is found by its
 * transaction id (appointments.transaction_id); what only the first request knew is kept here: whether
 * it created the customer, the deposit's pay link it sent and the hold's expiry it gave.
 * One row per booking made with a key and a transaction id; it goes with its customer or tenant.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const integrationBookingAnswersMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE integration_booking_answers (
      tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      customer_id text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      transaction_id text NOT NULL,
      customer_created boolean NOT NULL,
      pay_url text,
      hold_expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (tenant_id, customer_id, transaction_id)
    )`.execute(db)
    await sql`CREATE INDEX integration_booking_answers_customer ON integration_booking_answers (customer_id)`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP TABLE integration_booking_answers`.execute(db)
  },
}
