/**
 * Commerce tables: invoices and payments (idempotent per transaction id), the sandbox processor's
 * records, stored-card preferences, customer courses, gift vouchers, taxes, user forms and leads.
 * Every row carries its tenant; every lookup is scoped by it.
 */
import { sql, type Kysely, type Migration } from 'kysely'

const statements = [
  sql`CREATE TABLE commerce_invoices (
    id text PRIMARY KEY,
    tenant text NOT NULL,
    code text NOT NULL,
    customer_id text NOT NULL,
    clinic_id text,
    description text NOT NULL,
    origin text NOT NULL,
    amount numeric(12,2) NOT NULL,
    discount numeric(12,2) NOT NULL DEFAULT 0,
    currency text NOT NULL DEFAULT 'GBP',
    is_draft boolean NOT NULL DEFAULT true,
    payment_status text NOT NULL DEFAULT 'Unpaid',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant, code)
  )`,
  sql`CREATE INDEX commerce_invoices_customer ON commerce_invoices (tenant, customer_id)`,
  sql`CREATE TABLE commerce_invoice_items (
    id text PRIMARY KEY,
    tenant text NOT NULL,
    invoice_id text NOT NULL REFERENCES commerce_invoices(id) ON DELETE CASCADE,
    position integer NOT NULL,
    type text NOT NULL,
    name text NOT NULL,
    quantity integer NOT NULL DEFAULT 1,
    list_price numeric(12,2) NOT NULL,
    gross_price numeric(12,2) NOT NULL,
    net_price numeric(12,2) NOT NULL,
    tax integer NOT NULL DEFAULT 0,
    tax_value numeric(12,2) NOT NULL DEFAULT 0,
    discount numeric(12,2) NOT NULL DEFAULT 0,
    final_price numeric(12,2) NOT NULL,
    reference_id text,
    location text,
    online_sale boolean NOT NULL DEFAULT true,
    gift_voucher_receiver jsonb,
    refunded_amount numeric(12,2) NOT NULL DEFAULT 0
  )`,
  sql`CREATE INDEX commerce_invoice_items_invoice ON commerce_invoice_items (invoice_id)`,
  // The held appointments a deposit invoice pays for.
  sql`CREATE TABLE commerce_invoice_appointments (
    tenant text NOT NULL,
    invoice_id text NOT NULL REFERENCES commerce_invoices(id) ON DELETE CASCADE,
    appointment_id text NOT NULL,
    PRIMARY KEY (invoice_id, appointment_id)
  )`,
  sql`CREATE TABLE commerce_payments (
    id text PRIMARY KEY,
    tenant text NOT NULL,
    invoice_id text NOT NULL REFERENCES commerce_invoices(id),
    transaction_id text NOT NULL UNIQUE,
    processor text NOT NULL,
    amount numeric(12,2) NOT NULL,
    status text NOT NULL DEFAULT 'open',
    message text,
    created_at timestamptz NOT NULL DEFAULT now(),
    settled_at timestamptz
  )`,
  // At most one open payment per invoice: a retried pay returns it instead of opening another.
  sql`CREATE UNIQUE INDEX commerce_payments_one_open ON commerce_payments (invoice_id) WHERE status = 'open'`,
  // At most one successful payment per invoice.
  sql`CREATE UNIQUE INDEX commerce_payments_one_paid ON commerce_payments (invoice_id) WHERE status = 'paid'`,

  sql`CREATE TABLE sandbox_payments (
    transaction_id text PRIMARY KEY,
    tenant text NOT NULL,
    idempotency_key text NOT NULL,
    amount numeric(12,2) NOT NULL,
    currency text NOT NULL,
    reference text NOT NULL,
    description text,
    status text NOT NULL DEFAULT 'open',
    failure_message text,
    card_brand text,
    card_last4 text,
    charges integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant, idempotency_key)
  )`,
  sql`CREATE TABLE sandbox_nonces (
    nonce text PRIMARY KEY,
    tenant text NOT NULL,
    brand text NOT NULL,
    last4 text NOT NULL,
    exp_month integer NOT NULL,
    exp_year integer NOT NULL,
    outcome text NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE sandbox_cards (
    id text PRIMARY KEY,
    tenant text NOT NULL,
    customer_id text NOT NULL,
    brand text NOT NULL,
    last4 text NOT NULL,
    exp_month integer NOT NULL,
    exp_year integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  sql`CREATE INDEX sandbox_cards_customer ON sandbox_cards (tenant, customer_id)`,
  sql`CREATE TABLE sandbox_setup_intents (
    client_secret text PRIMARY KEY,
    tenant text NOT NULL,
    customer_id text NOT NULL,
    status text NOT NULL DEFAULT 'requires_payment_method',
    card_id text,
    processing_until timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE commerce_default_cards (
    tenant text NOT NULL,
    customer_id text NOT NULL,
    card_id text NOT NULL,
    PRIMARY KEY (tenant, customer_id)
  )`,

  sql`CREATE TABLE commerce_customer_courses (
    id text PRIMARY KEY,
    tenant text NOT NULL,
    customer_id text NOT NULL,
    course_id text NOT NULL,
    name text NOT NULL,
    service_id text,
    category_id text,
    quantity integer NOT NULL,
    redeemed integer NOT NULL DEFAULT 0,
    price numeric(12,2) NOT NULL,
    tax integer NOT NULL DEFAULT 0,
    invoice_id text REFERENCES commerce_invoices(id),
    purchase_location text,
    status text NOT NULL DEFAULT 'Unpaid',
    sold_at timestamptz NOT NULL DEFAULT now(),
    ends_on timestamptz,
    CHECK (quantity > 0 AND redeemed >= 0)
  )`,
  sql`CREATE INDEX commerce_customer_courses_customer ON commerce_customer_courses (tenant, customer_id, sold_at DESC)`,
  // Sessions booked from a course: one row per appointment; the count is checked under a row lock.
  sql`CREATE TABLE commerce_course_sessions (
    tenant text NOT NULL,
    customer_course_id text NOT NULL REFERENCES commerce_customer_courses(id),
    appointment_id text NOT NULL,
    status text NOT NULL DEFAULT 'booked',
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (customer_course_id, appointment_id)
  )`,

  sql`CREATE TABLE commerce_gift_vouchers (
    id text PRIMARY KEY,
    tenant text NOT NULL,
    code text NOT NULL,
    amount numeric(12,2) NOT NULL,
    balance numeric(12,2) NOT NULL,
    buyer_customer_id text NOT NULL,
    for_self boolean NOT NULL,
    receiver_name text,
    receiver_email text,
    message text,
    invoice_id text REFERENCES commerce_invoices(id),
    invoice_item_id text,
    status text NOT NULL DEFAULT 'Unpaid',
    expires_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant, code)
  )`,

  sql`CREATE TABLE commerce_taxes (
    id text PRIMARY KEY,
    tenant text NOT NULL,
    organisation_id text,
    name text NOT NULL,
    rate integer NOT NULL CHECK (rate >= 0 AND rate <= 100),
    archived boolean NOT NULL DEFAULT false,
    inactive boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,

  sql`CREATE TABLE commerce_user_forms (
    id text PRIMARY KEY,
    tenant text NOT NULL,
    customer_id text NOT NULL,
    type text NOT NULL,
    model jsonb NOT NULL,
    password_hash text,
    is_signed boolean NOT NULL DEFAULT false,
    is_updated boolean NOT NULL DEFAULT false,
    signature text,
    answers jsonb,
    signed_at timestamptz,
    updated_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  sql`CREATE TABLE commerce_leads (
    id text PRIMARY KEY,
    tenant text NOT NULL,
    status text NOT NULL DEFAULT 'Open',
    title text,
    first_name text NOT NULL,
    surname text NOT NULL,
    email text NOT NULL,
    gender text,
    date_of_birth text,
    mobile_phone text,
    referral_source text,
    interested jsonb NOT NULL DEFAULT '[]',
    marketing_types jsonb NOT NULL DEFAULT '[]',
    message text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
]

export const commerceMigration: Migration = {
  async up(db: Kysely<any>) {
    for (const statement of statements) await statement.execute(db)
  },
}
