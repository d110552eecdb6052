/**
 * The right to erasure, in the database (issue 30): one transaction that deletes or anonymises every
 * row about a customer except the accounting records, which keep the customer's id under a pseudonym.
 */
import { eraseWaitlistOf } from '../waitlist/waitlist.repository'
import { sql } from 'kysely'
import { OCCUPYING_STATUSES, type Db, type DbOrTrx } from '../db/schema'
import { erasedAddressOf } from './erased-address'
import { eraseVoucherTraces } from './erasure-vouchers.repository'
import { emitWebhookEvents } from '../integrations/webhooks.service'
import { BOOKING_EVENT_COLUMNS, bookingEventAppointment } from '../integrations/webhook-payloads'

/** What invoices, payments and the staff's lists show for an erased customer: no name, only a short tag. */
export function pseudonymOf(customerId: string): { firstName: string; surname: string; email: string } {
  return { firstName: 'Erased', surname: `customer ${customerId.slice(-8)}`, email: erasedAddressOf(customerId) }
}

export interface ErasedCounts {
  appointmentsCancelled: number
  formsDeleted: number
  leadsDeleted: number
  messagesDeleted: number
  invoicesKept: number
}

const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) => Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0)

/** The tables whose erased rows held personal data (the customer's, their forms, cards, mail, tokens, enquiries). */
const ERASED_TABLES = ['customers', 'outbox', 'commerce_user_forms', 'commerce_leads', 'sandbox_cards', 'sandbox_setup_intents', 'commerce_card_setups', 'commerce_processor_customers', 'tokens', 'slot_holds', 'customer_notes', 'waitlist_entries', 'waitlist_offers', 'notices', 'commerce_gift_vouchers', 'commerce_invoice_items'] as const

/**
 * The embedded database's files after an erasure: a data-directory backup (PGlite's, `clinic admin
 * backup`) copies the files, where the erased values live on in dead row versions, in indexes and in
 * the write-ahead log (full-page images). VACUUM FULL rewrites the tables and their indexes into new
 * files; then two WAL segment switches with checkpoints, with recycling off (a recycled segment keeps
 * its old bytes), leave no segment written before. PGlite only: it is small and has one connection;
 * on PostgreSQL backups are pg_dump's (live rows only) and VACUUM FULL would lock busy tables.
 */
export async function scrubEmbeddedFiles(db: Db): Promise<void> {
  await sql`SET wal_recycle = off`.execute(db)
  try {
    await sql`VACUUM FULL ${sql.join(ERASED_TABLES.map((table) => sql.table(table)))}`.execute(db)
    for (let i = 0; i < 2; i++) {
      await sql`CHECKPOINT`.execute(db)
      await sql`SELECT pg_switch_wal()`.execute(db)
    }
    await sql`CHECKPOINT`.execute(db)
  } finally {
    await sql`RESET wal_recycle`.execute(db)
  }
}

export async function customerContact(db: DbOrTrx, tenant: string, customerId: string, options: { lock?: boolean } = {}) {
  const query = db
    .selectFrom('customers')
    .select(['id', 'email', 'mobile_phone', 'password_hash', 'first_name', 'surname'])
    .where('tenant_id', '=', tenant)
    .where('id', '=', customerId)
  return (options.lock ? query.forUpdate() : query).executeTakeFirst()
}

/**
 * Erases one customer; the caller runs it in a transaction. Future visits are cancelled without a
 * notice (the customer asked to hear nothing more), which frees their slots (Cancelled occupies none);
 * the messages to them, sent or waiting, go, so the outbox cannot send one afterwards.
 */
export async function eraseCustomerRows(trx: DbOrTrx, tenant: string, customerId: string, now: Date): Promise<ErasedCounts | undefined> {
  // FOR UPDATE waits for a booking being written for the customer (its foreign key holds a KEY SHARE
  // lock on this row until it commits), so the cancellation below sees that booking too.
  const contact = await customerContact(trx, tenant, customerId, { lock: true })
  if (!contact) return undefined
  const addresses = [contact.email, ...(contact.mobile_phone ? [contact.mobile_phone, contact.mobile_phone.replace(/\s+/g, '')] : [])]
  // The customer's cancellation (their request), as the reports count it; integrators hear of it
  // (booking.cancelled carries ids and times only), or their copy would stay booked.
  const cancelled = await trx
    .updateTable('appointments')
    .set({ status: 'Cancelled', cancelled_by: 'customer', cancelled_at: now, hold_id: null, updated_at: now })
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('status', 'in', [...OCCUPYING_STATUSES])
    .where('starts_at', '>', now)
    .returning([...BOOKING_EVENT_COLUMNS])
    .execute()
  // One event per cancelled booking, as each cancel sends; their data is what the UPDATE returned
  // (no read a visit), and whether anyone listens is asked once, however many visits there were.
  const events = cancelled.flatMap((row) => {
    const appointment = bookingEventAppointment(row)
    return appointment ? [{ appointment, appointments: [appointment], cancelledBy: 'customer' as const }] : []
  })
  await emitWebhookEvents(trx, tenant, 'booking.cancelled', now, events)
  // The waitlist's offers name the customer's slot holds (issue 32): they go first.
  await eraseWaitlistOf(trx, tenant, customerId, now)
  await trx.deleteFrom('slot_holds').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).execute()
  // The staff's notes about the customer are personal data too.
  await sql`DELETE FROM customer_notes WHERE tenant_id = ${tenant} AND customer_id = ${customerId}`.execute(trx)
  const forms = await trx.deleteFrom('commerce_user_forms').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).executeTakeFirst()
  const leads = await trx.deleteFrom('commerce_leads').where('tenant_id', '=', tenant).where(sql<string>`lower(email)`, '=', contact.email.toLowerCase()).executeTakeFirst()
  const messages = await trx.deleteFrom('outbox').where('tenant_id', '=', tenant).where('to_address', 'in', addresses).executeTakeFirst()
  // Webhook deliveries that carry the customer's email (customer.created): the delivery log keeps no copy.
  await trx.deleteFrom('outbox').where('tenant_id', '=', tenant).where('channel', '=', 'webhook').where(sql<boolean>`strpos(text, ${contact.email}) > 0`).execute()
  await trx.deleteFrom('tokens').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).execute()
  await trx.deleteFrom('commerce_default_cards').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).execute()
  await trx.deleteFrom('commerce_card_setups').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).execute()
  await trx.deleteFrom('sandbox_setup_intents').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).execute()
  await trx.deleteFrom('sandbox_cards').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).execute()
  await trx.deleteFrom('commerce_processor_customers').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).execute()
  const pseudonym = pseudonymOf(customerId)
  // Gift vouchers to or from her, and the notices and mail of others that name her in them.
  await eraseVoucherTraces(trx, tenant, {
    customerId,
    email: contact.email,
    fullName: `${contact.first_name} ${contact.surname}`.trim(),
    pseudonym: { name: `${pseudonym.firstName} ${pseudonym.surname}`, email: pseudonym.email },
  })
  const at = now.toISOString()
  await trx
    .updateTable('customers')
    .set({
      email: pseudonym.email,
      first_name: pseudonym.firstName,
      surname: pseudonym.surname,
      // Not a scrypt hash: no password ever matches it.
      password_hash: 'erased',
      verified: false,
      title: null,
      middle_name: null,
      date_of_birth: null,
      gender: null,
      mobile_phone: null,
      referral_source: null,
      address1: null,
      address2: null,
      city: null,
      county: null,
      post_code: null,
      country_value: null,
      country_label: null,
      marketing_types: '[]',
      notification_types: '[]',
      // A new session generation, as a password change starts one: every token issued so far is refused.
      tokens_valid_after: sql<Date>`date_trunc('milliseconds', greatest(${at}::timestamptz, coalesce(tokens_valid_after + interval '1 millisecond', ${at}::timestamptz)))`,
    })
    .where('tenant_id', '=', tenant)
    .where('id', '=', customerId)
    .execute()
  const invoices = await trx
    .selectFrom('commerce_invoices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
  return {
    appointmentsCancelled: cancelled.length,
    formsDeleted: count(forms),
    leadsDeleted: count(leads),
    messagesDeleted: count(messages),
    invoicesKept: Number(invoices?.n ?? 0),
  }
}
