/**
 * Stripe's errors in the port's terms: card errors become the spec's catalogue (section 8), a missing
 * object is an unknown transaction, anything else (network, keys, Stripe down) is 'not connected'.
 * Stripe's own message never reaches the customer: it can name our account or parameters.
 */
import Stripe from 'stripe'
import { cardDeclined, NOT_CONNECTED_MESSAGE, type CardErrorReason, type ProcessorFailure } from '../commerce/card-processor.port'

/** Stripe's card error and decline codes → the spec's reasons. */
const REASONS: Record<string, CardErrorReason> = {
  incorrect_number: 'card_number',
  invalid_number: 'card_number',
  invalid_card_type: 'card_number',
  invalid_expiry_month: 'expiry',
  invalid_expiry_year: 'expiry',
  expired_card: 'expiry',
  incorrect_cvc: 'cvv',
  invalid_cvc: 'cvv',
  incorrect_zip: 'postal_code',
}

export function cardReasonOf(code: string | null | undefined, declineCode?: string | null): CardErrorReason {
  return (declineCode && REASONS[declineCode]) || (code && REASONS[code]) || 'other'
}

export function failureOfStripe(error: unknown): ProcessorFailure {
  if (error instanceof Stripe.errors.StripeCardError) return cardDeclined(cardReasonOf(error.code, error.decline_code), error.decline_code ?? error.code)
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'resource_missing') return { _tag: 'UnknownTransaction', message: 'Payment not found.' }
    if (error.code === 'payment_intent_unexpected_state') return { _tag: 'InvalidState', message: 'The payment is not in a state that allows this.' }
  }
  return { _tag: 'NotConnected', message: NOT_CONNECTED_MESSAGE }
}

/** A payment's last card failure as the spec's text (a PaymentIntent's last_payment_error). */
export function failureMessageOf(error: { type?: string; code?: string; decline_code?: string } | null | undefined): string | undefined {
  if (!error || error.type !== 'card_error') return undefined
  return cardDeclined(cardReasonOf(error.code, error.decline_code)).message
}
