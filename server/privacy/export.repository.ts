/** Every row held about one customer of a tenant (the right of access), staff notes included; secrets and the tenant left out. */
import type { DbOrTrx } from '../db/schema'
import type { DeskExtra } from '../desk/desk.tables'

type Row = Record<string, unknown>

/** A row as the export shows it: no tenant id, no password or form password hash. */
function shown(row: object): Row {
  const { tenant_id: _tenant, password_hash: _password, ...rest } = row as Row
  return rest
}

export interface CustomerRows {
  customer: Row
  appointments: Row[]
  invoices: Row[]
  invoiceItems: Row[]
  forms: Row[]
  courses: Row[]
  giftVouchers: Row[]
  cards: Row[]
  messages: Row[]
  waitlist: Row[]
  notes: Row[]
}

export async function customerRows(db: DbOrTrx, tenant: string, customerId: string): Promise<CustomerRows | undefined> {
  const customer = await db.selectFrom('customers').selectAll().where('tenant_id', '=', tenant).where('id', '=', customerId).executeTakeFirst()
  if (!customer) return undefined
  const mobile = customer.mobile_phone?.replace(/\s+/g, '')
  const [appointments, invoices, forms, courses, giftVouchers, cards, messages, waitlist, offers, notes] = await Promise.all([
    db
      .selectFrom('appointments as a')
      .leftJoin('services as s', (j) => j.onRef('s.id', '=', 'a.service_id').on('s.tenant_id', '=', tenant))
      .leftJoin('practitioners as p', (j) => j.onRef('p.id', '=', 'a.practitioner_id').on('p.tenant_id', '=', tenant))
      .leftJoin('clinics as c', (j) => j.onRef('c.id', '=', 'a.clinic_id').on('c.tenant_id', '=', tenant))
      .selectAll('a')
      .select(['s.name as service_name', 'p.display_name as practitioner_name', 'c.account_name as clinic_name'])
      .where('a.tenant_id', '=', tenant)
      .where('a.customer_id', '=', customerId)
      .orderBy('a.starts_at')
      .execute(),
    db.selectFrom('commerce_invoices').selectAll().where('tenant_id', '=', tenant).where('customer_id', '=', customerId).orderBy('created_at').execute(),
    db.selectFrom('commerce_user_forms').selectAll().where('tenant_id', '=', tenant).where('customer_id', '=', customerId).orderBy('created_at').execute(),
    db.selectFrom('commerce_customer_courses').selectAll().where('tenant_id', '=', tenant).where('customer_id', '=', customerId).execute(),
    db.selectFrom('commerce_gift_vouchers').selectAll().where('tenant_id', '=', tenant).where('buyer_customer_id', '=', customerId).execute(),
    db.selectFrom('sandbox_cards').selectAll().where('tenant_id', '=', tenant).where('customer_id', '=', customerId).execute(),
    db
      .selectFrom('outbox')
      .select(['id', 'channel', 'to_address', 'subject', 'text', 'created_at', 'sent_at', 'failed_at'])
      .where('tenant_id', '=', tenant)
      .where((eb) => eb.or([eb('to_address', '=', customer.email), ...(mobile ? [eb('to_address', '=', mobile)] : [])]))
      .orderBy('created_at')
      .execute(),
    db.selectFrom('waitlist_entries').selectAll().where('tenant_id', '=', tenant).where('customer_id', '=', customerId).orderBy('created_at').execute(),
    db
      .selectFrom('waitlist_offers as o')
      .innerJoin('waitlist_entries as e', (j) => j.onRef('e.id', '=', 'o.entry_id').onRef('e.tenant_id', '=', 'o.tenant_id'))
      .select(['o.id', 'o.entry_id', 'o.clinic_id', 'o.practitioner_id', 'o.starts_at', 'o.ends_at', 'o.expires_at', 'o.status', 'o.created_at'])
      .where('o.tenant_id', '=', tenant)
      .where('e.customer_id', '=', customerId)
      .orderBy('o.created_at')
      .execute(),
    // The staff's notes about the customer: staff-only on screen, but the customer's personal data (the right of access).
    db
      .withTables<DeskExtra>()
      .selectFrom('customer_notes')
      .select(['id', 'author', 'text', 'created_at'])
      .where('tenant_id', '=', tenant)
      .where('customer_id', '=', customerId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ])
  const invoiceIds = invoices.map((i) => i.id)
  const invoiceItems = invoiceIds.length
    ? await db.selectFrom('commerce_invoice_items').selectAll().where('tenant_id', '=', tenant).where('invoice_id', 'in', invoiceIds).orderBy('invoice_id').orderBy('position').execute()
    : []
  return {
    customer: shown(customer),
    appointments: appointments.map(shown),
    invoices: invoices.map(shown),
    invoiceItems: invoiceItems.map(shown),
    forms: forms.map(shown),
    courses: courses.map(shown),
    giftVouchers: giftVouchers.map(shown),
    cards: cards.map(shown),
    messages: messages.map(shown),
    waitlist: waitlist.map((entry) => ({ ...shown(entry), offers: offers.filter((o) => o.entry_id === entry.id) })),
    notes,
  }
}
