/**
 * The front desk (issue 29): book on a customer's behalf (find or create the customer, the desk's
 * times from the availability engine, one of three ways to pay) and the customer's record with the
 * staff's notes. Admin staff of the tenant only. Staff notes appear in no customer-facing answer but
 * the customer's data export (the right of access, privacy.routes.ts).
 */
import * as t from 'io-ts'
import { route } from './route'
import { bodyOf, entity, errors, IdParams, IsoDate, IsoDateTime, literals, Money, NonEmptyString, ObjectId, queryOf } from './codecs'
import { DayBooking, CustomerSummary } from './admin.routes'
import { CustomerCourse } from './customer-courses.routes'
import { UserForm, UserFormType } from './forms.codecs'
import { ContactType, Customer } from './customers.codecs'
import { CustomerUpdate } from './customers.routes'

/** The spec's sign-up fields, without a password: the customer gets a set-password mail. */
export const DeskCustomerBody = bodyOf(
  { title: NonEmptyString, firstName: NonEmptyString, surname: NonEmptyString, email: NonEmptyString, mobilePhone: NonEmptyString, dob: IsoDate, gender: NonEmptyString },
  // How the customer hears from the clinic (their notificationTypes); left out: mail only.
  { referralSource: t.string, notificationTypes: t.array(ContactType) },
)
export type DeskCustomerBody = t.TypeOf<typeof DeskCustomerBody>

/** POST /admin/customers: a customer created at the desk; the answer is the new customer, a set-password mail goes out. */
export const createDeskCustomer = route({
  method: 'POST',
  path: '/admin/customers',
  access: 'admin',
  summary: 'Create a customer at the desk',
  description: "A customer account from the spec's sign-up fields without a password: the customer is mailed a link to set one.",
  body: DeskCustomerBody,
  responses: { 201: CustomerSummary, ...errors(400, 401, 403, 409) },
})

/** One service of the basket, in booking order; no practitioner: any who offers it. */
export const DeskService = bodyOf({ service: ObjectId }, { practitioner: ObjectId })
export type DeskService = t.TypeOf<typeof DeskService>

export const DeskTimesBody = bodyOf({ location: ObjectId, date: IsoDate, services: t.array(DeskService) })
export type DeskTimesBody = t.TypeOf<typeof DeskTimesBody>

/** Who does which service of the basket when. */
export const DeskAssignment = t.type({ service: ObjectId, practitioner: ObjectId, start: IsoDateTime, end: IsoDateTime }, 'DeskAssignment')
export type DeskAssignment = t.TypeOf<typeof DeskAssignment>

/** A start time at which the whole basket fits ('HH:mm' London), each service chained after the previous. */
export const DeskTime = t.type({ value: t.string, start: IsoDateTime, end: IsoDateTime, services: t.array(DeskAssignment) }, 'DeskTime')
export type DeskTime = t.TypeOf<typeof DeskTime>

/**
 * POST /admin/desk/times: the day's start times for the basket from the same availability engine as
 * online booking, but as the desk sees them: services not bookable online too, and no online notice.
 */
export const getDeskTimes = route({
  method: 'POST',
  path: '/admin/desk/times',
  read: true,
  access: 'admin',
  summary: "The desk's times for a basket",
  description: 'Start times of a date at which the services fit one after another (any practitioner where none is named), including services not bookable online.',
  body: DeskTimesBody,
  responses: { 200: t.array(DeskTime), ...errors(400, 401, 403, 404) },
})

/** card: the deposit from the customer's stored card; link: a pay link by mail (held until paid); clinic: paid at the clinic. */
export const DESK_PAYMENTS = ['card', 'link', 'clinic'] as const
export const DeskPayment = literals(DESK_PAYMENTS, 'DeskPayment')
export type DeskPayment = t.TypeOf<typeof DeskPayment>

/**
 * transactionId: the same request again (a retry, Book pressed again) answers the booking it made, and
 * does not mail its pay link again within a short while; the same id with other choices (location, start,
 * services and their practitioners) is refused with 409, booking nothing. resendPayLink: staff send the link again on purpose.
 */
export const DeskBookingBody = bodyOf(
  { customer: ObjectId, location: ObjectId, start: IsoDateTime, services: t.array(DeskService), payment: DeskPayment },
  // allowOverlap: book even though the customer has another visit at the time (refused otherwise, 409).
  { transactionId: NonEmptyString, resendPayLink: t.boolean, allowOverlap: t.boolean },
)
export type DeskBookingBody = t.TypeOf<typeof DeskBookingBody>

export const DeskBookingResult = entity(
  'DeskBookingResult',
  { appointments: t.array(DayBooking), payment: DeskPayment, status: t.string, deposit: Money, depositPaid: Money, message: t.string },
  // dueAtClinic: with payment 'clinic', what the customer pays there (the visits' prices)
  { payLink: t.string, holdExpiresAt: IsoDateTime, dueAtClinic: Money },
)
export type DeskBookingResult = t.TypeOf<typeof DeskBookingResult>

/**
 * POST /admin/desk/bookings: a booking on the customer's behalf through the same booking code as
 * online (never over another booking: 409; nor over another visit of the customer's, 409 naming it,
 * unless allowOverlap), with the deposit taken from the stored card, a pay link
 * mailed (held until paid), or nothing now ('pay at the clinic').
 */
export const createDeskBooking = route({
  method: 'POST',
  path: '/admin/desk/bookings',
  access: 'admin',
  summary: "Book on a customer's behalf",
  description: 'Books the services at the start (chained), then takes the deposit from the stored card, mails a pay link, or leaves it to the clinic.',
  body: DeskBookingBody,
  responses: { 201: DeskBookingResult, ...errors(400, 401, 403, 404, 409) },
})

/**
 * PUT /admin/desk/bookings/{id}/pay-at-clinic: a booking held for its deposit's pay link, not paid yet,
 * is paid at the clinic instead (the customer phoned): Scheduled with nothing taken now, the pay link
 * voided (opened afterwards it says so and takes nothing), the customer mailed the usual confirmation.
 * {id}: any appointment of the booking; the answer is the booking as `createDeskBooking` answers a
 * 'clinic' one (dueAtClinic).
 */
export const payDeskBookingAtClinic = route({
  method: 'PUT',
  path: '/admin/desk/bookings/{id}/pay-at-clinic',
  access: 'admin',
  summary: 'Pay at the clinic instead of the pay link',
  description:
    "A booking held for its deposit's pay link and not paid yet is paid at the clinic instead: it is Scheduled with nothing taken now, its pay link no longer takes a payment, and the customer is mailed the booking's confirmation. 409 when the booking is not waiting for its pay link (paid, booked another way, cancelled, checked in, or its hold ended).",
  params: IdParams,
  responses: { 200: DeskBookingResult, ...errors(400, 401, 403, 404, 409) },
})

export const StaffNote = t.type({ id: ObjectId, text: t.string, author: t.string, createdAt: IsoDateTime }, 'StaffNote')
export type StaffNote = t.TypeOf<typeof StaffNote>

export const RecordForm = entity('RecordForm', { id: ObjectId, type: UserFormType, name: t.string, isSigned: t.boolean, isUpdated: t.boolean, sentAt: IsoDateTime }, { completedAt: IsoDateTime })
export type RecordForm = t.TypeOf<typeof RecordForm>

export const CustomerContact = entity(
  'CustomerContact',
  { id: ObjectId, email: t.string, firstName: t.string, surname: t.string, verified: t.boolean },
  { title: t.string, mobilePhone: t.string, dateOfBirth: t.string, gender: t.string, address: t.string },
)
export type CustomerContact = t.TypeOf<typeof CustomerContact>

export const CustomerRecord = t.type(
  {
    contact: CustomerContact,
    upcoming: t.array(DayBooking),
    past: t.array(DayBooking),
    courses: t.array(CustomerCourse),
    forms: t.array(RecordForm),
    notes: t.array(StaffNote),
  },
  'CustomerRecord',
)
export type CustomerRecord = t.TypeOf<typeof CustomerRecord>

/** GET /admin/customers/{id}: the customer's record for the desk (staff notes included: staff only). */
export const getCustomerRecord = route({
  method: 'GET',
  path: '/admin/customers/{id}',
  access: 'admin',
  summary: "A customer's record",
  description: 'Contact details, upcoming and past visits, courses and their use, forms sent and signed, and the staff notes.',
  params: IdParams,
  responses: { 200: CustomerRecord, ...errors(400, 401, 403, 404) },
})

export const StaffNoteBody = bodyOf({ text: NonEmptyString })
export type StaffNoteBody = t.TypeOf<typeof StaffNoteBody>

/** POST /admin/customers/{id}/notes: a free-text staff note (at most 4000 characters). */
export const addStaffNote = route({
  method: 'POST',
  path: '/admin/customers/{id}/notes',
  access: 'admin',
  summary: 'Add a staff note',
  description: "A free-text note on the customer's record, shown to staff only; in the customer's data export (the right of access).",
  params: IdParams,
  body: StaffNoteBody,
  responses: { 201: StaffNote, ...errors(400, 401, 403, 404) },
})

/** GET /admin/customers/{id}/forms/{formId}: a form sent to the customer, as filled in and signed (no form password asked of staff). */
export const getCustomerForm = route({
  method: 'GET',
  path: '/admin/customers/{id}/forms/{formId}',
  access: 'admin',
  summary: "Open a customer's form",
  description: 'The form as sent, filled in and signed.',
  params: t.type({ id: ObjectId, formId: ObjectId }),
  responses: { 200: UserForm, ...errors(400, 401, 403, 404) },
})

export const DeskServiceOption = entity(
  'DeskServiceOption',
  { id: ObjectId, name: t.string, durationMinutes: t.number, price: Money, online: t.boolean, practitioners: t.array(t.type({ id: ObjectId, name: t.string })) },
  {},
)
export type DeskServiceOption = t.TypeOf<typeof DeskServiceOption>

/** GET /admin/desk/services?location=: every service the location offers, bookable online or not, with who performs it there. */
export const getDeskServices = route({
  method: 'GET',
  path: '/admin/desk/services',
  access: 'admin',
  summary: "The desk's services at a location",
  description: 'Every service of the location that someone performs there, online or not, with its practitioners.',
  query: queryOf({ location: ObjectId }),
  responses: { 200: t.array(DeskServiceOption), ...errors(400, 401, 403) },
})

/** PUT /admin/customers/{id}: the desk edits a customer's details with the customer's own form's rules and messages. */
export const updateDeskCustomer = route({
  method: 'PUT',
  path: '/admin/customers/{id}',
  access: 'admin',
  summary: "Edit a customer's details at the desk",
  description: "Changes the details sent (only those), checked as the customer's own details form is (PUT /customers/{id}); 409 when the new email belongs to another account.",
  params: IdParams,
  body: CustomerUpdate,
  responses: { 200: Customer, ...errors(400, 401, 403, 404, 409) },
})
