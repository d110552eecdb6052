/** One booking per transaction id (a retried POST /appointments/public never books twice). */
import { sql, type Kysely, type Migration } from 'kysely'

export const bookingIdempotencyMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE UNIQUE INDEX appointments_one_booking_per_transaction ON appointments (tenant_id, transaction_id)
      WHERE transaction_id IS NOT NULL AND NOT is_linked AND status <> 'Deleted'`.execute(db)
    await sql`CREATE INDEX appointments_practitioner_time ON appointments (tenant_id, practitioner_id, starts_at)`.execute(db)
  },
}
