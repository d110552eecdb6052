/**
 * Reports (issue 29): who cancelled an appointment and when, which the reports split into 'by the
 * customer', 'by the clinic' and 'late' (inside the late-cancellation period). Rows cancelled before
 * this migration keep both null: they count as cancelled, in neither split. The two indexes let a
 * report read one tenant's date range of appointments and of settled payments without a scan.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const appointmentCancellationsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE appointments ADD COLUMN cancelled_by text CHECK (cancelled_by IN ('customer', 'clinic'))`.execute(db)
    await sql`ALTER TABLE appointments ADD COLUMN cancelled_at timestamptz`.execute(db)
    await sql`CREATE INDEX appointments_tenant_starts ON appointments (tenant_id, starts_at)`.execute(db)
    await sql`CREATE INDEX commerce_payments_settled ON commerce_payments (tenant_id, settled_at) WHERE status IN ('paid', 'refunded')`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP INDEX commerce_payments_settled`.execute(db)
    await sql`DROP INDEX appointments_tenant_starts`.execute(db)
    await sql`ALTER TABLE appointments DROP COLUMN cancelled_at`.execute(db)
    await sql`ALTER TABLE appointments DROP COLUMN cancelled_by`.execute(db)
  },
}
