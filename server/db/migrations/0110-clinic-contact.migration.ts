/**
 * Clinic contact and picture (issue 17): the customer area shows a location's phone and email where a
 * customer has to contact the clinic, and the location list shows a photo of each clinic. All three
 * are optional, so existing clinics stay valid.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const clinicContactMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE clinics
      ADD COLUMN phone text,
      ADD COLUMN email text,
      ADD COLUMN photo text`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`ALTER TABLE clinics DROP COLUMN phone, DROP COLUMN email, DROP COLUMN photo`.execute(db)
  },
}
