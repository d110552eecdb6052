/** The booking wizard's state shapes (BookingViewModel), apart so that its view models share them. */
import type { BookingStep } from '../../domain/booking/steps'
import type { HeldTimeKey } from '../../domain/booking/hold'
import type { ClinicView, PractitionerView, RescheduleSource, ServiceView } from './views'

export type Step = BookingStep
export type TimeStep = 'date' | 'hours'
export type ServiceViewKind = 'services' | 'courses' | 'giftVoucher'

export interface BasketItem {
  kind: 'service' | 'course'
  service: ServiceView
  staff?: PractitionerView
  anyStaff: boolean
  start?: string
  end?: string
  appointmentId?: string
  /** the session a bought course pays for (the service its Book link opened); other items of the booking are paid */
  courseSession?: boolean
  /** reschedule: the appointment's own practitioner, with what the appointment costs (the server keeps it for them) */
  bookedStaff?: PractitionerView
}

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
 * What the wizard's moves (booking-back, -choice, -modes, -route) read and change of the booking view
 * model: named here, so that they need not import the view model that imports them (no import cycle).
 */
export interface BookingWizard {
  location?: ClinicView
  categoryId?: string
  step: Step
  basket: BasketItem[]
  activeIndex: number
  view: ServiceViewKind
  viewFromQuery?: ServiceViewKind
  timeStep: TimeStep
  date?: string
  outOfTime: boolean
  askAnotherService: boolean
  askAnotherCourse: boolean
  removing?: number
  giftVouchers: GiftVoucherItem[]
  courseServiceBooking: boolean
  isReschedule: boolean
  isBookAgain: boolean
  servicesToRefresh: boolean
  isLinked: boolean
  rescheduleAppointmentId?: string
  rescheduleSources: RescheduleSource[]
  query: Record<string, string | undefined>
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
