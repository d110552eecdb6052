/** Kysely row types of the commerce tables (commerce.migration.ts). */
import type { ColumnType, Generated } from 'kysely'
import type { DbOrTrx } from '../db/schema'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
/** numeric columns come back as strings from both drivers; write numbers. */
type Numeric = ColumnType<string, number | string, number | string>
type Json<T> = ColumnType<T, string, string>

export interface CommerceTables {
  commerce_invoices: {
    id: string
    tenant_id: string
    code: string
    customer_id: string
    clinic_id: string | null
    description: string
    origin: string
    amount: Numeric
    discount: ColumnType<string, number | string | undefined, number | string>
    currency: Generated<string>
    is_draft: Generated<boolean>
    payment_status: Generated<string>
    created_at: Timestamp
    updated_at: Timestamp
    /** a course purchase's or gift voucher's key (the client's): one invoice a key and customer */
    purchase_key: ColumnType<string | null, string | null | undefined, string | null>
  }
  commerce_invoice_items: {
    id: string
    tenant_id: string
    invoice_id: string
    position: number
    type: string
    name: string
    quantity: number
    list_price: Numeric
    gross_price: Numeric
    net_price: Numeric
    tax: number
    tax_value: Numeric
    discount: Numeric
    final_price: Numeric
    reference_id: string | null
    location: string | null
    online_sale: Generated<boolean>
    gift_voucher_receiver: Json<unknown> | null
    refunded_amount: ColumnType<string, number | undefined, number>
  }
  commerce_invoice_appointments: { tenant_id: string; invoice_id: string; appointment_id: string }
  commerce_payments: {
    id: string
    tenant_id: string
    invoice_id: string
    transaction_id: string
    processor: string
    amount: Numeric
    status: Generated<string>
    message: string | null
    created_at: Timestamp
    settled_at: NullableTimestamp
    /** When the payment reconciler next asks the processor about this open payment. */
    next_check_at: Timestamp
    /** How many times the reconciler asked. */
    checks: Generated<number>
    /** the spec's payment type: Card, Card Terminal, Cash, Giftvoucher; 'Online' for the customer's own card payment (0125) */
    type: Generated<string>
    /** the gift voucher that paid, for type Giftvoucher (0125) */
    voucher_id: ColumnType<string | null, string | null | undefined, string | null>
  }
  sandbox_payments: {
    transaction_id: string
    tenant_id: string
    idempotency_key: string
    amount: Numeric
    currency: string
    reference: string
    description: string | null
    status: Generated<string>
    failure_message: string | null
    card_brand: string | null
    card_last4: string | null
    charges: Generated<number>
    created_at: Timestamp
    updated_at: Timestamp
  }
  sandbox_nonces: {
    nonce: string
    tenant_id: string
    brand: string
    last4: string
    exp_month: number
    exp_year: number
    outcome: string
    used_at: NullableTimestamp
    created_at: Timestamp
  }
  sandbox_cards: {
    id: string
    tenant_id: string
    customer_id: string
    brand: string
    last4: string
    exp_month: number
    exp_year: number
    created_at: Timestamp
    deleted_at: NullableTimestamp
  }
  sandbox_setup_intents: {
    client_secret: string
    tenant_id: string
    customer_id: string
    status: Generated<string>
    card_id: string | null
    processing_until: NullableTimestamp
    created_at: Timestamp
  }
  commerce_default_cards: { tenant_id: string; customer_id: string; card_id: string }
  /** the 'default card' choice of a setup intent, applied once the card is saved (0112) */
  commerce_card_setups: {
    tenant_id: string
    processor: string
    setup_intent_id: string
    customer_id: string
    make_default: boolean
    applied_at: NullableTimestamp
    created_at: Generated<Date>
  }
  commerce_customer_courses: {
    id: string
    tenant_id: string
    customer_id: string
    course_id: string
    name: string
    service_id: string | null
    category_id: string | null
    quantity: number
    redeemed: Generated<number>
    price: Numeric
    tax: number
    invoice_id: string | null
    purchase_location: string | null
    status: Generated<string>
    sold_at: Timestamp
    ends_on: NullableTimestamp
  }
  commerce_course_sessions: {
    tenant_id: string
    customer_course_id: string
    appointment_id: string
    status: Generated<string>
    created_at: Timestamp
  }
  commerce_gift_vouchers: {
    id: string
    tenant_id: string
    code: string
    amount: Numeric
    balance: Numeric
    buyer_customer_id: string
    for_self: boolean
    receiver_name: string | null
    receiver_email: string | null
    message: string | null
    invoice_id: string | null
    invoice_item_id: string | null
    status: Generated<string>
    expires_at: NullableTimestamp
    created_at: Timestamp
  }
  commerce_taxes: {
    id: string
    tenant_id: string
    organisation_id: string | null
    name: string
    rate: number
    archived: Generated<boolean>
    inactive: Generated<boolean>
    created_at: Timestamp
    updated_at: Timestamp
  }
  commerce_user_forms: {
    id: string
    tenant_id: string
    customer_id: string
    type: string
    model: Json<unknown>
    password_hash: string | null
    is_signed: Generated<boolean>
    is_updated: Generated<boolean>
    signature: string | null
    answers: Json<unknown> | null
    signed_at: NullableTimestamp
    updated_at: NullableTimestamp
    created_at: Timestamp
  }
  commerce_leads: {
    id: string
    tenant_id: string
    status: Generated<string>
    title: string | null
    first_name: string
    surname: string
    email: string
    gender: string | null
    date_of_birth: string | null
    mobile_phone: string | null
    referral_source: string | null
    interested: Json<string[]>
    marketing_types: Json<string[]>
    message: string | null
    created_at: Timestamp
  }
}

/** The one database handle (root or transaction): commerce code sees every table, as the core does. */
export type CommerceDb = DbOrTrx

/** A fresh 24-hex id (the ids the spec's client expects look like Mongo ids). */
export function newId(): string {
  return globalThis.crypto.getRandomValues(new Uint8Array(12)).reduce((s, b) => s + b.toString(16).padStart(2, '0'), '')
}

export const money = (value: string | number | null | undefined): number => Number(value ?? 0)
