import * as t from 'io-ts'
import { route } from './route'
import { Ack, bodyOf, errors, IdParams, NonEmptyString, queryOf, StringFromQuery } from './codecs'
import { UserForm } from './forms.codecs'

/**
 * GET /forms/user-form/{id}[?password=]. 401 wrong or missing password; 404 'Form not found.';
 * an already signed consent form is returned with isSigned true (the client shows its message).
 */
export const getUserForm = route({
  method: 'GET',
  path: '/forms/user-form/{id}',
  access: 'public',
  summary: 'A form to fill in',
  description: "A customer's form (consent, medical) by the id in its mailed link; the form's password when it has one (401 wrong or missing).",
  params: IdParams,
  query: queryOf({}, { password: StringFromQuery }),
  responses: { 200: UserForm, ...errors(400, 401, 404, 429) },
})

/** `signature`: image data URL ('data:image/png;base64,...'). */
export const SignFormBody = bodyOf({ signature: NonEmptyString }, { password: t.string })
export type SignFormBody = t.TypeOf<typeof SignFormBody>

/** 409 when the consent form is already signed. */
export const signUserForm = route({
  method: 'POST',
  path: '/forms/user-form/sign/{id}/public',
  access: 'public',
  summary: 'Sign a form',
  description: 'Signs the form with the signature image; 409 when it is already signed.',
  params: IdParams,
  body: SignFormBody,
  responses: { 200: Ack, ...errors(400, 401, 404, 409, 429) },
})

/** `data`: widget id to answer (validated by the server with the domain form rules). */
export const UpdateFormBody = bodyOf({ data: t.record(t.string, t.unknown) }, { password: t.string })
export type UpdateFormBody = t.TypeOf<typeof UpdateFormBody>

/** 400 with the first form error ('field {title} is required'...); 409 when already updated. */
export const updateUserForm = route({
  method: 'POST',
  path: '/forms/user-form/update/{id}/public',
  access: 'public',
  summary: 'Answer a form',
  description: "Saves answers to the form's fields, checked by the form's rules; 409 when it is already signed.",
  params: IdParams,
  body: UpdateFormBody,
  responses: { 200: Ack, ...errors(400, 401, 404, 409, 429) },
})
