/** Kysely row types of the processor tables (processors.migration.ts). */
import type { ColumnType, Generated } from 'kysely'
import type { DbOrTrx } from '../db/schema'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

export interface ProcessorTables {
  commerce_processor_customers: { tenant_id: string; processor: string; customer_id: string; external_id: string; created_at: Generated<Date> }
  commerce_webhook_events: { processor: string; event_id: string; event_type: string; received_at: Generated<Date> }
  commerce_square_payments: {
    transaction_id: string
    tenant_id: string
    idempotency_key: string
    amount_minor: number
    currency: string
    reference: string
    square_payment_id: string | null
    status: Generated<string>
    failure_message: string | null
    created_at: Generated<Date>
    updated_at: Timestamp
  }
  commerce_refund_notices: { transaction_id: string; tenant_id: string; created_at: Generated<Date> }
  /** A refund the processor reported, once per refund id (0145); `recorded`: written against the payment by this row. */
  commerce_processor_refunds: { processor: string; refund_id: string; tenant_id: string; payment_id: string; amount: ColumnType<string, number, number>; recorded: boolean; created_at: Generated<Date> }
}

/** The one database handle (root or transaction): commerce code sees every table, as the core does. */
export type ProcessorDb = DbOrTrx
