/** Core schema: tenants, organisation, catalogue, practitioners, customers, appointments, tokens, outbox, lists. */
import { sql, type Kysely, type Migration } from 'kysely'

const statements = [
  sql`CREATE EXTENSION IF NOT EXISTS btree_gist`,
  sql`CREATE TABLE tenants (
    id text PRIMARY KEY,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE install_settings (key text PRIMARY KEY, value text NOT NULL)`,
  sql`CREATE TABLE organisations (
    id text PRIMARY KEY,
    tenant_id text NOT NULL UNIQUE REFERENCES tenants(id),
    name text NOT NULL,
    settings jsonb NOT NULL
  )`,
  sql`CREATE TABLE clinics (
    id text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants(id),
    account_name text NOT NULL,
    name text,
    line1 text NOT NULL,
    line2 text,
    city text NOT NULL,
    country text,
    post_code text,
    latitude double precision,
    longitude double precision,
    active boolean NOT NULL DEFAULT true,
    archived boolean NOT NULL DEFAULT false,
    show_online boolean NOT NULL DEFAULT true,
    position integer NOT NULL DEFAULT 0
  )`,
  sql`CREATE INDEX clinics_tenant ON clinics (tenant_id)`,
  sql`CREATE TABLE categories (
    id text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants(id),
    name text NOT NULL,
    parent_id text REFERENCES categories(id),
    position integer NOT NULL DEFAULT 0,
    show_online boolean NOT NULL DEFAULT true
  )`,
  sql`CREATE INDEX categories_tenant ON categories (tenant_id)`,
  sql`CREATE TABLE category_locations (
    tenant_id text NOT NULL,
    category_id text NOT NULL REFERENCES categories(id),
    clinic_id text NOT NULL REFERENCES clinics(id),
    show_online boolean NOT NULL DEFAULT true,
    PRIMARY KEY (category_id, clinic_id)
  )`,
  sql`CREATE TABLE services (
    id text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants(id),
    category_id text REFERENCES categories(id),
    name text NOT NULL,
    online_name text,
    online_description text,
    online_subtitle text,
    default_duration integer NOT NULL,
    default_price numeric(12,2) NOT NULL,
    tax_rate integer NOT NULL DEFAULT 20,
    tax_id text,
    show_duration_online boolean NOT NULL DEFAULT true,
    show_price_online boolean NOT NULL DEFAULT true,
    show_online boolean NOT NULL DEFAULT true,
    availability text NOT NULL DEFAULT 'BOOK_AND_SELL',
    booking_deposit_type text,
    booking_deposit_amount numeric(12,2),
    interval_minutes integer NOT NULL DEFAULT 15,
    position integer NOT NULL DEFAULT 0
  )`,
  sql`CREATE INDEX services_tenant_category ON services (tenant_id, category_id)`,
  sql`CREATE TABLE service_locations (
    tenant_id text NOT NULL,
    service_id text NOT NULL REFERENCES services(id),
    clinic_id text NOT NULL REFERENCES clinics(id),
    show_online boolean NOT NULL DEFAULT true,
    gross_price numeric(12,2),
    PRIMARY KEY (service_id, clinic_id)
  )`,
  sql`CREATE INDEX service_locations_tenant_clinic ON service_locations (tenant_id, clinic_id)`,
  sql`CREATE TABLE practitioners (
    id text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants(id),
    display_name text NOT NULL,
    description text,
    gender text,
    avatar text,
    online_booking boolean NOT NULL DEFAULT true,
    active boolean NOT NULL DEFAULT true,
    position integer NOT NULL DEFAULT 0
  )`,
  sql`CREATE INDEX practitioners_tenant ON practitioners (tenant_id)`,
  sql`CREATE TABLE service_practitioners (
    tenant_id text NOT NULL,
    service_id text NOT NULL REFERENCES services(id),
    practitioner_id text NOT NULL REFERENCES practitioners(id),
    gross_price numeric(12,2),
    duration integer,
    PRIMARY KEY (service_id, practitioner_id)
  )`,
  sql`CREATE INDEX service_practitioners_tenant ON service_practitioners (tenant_id, service_id)`,
  sql`CREATE TABLE practitioner_hours (
    tenant_id text NOT NULL,
    practitioner_id text NOT NULL REFERENCES practitioners(id),
    clinic_id text NOT NULL REFERENCES clinics(id),
    weekday integer NOT NULL CHECK (weekday BETWEEN 0 AND 6),
    start_time text NOT NULL,
    end_time text NOT NULL,
    kind text NOT NULL DEFAULT 'work' CHECK (kind IN ('work', 'break'))
  )`,
  sql`CREATE INDEX practitioner_hours_lookup ON practitioner_hours (tenant_id, clinic_id, practitioner_id)`,
  sql`CREATE TABLE closures (
    id text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants(id),
    kind text NOT NULL CHECK (kind IN ('holiday', 'closed')),
    clinic_id text REFERENCES clinics(id),
    practitioner_id text REFERENCES practitioners(id),
    starts_on text NOT NULL,
    ends_on text NOT NULL,
    name text
  )`,
  sql`CREATE INDEX closures_tenant ON closures (tenant_id, starts_on)`,
  sql`CREATE TABLE courses (
    id text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants(id),
    category_id text REFERENCES categories(id),
    name text NOT NULL,
    description text,
    sale_price numeric(12,2) NOT NULL,
    tax_rate integer NOT NULL DEFAULT 20,
    validity_months integer,
    show_online boolean NOT NULL DEFAULT true,
    position integer NOT NULL DEFAULT 0
  )`,
  sql`CREATE TABLE course_services (
    tenant_id text NOT NULL,
    course_id text NOT NULL REFERENCES courses(id),
    service_id text NOT NULL REFERENCES services(id),
    quantity integer NOT NULL,
    PRIMARY KEY (course_id, service_id)
  )`,
  sql`CREATE TABLE course_locations (
    tenant_id text NOT NULL,
    course_id text NOT NULL REFERENCES courses(id),
    clinic_id text NOT NULL REFERENCES clinics(id),
    PRIMARY KEY (course_id, clinic_id)
  )`,
  sql`CREATE TABLE customers (
    id text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants(id),
    email text NOT NULL,
    password_hash text NOT NULL,
    verified boolean NOT NULL DEFAULT false,
    role text NOT NULL DEFAULT 'customer',
    title text,
    first_name text NOT NULL,
    middle_name text,
    surname text NOT NULL,
    date_of_birth text,
    gender text,
    mobile_phone text,
    referral_source text,
    address1 text,
    address2 text,
    city text,
    county text,
    post_code text,
    country_value text,
    country_label text,
    marketing_types jsonb NOT NULL DEFAULT '[]',
    notification_types jsonb NOT NULL DEFAULT '[]',
    account_balance numeric(12,2) NOT NULL DEFAULT 0,
    tokens_valid_after timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, email)
  )`,
  sql`CREATE TABLE appointments (
    id text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants(id),
    customer_id text REFERENCES customers(id),
    practitioner_id text NOT NULL REFERENCES practitioners(id),
    clinic_id text NOT NULL REFERENCES clinics(id),
    service_id text NOT NULL REFERENCES services(id),
    type text NOT NULL DEFAULT 'Appointment',
    status text NOT NULL,
    starts_at timestamptz NOT NULL,
    ends_at timestamptz NOT NULL,
    hold_expires_at timestamptz,
    group_id text,
    is_linked boolean NOT NULL DEFAULT false,
    course_id text,
    price numeric(12,2),
    gross_price numeric(12,2),
    net_price numeric(12,2),
    tax numeric(12,2),
    deposit numeric(12,2),
    transaction_id text,
    checked_in boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (ends_at > starts_at),
    CONSTRAINT appointments_no_overlap EXCLUDE USING gist (
      tenant_id WITH =,
      practitioner_id WITH =,
      tstzrange(starts_at, ends_at) WITH &&
    ) WHERE (status IN ('Scheduled', 'Pending', 'Running late', 'Completed', 'Incomplete'))
  )`,
  sql`CREATE INDEX appointments_customer ON appointments (tenant_id, customer_id, starts_at)`,
  sql`CREATE INDEX appointments_group ON appointments (tenant_id, group_id)`,
  sql`CREATE INDEX appointments_holds ON appointments (hold_expires_at) WHERE status = 'Pending'`,
  sql`CREATE TABLE tokens (
    id text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants(id),
    customer_id text NOT NULL REFERENCES customers(id),
    purpose text NOT NULL,
    token_hash text NOT NULL UNIQUE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE outbox (
    id text PRIMARY KEY,
    tenant_id text NOT NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    text text NOT NULL,
    html text,
    attachments jsonb NOT NULL DEFAULT '[]',
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    attempts integer NOT NULL DEFAULT 0,
    last_error text,
    claimed_until timestamptz
  )`,
  sql`CREATE INDEX outbox_unsent ON outbox (created_at) WHERE sent_at IS NULL`,
  sql`CREATE TABLE lists (
    tenant_id text NOT NULL REFERENCES tenants(id),
    sys_name text NOT NULL,
    values jsonb NOT NULL,
    PRIMARY KEY (tenant_id, sys_name)
  )`,
  sql`CREATE TABLE countries (
    tenant_id text NOT NULL REFERENCES tenants(id),
    value text NOT NULL,
    label text NOT NULL,
    position integer NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant_id, value)
  )`,
]

export const coreMigration: Migration = {
  async up(db: Kysely<any>) {
    for (const statement of statements) await statement.execute(db)
  },
}
