/**
 * What a booking's transaction id was first used for (qa22): `appointments.transaction_request`, the
 * request's key (server/booking/transaction-request.ts: clinic, and each service's service,
 * practitioner, start and course; the desk's: location, start and services as staff chose them).
 * The same id sent again with another request is refused (409) instead of answering the first
 * booking as if the second had been made (Stripe's idempotency keys compare parameters the same way).
 * Rows written before have none: their id answers any request, as it did.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const transactionRequestMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE appointments ADD COLUMN transaction_request text`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`ALTER TABLE appointments DROP COLUMN transaction_request`.execute(db)
  },
}
