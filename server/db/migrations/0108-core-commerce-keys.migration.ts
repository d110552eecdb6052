/**
 * Foreign keys between the core's tables and the commerce tables (issue 12): an invoice, a bought
 * course, a voucher, a form or a tax now points at a row that exists (customer, clinic, course,
 * appointment, organisation, tenant), and an appointment booked from a course at that bought course.
 * The processors' own tables (sandbox_*, commerce_processor_customers, ...) are the adapters' storage
 * and stay without keys into the core.
 * appointments.course_id is checked at commit (DEFERRABLE INITIALLY DEFERRED): a seed, or an import,
 * may write the appointment before the bought course in the same transaction.
 * Numbered 0108: it must run after the commerce migrations (0100-0103).
 */
import { sql, type Kysely, type Migration } from 'kysely'

/** [table, column, referenced table] */
export const CORE_COMMERCE_KEYS: readonly (readonly [string, string, string])[] = [
  ['commerce_invoices', 'tenant_id', 'tenants'],
  ['commerce_invoices', 'customer_id', 'customers'],
  ['commerce_invoices', 'clinic_id', 'clinics'],
  ['commerce_invoice_items', 'tenant_id', 'tenants'],
  ['commerce_invoice_appointments', 'tenant_id', 'tenants'],
  ['commerce_invoice_appointments', 'appointment_id', 'appointments'],
  ['commerce_payments', 'tenant_id', 'tenants'],
  ['commerce_default_cards', 'tenant_id', 'tenants'],
  ['commerce_default_cards', 'customer_id', 'customers'],
  ['commerce_customer_courses', 'tenant_id', 'tenants'],
  ['commerce_customer_courses', 'customer_id', 'customers'],
  ['commerce_customer_courses', 'course_id', 'courses'],
  ['commerce_customer_courses', 'service_id', 'services'],
  ['commerce_customer_courses', 'category_id', 'categories'],
  ['commerce_customer_courses', 'purchase_location', 'clinics'],
  ['commerce_course_sessions', 'tenant_id', 'tenants'],
  ['commerce_course_sessions', 'appointment_id', 'appointments'],
  ['commerce_gift_vouchers', 'tenant_id', 'tenants'],
  ['commerce_gift_vouchers', 'buyer_customer_id', 'customers'],
  ['commerce_taxes', 'tenant_id', 'tenants'],
  ['commerce_taxes', 'organisation_id', 'organisations'],
  ['commerce_user_forms', 'tenant_id', 'tenants'],
  ['commerce_user_forms', 'customer_id', 'customers'],
  ['commerce_leads', 'tenant_id', 'tenants'],
]

const keyName = (table: string, column: string) => `${table}_${column}_fkey`

export const coreCommerceKeysMigration: Migration = {
  async up(db: Kysely<any>) {
    for (const [table, column, target] of CORE_COMMERCE_KEYS) {
      await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(keyName(table, column))} FOREIGN KEY (${sql.id(column)}) REFERENCES ${sql.table(target)}(id)`.execute(db)
    }
    await sql`ALTER TABLE appointments ADD CONSTRAINT appointments_course_id_fkey FOREIGN KEY (course_id) REFERENCES commerce_customer_courses(id) DEFERRABLE INITIALLY DEFERRED`.execute(db)
  },
}
