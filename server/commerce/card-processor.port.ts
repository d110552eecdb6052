/**
 * The card-processor port (ARCHITECTURE.md "Payments"): everything the commerce services need from a
 * card processor, named for the capability. The embedded default is the sandbox processor
 * (server/sandbox-processor); a Stripe or Square adapter implements this same interface and is
 * registered in CARD_PROCESSORS (commerce.module.ts) without touching any service.
 *
 * Amounts are in major units (pounds, 2 decimals) as everywhere else in the product.
 */
import type * as TE from 'fp-ts/TaskEither'

/** The spec's card error catalogue (section 8), keyed by the reason a processor reports. */
export const CARD_ERROR_MESSAGES = {
  card_number: 'Card number is not correct.',
  expiry: 'Expiry date is not correct.',
  cvv: 'CVV is not correct.',
  postal_code: 'Postal code is not correct.',
  other: 'Unhandled request.',
} as const
export type CardErrorReason = keyof typeof CARD_ERROR_MESSAGES

export const NOT_CONNECTED_MESSAGE = 'There was an issue connecting to our Credit card handler.'

export type ProcessorFailure =
  /** `code`: the processor's own decline code (metrics only; the customer sees `message`). */
  | { _tag: 'CardDeclined'; reason: CardErrorReason; message: string; code?: string }
  | { _tag: 'NotConnected'; message: string }
  | { _tag: 'UnknownTransaction'; message: string }
  | { _tag: 'InvalidState'; message: string }

export const cardDeclined = (reason: CardErrorReason, code?: string): ProcessorFailure => ({
  _tag: 'CardDeclined',
  reason,
  message: CARD_ERROR_MESSAGES[reason],
  ...(code ? { code } : {}),
})

/** Lifecycle of one payment at the processor. */
export type ProcessorPaymentStatus = 'open' | 'authorized' | 'captured' | 'voided' | 'refunded' | 'failed'

export interface ProcessorPayment {
  transactionId: string
  status: ProcessorPaymentStatus
  amount: number
  currency: string
  reference: string
  /** The last card failure on this payment, when the customer's card was refused. */
  failureMessage?: string
}

/** A refund the processor holds for a payment, made by us or in its dashboard (amount in major units). */
export interface ProcessorRefund {
  id: string
  amount: number
  currency: string
  status: 'succeeded' | 'pending' | 'failed'
}

export interface CreatePaymentInput {
  amount: number
  currency: string
  /** What the payment is for (our invoice id); shown on the hosted page. */
  reference: string
  /** The same key always answers with the same payment: a retried request never creates a second one. */
  idempotencyKey: string
  /** Where the hosted page is served from (the API origin), for processors that host it themselves. */
  description?: string
}

export interface StoredCard {
  id: string
  last_4: string
  card_brand: string
  exp_month: number
  exp_year: number
}

export type SetupIntentStatus = 'succeeded' | 'processing' | 'requires_payment_method'

export interface SetupIntent {
  clientSecret: string
  status: SetupIntentStatus
  customerId: string
  cardId?: string
}

/** Who is asking: every processor record belongs to one tenant. */
export interface ProcessorScope {
  tenant: string
}

export interface CardProcessor {
  /** Short name, stored with each payment ('sandbox', 'stripe', ...). */
  readonly name: string
  /**
   * The processor tells every refused payment attempt by webhook (Stripe's payment_intent.payment_failed,
   * also for a charge the server confirmed): declines are counted there, not also where a charge failed.
   */
  readonly declinesByWebhook?: boolean
  isConnected(scope: ProcessorScope): Promise<boolean>
  /** The seller/merchant account the processor uses for a location (GET /square/get-seller). */
  seller(scope: ProcessorScope, locationId?: string): Promise<{ applicationId: string; locationId: string; tokenizerUrl: string }>
  /** Opens a payment: the customer completes it on `paymentUrl` (the payment iframe). */
  createPayment(scope: ProcessorScope, input: CreatePaymentInput): TE.TaskEither<ProcessorFailure, { paymentUrl: string; transactionId: string }>
  /** The page where the customer completes an open payment. */
  paymentPageUrl(transactionId: string): string
  /** What the processor's browser SDK needs to complete the payment (Stripe's client secret); none for hosted pages. */
  clientSecretOf?(scope: ProcessorScope, transactionId: string): Promise<string | undefined>
  status(scope: ProcessorScope, transactionId: string): TE.TaskEither<ProcessorFailure, ProcessorPayment>
  capture(scope: ProcessorScope, transactionId: string): TE.TaskEither<ProcessorFailure, ProcessorPayment>
  void(scope: ProcessorScope, transactionId: string): TE.TaskEither<ProcessorFailure, ProcessorPayment>
  /** Gives a captured payment back. Idempotent like capture and void: a poll and the reconciler may both ask. */
  refund(scope: ProcessorScope, transactionId: string): TE.TaskEither<ProcessorFailure, ProcessorPayment>
  /**
   * Every refund of the payment at the processor, whoever made it (the processor's refund
   * notifications are handled by reading these again). Absent: the processor sends no such notifications.
   */
  refundsOf?(scope: ProcessorScope, transactionId: string): TE.TaskEither<ProcessorFailure, ProcessorRefund[]>
  /** Authorizes an open payment with a card stored for the customer (no hosted page needed). */
  chargeStoredCard(scope: ProcessorScope, transactionId: string, customerId: string, cardId: string): TE.TaskEither<ProcessorFailure, ProcessorPayment>
  /** Stores the card a nonce stands for against the customer (nonces are single use). */
  saveCard(scope: ProcessorScope, customerId: string, nonce: string): TE.TaskEither<ProcessorFailure, StoredCard>
  listCards(scope: ProcessorScope, customerId: string): Promise<StoredCard[]>
  deleteCard(scope: ProcessorScope, customerId: string, cardId: string): Promise<boolean>
  /**
   * Starts a card setup. undefined: the processor has no setup intents (Square); the browser
   * tokenises the card with the processor's SDK and the nonce is stored with saveCard.
   */
  createSetupIntent(scope: ProcessorScope, customerId: string): Promise<SetupIntent | undefined>
  retrieveSetupIntent(scope: ProcessorScope, clientSecret: string): Promise<SetupIntent | undefined>
}
