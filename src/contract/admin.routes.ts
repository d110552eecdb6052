/**
 * The operator's API (issue 13) under /admin: tenant creation (operator key), the tenant's set-up as
 * one document (export, plan, apply), and the day's work (bookings, customers, on-behalf changes).
 * Every call but tenant creation needs a staff token of the tenant; roles are checked by the server.
 */
import * as t from 'io-ts'
import { route } from './route'
import { ATTENDANCE_MARKS } from '../domain/booking/attendance'
import {
  Ack,
  bodyOf,
  emptyAsUndefined,
  entity,
  errors,
  IdParams,
  IsoDate,
  IsoDateTime,
  literals,
  Money,
  NonEmptyString,
  ObjectId,
  queryOf,
  StringFromQuery,
} from './codecs'
import { FormModel, UserFormType } from './forms.codecs'
import { StaffUser } from './staff.routes'
import { describedAs } from './json-schema'
import { SetupDocument } from './setup-document.codecs'

/** The header that carries OPERATOR_KEY on tenant creation. */
export const OPERATOR_KEY_HEADER = 'x-operator-key'

/** adminName: the first admin's name, as staff lists show it (their email when left out). */
export const CreateTenantBody = bodyOf({ shortName: NonEmptyString, name: NonEmptyString, adminEmail: NonEmptyString }, { adminName: t.string })
export type CreateTenantBody = t.TypeOf<typeof CreateTenantBody>

export const CreatedTenant = t.type({ tenant: t.string, name: t.string, adminEmail: t.string, setPasswordUrl: t.string }, 'CreatedTenant')
export type CreatedTenant = t.TypeOf<typeof CreatedTenant>

/** POST /admin/tenants (X-Operator-Key): a tenant with its first admin; off when OPERATOR_KEY is unset. */
export const createTenant = route({
  method: 'POST',
  path: '/admin/tenants',
  access: 'operator',
  summary: 'Create a tenant',
  description: 'A new organisation with its first admin (the set-password link comes back). The X-Operator-Key header; off (403) when the server has no OPERATOR_KEY.',
  body: CreateTenantBody,
  responses: { 201: CreatedTenant, ...errors(400, 401, 403, 409) },
})

/**
 * The tenant's whole set-up as one document (docs/examples/clinic.yaml): items keyed by slugs
 * (setup-document.codecs.ts). The export answers it decoded; an apply sends what a person wrote, which
 * the server checks whole (every error with its path, setup-document.check.ts), so the request carries
 * it as a record that OpenAPI describes as the document.
 */
export { SetupDocument }
export const SetupDocumentInput = describedAs(t.UnknownRecord, SetupDocument)

export const getSetup = route({
  method: 'GET',
  path: '/admin/setup',
  access: 'admin',
  summary: 'Export the set-up',
  description: "The tenant's whole set-up (locations, services, practitioners, hours...) as one document keyed by slugs.",
  responses: { 200: SetupDocument, ...errors(401, 403) },
})

export const PLAN_ACTIONS = ['create', 'change', 'archive'] as const
/** upcomingBookings: on an archive of a practitioner, service or clinic, its bookings still to come (absent when none). */
export const PlanStep = entity('PlanStep', { action: literals(PLAN_ACTIONS), kind: t.string, slug: t.string }, { changes: t.array(t.string), upcomingBookings: t.number })
export type PlanStep = t.TypeOf<typeof PlanStep>

/** expectedVersion: the version of the document the change was made on (setup-document.version.ts); 409 when the set-up changed since. */
/** archiveWithBookings: archive items that still have upcoming bookings (refused with 409 otherwise). */
export const ApplySetupBody = bodyOf({ document: SetupDocumentInput }, { dryRun: t.boolean, expectedVersion: t.string, archiveWithBookings: t.boolean })
export type ApplySetupBody = t.TypeOf<typeof ApplySetupBody>

export const SetupPlan = t.type({ plan: t.array(PlanStep), applied: t.boolean }, 'SetupPlan')
export type SetupPlan = t.TypeOf<typeof SetupPlan>

/** POST /admin/setup: validates the whole document (400: one 'path: message' line per error), plans, applies unless dryRun. */
export const applySetup = route({
  method: 'POST',
  path: '/admin/setup',
  access: 'admin',
  summary: 'Apply a set-up document',
  description:
    "Validates the whole document (400: one 'path: message' line per error), plans the changes and applies them unless dryRun. With expectedVersion (the version of the document read), 409 when the set-up changed since. 409 when it would archive a practitioner, service or clinic with upcoming bookings, unless archiveWithBookings.",
  body: ApplySetupBody,
  responses: { 200: SetupPlan, ...errors(400, 401, 403, 409) },
})

export const DayBooking = entity(
  'DayBooking',
  {
    id: ObjectId,
    start: IsoDateTime,
    end: IsoDateTime,
    status: t.string,
    checkedIn: t.boolean,
    practitioner: t.string,
    location: t.string,
    service: t.string,
    customer: t.string,
    depositPaid: Money,
    /** every payment still paid on the booking's invoices (its deposit's and its checkout's), added up by payment type */
    paid: t.array(t.type({ type: t.string, amount: Money })),
    /** what the checkout of its booking would take now (its balance: the price less what was paid; 0 when paid in full or not chargeable) */
    due: Money,
  },
  // feeCharged: only on a staff cancel, the late-cancellation fee taken from the stored card (0 when none was due)
  { customerEmail: t.string, customerPhone: t.string, customerId: ObjectId, feeCharged: Money },
)
export type DayBooking = t.TypeOf<typeof DayBooking>

/** location and practitioner: a slug, an id or a name. */
export const DayBookingsQuery = queryOf({ date: IsoDate }, { location: emptyAsUndefined(StringFromQuery), practitioner: emptyAsUndefined(StringFromQuery) })
export type DayBookingsQuery = t.TypeOf<typeof DayBookingsQuery>

/** GET /admin/bookings: the day's appointments (Europe/London), by practitioner then time. A practitioner sees their own. */
export const getDayBookings = route({
  method: 'GET',
  path: '/admin/bookings',
  access: 'staff',
  summary: "The day's bookings",
  description: 'The bookings of a date at a location (a practitioner sees their own), for the front desk.',
  query: DayBookingsQuery,
  responses: { 200: t.array(DayBooking), ...errors(400, 401, 403) },
})

export const RotaPractitioner = t.type({ id: ObjectId, name: t.string }, 'RotaPractitioner')
export type RotaPractitioner = t.TypeOf<typeof RotaPractitioner>

/** GET /admin/rota: the practitioners who work at the location on the date (the desk's columns, booked or not). A practitioner sees themself. */
export const getRota = route({
  method: 'GET',
  path: '/admin/rota',
  access: 'staff',
  summary: 'Who works on a day',
  description: "The practitioners who work at the location on the date (the desk's columns). A practitioner sees themself.",
  query: queryOf({ date: IsoDate, location: StringFromQuery }),
  responses: { 200: t.array(RotaPractitioner), ...errors(400, 401, 403) },
})

export const CustomerSummary = entity('CustomerSummary', { id: ObjectId, email: t.string, firstName: t.string, surname: t.string }, { mobilePhone: t.string })
export type CustomerSummary = t.TypeOf<typeof CustomerSummary>

export const findCustomers = route({
  method: 'GET',
  path: '/admin/customers',
  access: 'admin',
  summary: 'Find customers',
  description: 'Customers whose id, email or name matches the text, for on-behalf changes.',
  query: queryOf({ q: StringFromQuery }),
  responses: { 200: t.array(CustomerSummary), ...errors(400, 401, 403) },
})

/** POST /admin/customers/{id}/logout: 'logout-customer' to every live session of the customer, on every instance. */
export const logoutCustomer = route({
  method: 'POST',
  path: '/admin/customers/{id}/logout',
  access: 'admin',
  summary: "End a customer's sessions",
  description: 'Ends every live session of the customer, on every server instance.',
  params: IdParams,
  responses: { 200: Ack, ...errors(400, 401, 403, 404) },
})

export const StaffCancelBody = bodyOf({}, { chargeFee: t.boolean })
export type StaffCancelBody = t.TypeOf<typeof StaffCancelBody>

/**
 * PUT /admin/appointments/{id}/cancel: on the customer's behalf; no late-cancellation fee unless chargeFee,
 * then only when the policy makes one due (charged to the stored card; 409 when there is none or it is refused).
 */
export const staffCancelAppointment = route({
  method: 'PUT',
  path: '/admin/appointments/{id}/cancel',
  access: 'admin',
  summary: "Cancel on the customer's behalf",
  description: 'Cancels the appointment; a late-cancellation fee only when chargeFee and the policy makes one due. 409 when it is no longer open (cancelled, no-show, checked in).',
  params: IdParams,
  body: StaffCancelBody,
  responses: { 200: DayBooking, ...errors(400, 401, 403, 404, 409) },
})

// allowOverlap: move even though the customer has another visit at the new time (refused otherwise, 409), as the desk's booking.
export const StaffMoveBody = bodyOf({ start: IsoDateTime }, { practitioner: NonEmptyString, allowOverlap: t.boolean })
export type StaffMoveBody = t.TypeOf<typeof StaffMoveBody>

/** PUT /admin/appointments/{id}/move: to another start (and practitioner); 409 when the time is taken or the customer is elsewhere then (unless allowOverlap). */
export const staffMoveAppointment = route({
  method: 'PUT',
  path: '/admin/appointments/{id}/move',
  access: 'admin',
  summary: "Move on the customer's behalf",
  description: 'Moves the appointment to another start (and practitioner); 409 when the time is taken, when the customer has another visit then (unless allowOverlap), or it is no longer open (cancelled, no-show, checked in).',
  params: IdParams,
  body: StaffMoveBody,
  responses: { 200: DayBooking, ...errors(400, 401, 403, 404, 409) },
})

/** The marks the front desk sets (src/domain/booking/attendance.ts says when). */
export const ATTENDANCE = ATTENDANCE_MARKS
export const AttendanceBody = bodyOf({ mark: literals(ATTENDANCE) })
export type AttendanceBody = t.TypeOf<typeof AttendanceBody>

export const markAttendance = route({
  method: 'PUT',
  path: '/admin/appointments/{id}/attendance',
  access: 'staff',
  summary: 'Record attendance',
  description: 'Marks the visit as checked in or a no-show; 409 too early, or when it is no longer open (cancelled, no-show, already checked in).',
  params: IdParams,
  body: AttendanceBody,
  responses: { 200: DayBooking, ...errors(400, 401, 403, 404, 409) },
})

export const CreateStaffBody = bodyOf({ email: NonEmptyString, displayName: NonEmptyString, role: literals(['admin', 'practitioner']) }, { practitioner: NonEmptyString })
export type CreateStaffBody = t.TypeOf<typeof CreateStaffBody>

export const CreatedStaff = t.type({ staff: StaffUser, setPasswordUrl: t.string }, 'CreatedStaff')
export type CreatedStaff = t.TypeOf<typeof CreatedStaff>

/** POST /admin/staff: a staff login (practitioner: a slug, id or name links it to that practitioner), with its one-time set-password link. */
export const createStaff = route({
  method: 'POST',
  path: '/admin/staff',
  access: 'admin',
  summary: 'Create a staff account',
  description: 'A new admin or practitioner login; the one-time set-password link comes back.',
  body: CreateStaffBody,
  responses: { 201: CreatedStaff, ...errors(400, 401, 403, 409) },
})

export const listStaff = route({
  method: 'GET',
  path: '/admin/staff',
  access: 'admin',
  summary: 'The staff accounts',
  description: 'Every staff login of the tenant with its role and linked practitioner.',
  responses: { 200: t.array(StaffUser), ...errors(401, 403) },
})

export const OUTBOX_STATES = ['failed', 'pending'] as const
export const OutboxQuery = queryOf({}, { state: literals(OUTBOX_STATES) })
export type OutboxQuery = t.TypeOf<typeof OutboxQuery>

/** A message of the outbox not sent yet (pending, possibly retrying) or given up (failed). */
export const OutboxMessage = entity(
  'OutboxMessage',
  { id: t.string, state: literals(OUTBOX_STATES), channel: t.string, to: t.string, subject: t.string, attempts: t.number, createdAt: IsoDateTime },
  { lastError: t.string, nextAttemptAt: IsoDateTime, failedAt: IsoDateTime },
)
export type OutboxMessage = t.TypeOf<typeof OutboxMessage>

/** GET /admin/outbox: messages that finally failed (newest first) and pending ones (next try first); both without state. Admins only. */
export const listOutbox = route({
  method: 'GET',
  path: '/admin/outbox',
  access: 'admin',
  summary: 'Messages not sent',
  description: 'Mails and texts still pending, retrying or given up, with their last error.',
  query: OutboxQuery,
  responses: { 200: t.array(OutboxMessage), ...errors(400, 401, 403) },
})

export const SendFormBody = bodyOf({ type: UserFormType }, { model: FormModel, password: NonEmptyString })
export type SendFormBody = t.TypeOf<typeof SendFormBody>

export const SentForm = t.type({ id: ObjectId, link: t.string }, 'SentForm')
export type SentForm = t.TypeOf<typeof SentForm>

/**
 * POST /admin/customers/{id}/forms: sends the customer a form (the clinic's standard one of the type
 * unless a model is given) and mails its link ("Form to fill in"). Admins only.
 */
export const sendCustomerForm = route({
  method: 'POST',
  path: '/admin/customers/{id}/forms',
  access: 'admin',
  summary: 'Send a form to a customer',
  description: "Sends the customer a form (the clinic's standard one of the type unless a model is given) and mails its link.",
  params: IdParams,
  body: SendFormBody,
  responses: { 201: SentForm, ...errors(400, 401, 403, 404) },
})

export const StaffPasswordLink = t.type({ staff: StaffUser, setPasswordUrl: t.string }, 'StaffPasswordLink')
export type StaffPasswordLink = t.TypeOf<typeof StaffPasswordLink>

/** POST /admin/staff/{id}/password-link: a new one-time set-password link (a forgotten password); older sessions end when it is used. */
export const staffPasswordLink = route({
  method: 'POST',
  path: '/admin/staff/{id}/password-link',
  access: 'admin',
  summary: 'A new staff set-password link',
  description: 'A new one-time set-password link for a staff member who forgot theirs; older sessions end when it is used.',
  params: IdParams,
  responses: { 200: StaffPasswordLink, ...errors(400, 401, 403, 404) },
})

export const UpdateStaffBody = bodyOf(
  {},
  { displayName: NonEmptyString, role: literals(['admin', 'practitioner']), practitioner: t.union([NonEmptyString, t.null]) },
)
export type UpdateStaffBody = t.TypeOf<typeof UpdateStaffBody>

/** PUT /admin/staff/{id}: a login's name, role or linked practitioner (null unlinks); effective at the login's next request. */
export const updateStaff = route({
  method: 'PUT',
  path: '/admin/staff/{id}',
  access: 'admin',
  summary: 'Change a staff login',
  description:
    "Changes the name, the role or the linked practitioner (a slug, id or name; null unlinks) of a staff login. The role counts from the login's next request. " +
    'The last admin of the clinic stays an admin (409).',
  params: IdParams,
  body: UpdateStaffBody,
  responses: { 200: StaffUser, ...errors(400, 401, 403, 404, 409) },
})

/** DELETE /admin/staff/{id}: the login can no longer sign in, and its sessions end at once. */
export const removeStaff = route({
  method: 'DELETE',
  path: '/admin/staff/{id}',
  access: 'admin',
  summary: 'Remove a staff login',
  description: 'The login can no longer sign in and its sessions end at once; the bookings and records it made stay. Your own login and the last admin cannot be removed (409).',
  params: IdParams,
  responses: { 200: StaffUser, ...errors(400, 401, 403, 404, 409) },
})
