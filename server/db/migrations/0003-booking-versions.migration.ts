/**
 * A version per practitioner's bookings, bumped by a trigger on every appointment write. Availability
 * caches a practitioner's bookings under these versions: a request reads the versions (one tiny
 * query) and reloads bookings only when one changed. Shared by every instance through the database.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const bookingVersionsMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE booking_versions (
      tenant_id text NOT NULL,
      practitioner_id text NOT NULL,
      version bigint NOT NULL DEFAULT 1,
      PRIMARY KEY (tenant_id, practitioner_id)
    )`.execute(db)
    await sql`CREATE FUNCTION bump_booking_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO booking_versions (tenant_id, practitioner_id) VALUES (NEW.tenant_id, NEW.practitioner_id)
          ON CONFLICT (tenant_id, practitioner_id) DO UPDATE SET version = booking_versions.version + 1;
        END IF;
        IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.practitioner_id IS DISTINCT FROM NEW.practitioner_id) THEN
          INSERT INTO booking_versions (tenant_id, practitioner_id) VALUES (OLD.tenant_id, OLD.practitioner_id)
          ON CONFLICT (tenant_id, practitioner_id) DO UPDATE SET version = booking_versions.version + 1;
        END IF;
        RETURN NULL;
      END
    $$`.execute(db)
    await sql`CREATE TRIGGER appointments_booking_version AFTER INSERT OR UPDATE OR DELETE ON appointments
      FOR EACH ROW EXECUTE FUNCTION bump_booking_version()`.execute(db)
  },
}
