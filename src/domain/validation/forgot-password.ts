import * as E from 'fp-ts/Either'
import { EMAIL_INVALID, validateEmail } from './email'

export const FORGOT_PASSWORD_EMAIL_REQUIRED = 'You must enter an email address.'
/** Neutral result: never reveals whether the email exists (spec section 5). */
export const FORGOT_PASSWORD_RESULT =
  'If this email exists on our system, you will receive a password link - please also check your junk folder.'
/** Existing-customer reset variant (spec section 8). */
export const EXISTING_CUSTOMER_RESET_RESULT =
  "If this email exists on our system, you will receive a password link - please also check your junk folder. If the link doesn't work, copy and paste it into your browser."

/**
 * right(trimmed lowercased email), left('You must enter an email address.'), or left('Invalid email
 * address') for a mistyped one: the neutral result would have the customer wait for a mail that cannot come.
 */
export const validateForgotPasswordEmail = (value: string | null | undefined): E.Either<string, string> =>
  validateEmail(value, { required: FORGOT_PASSWORD_EMAIL_REQUIRED, invalid: EMAIL_INVALID })
