/**
 * Less work in each booking's insert (issue 31). A booking of one service has no group
 * (group_id null): appointments_group now holds only the rows that have one, so such a booking writes
 * one index entry fewer (the group lookups, `group_id = ...`, imply it is not null and still use it).
 * The booking version's bump updates the practitioner's row and inserts only when there is none: an
 * INSERT ... ON CONFLICT DO UPDATE of an existing row first probed the key, then locked the row (a
 * WAL record of its own) and then updated it. A first booking racing another one for a new
 * practitioner still meets the ON CONFLICT.
 */
import { sql, type Kysely, type Migration } from 'kysely'

const bumpBody = (bump: (row: string) => string) => `
      BEGIN
        IF TG_OP <> 'DELETE' THEN
          ${bump('NEW')}
        END IF;
        IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.practitioner_id IS DISTINCT FROM NEW.practitioner_id) THEN
          ${bump('OLD')}
        END IF;
        RETURN NULL;
      END`

const upsert = (row: string) =>
  `INSERT INTO booking_versions (tenant_id, practitioner_id) VALUES (${row}.tenant_id, ${row}.practitioner_id)
          ON CONFLICT (tenant_id, practitioner_id) DO UPDATE SET version = booking_versions.version + 1;`

const updateFirst = (row: string) =>
  `UPDATE booking_versions SET version = version + 1 WHERE tenant_id = ${row}.tenant_id AND practitioner_id = ${row}.practitioner_id;
          IF NOT FOUND THEN
            ${upsert(row)}
          END IF;`

const bumpFunction = (bump: (row: string) => string) =>
  sql.raw(`CREATE OR REPLACE FUNCTION bump_booking_version() RETURNS trigger LANGUAGE plpgsql AS $$${bumpBody(bump)}
    $$`)

export const bookingWriteCostMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`DROP INDEX appointments_group`.execute(db)
    await sql`CREATE INDEX appointments_group ON appointments (tenant_id, group_id) WHERE group_id IS NOT NULL`.execute(db)
    await bumpFunction(updateFirst).execute(db)
  },
  async down(db: Kysely<any>) {
    await bumpFunction(upsert).execute(db)
    await sql`DROP INDEX appointments_group`.execute(db)
    await sql`CREATE INDEX appointments_group ON appointments (tenant_id, group_id)`.execute(db)
  },
}
