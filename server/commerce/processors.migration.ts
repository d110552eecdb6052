/**
 * Records of the real card processors (Stripe, Square; commerce_ tables use a 'tenant' column like the rest of commerce): our customer ↔ processor customer, the
 * webhook events already handled (deduplicated on the processor's event id, safe across instances),
 * Square's payments before and after the card nonce arrives, and the customers told that a late
 * payment was refunded (told once).
 */
import { sql, type Kysely, type Migration } from 'kysely'

const statements = [
  sql`CREATE TABLE commerce_processor_customers (
    tenant text NOT NULL,
    processor text NOT NULL,
    customer_id text NOT NULL,
    external_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant, processor, customer_id)
  )`,
  sql`CREATE TABLE commerce_webhook_events (
    processor text NOT NULL,
    event_id text NOT NULL,
    event_type text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (processor, event_id)
  )`,
  sql`CREATE TABLE commerce_square_payments (
    transaction_id text PRIMARY KEY,
    tenant text NOT NULL,
    idempotency_key text NOT NULL,
    amount_minor integer NOT NULL,
    currency text NOT NULL,
    reference text NOT NULL,
    square_payment_id text UNIQUE,
    status text NOT NULL DEFAULT 'open',
    failure_message text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant, idempotency_key)
  )`,
  sql`CREATE TABLE commerce_refund_notices (
    transaction_id text PRIMARY KEY,
    tenant text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
]

export const processorsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const statement of statements) await statement.execute(db)
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['commerce_refund_notices', 'commerce_square_payments', 'commerce_webhook_events', 'commerce_processor_customers']) {
      await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db)
    }
  },
}
