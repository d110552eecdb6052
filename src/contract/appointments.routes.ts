import * as t from 'io-ts'
import { route } from './route'
import { Ack, bodyOf, errors, IdParams, Int, IntFromString, ObjectId, queryOf, StringFromQuery } from './codecs'
import {
  AppointmentPayload,
  AppointmentView,
  AvailableDay,
  BookingCreated,
  PaymentDetails,
  ReschedulePayload,
} from './appointments.codecs'
import { HoldKey } from './holds.routes'

/** One request line of days-available-by-month; `practitioner` absent or null means any. */
export const DaysAvailableRequest = bodyOf(
  { service: ObjectId, month: Int, year: Int, location: ObjectId },
  {
    practitioner: t.union([ObjectId, t.null]),
    /** appointment being rescheduled (its own time does not block) */
    id: t.union([ObjectId, t.null]),
    withHolidays: t.boolean,
    /** the caller's own slot hold (issue 17, not in the spec): its time counts as free for them */
    hold: t.union([HoldKey, t.null]),
  },
)
export type DaysAvailableRequest = t.TypeOf<typeof DaysAvailableRequest>

export const getDaysAvailableByMonth = route({
  method: 'POST',
  path: '/appointments/days-available-by-month',
  read: true,
  access: 'optionalCustomer',
  summary: 'The days with free times in a month',
  description: "For each requested service and month, the dates that still have a free start. A customer's token is read only when a line names their appointment.",
  body: t.array(DaysAvailableRequest),
  responses: { 200: t.array(AvailableDay), ...errors(400, 404) },
})

export const CustomerAppointmentsQuery = queryOf({}, { pageSize: IntFromString, group: StringFromQuery, page: IntFromString })
export type CustomerAppointmentsQuery = t.TypeOf<typeof CustomerAppointmentsQuery>

export const CustomerAppointments = t.intersection(
  [t.type({ appointments: t.array(AppointmentView) }), t.partial({ total: Int })],
  'CustomerAppointments',
)
export type CustomerAppointments = t.TypeOf<typeof CustomerAppointments>

/** GET /appointments/customer/{customerId}?pageSize=100&group=ALL (own appointments only). */
export const getCustomerAppointments = route({
  method: 'GET',
  path: '/appointments/customer/{customerId}',
  access: 'customer',
  summary: "The signed-in customer's appointments",
  description: "The customer's own appointments (upcoming, past or all), paged; 403 for another customer's id.",
  params: t.type({ customerId: ObjectId }),
  query: CustomerAppointmentsQuery,
  responses: { 200: CustomerAppointments, ...errors(400, 401, 403, 404) },
})

export const CreateBookingBody = bodyOf(
  { appointment: AppointmentPayload },
  {
    paymentDetails: t.union([PaymentDetails, t.null]),
    coherentTransactionId: t.union([t.string, t.null]),
    /** the slot hold made when the time was picked: it becomes this booking (holds.routes.ts) */
    hold: t.union([HoldKey, t.null]),
  },
)
export type CreateBookingBody = t.TypeOf<typeof CreateBookingBody>

/** POST /appointments/public: creates a pending hold (5 minutes); 409 when the slot is taken. */
export const createPublicAppointment = route({
  method: 'POST',
  path: '/appointments/public',
  access: 'customer',
  summary: 'Book an appointment',
  description:
    'Books the held time (and linked services) for the signed-in customer; a deposit leaves it pending until paid (holdExpiresAt: when the hold ends; absent when scheduled at once). 409 when the time was taken. ' +
    'coherentTransactionId: the same request again answers the booking it made; the same id with another request (clinic, or a service, practitioner, start or course) is refused with 409 and books nothing.',
  body: CreateBookingBody,
  responses: { 200: BookingCreated, ...errors(400, 401, 403, 404, 409, 429) },
})

export const getAppointment = route({
  method: 'GET',
  path: '/appointments/{id}',
  access: 'customer',
  summary: "One of the customer's appointments",
  description: 'An appointment of the signed-in customer by its id, with its service, practitioner, location and payment state.',
  params: IdParams,
  responses: { 200: AppointmentView, ...errors(400, 401, 403, 404) },
})

/**
 * The customer's own appointment as an RFC 5545 calendar (text/calendar; the body is the .ics text):
 * the same UID as in every mail about it, its current SEQUENCE, METHOD:CANCEL once cancelled.
 */
export const getAppointmentCalendar = route({
  method: 'GET',
  path: '/appointments/{id}/calendar.ics',
  access: 'customer',
  summary: 'The appointment as a calendar file',
  description: "The customer's own appointment as an RFC 5545 calendar (text/calendar): the same UID as in every mail about it, its current SEQUENCE, METHOD:CANCEL once cancelled.",
  mediaType: 'text/calendar',
  params: IdParams,
  responses: { 200: t.string, ...errors(400, 401, 403, 404) },
})

/** Cancels the customer's own appointment; 409 when the cancellation policy refuses. */
export const cancelAppointmentByCustomer = route({
  method: 'PUT',
  path: '/appointments/cancel-by-customer/{id}',
  access: 'customer',
  summary: 'Cancel an appointment',
  description: "Cancels the customer's own appointment; 409 when the cancellation policy refuses.",
  params: IdParams,
  responses: { 200: AppointmentView, ...errors(400, 401, 403, 404, 409) },
})

/** Releases a pending hold (confirm countdown reached zero, or 'Start again'). */
export const deletePendingAppointment = route({
  method: 'PUT',
  path: '/appointments/delete-pending/{id}',
  access: 'customer',
  summary: 'Release a pending booking',
  description: 'Gives up a booking whose deposit was not paid (the confirm countdown ran out, or the customer started again).',
  params: IdParams,
  responses: { 200: Ack, ...errors(400, 401, 403, 404, 409) },
})

export const RescheduleBody = bodyOf({ appointment: ReschedulePayload })
export type RescheduleBody = t.TypeOf<typeof RescheduleBody>

/** Moves the customer's own appointment; 409 when the new time is taken or the policy refuses. */
export const rescheduleAppointment = route({
  method: 'PUT',
  path: '/appointments/reschedule/{id}',
  access: 'customer',
  summary: 'Move an appointment',
  description: "Moves the customer's own appointment to another time; 409 when the new time is taken or the policy refuses.",
  params: IdParams,
  body: RescheduleBody,
  responses: { 200: AppointmentView, ...errors(400, 401, 403, 404, 409) },
})
