import * as t from 'io-ts'
import { entity, Int, IsoDate, IsoDateTime, literals, Money, ObjectId } from './codecs'
import { ServiceLocation } from './services.routes'

/** Spec section 9: appointment status. */
export const APPOINTMENT_STATUSES = [
  'No show',
  'Deleted',
  'Cancelled',
  'Scheduled',
  'Completed',
  'Running late',
  'Pending',
  'Incomplete',
] as const
export const AppointmentStatus = literals(APPOINTMENT_STATUSES, 'AppointmentStatus')
export type AppointmentStatus = t.TypeOf<typeof AppointmentStatus>

/** Invoice origins of spec section 9. */
export const InvoiceOrigin = literals(['SALE', 'REFUND', 'CANCELLATION', 'ONLINE_COURSE'], 'InvoiceOrigin')
export type InvoiceOrigin = t.TypeOf<typeof InvoiceOrigin>

export const AppointmentEvent = t.type({ start: IsoDateTime, end: IsoDateTime }, 'AppointmentEvent')
export type AppointmentEvent = t.TypeOf<typeof AppointmentEvent>

// ----------------------------------------------------------------------------------------------
// Request payloads
// ----------------------------------------------------------------------------------------------

/** A service booked right after the main one (multi-service booking), spec section 3. */
export const LinkedAppointmentPayload = t.exact(
  t.intersection([
    t.type({ event: AppointmentEvent, clinic: ObjectId, service: ObjectId }),
    t.partial({
      price: Money,
      practitioner: ObjectId,
      practitioners: t.array(ObjectId),
      isLinked: t.boolean,
      type: t.literal('Appointment'),
      /** customer course id when booked from a course */
      course: t.union([ObjectId, t.null]),
    }),
  ]),
  'LinkedAppointmentPayload',
)
export type LinkedAppointmentPayload = t.TypeOf<typeof LinkedAppointmentPayload>

/**
 * Appointment payload (spec section 3). `deposit` is informative only: the server computes the
 * deposit with the domain rules and never trusts the client's figure.
 */
export const AppointmentPayload = t.exact(
  t.intersection([
    t.type({ event: AppointmentEvent, practitioner: ObjectId, clinic: ObjectId, service: ObjectId }),
    t.partial({
      price: Money,
      tax: Money,
      grossPrice: Money,
      netPrice: Money,
      deposit: Money,
      course: t.union([ObjectId, t.null]),
      linkedAppointments: t.array(LinkedAppointmentPayload),
    }),
  ]),
  'AppointmentPayload',
)
export type AppointmentPayload = t.TypeOf<typeof AppointmentPayload>

/** Not shown in the spec. Designed: how the customer intends to pay the deposit. */
export const PaymentDetails = t.exact(
  t.partial({
    /** 'Card' (default) or 'Account' */
    type: t.string,
    /** stored card id to charge */
    cardId: t.string,
    useAccountBalance: t.boolean,
  }),
  'PaymentDetails',
)
export type PaymentDetails = t.TypeOf<typeof PaymentDetails>

/** The appointment change of PUT /appointments/reschedule/{id}. */
export const ReschedulePayload = t.exact(
  t.intersection([
    t.type({ event: AppointmentEvent }),
    t.partial({
      price: Money,
      netPrice: Money,
      grossPrice: Money,
      practitioner: ObjectId,
      clinic: ObjectId,
      service: ObjectId,
      linkedAppointments: t.array(LinkedAppointmentPayload),
    }),
  ]),
  'ReschedulePayload',
)
export type ReschedulePayload = t.TypeOf<typeof ReschedulePayload>

// ----------------------------------------------------------------------------------------------
// Responses
// ----------------------------------------------------------------------------------------------

export const AppointmentService = entity('AppointmentService', { id: ObjectId, name: t.string }, {
  onlineName: t.string,
  /** category id */
  category: ObjectId,
  defaultGrossPrice: Money,
  /** minutes */
  defaultDuration: Int,
  locations: t.array(ServiceLocation),
  showOnline: t.boolean,
})
export type AppointmentService = t.TypeOf<typeof AppointmentService>

export const AppointmentPractitioner = entity('AppointmentPractitioner', { id: ObjectId, displayName: t.string }, {})
/** phone and email go beyond the spec's shape: the customer area shows them where the clinic must be contacted. */
export const AppointmentClinic = entity('AppointmentClinic', { id: ObjectId, accountName: t.string }, { phone: t.string, email: t.string })

const appointmentViewRequired = {
  id: ObjectId,
  status: AppointmentStatus,
  event: AppointmentEvent,
  service: AppointmentService,
  practitioner: AppointmentPractitioner,
  clinic: AppointmentClinic,
}
const appointmentViewOptional = {
  checkedIn: t.boolean,
  isLinked: t.boolean,
  price: Money,
  grossPrice: Money,
  netPrice: Money,
  deposit: Money,
  /** customer id */
  customer: ObjectId,
  /** customer course id when booked from a course */
  course: t.union([ObjectId, t.null]),
  invoice: entity('AppointmentInvoiceRef', {}, { id: ObjectId, origin: InvoiceOrigin }),
  /** while Pending: when the 5-minute hold is released */
  holdExpiresAt: IsoDateTime,
}

/** A linked appointment as the account view shows it (not nested further). */
export const LinkedAppointmentView = entity('LinkedAppointmentView', appointmentViewRequired, appointmentViewOptional)
export type LinkedAppointmentView = t.TypeOf<typeof LinkedAppointmentView>

/** Appointment (account view), spec section 3. */
export const AppointmentView = entity('AppointmentView', appointmentViewRequired, {
  ...appointmentViewOptional,
  linkedAppointments: t.array(LinkedAppointmentView),
})
export type AppointmentView = t.TypeOf<typeof AppointmentView>

/**
 * POST /appointments/public response: the main appointment and its linked ones, all 'Pending' until
 * paid (or 'Scheduled' at once when no payment is due), the hold expiry and the server's deposit.
 */
export const BookingCreated = entity('BookingCreated', {
  appointment: AppointmentView,
  /** every created appointment, main first */
  appointments: t.array(AppointmentView),
  /** total deposit due now, computed by the server (0: no payment step) */
  deposit: Money,
}, {
  /** while the booking is held for its deposit (Pending): when the hold ends; absent when it was Scheduled at once (nothing held) */
  holdExpiresAt: IsoDateTime,
  message: t.string,
})
export type BookingCreated = t.TypeOf<typeof BookingCreated>

/** Day availability of POST /appointments/days-available-by-month: 'yyyy-MM-dd'. */
export const AvailableDay = t.type({ date: IsoDate }, 'AvailableDay')
export type AvailableDay = t.TypeOf<typeof AvailableDay>
