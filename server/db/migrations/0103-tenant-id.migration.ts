/**
 * One tenant column name (issue 12): the commerce and processor tables called it `tenant`, the core
 * tables `tenant_id`. RENAME COLUMN keeps the indexes, keys and constraints that use it.
 * Numbered 0103 rather than 0008: migrations run in name order on a fresh database, and this one must
 * run after the commerce (0100–0102) migrations that create these tables.
 */
import { sql, type Kysely, type Migration } from 'kysely'

export const tenantTables = [
  'commerce_invoices',
  'commerce_invoice_items',
  'commerce_invoice_appointments',
  'commerce_payments',
  'sandbox_payments',
  'sandbox_nonces',
  'sandbox_cards',
  'sandbox_setup_intents',
  'commerce_default_cards',
  'commerce_customer_courses',
  'commerce_course_sessions',
  'commerce_gift_vouchers',
  'commerce_taxes',
  'commerce_user_forms',
  'commerce_leads',
  'commerce_processor_customers',
  'commerce_square_payments',
  'commerce_refund_notices',
] as const

export const tenantIdMigration: Migration = {
  async up(db: Kysely<any>) {
    for (const table of tenantTables) {
      await sql`ALTER TABLE ${sql.table(table)} RENAME COLUMN tenant TO tenant_id`.execute(db)
    }
  },
}
