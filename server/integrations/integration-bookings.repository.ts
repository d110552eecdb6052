/** What an API key's booking first answered beyond the booking's rows (migrations 0162, 0164), for its replays. */
import { sql } from 'kysely'
import type { DbOrTrx } from '../db/schema'

export interface FirstAnswer {
  customerCreated: boolean
  payUrl: string | null
  holdExpiresAt: string
}

/**
 * Written in the booking's transaction: the first answer is being made (its pay link not yet sent), so
 * that a replay racing it says so (409) rather than answer without its payUrl. A booking made anew under
 * the same id (the first one released) starts its own.
 */
export async function markAnswering(db: DbOrTrx, tenant: string, customerId: string, transactionId: string, customerCreated: boolean, holdExpiresAt: Date, now: Date): Promise<void> {
  const row = { customer_created: customerCreated, pay_url: null, hold_expires_at: holdExpiresAt, answered: false, created_at: now }
  await db
    .insertInto('integration_booking_answers')
    .values({ tenant_id: tenant, customer_id: customerId, transaction_id: transactionId, ...row })
    .onConflict((oc) => oc.columns(['tenant_id', 'customer_id', 'transaction_id']).doUpdateSet(row))
    .execute()
}

/** Kept once the booking is answered; a booking made anew under the same id (the first one released) answers anew. */
export async function saveFirstAnswer(db: DbOrTrx, tenant: string, customerId: string, transactionId: string, answer: FirstAnswer): Promise<void> {
  const row = { customer_created: answer.customerCreated, pay_url: answer.payUrl, hold_expires_at: answer.holdExpiresAt, answered: true }
  await db
    .insertInto('integration_booking_answers')
    .values({ tenant_id: tenant, customer_id: customerId, transaction_id: transactionId, ...row })
    .onConflict((oc) => oc.columns(['tenant_id', 'customer_id', 'transaction_id']).doUpdateSet(row))
    .execute()
}

/** A first answer being made since `since` (by a request still running, or one that stopped half-way). */
export interface Answering {
  answeringSince: Date
  customerCreated: boolean
}

/** The first answer kept, or the mark of one being made. */
export async function firstAnswer(db: DbOrTrx, tenant: string, customerId: string, transactionId: string): Promise<FirstAnswer | Answering | undefined> {
  const row = await db
    .selectFrom('integration_booking_answers')
    .select(['customer_created', 'pay_url', 'hold_expires_at', 'answered', 'created_at'])
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst()
  if (row && !row.answered) return { answeringSince: new Date(row.created_at), customerCreated: row.customer_created }
  return row && { customerCreated: row.customer_created, payUrl: row.pay_url, holdExpiresAt: new Date(row.hold_expires_at).toISOString() }
}

/**
 * A key's booking refused after it was written (its payment could not be started): its rows go, with
 * their deposit invoice (no payment was opened on it), the first answer being made, and the
 * booking.created deliveries not yet sent, so that a refused request leaves nothing behind, as a
 * booking refused before it was written. A customer made for it then goes too (dropUnbookedCustomer).
 */
export async function discardRefusedBooking(db: DbOrTrx, tenant: string, customerId: string, transactionId: string | null, ids: readonly string[]): Promise<void> {
  const mainId = ids[0]
  await db.transaction().execute(async (trx) => {
    const invoices = trx.selectFrom('commerce_invoice_appointments').select('invoice_id').where('tenant_id', '=', tenant).where('appointment_id', 'in', ids)
    await trx
      .deleteFrom('commerce_invoices')
      .where('tenant_id', '=', tenant)
      .where('id', 'in', invoices)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('commerce_payments').select('commerce_payments.id').whereRef('commerce_payments.invoice_id', '=', 'commerce_invoices.id'))))
      .execute()
    // Only rows no longer holding the time (released) or still Pending: a booking paid meanwhile stays.
    await trx.deleteFrom('appointments').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).where('id', 'in', ids).where('status', 'not in', ['Scheduled', 'Completed', 'Running late', 'Incomplete']).execute()
    if (transactionId) await trx.deleteFrom('integration_booking_answers').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).where('transaction_id', '=', transactionId).execute()
    await trx
      .deleteFrom('outbox')
      .where('tenant_id', '=', tenant)
      .where('channel', '=', 'webhook')
      .where('subject', '=', 'booking.created')
      .where('sent_at', 'is', null)
      .where(sql<boolean>`position(${`"id":"${mainId}"`} in text) > 0`)
      .execute()
  })
}
