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

/** Change password (customer area): right(new password) or the field messages; mismatch text ends with '.'. */
export const validateChangePassword = (input: NewPasswordInput): FormResult<NewPasswordField, string> =>
  validateNewPassword(input, PASSWORDS_DO_NOT_MATCH_DOT)

/** Reset password (token link): same rules as change password; mismatch text 'Passwords do not match'. */
export const validateResetPassword = (input: NewPasswordInput): FormResult<NewPasswordField, string> =>
  validateNewPassword(input, PASSWORDS_DO_NOT_MATCH)
