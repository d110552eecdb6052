/** The payment reconciler's schedule: when each open payment is next checked at the processor. */
import { sql, type Kysely, type Migration } from 'kysely'

export const paymentChecksMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE commerce_payments
      ADD COLUMN next_check_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN checks integer NOT NULL DEFAULT 0`.execute(db)
    await sql`CREATE INDEX commerce_payments_to_check ON commerce_payments (next_check_at) WHERE status = 'open'`.execute(db)
  },
}
