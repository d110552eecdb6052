/**
 * Stripe's webhook request → a verified event (Stripe's own verifier on the raw body: a body parsed
 * and re-serialised would not match the signature).
 */
import * as E from 'fp-ts/Either'
import Stripe from 'stripe'
import type { VerifiedEvent } from '../commerce/webhook-event'

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
  const object = event.data.object as { object?: string; id?: string; metadata?: Record<string, string> | null }
  const tenant = object.metadata?.tenant
  if (event.type.startsWith('payment_intent.') && object.object === 'payment_intent' && object.id && tenant) {
    return E.right({ id: event.id, type: event.type, payment: { tenant, transactionId: object.id, expectsSettlement: SETTLING.has(event.type) } })
  }
  return E.right({ id: event.id, type: event.type })
}
