/**
 * Practitioners are told (issue 29): each staff login chooses whether it gets a mail and/or a text on a
 * new, moved or cancelled booking with its practitioner (on by default; a text needs the mobile number
 * set here), and each practitioner may have a private calendar feed: an iCalendar URL whose secret token
 * is kept hashed, revocable (a new link revokes the older one).
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const practitionerNotificationsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE staff ADD COLUMN notify_email boolean NOT NULL DEFAULT true`.execute(db)
    await sql`ALTER TABLE staff ADD COLUMN notify_sms boolean NOT NULL DEFAULT true`.execute(db)
    await sql`ALTER TABLE staff ADD COLUMN mobile_phone text`.execute(db)
    await sql`CREATE TABLE practitioner_feeds (
      tenant_id text NOT NULL,
      id text NOT NULL,
      practitioner_id text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      PRIMARY KEY (tenant_id, id)
    )`.execute(db)
    await sql`CREATE INDEX practitioner_feeds_live ON practitioner_feeds (tenant_id, practitioner_id) WHERE revoked_at IS NULL`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP TABLE practitioner_feeds`.execute(db)
    await sql`ALTER TABLE staff DROP COLUMN mobile_phone`.execute(db)
    await sql`ALTER TABLE staff DROP COLUMN notify_sms`.execute(db)
    await sql`ALTER TABLE staff DROP COLUMN notify_email`.execute(db)
  },
}
