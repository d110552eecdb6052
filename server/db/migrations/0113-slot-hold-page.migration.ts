/**
 * The page that took a slot hold back (issue 27): a reload's read of the hold names its page, and a
 * page's 'leaving' release applies only while no other page has taken the hold back since. The old
 * page's keepalive release can reach the server after the reloaded page has read the hold (a loaded
 * machine); it then no longer cuts the hold to the leaving grace under the page that has it.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const slotHoldPageMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE slot_holds ADD COLUMN page text`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`ALTER TABLE slot_holds DROP COLUMN page`.execute(db)
  },
}
