/**
 * The operator's side (issue 13): staff accounts per tenant (admin, practitioner), their one-time
 * set-password tokens and logged-out sessions; readable slugs and an archived flag on the catalogue
 * items a set-up document names; clinic opening hours.
 */
import { sql, type Kysely, type Migration } from 'kysely'

const statements = [
  sql`CREATE TABLE staff (
    id text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants(id),
    email text NOT NULL,
    display_name text NOT NULL,
    role text NOT NULL CHECK (role IN ('admin', 'practitioner')),
    practitioner_id text REFERENCES practitioners(id),
    password_hash text,
    tokens_valid_after timestamptz,
    archived boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, email)
  )`,
  sql`CREATE TABLE staff_tokens (
    token_hash text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants(id),
    staff_id text NOT NULL REFERENCES staff(id),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  sql`CREATE TABLE staff_revoked_sessions (
    token_hash text PRIMARY KEY,
    tenant_id text NOT NULL REFERENCES tenants(id),
    staff_id text NOT NULL REFERENCES staff(id),
    expires_at timestamptz NOT NULL
  )`,
  sql`CREATE INDEX staff_revoked_sessions_expires_at ON staff_revoked_sessions (expires_at)`,
  sql`CREATE TABLE clinic_hours (
    tenant_id text NOT NULL REFERENCES tenants(id),
    clinic_id text NOT NULL REFERENCES clinics(id),
    weekday integer NOT NULL CHECK (weekday BETWEEN 0 AND 6),
    start_time text NOT NULL,
    end_time text NOT NULL
  )`,
  sql`CREATE INDEX clinic_hours_clinic ON clinic_hours (tenant_id, clinic_id)`,
  ...['clinics', 'categories', 'services', 'courses', 'practitioners'].flatMap((table) => [
    sql`ALTER TABLE ${sql.table(table)} ADD COLUMN slug text`,
    sql`CREATE UNIQUE INDEX ${sql.id(`${table}_tenant_slug`)} ON ${sql.table(table)} (tenant_id, slug)`,
  ]),
  ...['categories', 'services', 'courses', 'practitioners'].map((table) => sql`ALTER TABLE ${sql.table(table)} ADD COLUMN archived boolean NOT NULL DEFAULT false`),
]

export const staffMigration: Migration = {
  async up(db: Kysely<any>) {
    for (const statement of statements) await statement.execute(db)
  },
}
