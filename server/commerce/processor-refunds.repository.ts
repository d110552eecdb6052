/** SQL of refunds made in the card processor's dashboard (processor-refunds.ts). */
import { sql, type Expression } from 'kysely'
import { money, type CommerceDb } from './commerce.tables'

/**
 * What the dashboard's refunds recorded against a payment have given back of it so far, as a query
 * of one row `total`: a subselect beside a payment's columns (pass the outer row's `p.id` reference),
 * or read on its own through `dashboardRefunded`.
 */
export function dashboardRefundedQuery(db: CommerceDb, paymentId: string | Expression<string>) {
  return db
    .selectFrom('commerce_processor_refunds as r')
    .select((r) => r.fn.coalesce(r.fn.sum<string>('r.amount'), sql<string>`0`).as('total'))
    .where('r.payment_id', '=', paymentId)
    .where('r.recorded', '=', true)
}

export async function dashboardRefunded(db: CommerceDb, paymentId: string): Promise<number> {
  return money((await dashboardRefundedQuery(db, paymentId).executeTakeFirst())?.total)
}
