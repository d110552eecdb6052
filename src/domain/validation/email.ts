import * as E from 'fp-ts/Either'
import { trimmed } from './result'

/** Standard address pattern: local part, '@', domain with at least one dot, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

/** The spec's text for a malformed address (gift voucher, sign-up; also used by forgot password). */
export const EMAIL_INVALID = 'Invalid email address'

/** Email as sent to the server: trimmed and lowercased. */
export const normaliseEmail = (value: string | null | undefined): string => trimmed(value).toLowerCase()

/** True when the trimmed value matches the standard address pattern. */
export const isEmail = (value: string | null | undefined): boolean => EMAIL_PATTERN.test(trimmed(value))

export interface EmailMessages {
  readonly required: string
  readonly invalid: string
}

/** Required email: left(required) when empty, left(invalid) when malformed, else right(normalised). */
export const validateEmail = (value: string | null | undefined, messages: EmailMessages): E.Either<string, string> => {
  if (trimmed(value) === '') return E.left(messages.required)
  if (!isEmail(value)) return E.left(messages.invalid)
  return E.right(normaliseEmail(value))
}
