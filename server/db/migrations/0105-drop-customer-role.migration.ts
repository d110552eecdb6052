/**
 * The customers' legacy `role` column (issue 13): admin and practitioner are staff logins now (0006,
 * server/staff), and every customer login is a customer; nothing reads the column any more.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const dropCustomerRoleMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE customers DROP COLUMN role`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`ALTER TABLE customers ADD COLUMN role text NOT NULL DEFAULT 'customer'`.execute(db)
  },
}
