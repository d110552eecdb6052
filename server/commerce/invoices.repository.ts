/** SQL for invoices, their items, the appointments they pay for, and payments. */
import type { Selectable } from 'kysely'
import { randomBytes } from 'node:crypto'
import { money, newId, type CommerceDb, type CommerceTables } from './commerce.tables'

export type InvoiceRow = Selectable<CommerceTables['commerce_invoices']>
export type InvoiceItemRow = Selectable<CommerceTables['commerce_invoice_items']>
export type PaymentRow = Selectable<CommerceTables['commerce_payments']>

export interface NewInvoiceItem {
  type: string
  name: string
  quantity: number
  listPrice: number
  grossPrice: number
  netPrice: number
  tax?: number
  taxValue?: number
  finalPrice: number
  referenceId?: string | null
  location?: string | null
  giftVoucherReceiver?: unknown
}

export interface NewInvoice {
  tenant: string
  customerId: string
  clinicId: string | null
  description: string
  origin: string
  amount: number
  currency: string
  items: NewInvoiceItem[]
  appointmentIds?: readonly string[]
  /** a purchase's key (its one invoice: invoiceOfPurchase) */
  purchaseKey?: string
}

export const invoiceCode = () => `OB-${randomBytes(4).toString('hex').toUpperCase()}`

export async function insertInvoice(db: CommerceDb, input: NewInvoice): Promise<InvoiceRow> {
  const id = newId()
  const invoice = await db
    .insertInto('commerce_invoices')
    .values({
      id,
      tenant_id: input.tenant,
      code: invoiceCode(),
      customer_id: input.customerId,
      clinic_id: input.clinicId,
      description: input.description,
      origin: input.origin,
      amount: input.amount,
      currency: input.currency,
      purchase_key: input.purchaseKey ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  if (input.items.length > 0) {
    await db
      .insertInto('commerce_invoice_items')
      .values(
        input.items.map((item, position) => ({
          id: newId(),
          tenant_id: input.tenant,
          invoice_id: id,
          position,
          type: item.type,
          name: item.name,
          quantity: item.quantity,
          list_price: item.listPrice,
          gross_price: item.grossPrice,
          net_price: item.netPrice,
          tax: item.tax ?? 0,
          tax_value: item.taxValue ?? 0,
          discount: 0,
          final_price: item.finalPrice,
          reference_id: item.referenceId ?? null,
          location: item.location ?? null,
          gift_voucher_receiver: item.giftVoucherReceiver === undefined ? null : JSON.stringify(item.giftVoucherReceiver),
        })),
      )
      .execute()
  }
  if (input.appointmentIds && input.appointmentIds.length > 0) {
    await db
      .insertInto('commerce_invoice_appointments')
      .values(input.appointmentIds.map((appointment_id) => ({ tenant_id: input.tenant, invoice_id: id, appointment_id })))
      .execute()
  }
  return invoice
}

export function findInvoice(db: CommerceDb, tenant: string, id: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('commerce_invoices').selectAll().where('tenant_id', '=', tenant).where('id', '=', id).executeTakeFirst()
}

export function lockInvoice(trx: CommerceDb, tenant: string, id: string): Promise<InvoiceRow | undefined> {
  return trx.selectFrom('commerce_invoices').selectAll().where('tenant_id', '=', tenant).where('id', '=', id).forUpdate().executeTakeFirst()
}

export function invoiceItems(db: CommerceDb, invoiceId: string): Promise<InvoiceItemRow[]> {
  return db.selectFrom('commerce_invoice_items').selectAll().where('invoice_id', '=', invoiceId).orderBy('position').execute()
}

export async function invoiceAppointmentIds(db: CommerceDb, invoiceId: string): Promise<string[]> {
  const rows = await db.selectFrom('commerce_invoice_appointments').select('appointment_id').where('invoice_id', '=', invoiceId).execute()
  return rows.map((r) => r.appointment_id)
}

/** The invoice the customer's purchase of this key made, if any (whatever its status). */
export function invoiceOfPurchase(db: CommerceDb, tenant: string, customerId: string, purchaseKey: string): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('commerce_invoices')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('purchase_key', '=', purchaseKey)
    .executeTakeFirst()
}

/** The invoices that name this appointment. */
function invoicesOfAppointment(db: CommerceDb, tenant: string, appointmentId: string) {
  return db
    .selectFrom('commerce_invoices as i')
    .innerJoin('commerce_invoice_appointments as a', 'a.invoice_id', 'i.id')
    .selectAll('i')
    .where('i.tenant_id', '=', tenant)
    .where('a.appointment_id', '=', appointmentId)
}

/** An open (unpaid, not void) invoice already made for this appointment, if any. */
export function openInvoiceForAppointment(db: CommerceDb, tenant: string, appointmentId: string): Promise<InvoiceRow | undefined> {
  return invoicesOfAppointment(db, tenant, appointmentId)
    .where('i.payment_status', 'in', ['Unpaid', 'Paid'])
    .orderBy('i.created_at', 'desc')
    .executeTakeFirst()
}

/** The unpaid invoices (a pay link's, a payment page's) of an appointment's booking. */
export function unpaidInvoicesForAppointment(db: CommerceDb, tenant: string, appointmentId: string): Promise<InvoiceRow[]> {
  return invoicesOfAppointment(db, tenant, appointmentId)
    .where('i.payment_status', '=', 'Unpaid')
    .execute()
}

export async function setInvoiceStatus(db: CommerceDb, invoiceId: string, status: 'Paid' | 'Void' | 'Refund' | 'Unpaid', now: Date) {
  await db
    .updateTable('commerce_invoices')
    .set({ payment_status: status, is_draft: status === 'Unpaid', updated_at: now })
    .where('id', '=', invoiceId)
    .execute()
}

export function findPayment(db: CommerceDb, tenant: string, transactionId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('commerce_payments').selectAll().where('tenant_id', '=', tenant).where('transaction_id', '=', transactionId).executeTakeFirst()
}

export function lockPayment(trx: CommerceDb, tenant: string, transactionId: string): Promise<PaymentRow | undefined> {
  return trx
    .selectFrom('commerce_payments')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('transaction_id', '=', transactionId)
    .forUpdate()
    .executeTakeFirst()
}

export function openPaymentOf(db: CommerceDb, invoiceId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('commerce_payments').selectAll().where('invoice_id', '=', invoiceId).where('status', '=', 'open').executeTakeFirst()
}

export async function countPayments(db: CommerceDb, invoiceId: string): Promise<number> {
  const row = await db
    .selectFrom('commerce_payments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Records a payment; a second insert of the same transaction id changes nothing (idempotent). */
export async function insertPayment(
  db: CommerceDb,
  input: { tenant: string; invoiceId: string; transactionId: string; processor: string; amount: number; checkAt: Date },
): Promise<void> {
  await db
    .insertInto('commerce_payments')
    .values({
      id: newId(),
      tenant_id: input.tenant,
      invoice_id: input.invoiceId,
      transaction_id: input.transactionId,
      processor: input.processor,
      amount: input.amount,
      next_check_at: input.checkAt,
    })
    .onConflict((oc) => oc.column('transaction_id').doNothing())
    .execute()
}

export async function settlePayment(db: CommerceDb, transactionId: string, status: 'paid' | 'voided' | 'failed' | 'refunded', message: string | null, now: Date) {
  await db.updateTable('commerce_payments').set({ status, message, settled_at: now }).where('transaction_id', '=', transactionId).execute()
}

export const amountOf = (row: { amount: string }) => money(row.amount)
