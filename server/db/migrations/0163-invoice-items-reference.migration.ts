/**
 * The invoice lines that name an appointment or a sale (reference_id): the desk's day listing reads,
 * for each appointment of the day, the checkout bills whose lines name it (what was paid in all), and
 * the checkout reads them too. Without this index each of those reads scanned every invoice line the
 * clinic ever wrote.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const invoiceItemsReferenceMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`CREATE INDEX commerce_invoice_items_reference ON commerce_invoice_items (reference_id, tenant_id) WHERE reference_id IS NOT NULL`.execute(db)
  },
  async down(db: Kysely<any>) {
    await sql`DROP INDEX commerce_invoice_items_reference`.execute(db)
  },
}
