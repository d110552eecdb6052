/** What an API key's booking first answered beyond the booking's rows (migration 0162), for its replays. */
import type { DbOrTrx } from '../db/schema'

export interface FirstAnswer {
  customerCreated: boolean
  payUrl: string | null
  holdExpiresAt: string
}

/** Kept once the booking is answered; a booking made anew under the same id (the first one released) answers anew. */
export async function saveFirstAnswer(db: DbOrTrx, tenant: string, customerId: string, transactionId: string, answer: FirstAnswer): Promise<void> {
  const row = { customer_created: answer.customerCreated, pay_url: answer.payUrl, hold_expires_at: answer.holdExpiresAt }
  await db
    .insertInto('integration_booking_answers')
    .values({ tenant_id: tenant, customer_id: customerId, transaction_id: transactionId, ...row })
    .onConflict((oc) => oc.columns(['tenant_id', 'customer_id', 'transaction_id']).doUpdateSet(row))
    .execute()
}

export async function firstAnswer(db: DbOrTrx, tenant: string, customerId: string, transactionId: string): Promise<FirstAnswer | undefined> {
  const row = await db
    .selectFrom('integration_booking_answers')
    .select(['customer_created', 'pay_url', 'hold_expires_at'])
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst()
  return row && { customerCreated: row.customer_created, payUrl: row.pay_url, holdExpiresAt: new Date(row.hold_expires_at).toISOString() }
}
