/**
 * The pay link's messages and an API key's booking still being answered (qa9):
 * - `pay_link_messages`: when a booking's pay link was last mailed (and texted), so that a retried or
 *   replayed request (the desk's, an API key's) does not mail the customer the same link again within
 *   a short while; staff resending it on purpose do (server/booking/pay-link.service.ts). It goes with
 *   its appointment.
 * - `integration_booking_answers.answered`: false from the booking's commit until its first answer
 *   (pay link and all) is kept, so that a replay racing the first request is told it is in progress
 *   (409) instead of answering a booking without its `payUrl`. Rows written before are answers.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const payLinkMessagesMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE TABLE pay_link_messages (
      tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
      appointment_id text NOT NULL REFERENCES appointments(id) ON DELETE CASCADE,
      pay_url text NOT NULL,
      sent_at timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, appointment_id)
    )`.execute(db)
    await sql`CREATE INDEX pay_link_messages_appointment ON pay_link_messages (appointment_id)`.execute(db)
    await sql`ALTER TABLE integration_booking_answers ADD COLUMN answered boolean NOT NULL DEFAULT true`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`ALTER TABLE integration_booking_answers DROP COLUMN answered`.execute(db)
    await sql`DROP TABLE pay_link_messages`.execute(db)
  },
}
