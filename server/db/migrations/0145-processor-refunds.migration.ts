/**
 * Refunds made in the card processor's dashboard (issue 30): each refund the processor reports is
 * written once, keyed by the processor's own refund id, so that a notification delivered twice (or
 * Stripe's charge.refunded and refund.updated for the same refund) records one refund. `recorded` is
 * false for a refund the product had already written itself (the desk's, a lost booking's).
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const processorRefundsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE commerce_processor_refunds (
      processor text NOT NULL,
      refund_id text NOT NULL,
      tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      payment_id text NOT NULL REFERENCES commerce_payments(id) ON DELETE CASCADE,
      amount numeric(12, 2) NOT NULL,
      recorded boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (processor, refund_id)
    )`.execute(db)
    await sql`CREATE INDEX commerce_processor_refunds_payment ON commerce_processor_refunds (payment_id)`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP TABLE commerce_processor_refunds`.execute(db)
  },
}
