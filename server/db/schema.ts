/**
 * Kysely row types of the core tables (migrations/0001-core.migration.ts). Every table carries
 * `tenant_id` (the tenant short name, e.g. 'demo') and every query filters by it.
 * numeric columns come back as strings from both drivers: read them with `toMoney`.
 */
import type { OrganisationPublic } from '../../src/contract/organisation.routes'
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely'
import type { CommerceTables } from '../commerce/commerce.tables'
import type { ProcessorTables } from '../commerce/processors.tables'
import type { HoldTables } from './holds.tables'
import type { IntegrationTables } from '../integrations/integrations.tables'
import type { ClinicsTable, CategoriesTable, CategoryLocationsTable, ServicesTable, ServiceLocationsTable, ServicePractitionersTable, CoursesTable, CourseServicesTable, CourseLocationsTable, PractitionersTable, PractitionerHoursTable, ClosuresTable } from './catalogue.tables'

export type { ClinicsTable, CategoriesTable, CategoryLocationsTable, ServicesTable, ServiceLocationsTable, ServicePractitionersTable, CoursesTable, CourseServicesTable, CourseLocationsTable, PractitionersTable, PractitionerHoursTable, ClosuresTable } from './catalogue.tables'
import type { WaitlistTables } from './waitlist.tables'

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
/** numeric: read as string, written as number. */
export type Numeric = ColumnType<string, number | string, number | string>
export type NullableNumeric = ColumnType<string | null, number | string | null | undefined, number | string | null>
export type Json<T> = ColumnType<T, string, string>

export interface TenantsTable {
  id: string
  name: string
  created_at: Generated<Date>
}

/** Install-wide settings (not tenant data): the generated JWT secret of a dev install. */
export interface InstallSettingsTable {
  key: string
  value: string
}

export interface OrganisationsTable {
  id: string
  tenant_id: string
  name: string
  /** The public settings of spec section 3 (contract OrganisationPublic minus id and name). */
  settings: Json<OrganisationSettings>
}

/** Public organisation settings (contract OrganisationPublic minus id and name), stored as one JSON document. */
export type OrganisationSettings = Omit<OrganisationPublic, 'id' | 'name'> & {
  /** not public in the spec: whether booking online needs a stored card */
  cardRequired?: boolean
  /** not public: minutes of notice before the first bookable start (default 0) */
  minNoticeMinutes?: number
  /** not public: hours before an appointment that its reminder goes (default 24; 0 turns reminders off) */
  reminderLeadHours?: number
  /** not public: an optional second reminder, e.g. 2 hours before */
  secondReminderLeadHours?: number | null
  /** not public: the mails' accent colour (#rgb or #rrggbb) */
  accentColour?: string
  /** not public: sites (origins) that may embed the lead form and the booking flow (server/http/embed-hosts.ts) */
  embedHosts?: string[]
  /** not public: minutes a waitlist offer holds its time for the customer (default 15, issue 32) */
  waitlistOfferMinutes?: number
}

export interface CustomersTable {
  id: string
  tenant_id: string
  email: string
  password_hash: string
  verified: Generated<boolean>
  title: string | null
  first_name: string
  middle_name: string | null
  surname: string
  date_of_birth: string | null
  gender: string | null
  mobile_phone: string | null
  referral_source: string | null
  address1: string | null
  address2: string | null
  city: string | null
  county: string | null
  post_code: string | null
  country_value: string | null
  country_label: string | null
  marketing_types: Json<string[]>
  notification_types: Json<string[]>
  account_balance: ColumnType<string, number | string | undefined, number | string>
  /** tokens issued before this instant are refused (password changed) */
  tokens_valid_after: NullableTimestamp
  created_at: Generated<Date>
}

export interface AppointmentsTable {
  id: string
  tenant_id: string
  customer_id: string | null
  practitioner_id: string
  clinic_id: string
  /** null only for a block of time (type Break, Block or Leave; migration 0125) */
  service_id: string | null
  /** the desk's label of a block of time (0125) */
  note: ColumnType<string | null, string | null | undefined, string | null>
  /** the repeating block series a block belongs to (0155) */
  series_id: ColumnType<string | null, string | null | undefined, string | null>
  /** 'Appointment' | 'Break' | 'Block' | 'Leave' */
  type: Generated<string>
  status: string
  starts_at: Timestamp
  ends_at: Timestamp
  hold_expires_at: NullableTimestamp
  /** id of the main appointment of a multi-service booking (null when alone) */
  group_id: string | null
  is_linked: Generated<boolean>
  /** customer course id when booked from a course */
  course_id: string | null
  price: NullableNumeric
  gross_price: NullableNumeric
  net_price: NullableNumeric
  tax: NullableNumeric
  deposit: NullableNumeric
  transaction_id: string | null
  /** the key of the request that first used transaction_id (0165; null before, or without an id) */
  transaction_request: ColumnType<string | null, string | null | undefined, string | null>
  /** the slot hold (slot_holds) this Pending row belongs to, while it is one */
  hold_id: string | null
  checked_in: Generated<boolean>
  /** 'customer' | 'clinic', set with status 'Cancelled' (null before migration 0114) */
  cancelled_by: ColumnType<string | null, string | null | undefined, string | null>
  cancelled_at: NullableTimestamp
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export interface TokensTable {
  id: string
  tenant_id: string
  customer_id: string
  /** 'verify' | 'reset' */
  purpose: string
  /** sha-256 of the token sent by mail */
  token_hash: string
  expires_at: Timestamp
  used_at: NullableTimestamp
  created_at: Generated<Date>
}

export interface OutboxTable {
  id: string
  tenant_id: string
  to_address: string
  subject: string
  text: string
  html: string | null
  attachments: Json<MailAttachment[]>
  created_at: Generated<Date>
  sent_at: NullableTimestamp
  attempts: Generated<number>
  last_error: string | null
  /** a sender claimed the row until then (several instances never send twice) */
  claimed_until: NullableTimestamp
  /** 'email' or 'sms' (migration 0007-notifications) */
  channel: Generated<string>
  /** not before then (backoff after a failure) */
  next_attempt_at: NullableTimestamp
  /** a day after the first failure: a row still failing then is kept with failed_at */
  give_up_at: NullableTimestamp
  failed_at: NullableTimestamp
  /** a webhook delivery's endpoint (channel 'webhook', migration 0135) */
  webhook_endpoint_id: string | null
  /** a webhook delivery's last HTTP status (none: no answer) */
  last_status: number | null
}

export interface MailAttachment {
  filename: string
  content: string
  contentType: string
  /** 'base64' when content is base64, else utf-8 text */
  encoding?: string
}

export interface ListsTable {
  tenant_id: string
  sys_name: string
  values: Json<string | string[]>
}

export interface CountriesTable {
  tenant_id: string
  value: string
  label: string
  position: number
}

export interface CatalogueVersionsTable {
  tenant_id: string
  version: ColumnType<string, never, never>
}

export interface BookingVersionsTable {
  tenant_id: string
  practitioner_id: string
  version: ColumnType<string, never, never>
}

/** Tokens ended by logout (0004). */
export interface RevokedSessionsTable {
  token_hash: string
  tenant_id: string
  customer_id: string
  expires_at: Date
}

/** Shared rate-limit counters (0004): one fixed window per route and client. */
export interface RateLimitsTable {
  route: string
  client: string
  hits: number
  window_ends: Date
}

export interface CoreTables {
  booking_versions: BookingVersionsTable
  catalogue_versions: CatalogueVersionsTable
  tenants: TenantsTable
  install_settings: InstallSettingsTable
  organisations: OrganisationsTable
  clinics: ClinicsTable
  categories: CategoriesTable
  category_locations: CategoryLocationsTable
  services: ServicesTable
  service_locations: ServiceLocationsTable
  service_practitioners: ServicePractitionersTable
  courses: CoursesTable
  course_services: CourseServicesTable
  course_locations: CourseLocationsTable
  practitioners: PractitionersTable
  practitioner_hours: PractitionerHoursTable
  closures: ClosuresTable
  customers: CustomersTable
  appointments: AppointmentsTable
  tokens: TokensTable
  outbox: OutboxTable
  revoked_sessions: RevokedSessionsTable
  rate_limits: RateLimitsTable
  lists: ListsTable
  countries: CountriesTable
}

/** Every table of the one database: core, commerce and processors (issue 12: one type, no casts at the seams). */
export interface AllTables extends CoreTables, CommerceTables, ProcessorTables, HoldTables, IntegrationTables, WaitlistTables {}

export type Db = Kysely<AllTables>
/** A handle that may be the root or a transaction. */
export type DbOrTrx = Kysely<AllTables> | Transaction<AllTables>
export type AppointmentRow = Selectable<AppointmentsTable>
export type NewAppointment = Insertable<AppointmentsTable>
export type CustomerRow = Selectable<CustomersTable>

/** Statuses that occupy a practitioner's time (the exclusion constraint's WHERE). */
export const OCCUPYING_STATUSES = ['Scheduled', 'Pending', 'Running late', 'Completed', 'Incomplete'] as const

/** numeric column value -> number (null stays null). */
export function toMoney(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const n = typeof value === 'number' ? value : Number(value)
  return Math.round(n * 100) / 100
}
