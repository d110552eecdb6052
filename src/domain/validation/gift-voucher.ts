import { EMAIL_INVALID, isEmail, normaliseEmail } from './email'
import { type FieldErrors, type FormResult, toFormResult, trimmed } from './result'

export const GIFT_VOUCHER_MESSAGES = {
  name: 'Name is required',
  email: 'Email is required',
  emailInvalid: EMAIL_INVALID,
  confirmEmail: 'Confirm email is required',
  confirmEmailMismatch: 'Email addresses do not match',
} as const

export interface GiftVoucherReceiverInput {
  readonly name: string
  readonly email: string
  readonly confirmEmail: string
  readonly message?: string
}
export type GiftVoucherReceiverField = keyof GiftVoucherReceiverInput

export interface GiftVoucherReceiver {
  readonly name: string
  readonly email: string
  readonly confirmEmail: string
  readonly message: string
}

/** Gift voucher for someone else. Emails are compared after trimming and lowercasing. */
export const validateGiftVoucherReceiver = (
  input: GiftVoucherReceiverInput,
): FormResult<GiftVoucherReceiverField, GiftVoucherReceiver> => {
  const errors: FieldErrors<GiftVoucherReceiverField> = {}
  if (trimmed(input.name) === '') errors.name = GIFT_VOUCHER_MESSAGES.name
  if (trimmed(input.email) === '') errors.email = GIFT_VOUCHER_MESSAGES.email
  else if (!isEmail(input.email)) errors.email = GIFT_VOUCHER_MESSAGES.emailInvalid
  if (trimmed(input.confirmEmail) === '') errors.confirmEmail = GIFT_VOUCHER_MESSAGES.confirmEmail
  else if (normaliseEmail(input.confirmEmail) !== normaliseEmail(input.email))
    errors.confirmEmail = GIFT_VOUCHER_MESSAGES.confirmEmailMismatch
  return toFormResult(errors, () => ({
    name: trimmed(input.name),
    email: normaliseEmail(input.email),
    confirmEmail: normaliseEmail(input.confirmEmail),
    message: input.message ?? '',
  }))
}
