/** The booking wizard's state shapes (BookingViewModel), apart so that its view models share them. */
import type { BookingStep } from '../../domain/booking/steps'
import type { HeldTimeKey } from '../../domain/booking/hold'
import { initialWizardState, type WizardItem, type WizardState } from '../../domain/booking/wizard'
import type { ClinicView, PractitionerView, ServiceView } from './views'

export type Step = BookingStep
export type TimeStep = 'date' | 'hours'
export type ServiceViewKind = 'services' | 'courses' | 'giftVoucher'

/** A basket item: the domain wizard's item of the catalogue's services and practitioners. */
export type BasketItem = WizardItem<ServiceView, PractitionerView>

export interface GiftVoucherItem {
  value: number
  receiver?: { name: string; email: string; message: string }
}

export interface CourseContext {
  courseId: string
  courseServices: string[]
}

export interface RouteState {
  locationId?: string
  categoryId?: string
  serviceId?: string
  confirm?: boolean
  query: Record<string, string | undefined>
}

export interface RescheduleInput {
  appointmentId: string
  clinic: ClinicView
  /** the appointment first, then its linked ones; with appointmentId and event when known */
  items: { service: ServiceView; staff?: PractitionerView; appointmentId?: string; isLinked?: boolean; event?: { start: string; end: string } }[]
  linked: boolean
}

/**
 * The booking view model's one observable state: the domain's wizard state (issue 27), with what the
 * page shows of it that the domain names by id only (the clinic), and the query of the URL last routed.
 */
export type BookingState = WizardState<ServiceView, PractitionerView> & {
  location?: ClinicView
  /** the category the URL names (a step URL's service has none of its own) */
  categoryId?: string
  query: Record<string, string | undefined>
}

export const initialBookingState: BookingState = { ...(initialWizardState as WizardState<ServiceView, PractitionerView>), query: {} }

/**
 * What the wizard's moves (booking-back, -choice, -modes, -route) read of the booking view model and
 * the one way they change it (`patch`): named here, so that they need not import the view model that
 * imports them (no import cycle).
 */
export interface BookingWizard {
  readonly state: BookingState
  patch(change: Partial<BookingState>): void
  readonly location?: ClinicView
  readonly step: Step
  readonly basket: BasketItem[]
  readonly activeIndex: number
  readonly view: ServiceViewKind
  readonly timeStep: TimeStep
  readonly date?: string
  readonly courseServiceBooking: boolean
  readonly isReschedule: boolean
  readonly isLinked: boolean
  readonly query: Record<string, string | undefined>
  readonly activeItem: BasketItem | undefined
  readonly isCoursePurchase: boolean
  readonly isCourseSession: boolean
  readonly canBook: boolean
  readonly canConfirm: boolean
  readonly keptQuery: Record<string, string | undefined>
  readonly held: { readonly key?: HeldTimeKey; readonly expiresAt?: number }
  clearTime(): void
  goToService(index: number, categoryId?: string): void
  goToCurrentServiceUrl(): void
  clearBookingInfo(): void
}
