import type { ApiFailure, AppError } from './failure'
import { HOLD_ENDED, SLOT_TAKEN } from '../contract/refusal-texts'

/**
 * The spec's error catalogue (section 8) and the user-facing texts of sections 4 and 5 that follow
 * a call. Every use case maps its failures here, and nowhere else.
 */
export const TEXT = {
  unexpected: 'An unexpected error occurred',
  somethingWentWrong: 'Something went wrong',
  cardProviderNotConnected: 'There was an issue connecting to our Credit card handler.',
  leadFailed: "Sorry, your lead couldn't be created.",
  forgotPasswordNeutral:
    'If this email exists on our system, you will receive a password link - please also check your junk folder.',
  existingCustomerReset:
    "If this email exists on our system, you will receive a password link - please also check your junk folder. If the link doesn't work, copy and paste it into your browser.",
  accountCreated:
    'Your account has been created. Please check your inbox (and junk mail) to verify your email before logging in.',
  dataSaved: 'Data saved successfully',
  formNotFound: 'Form not found. Redirecting to home page',
  /** A form opened without its password, or with a wrong one (the server's text when it sends none). */
  formPasswordNotCorrect: 'The password for this form is not correct.',
  consentAlreadySigned: 'Consent form already signed. Redirecting to home page',
  formThankYou: 'Thank you for completing your form.',
  cardSetupFailed: 'Failed to process payment details. Please try another payment method.',
  cardSetupProcessing: "Processing payment details. We'll update you when processing is complete.",
  cardSetupSucceeded: 'Success! Your payment method has been saved.',
  /** No answer at all (offline, server down): the spec has no text for it, and axios's 'Network Error' tells a customer nothing. */
  unreachable: 'We could not reach the booking service. Please check your connection and try again.',
  /**
   * Stripe's card form of a payment whose client secret could not be asked of the server again (a
   * second tab, a restored tab): the spec quotes no text for it, and its not-connected text names the
   * wrong cause. What happened, and what to do.
   */
  cardFormNotLoaded: "We couldn't load the card form for this payment. Please check your connection and tap 'Try again'.",
  /** The same, when the server has no open payment of it any more (ended, or another one begun since) and it is not paid. */
  paymentNotOpen: "This payment is no longer open, so it can't be paid here. Please tap 'Start again' to begin again.",
  notSignedIn: 'You must be logged in',
  cancelled: 'Cancelled',
} as const

/** Card errors of the spec, keyed by the processor's error code. */
export const CARD_ERRORS: Readonly<Record<string, string>> = {
  INVALID_CARD_NUMBER: 'Card number is not correct.',
  INVALID_EXPIRATION: 'Expiry date is not correct.',
  INVALID_EXPIRATION_DATE: 'Expiry date is not correct.',
  VERIFY_CVV_FAILURE: 'CVV is not correct.',
  INVALID_CVV: 'CVV is not correct.',
  CVV_FAILURE: 'CVV is not correct.',
  VERIFY_AVS_FAILURE: 'Postal code is not correct.',
  INVALID_POSTAL_CODE: 'Postal code is not correct.',
  ADDRESS_VERIFICATION_FAILURE: 'Postal code is not correct.',
  // Square's other codes
  INVALID_CARD: 'Card number is not correct.',
  INVALID_CARD_DATA: 'Card number is not correct.',
  CARD_EXPIRED: 'Expiry date is not correct.',
  INVALID_EXPIRATION_YEAR: 'Expiry date is not correct.',
  // Stripe.js (confirmPayment / confirmSetup): card errors and the Payment Element's validation codes
  incorrect_number: 'Card number is not correct.',
  invalid_number: 'Card number is not correct.',
  incomplete_number: 'Card number is not correct.',
  invalid_expiry_month: 'Expiry date is not correct.',
  invalid_expiry_year: 'Expiry date is not correct.',
  invalid_expiry_month_past: 'Expiry date is not correct.',
  invalid_expiry_year_past: 'Expiry date is not correct.',
  incomplete_expiry: 'Expiry date is not correct.',
  expired_card: 'Expiry date is not correct.',
  incorrect_cvc: 'CVV is not correct.',
  invalid_cvc: 'CVV is not correct.',
  incomplete_cvc: 'CVV is not correct.',
  incorrect_zip: 'Postal code is not correct.',
  incomplete_zip: 'Postal code is not correct.',
}
export const cardErrorText = (code: string | undefined): string => (code && CARD_ERRORS[code]) || 'Unhandled request.'

/** A Stripe.js error: the decline code names the reason more precisely than the error code when it is one of ours. */
export const stripeCardErrorText = (error: { code?: string; decline_code?: string }): string =>
  cardErrorText(error.decline_code && CARD_ERRORS[error.decline_code] ? error.decline_code : error.code)

const seconds = (n: number) => (n === 1 ? '1 second' : `${n} seconds`)

/**
 * A server too busy to take a request now (503 with Retry-After, issue 31): nothing was done, and it
 * can be sent again after the wait. The spec has no text for it; the server's 'try again in a moment'
 * does not say how long.
 */
export const busyText = (retryAfterSeconds: number): string =>
  retryAfterSeconds <= 0 ? 'The service is busy. Please try again.' : `The service is busy. Please try again in ${seconds(retryAfterSeconds)}.`

/** Shown while a read waits for the Retry-After of a busy server before it is sent again (adapters/http/busy-retry.ts). */
export const busyRetryingText = (retryAfterSeconds: number): string =>
  retryAfterSeconds <= 0 ? 'The service is busy. Trying again…' : `The service is busy. Trying again in ${seconds(retryAfterSeconds)}…`

const tagOf = (f: ApiFailure): AppError['_tag'] =>
  f._tag === 'HttpError' ? 'Refused' : f._tag === 'Unreachable' ? 'Unreachable' : 'ContractViolation'

function withText(f: ApiFailure, message: string): AppError {
  // Busy whatever the call: the wait is what the customer needs to know, whichever text the call has.
  if (f._tag === 'HttpError' && f.status === 503 && f.retryAfterSeconds !== undefined)
    return { _tag: 'Refused', status: 503, message: busyText(f.retryAfterSeconds), retryAfterSeconds: f.retryAfterSeconds }
  if (f._tag === 'HttpError') return { _tag: 'Refused', status: f.status, message }
  return { _tag: tagOf(f), message } as AppError
}

const unreachableError = (f: ApiFailure & { _tag: 'Unreachable' }): AppError =>
  f.message ? { _tag: 'Unreachable', message: TEXT.unreachable, cause: f.message } : { _tag: 'Unreachable', message: TEXT.unreachable }

/** Request failure: server message, else 'Request failed with status {status}'. */
export function requestFailure(f: ApiFailure): AppError {
  switch (f._tag) {
    case 'HttpError':
      return withText(f, f.message)
    case 'Unreachable':
      return unreachableError(f)
    case 'ContractViolation':
      return withText(f, TEXT.unexpected)
  }
}

/** Booking and reschedule errors: server message, else the error message, else 'An unexpected error occurred'; a taken time and a lost hold by their own case. */
export function bookingFailure(f: ApiFailure): AppError {
  switch (f._tag) {
    case 'HttpError':
      if (f.status === 409 && f.serverMessage === SLOT_TAKEN) return { _tag: 'SlotTaken', status: 409, message: SLOT_TAKEN }
      if (f.status === 404 && f.serverMessage === HOLD_ENDED) return { _tag: 'HoldLost', status: 404, message: HOLD_ENDED }
      return withText(f, f.serverMessage || f.message || TEXT.unexpected)
    case 'Unreachable':
      return unreachableError(f)
    case 'ContractViolation':
      return withText(f, TEXT.unexpected)
  }
}

/** Available days, staff loading and form save failures: server message or 'Something went wrong'. */
export function serverMessageOrSomethingWentWrong(f: ApiFailure): AppError {
  return withText(f, (f._tag === 'HttpError' && f.serverMessage) || TEXT.somethingWentWrong)
}

/** Login without a user, register 400, forgot-password 400: the server message (shown in red). */
export const serverMessage = requestFailure

/** Lead creation failure: always the same toast. */
export const leadFailure = (f: ApiFailure): AppError => withText(f, TEXT.leadFailed)

/** Card provider not connected (or the check failed). */
export const cardProviderFailure = (f: ApiFailure): AppError => withText(f, TEXT.cardProviderNotConnected)

/** Card calls: the processor's code when the server names one, else the server message. */
export function cardFailure(f: ApiFailure): AppError {
  if (f._tag !== 'HttpError') return requestFailure(f)
  const code = f.serverMessage && /^[A-Z_]+$/.test(f.serverMessage) ? f.serverMessage : undefined
  return withText(f, code ? cardErrorText(code) : f.message)
}

/** Form load: not found. */
export const formNotFound = (f: ApiFailure): AppError => withText(f, TEXT.formNotFound)

/** Form load refused with 401: the password is missing or wrong (Refused, status 401, the server's text). */
export const formPasswordNotCorrect = (f: ApiFailure & { _tag: 'HttpError' }): AppError =>
  withText(f, f.serverMessage || TEXT.formPasswordNotCorrect)

/** Forgot password never leaks: the neutral text whatever happened (the failure is only logged). */
export const forgotPasswordNeutral = (f: ApiFailure): AppError => withText(f, TEXT.forgotPasswordNeutral)

export const notSignedIn: AppError = { _tag: 'NotSignedIn', message: TEXT.notSignedIn }
export const cancelled: AppError = { _tag: 'Cancelled', message: TEXT.cancelled }
