/**
 * A course purchase's or gift voucher's key (the client's, one per purchase, as Stripe's idempotency
 * keys): `commerce_invoices.purchase_key`. The same key sent again answers the purchase's open invoice
 * instead of making a second one, and is refused once it is paid (server/commerce/invoices.service.ts).
 * Unique per customer: two requests at once cannot both make one. Invoices made before have none.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const invoicePurchaseKeyMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE commerce_invoices ADD COLUMN purchase_key text`.execute(db)
    await sql`CREATE UNIQUE INDEX commerce_invoices_purchase_key ON commerce_invoices (tenant_id, customer_id, purchase_key) WHERE purchase_key IS NOT NULL`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP INDEX commerce_invoices_purchase_key`.execute(db)
    await sql`ALTER TABLE commerce_invoices DROP COLUMN purchase_key`.execute(db)
  },
}
