/**
 * A waitlist offer taken by a booking that waits for its deposit (issue 32): the offer names the
 * booking's first appointment, and its entry stays 'offered' (not waiting, not booked yet) until the
 * booking settles. A trigger on appointments settles it whatever code path or instance changes the
 * booking, in that change's transaction: paid (Scheduled, or any later occupying status) books the
 * entry; released unpaid (the hold expired or given up, cancelled) puts the entry back in the queue ('active',
 * its place kept) and the offer lapsed (the freed time then goes on to the next customer, migration 0115).
 * A booking scheduled at once books its entry when the offer is taken (server/booking/hold-claim.ts).
 */
import { sql, type Kysely, type Migration } from 'kysely'

const BOOKED = `('Scheduled', 'Running late', 'Completed', 'Incomplete')`

export const waitlistBookingSettledMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE waitlist_offers ADD COLUMN appointment_id text`.execute(db)
    await sql`CREATE INDEX waitlist_offers_appointment ON waitlist_offers (appointment_id) WHERE appointment_id IS NOT NULL`.execute(db)
    await sql.raw(`CREATE FUNCTION waitlist_booking_settled() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        booked boolean := NEW.status IN ${BOOKED};
        entry text;
      BEGIN
        SELECT o.entry_id INTO entry FROM waitlist_offers o
          WHERE o.appointment_id = OLD.id AND o.tenant_id = OLD.tenant_id AND o.status = 'taken';
        IF entry IS NOT NULL THEN
          UPDATE waitlist_entries SET status = CASE WHEN booked THEN 'booked' ELSE 'active' END, updated_at = now()
            WHERE tenant_id = OLD.tenant_id AND id = entry AND status = 'offered';
          IF NOT booked THEN
            UPDATE waitlist_offers SET status = 'lapsed', updated_at = now()
              WHERE tenant_id = OLD.tenant_id AND appointment_id = OLD.id AND status = 'taken';
          END IF;
        END IF;
        RETURN NULL;
      END
    $$`).execute(db)
    // Only a pending booking's row that stops being pending: every other write of appointments skips it.
    await sql`CREATE TRIGGER appointments_waitlist_settled AFTER UPDATE OF status ON appointments
      FOR EACH ROW WHEN (OLD.status = 'Pending' AND NEW.status <> 'Pending') EXECUTE FUNCTION waitlist_booking_settled()`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP TRIGGER appointments_waitlist_settled ON appointments`.execute(db)
    await sql`DROP FUNCTION waitlist_booking_settled()`.execute(db)
    await sql`DROP INDEX waitlist_offers_appointment`.execute(db)
    await sql`ALTER TABLE waitlist_offers DROP COLUMN appointment_id`.execute(db)
  },
}
