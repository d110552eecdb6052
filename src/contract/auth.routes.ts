import * as t from 'io-ts'
import { route } from './route'
import { Ack, BooleanFromString, bodyOf, entity, errors, IsoDateTime, NonEmptyString, ObjectId, queryOf } from './codecs'
import { CurrentUser } from './customers.codecs'

export const LoginQuery = queryOf({ from: t.literal('customer') })
export type LoginQuery = t.TypeOf<typeof LoginQuery>

export const LoginBody = bodyOf({ email: NonEmptyString, password: NonEmptyString })
export type LoginBody = t.TypeOf<typeof LoginBody>

export const LoginResult = entity('LoginResult', { user: CurrentUser, token: t.string }, { message: t.string })
export type LoginResult = t.TypeOf<typeof LoginResult>

/** POST /login?from=customer. 401 bad credentials, 403 email not verified (message shown in red). */
export const login = route({
  method: 'POST',
  path: '/login',
  access: 'public',
  summary: 'Customer sign-in',
  description: "Answers a bearer token for the customer's email and password. 401 bad credentials, 403 email not verified. Rate limited.",
  query: LoginQuery,
  body: LoginBody,
  responses: { 200: LoginResult, ...errors(400, 401, 403, 429) },
})

/**
 * POST /logout: ends the session of the token sent (Authorization: Bearer) on the server, for every
 * server instance: the token answers 401 from then on. 401 when no valid token is sent.
 */
export const logout = route({
  method: 'POST',
  path: '/logout',
  access: 'customer',
  summary: 'Customer sign-out',
  description: 'Ends the session of the token sent, on every server instance: the token answers 401 from then on.',
  responses: { 200: Ack, ...errors(401) },
})

/** Sign-up body (spec section 7 field names). `dob` is the date at 12:00 UTC. */
export const RegisterBody = bodyOf(
  {
    title: NonEmptyString,
    name: NonEmptyString,
    surname: NonEmptyString,
    dob: IsoDateTime,
    gender: NonEmptyString,
    email: NonEmptyString,
    mobile: NonEmptyString,
    password: NonEmptyString,
  },
  { referralSource: t.string },
)
export type RegisterBody = t.TypeOf<typeof RegisterBody>

/** The created account awaits email verification; `message` is the spec's 'Your account has been created...'. */
export const RegisterResult = entity('RegisterResult', { message: t.string }, { id: ObjectId })
export type RegisterResult = t.TypeOf<typeof RegisterResult>

/** POST /user/customer/register. 400 shows the server message (e.g. email already registered). */
export const register = route({
  method: 'POST',
  path: '/user/customer/register',
  access: 'public',
  summary: 'Create a customer account',
  description: 'Creates the account and mails a verification link. Rate limited.',
  body: RegisterBody,
  responses: { 200: RegisterResult, ...errors(400, 409, 429) },
})

/** POST /user/forgot-password/{email}?existingUser={bool}: always the same neutral answer. */
export const forgotPassword = route({
  method: 'POST',
  path: '/user/forgot-password/{email}',
  access: 'public',
  summary: 'Ask for a password reset link',
  description: 'Mails a reset link when the address has an account; always the same neutral answer. Rate limited.',
  params: t.type({ email: NonEmptyString }),
  query: queryOf({}, { existingUser: BooleanFromString }),
  responses: { 200: Ack, ...errors(400, 429) },
})

/** Reset with the emailed token (no login needed). */
export const ResetPasswordBody = bodyOf({ token: NonEmptyString, newPassword: NonEmptyString })
/** Change while logged in. */
export const ChangePasswordLoggedInBody = bodyOf({
  newPassword: NonEmptyString,
  currentPassword: NonEmptyString,
  userId: ObjectId,
})
export const ChangePasswordBody = t.union([ResetPasswordBody, ChangePasswordLoggedInBody], 'ChangePasswordBody')
export type ChangePasswordBody = t.TypeOf<typeof ChangePasswordBody>

/** 200 with a message shown in normal colour; `newToken` after a reset by token (stored by the client). */
export const ChangePasswordResult = entity('ChangePasswordResult', { message: t.string }, {
  statusCode: t.number,
  newToken: t.string,
})
export type ChangePasswordResult = t.TypeOf<typeof ChangePasswordResult>

/** PUT /user/change-password. 401 (wrong current password, bad or used token): message in red. */
export const changePassword = route({
  method: 'PUT',
  path: '/user/change-password',
  access: 'customer',
  summary: 'Change the password',
  description: "Changes the signed-in customer's password; their other sessions end.",
  body: ChangePasswordBody,
  responses: { 200: ChangePasswordResult, ...errors(400, 401, 429) },
})

export const getCurrentUser = route({
  method: 'GET',
  path: '/user/me',
  access: 'customer',
  summary: 'The signed-in customer',
  description: "The customer's own details, stored cards and account balance.",
  responses: { 200: CurrentUser, ...errors(401) },
})
