/**
 * Stripe's webhook request → a verified event (Stripe's own verifier on the raw body: a body parsed
 * and re-serialised would not match the signature).
 */
import * as E from 'fp-ts/Either'
import Stripe from 'stripe'
import type { VerifiedEvent } from '../commerce/webhook-event'
import { cardReasonOf } from './stripe-errors'

/** Events about a refund (made in Stripe's dashboard, or ours), whose object names its PaymentIntent. */
const REFUNDS = new Set(['charge.refunded', 'refund.created', 'refund.updated', 'charge.refund.updated'])

/** PaymentIntent events after which the payment is authorized or captured at Stripe. */
const SETTLING = new Set(['payment_intent.amount_capturable_updated', 'payment_intent.succeeded'])

export function verifyStripeEvent(rawBody: Buffer, signature: string | undefined, secret: string): E.Either<string, VerifiedEvent> {
  if (!signature) return E.left('Missing Stripe-Signature header.')
  let event: Stripe.Event
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret)
  } catch {
    return E.left('Invalid signature.')
  }
  const object = event.data.object as {
    object?: string
    id?: string
    client_secret?: string | null
    metadata?: Record<string, string> | null
    last_payment_error?: { type?: string; code?: string; decline_code?: string } | null
    payment_intent?: string | { id?: string } | null
  }
  const tenant = object.metadata?.tenant
  if (event.type.startsWith('payment_intent.') && object.object === 'payment_intent' && object.id && tenant) {
    const error = object.last_payment_error
    // A card refused by stripe.confirmPayment in the browser: the server hears of it only here.
    const decline = event.type === 'payment_intent.payment_failed' && error?.type === 'card_error'
      ? { decline: { reason: cardReasonOf(error.code, error.decline_code), ...(error.decline_code ?? error.code ? { code: error.decline_code ?? error.code } : {}) } }
      : {}
    return E.right({ id: event.id, type: event.type, payment: { tenant, transactionId: object.id, expectsSettlement: SETTLING.has(event.type) }, ...decline })
  }
  // A refund, maybe made in Stripe's dashboard (no metadata of ours): its payment is looked up by the
  // intent's id, and the intent's refunds are read again from Stripe.
  const intentId = typeof object.payment_intent === 'string' ? object.payment_intent : object.payment_intent?.id
  if (REFUNDS.has(event.type) && (object.object === 'charge' || object.object === 'refund') && intentId) {
    return E.right({ id: event.id, type: event.type, refund: { transactionId: intentId } })
  }
  // A card saved with no browser left to show the result (closed after a 3-D Secure check): the
  // customer's 'default' choice is applied from here. The intent is read again from Stripe with its secret.
  if (event.type === 'setup_intent.succeeded' && object.object === 'setup_intent' && object.client_secret && tenant) {
    return E.right({ id: event.id, type: event.type, setup: { tenant, clientSecret: object.client_secret } })
  }
  return E.right({ id: event.id, type: event.type })
}
