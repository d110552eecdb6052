/** SQL of the desk's checkout: a booking's appointments, the payments made for it, vouchers and the checkout invoice. */
import { sql } from 'kysely'
import { CHECKOUT_DESCRIPTION } from '../../src/domain/desk/checkout'
import { money, newId, type CommerceDb } from '../commerce/commerce.tables'
import { dashboardRefundedQuery } from '../commerce/processor-refunds.repository'

/** The appointments of the booking the appointment belongs to (itself and its linked services), main first. */
export function bookingRows(db: CommerceDb, tenant: string, id: string) {
  return rowsOfBookings(db, tenant, [id])
}

/**
 * The appointments of every booking these appointments belong to, each with its booking's `root` (the
 * group's id, or its own): one query for a day's list of bookings. A booking's rows main first.
 */
export function rowsOfBookings(db: CommerceDb, tenant: string, ids: readonly string[]) {
  const root = db.selectFrom('appointments').select(sql<string>`coalesce(group_id, id)`.as('root')).where('tenant_id', '=', tenant).where('id', 'in', [...ids])
  return db
    .selectFrom('appointments as a')
    .innerJoin('services as s', (j) => j.onRef('s.id', '=', 'a.service_id').onRef('s.tenant_id', '=', 'a.tenant_id'))
    .leftJoin('customers as cu', (j) => j.onRef('cu.id', '=', 'a.customer_id').onRef('cu.tenant_id', '=', 'a.tenant_id'))
    .select([
      'a.id',
      'a.status',
      'a.customer_id',
      'a.clinic_id',
      'a.is_linked',
      'a.price',
      'a.gross_price',
      'a.net_price',
      'a.tax',
      's.default_price',
      sql<string>`coalesce(s.online_name, s.name)`.as('service'),
      sql<string | null>`nullif(trim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.surname, '')), '')`.as('customer'),
      sql<string>`coalesce(a.group_id, a.id)`.as('root'),
    ])
    .where('a.tenant_id', '=', tenant)
    .where('a.type', '=', 'Appointment')
    .where((eb) => eb.or([eb('a.id', 'in', root), eb('a.group_id', 'in', root)]))
    .orderBy('a.is_linked')
    .orderBy('a.starts_at')
    .execute()
}

export type BookingRow = Awaited<ReturnType<typeof bookingRows>>[number]

/** Locks the booking's rows (a second checkout of the same booking waits, then sees the first's payments). */
export async function lockBooking(trx: CommerceDb, tenant: string, ids: readonly string[]): Promise<void> {
  await trx.selectFrom('appointments').select('id').where('tenant_id', '=', tenant).where('id', 'in', [...ids]).orderBy('id').forUpdate().execute()
}

/**
 * The payments of the booking's invoices: the deposit invoices (linked to its appointments) and its
 * checkout invoices (whose Service lines name its appointments), oldest first.
 */
export function bookingPayments(db: CommerceDb, tenant: string, ids: readonly string[]) {
  const invoiceIds = db.selectFrom(invoiceLinks(db, tenant, ids).as('l')).select('l.invoice_id')
  return db
    .selectFrom('commerce_payments as p')
    .innerJoin('commerce_invoices as i', 'i.id', 'p.invoice_id')
    .leftJoin('commerce_gift_vouchers as v', 'v.id', 'p.voucher_id')
    .select([
      'p.id',
      'p.invoice_id',
      'p.transaction_id',
      'p.processor',
      'p.type',
      'p.amount',
      'p.status',
      'p.created_at',
      'p.settled_at',
      'i.code as invoice_code',
      'i.description',
      'i.customer_id',
      'i.currency',
      'v.code as voucher_code',
      // What refunds made in the processor's dashboard gave back of it already (processor-refunds.ts).
      (eb) => dashboardRefundedQuery(db, eb.ref('p.id')).as('dashboard_refunded'),
    ])
    .where('p.tenant_id', '=', tenant)
    .where('p.invoice_id', 'in', invoiceIds)
    .where('p.status', 'in', ['paid', 'refunded'])
    .orderBy('p.created_at')
    .execute()
}

/** The invoices of these appointments (the deposit invoices linked to them, the checkout invoices naming them), as pairs. */
function invoiceLinks(db: CommerceDb, tenant: string, ids: readonly string[]) {
  return db
    .selectFrom('commerce_invoice_appointments')
    .select(['invoice_id', 'appointment_id'])
    .where('tenant_id', '=', tenant)
    .where('appointment_id', 'in', [...ids])
    .union(
      db
        .selectFrom('commerce_invoice_items as it')
        .innerJoin('commerce_invoices as ci', 'ci.id', 'it.invoice_id')
        .select(['it.invoice_id', sql<string>`it.reference_id`.as('appointment_id')])
        .where('it.tenant_id', '=', tenant)
        .where('ci.description', '=', CHECKOUT_DESCRIPTION)
        .where('it.reference_id', 'in', [...ids]),
    )
}

/**
 * The payments of all these appointments' bookings at once, and which appointments each invoice is for (to
 * tell the bookings' payments apart): two queries, in parallel, for a day's list however many bookings it has.
 */
export async function paymentsOfAppointments(db: CommerceDb, tenant: string, ids: readonly string[]) {
  if (ids.length === 0) return { links: [], payments: [] }
  const [links, payments] = await Promise.all([invoiceLinks(db, tenant, ids).execute(), bookingPayments(db, tenant, ids)])
  return { links, payments }
}

export type BookingPaymentRow = Awaited<ReturnType<typeof bookingPayments>>[number]

/** The latest checkout invoice of the booking, if any. */
export async function checkoutInvoiceId(db: CommerceDb, tenant: string, ids: readonly string[]): Promise<string | undefined> {
  const row = await db
    .selectFrom('commerce_invoice_items as it')
    .innerJoin('commerce_invoices as ci', 'ci.id', 'it.invoice_id')
    .select('ci.id')
    .where('it.tenant_id', '=', tenant)
    .where('ci.description', '=', CHECKOUT_DESCRIPTION)
    .where('it.reference_id', 'in', [...ids])
    .orderBy('ci.created_at', 'desc')
    .executeTakeFirst()
  return row?.id
}

/** The gift voucher of a code (codes are compared without case and spaces), locked for the checkout's transaction. */
export function lockVoucher(trx: CommerceDb, tenant: string, code: string) {
  return trx
    .selectFrom('commerce_gift_vouchers')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where(sql<string>`upper(replace(code, ' ', ''))`, '=', code.replace(/\s+/g, '').toUpperCase())
    .forUpdate()
    .executeTakeFirst()
}

export async function debitVoucher(trx: CommerceDb, id: string, balance: number): Promise<void> {
  await trx.updateTable('commerce_gift_vouchers').set({ balance, ...(balance <= 0 ? { status: 'Used' } : {}) }).where('id', '=', id).execute()
}

/** A payment taken at the desk, settled as it is written (paid). */
export async function insertDeskPayment(
  trx: CommerceDb,
  p: { tenant: string; invoiceId: string; type: string; processor: string; transactionId: string; amount: number; voucherId: string | null; now: Date },
): Promise<void> {
  await trx
    .insertInto('commerce_payments')
    .values({
      id: newId(),
      tenant_id: p.tenant,
      invoice_id: p.invoiceId,
      transaction_id: p.transactionId,
      processor: p.processor,
      type: p.type,
      voucher_id: p.voucherId,
      amount: p.amount,
      status: 'paid',
      created_at: p.now,
      settled_at: p.now,
      next_check_at: p.now,
    })
    .execute()
}

/**
 * False when the payment was no longer paid: the processor's refund notification wrote this refund
 * first (server/commerce/processor-refunds.ts), and nothing is written twice.
 */
export async function markRefunded(trx: CommerceDb, paymentId: string, invoiceId: string, amount: number, now: Date): Promise<boolean> {
  const marked = await trx.updateTable('commerce_payments').set({ status: 'refunded', message: 'Refunded at the desk', settled_at: now }).where('id', '=', paymentId).where('status', '=', 'paid').executeTakeFirst()
  if (Number(marked.numUpdatedRows) === 0) return false
  await trx.updateTable('commerce_invoices').set({ payment_status: 'Refund', updated_at: now }).where('id', '=', invoiceId).execute()
  // The deposit invoice's first line carries what was given back.
  const first = await trx.selectFrom('commerce_invoice_items').select(['id', 'refunded_amount']).where('invoice_id', '=', invoiceId).orderBy('position').executeTakeFirst()
  if (first) await trx.updateTable('commerce_invoice_items').set({ refunded_amount: Number(first.refunded_amount) + amount }).where('id', '=', first.id).execute()
  return true
}
