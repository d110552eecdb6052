/** Kysely row types of the catalogue tables (migrations/0001-core.migration.ts): clinics, categories, services, courses, practitioners, their hours and closures. */
import type { Generated } from 'kysely'
import type { Numeric, NullableNumeric } from './schema'

export interface ClinicsTable {
  id: string
  tenant_id: string
  account_name: string
  name: string | null
  line1: string
  line2: string | null
  city: string
  country: string | null
  post_code: string | null
  latitude: number | null
  longitude: number | null
  active: Generated<boolean>
  archived: Generated<boolean>
  show_online: Generated<boolean>
  position: Generated<number>
  /** contact shown where the customer must call or write to the clinic (migration 0110) */
  phone: string | null
  email: string | null
  /** picture of the clinic on the location list, an URL or a path served by the app */
  photo: string | null
}

export interface CategoriesTable {
  id: string
  tenant_id: string
  name: string
  parent_id: string | null
  position: Generated<number>
  show_online: Generated<boolean>
}

export interface CategoryLocationsTable {
  tenant_id: string
  category_id: string
  clinic_id: string
  show_online: Generated<boolean>
}

export interface ServicesTable {
  id: string
  tenant_id: string
  category_id: string | null
  name: string
  online_name: string | null
  online_description: string | null
  online_subtitle: string | null
  /** minutes */
  default_duration: number
  default_price: Numeric
  /** integer percent (20 = 20% VAT, 0 = exempt) */
  tax_rate: Generated<number>
  tax_id: string | null
  show_duration_online: Generated<boolean>
  show_price_online: Generated<boolean>
  show_online: Generated<boolean>
  availability: Generated<string>
  booking_deposit_type: string | null
  booking_deposit_amount: NullableNumeric
  /** slot step in minutes */
  interval_minutes: Generated<number>
  position: Generated<number>
}

export interface ServiceLocationsTable {
  tenant_id: string
  service_id: string
  clinic_id: string
  show_online: Generated<boolean>
  gross_price: NullableNumeric
}

export interface ServicePractitionersTable {
  tenant_id: string
  service_id: string
  practitioner_id: string
  gross_price: NullableNumeric
  /** minutes */
  duration: number | null
}

export interface CoursesTable {
  id: string
  tenant_id: string
  category_id: string | null
  name: string
  description: string | null
  sale_price: Numeric
  tax_rate: Generated<number>
  validity_months: number | null
  show_online: Generated<boolean>
  position: Generated<number>
}

export interface CourseServicesTable {
  tenant_id: string
  course_id: string
  service_id: string
  quantity: number
}

export interface CourseLocationsTable {
  tenant_id: string
  course_id: string
  clinic_id: string
}

export interface PractitionersTable {
  id: string
  tenant_id: string
  display_name: string
  description: string | null
  gender: string | null
  avatar: string | null
  online_booking: Generated<boolean>
  active: Generated<boolean>
  position: Generated<number>
}

/** Weekly hours and breaks of a practitioner at a clinic (London wall time). */
export interface PractitionerHoursTable {
  tenant_id: string
  practitioner_id: string
  clinic_id: string
  /** 0 = Sunday .. 6 = Saturday */
  weekday: number
  /** 'HH:mm' */
  start_time: string
  end_time: string
  /** 'work' | 'break' */
  kind: string
}

/** Holidays (a practitioner's, or everyone's when practitioner_id is null) and clinic closed days. */
export interface ClosuresTable {
  id: string
  tenant_id: string
  /** 'holiday' | 'closed' */
  kind: string
  clinic_id: string | null
  practitioner_id: string | null
  /** London dates, inclusive */
  starts_on: string
  ends_on: string
  name: string | null
}
