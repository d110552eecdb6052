/**
 * A customer's live holds by customer (issue 18): the booking's one read counts the customer's
 * pending bookings under its locks, now as a named prepared statement with a generic plan, which
 * cannot see the customer's id. Without this index the count could read every live hold
 * (appointments_holds) or every appointment the customer ever had (appointments_customer). Its
 * predicate names is_linked, which only the count asks for: the release of expired holds in the same
 * statement cannot take it for a scan of every pending row when the statistics are stale.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const customerHoldsIndexMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE INDEX appointments_customer_pending ON appointments (customer_id) WHERE status = 'Pending' AND is_linked = false`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP INDEX appointments_customer_pending`.execute(db)
  },
}
