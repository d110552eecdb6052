/**
 * The desk's week view, blocks and checkout (issue 29).
 * - Blocks of time (spec appointment types Break, Block, Leave) are appointment rows of that type,
 *   status 'Scheduled', with no customer and no service: the exclusion constraint keeps them off
 *   bookings, and availability reads them like any booking (busy.repository.ts), under the booking
 *   version the appointments trigger bumps. `note` is the desk's label ('Team meeting').
 * - A payment records its spec payment type (Card, Card Terminal, Cash, Giftvoucher; online card
 *   payments made before this migration are 'Online') and, for a voucher, which one paid. An invoice
 *   still has at most one paid online payment; the desk may split a checkout's balance over several.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const deskCalendarMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE appointments ALTER COLUMN service_id DROP NOT NULL`.execute(db)
    await sql`ALTER TABLE appointments ADD COLUMN note text`.execute(db)
    await sql`ALTER TABLE appointments ADD CONSTRAINT appointments_service_unless_block CHECK (service_id IS NOT NULL OR type IN ('Break', 'Block', 'Leave'))`.execute(db)
    await sql`ALTER TABLE commerce_payments ADD COLUMN type text NOT NULL DEFAULT 'Online'`.execute(db)
    await sql`ALTER TABLE commerce_payments ADD COLUMN voucher_id text`.execute(db)
    await sql`DROP INDEX commerce_payments_one_paid`.execute(db)
    await sql`CREATE UNIQUE INDEX commerce_payments_one_paid ON commerce_payments (invoice_id) WHERE status = 'paid' AND type = 'Online'`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP INDEX commerce_payments_one_paid`.execute(db)
    await sql`CREATE UNIQUE INDEX commerce_payments_one_paid ON commerce_payments (invoice_id) WHERE status = 'paid'`.execute(db)
    await sql`ALTER TABLE commerce_payments DROP COLUMN voucher_id`.execute(db)
    await sql`ALTER TABLE commerce_payments DROP COLUMN type`.execute(db)
    await sql`ALTER TABLE appointments DROP CONSTRAINT appointments_service_unless_block`.execute(db)
    await sql`ALTER TABLE appointments DROP COLUMN note`.execute(db)
  },
}
