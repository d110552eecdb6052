import * as E from 'fp-ts/Either'
import { type FieldErrors, type FormResult, toFormResult } from './result'

/** At least 8 characters, one capital letter and one digit. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_PATTERN = /^(?=.*[A-Z])(?=.*\d).{8,}$/

export const PASSWORD_RULE_MESSAGE = 'Password must have at least 8 characters, one capital letter and one number'
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match'
export const PASSWORDS_DO_NOT_MATCH_DOT = 'Passwords do not match.'
export const NEW_PASSWORD_EMPTY = 'New password cannot be empty.'
export const NEW_PASSWORD_NOT_MEETING_REQUIREMENTS = 'New password does not meet requirements.'
/** Not in the spec (it names no text for an empty current password); the form's submit button stays
 * enabled so the spec's new-password messages can show, and this one says what else is missing. */
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required'
/** Hint shown beside the change-password field (spec: at least 8 characters, one upper case, one number). */
export const PASSWORD_HINT = 'At least 8 characters, one upper case, one number'

export const meetsPasswordRule = (value: string | null | undefined): boolean => PASSWORD_PATTERN.test(value ?? '')

/** Sign-up password rule as a single value check (the password is not trimmed). */
export const validatePassword = (value: string | null | undefined): E.Either<string, string> =>
  meetsPasswordRule(value) ? E.right(value as string) : E.left(PASSWORD_RULE_MESSAGE)

export interface NewPasswordInput {
  readonly newPassword: string
  readonly confirmPassword: string
}
export type NewPasswordField = keyof NewPasswordInput

const validateNewPassword = (input: NewPasswordInput, mismatch: string): FormResult<NewPasswordField, string> => {
  const errors: FieldErrors<NewPasswordField> = {}
  if ((input.newPassword ?? '') === '') errors.newPassword = NEW_PASSWORD_EMPTY
  else if (!meetsPasswordRule(input.newPassword)) errors.newPassword = NEW_PASSWORD_NOT_MEETING_REQUIREMENTS
  if ((input.confirmPassword ?? '') !== (input.newPassword ?? '')) errors.confirmPassword = mismatch
  return toFormResult(errors, () => input.newPassword)
}

export interface ChangePasswordInput extends NewPasswordInput {
  readonly currentPassword: string
}
export type ChangePasswordField = keyof ChangePasswordInput

/**
 * Change password (customer area): right(new password) or every field's message at once, shown
 * beside the fields on submit; mismatch text ends with '.'.
 */
export const validateChangePassword = (input: ChangePasswordInput): FormResult<ChangePasswordField, string> => {
  const fresh = validateNewPassword(input, PASSWORDS_DO_NOT_MATCH_DOT)
  if ((input.currentPassword ?? '') !== '') return fresh
  return E.left({ currentPassword: CURRENT_PASSWORD_REQUIRED, ...(E.isLeft(fresh) ? fresh.left : {}) })
}

/** Reset password (token link): same rules as change password; mismatch text 'Passwords do not match'. */
export const validateResetPassword = (input: NewPasswordInput): FormResult<NewPasswordField, string> =>
  validateNewPassword(input, PASSWORDS_DO_NOT_MATCH)
