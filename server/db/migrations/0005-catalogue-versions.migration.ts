/**
 * A version per tenant's catalogue (organisation, clinics, categories, services, practitioners and
 * their hours, courses), bumped by a trigger on every write to those tables. The catalogue reads keep
 * their encoded answers under it (server/services/catalogue-cache.ts): a request reads the version
 * (one tiny query) and the database only when it changed. Shared by every instance through the database.
 * Each bump also notifies CATALOGUE_CHANNEL: on PGlite (one process, the only writer) the server
 * learns of a write at its commit and skips the version query.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const CATALOGUE_CHANNEL = 'catalogue_changed'

export const CATALOGUE_TABLES = [
  'organisations',
  'clinics',
  'categories',
  'category_locations',
  'services',
  'service_locations',
  'practitioners',
  'service_practitioners',
  'practitioner_hours',
  'courses',
  'course_services',
  'course_locations',
] as const

export const catalogueVersionsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE catalogue_versions (
      tenant_id text PRIMARY KEY,
      version bigint NOT NULL DEFAULT 1
    )`.execute(db)
    await sql`CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO catalogue_versions (tenant_id) VALUES (NEW.tenant_id)
          ON CONFLICT (tenant_id) DO UPDATE SET version = catalogue_versions.version + 1;
          PERFORM pg_notify('catalogue_changed', NEW.tenant_id);
        END IF;
        IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.tenant_id IS DISTINCT FROM NEW.tenant_id) THEN
          INSERT INTO catalogue_versions (tenant_id) VALUES (OLD.tenant_id)
          ON CONFLICT (tenant_id) DO UPDATE SET version = catalogue_versions.version + 1;
          PERFORM pg_notify('catalogue_changed', OLD.tenant_id);
        END IF;
        RETURN NULL;
      END
    $$`.execute(db)
    for (const table of CATALOGUE_TABLES) {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_catalogue_version`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version()`.execute(db)
    }
  },
}
