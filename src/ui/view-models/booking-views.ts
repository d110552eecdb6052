/** The booking wizard's state shapes (BookingViewModel), apart so that its view models share them. */
import type { BookingStep } from '../../domain/booking/steps'
import { initialWizardState, type WizardItem, type WizardPage, type WizardRoute, type WizardState } from '../../domain/booking/wizard'
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

export type RouteState = WizardRoute

export interface RescheduleInput {
  appointmentId: string
  clinic: ClinicView
  /** the appointment first, then its linked ones; with appointmentId and event when known */
  items: { service: ServiceView; staff?: PractitionerView; appointmentId?: string; isLinked?: boolean; event?: { start: string; end: string } }[]
  linked: boolean
}

/**
 * The booking view model's one observable state: the domain's wizard page (issue 27), the wizard's
 * state with the clinic, the URL last routed and its query.
 */
export type BookingState = WizardPage<ServiceView, PractitionerView, ClinicView>

export const initialBookingState: BookingState = { ...(initialWizardState as WizardState<ServiceView, PractitionerView>), query: {} }
