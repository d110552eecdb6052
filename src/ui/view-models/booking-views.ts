/** The booking wizard's state shapes (BookingViewModel), apart so that its view models share them. */
import type { BookingStep } from '../../domain/booking/steps'
import type { ClinicView, PractitionerView, ServiceView } from './views'

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
