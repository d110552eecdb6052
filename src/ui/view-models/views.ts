/**
 * The shapes the booking wizard's view models and pages show, mapped from the contract's types by
 * catalogue-views.ts, and the web app's configuration token.
 */
import type { SubCategory } from '../../contract/categories.routes'
import type { Clinic } from '../../contract/clinics.routes'
import type { CurrentUser } from '../../contract/customers.codecs'
import type { OrganisationPublic } from '../../contract/organisation.routes'
import type { Practitioner } from '../../contract/practitioners.routes'
import { token } from '../../application/inject'

/** A clinic as the contract lists it (the booking store remembers all but its picture). */
export type ClinicView = Pick<Clinic, 'id' | 'accountName' | 'address' | 'photo'>

/** The organisation's public settings; brandColour is not in the contract yet (AppShell reads it when a server sends one). */
export type OrganisationView = OrganisationPublic & { brandColour?: string }

/** The signed-in customer as the header and the wizard show them (the contract's fields). */
export type UserView = Pick<CurrentUser, 'id' | 'email' | 'firstName'> & Partial<Pick<CurrentUser, 'surname' | 'accountBalance'>>

/** A category of the flattened list (flattenCategories): the contract's fields, and a sub-category's parent's name. */
export type CategoryView = Pick<SubCategory, 'id' | 'name' | 'order'> & { parentName?: string }

/** Not a Pick of the contract's Service: it also shows courses, and derives its duration, price and course services. */
export interface ServiceView {
  id: string
  name: string
  onlineName?: string
  onlineDescription?: string
  onlineSubtitle?: string
  categoryId?: string
  defaultDuration: number
  defaultPrice: number
  showDurationOnline?: boolean
  showPriceOnline?: boolean
  lowestPrice?: number
  highestPrice?: number
  /** true when practitioner durations differ ('From N mins') */
  durationVaries?: boolean
  /** the shortest practitioner duration, shown after 'From' when durations differ */
  lowestDuration?: number
  bookingDepositType?: string
  bookingDepositAmount?: number
  /** set for a course purchase */
  salePrice?: number
  /** a course: the services it contains */
  courseServices?: { id: string; name: string; quantity?: number }[]
}

export interface CourseCategoryView {
  id: string
  name: string
  courses: ServiceView[]
}

/** A practitioner as the staff step lists them (the contract's fields). */
export type PractitionerView = Pick<Practitioner, 'id' | 'displayName' | 'description' | 'avatar' | 'grossPrice' | 'netPrice' | 'duration'>

export interface SlotView {
  /** ISO instant (UTC) */
  startDate: string
  endDate: string
  valid: boolean
  practitioner?: string
}

export interface DaysQuery {
  service: string
  month: number
  year: number
  location: string
  practitioner?: string
}

export interface SlotsQuery {
  date: string
  clinic: string
  /** one entry per basket service, in order */
  services: { service: string; staff?: string; forceInterval?: number }[]
  appointmentBeingReschedule?: string
  minimiseGaps?: boolean
}

/** A chosen time for each basket item (multi-service chain). */
export interface ChainSlot {
  startDate: string
  endDate: string
  practitioner?: string
  /** invalid slots are shown but not clickable */
  valid?: boolean
}

/** The confirm step's agree action (spec section 4 'Confirm action'). */
export type ConfirmInput =
  | {
      kind: 'book'
      customerId: string
      clinicId: string
      items: { serviceId: string; practitionerId?: string; start: string; end: string; price: number }[]
      deposit: number
      courseId?: string
    }
  | { kind: 'course'; customerId: string; clinicId: string; courseIds: string[] }
  /** every non-linked appointment moves by the offset of the first one to newStart */
  | { kind: 'reschedule'; clinicId: string; newStart: string; appointments: RescheduleSource[] }
  | { kind: 'giftVoucher'; customerId: string; clinicId: string; vouchers: { value: number; receiver?: { name: string; email: string; confirmEmail: string; message: string } }[] }

export type ConfirmResult =
  /** booked straight through (zero deposit) */
  | { _tag: 'Done' }
  /** the payment step follows */
  | { _tag: 'Payment'; paymentUrl: string; transactionId: string; invoiceId?: string; appointmentId?: string }

export interface SignUpRequest {
  title: string
  name: string
  surname: string
  dob: string
  gender: string
  email: string
  mobile: string
  password: string
  referralSource?: string
}

/** An appointment being rescheduled, with its current time. */
export interface RescheduleSource {
  appointmentId: string
  isLinked?: boolean
  start: string
  end: string
  serviceId: string
  practitionerId?: string
  price?: number
}

export interface RescheduleRequest {
  appointmentId: string
  clinicId: string
  serviceId: string
  practitionerId?: string
  start: string
  end: string
  price: number
}

/** Runtime configuration of the web app. */
export interface WebConfig {
  environment: 'production' | 'staging' | 'local'
  holdSeconds: number
  mapTilesUrl: string
}
export const WEB_CONFIG = token<WebConfig>('WebConfig')
