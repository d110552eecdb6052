/**
 * A customer's pending bookings by customer (issue 18): the booking's one read counts the customer's
 * live holds under its locks. That statement is now a named prepared statement with a generic plan,
 * which cannot see the customer's id: with only appointments_holds (every pending row of every
 * customer) and appointments_customer (every appointment of the customer, ever) to choose from, the
 * count could read every live hold. This index holds only pending rows, keyed by customer.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const customerHoldsIndexMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE INDEX appointments_customer_pending ON appointments (tenant_id, customer_id) WHERE status = 'Pending'`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP INDEX appointments_customer_pending`.execute(db)
  },
}
