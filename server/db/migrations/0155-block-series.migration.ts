/**
 * Repeating blocks of time (issue 29): the blocks a series (POST /admin/blocks/series) wrote share a
 * series id, so the desk removes the whole series, or this block and the ones after it, in one go.
 * Blocks written before this migration, and single blocks, have none.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const blockSeriesMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE appointments ADD COLUMN series_id text`.execute(db)
    await sql`CREATE INDEX appointments_series ON appointments (tenant_id, series_id, starts_at) WHERE series_id IS NOT NULL`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP INDEX appointments_series`.execute(db)
    await sql`ALTER TABLE appointments DROP COLUMN series_id`.execute(db)
  },
}
