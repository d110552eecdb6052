/**
 * Staff sign-in (issue 13): admin and practitioner accounts of one tenant, apart from customers.
 * A staff token opens only staff and admin calls of its own tenant; a customer token opens none.
 */
import * as t from 'io-ts'
import { route } from './route'
import { Ack, bodyOf, entity, errors, literals, NonEmptyString, ObjectId } from './codecs'

export const STAFF_ROLES = ['admin', 'practitioner'] as const
export const StaffRole = literals(STAFF_ROLES, 'StaffRole')
export type StaffRole = t.TypeOf<typeof StaffRole>

/** practitionerSlug: the linked practitioner's slug, as the set-up file names it (in the admin's staff list). */
export const StaffUser = entity('StaffUser', { id: ObjectId, email: t.string, displayName: t.string, role: StaffRole }, { practitionerId: ObjectId, practitionerSlug: t.string })
export type StaffUser = t.TypeOf<typeof StaffUser>

export const StaffLoginBody = bodyOf({ email: NonEmptyString, password: NonEmptyString })
export type StaffLoginBody = t.TypeOf<typeof StaffLoginBody>

export const StaffSession = t.type({ token: t.string, staff: StaffUser }, 'StaffSession')
export type StaffSession = t.TypeOf<typeof StaffSession>

/** POST /staff/login: rate limited like the customer login. */
export const staffLogin = route({
  method: 'POST',
  path: '/staff/login',
  access: 'public',
  summary: 'Staff sign-in',
  description: "Answers a staff bearer token for an admin's or practitioner's email and password. Rate limited.",
  body: StaffLoginBody,
  responses: { 200: StaffSession, ...errors(400, 401, 429) },
})

/** POST /staff/logout: ends this token's session on every instance. */
export const staffLogout = route({
  method: 'POST',
  path: '/staff/logout',
  access: 'staff',
  summary: 'Staff sign-out',
  description: "Ends this staff token's session on every server instance.",
  responses: { 200: Ack, ...errors(401) },
})

export const getStaffMe = route({
  method: 'GET',
  path: '/staff/me',
  access: 'staff',
  summary: 'The signed-in staff member',
  description: "The staff member's name, email and role.",
  responses: { 200: StaffUser, ...errors(401) },
})

/**
 * POST /staff/forgot-password: a staff member who forgot the password asks for a set-password link by
 * mail. The same answer whatever the address (it never tells which emails are staff logins); rate
 * limited like the customer's forgot-password. The email goes in the body: no address in a URL or log.
 */
export const StaffForgotPasswordBody = bodyOf({ email: NonEmptyString })
export type StaffForgotPasswordBody = t.TypeOf<typeof StaffForgotPasswordBody>

export const staffForgotPassword = route({
  method: 'POST',
  path: '/staff/forgot-password',
  access: 'public',
  summary: 'Ask for a staff set-password link',
  description: 'Mails a set-password link when the address is a staff login; always the same answer. Rate limited.',
  body: StaffForgotPasswordBody,
  responses: { 200: Ack, ...errors(400, 429) },
})

/** POST /staff/set-password: the one-time link of a new staff account (or a reset). */
export const StaffSetPasswordBody = bodyOf({ token: NonEmptyString, password: NonEmptyString })
export type StaffSetPasswordBody = t.TypeOf<typeof StaffSetPasswordBody>

export const staffSetPassword = route({
  method: 'POST',
  path: '/staff/set-password',
  access: 'public',
  summary: 'Set a staff password',
  description: 'Sets the password with the one-time link of a new account or a reset; older sessions end.',
  body: StaffSetPasswordBody,
  responses: { 200: Ack, ...errors(400, 429) },
})
