/**
 * The Stripe card processor (CARD_PROCESSOR=stripe) on the official `stripe` package.
 * - Payments are PaymentIntents with manual capture: the customer confirms with the Payment
 *   Element (client secret from `clientSecretOf`), the payment becomes 'authorized'
 *   (requires_capture) and settlement captures it, or cancels it when the booking was lost.
 * - Stored cards are PaymentMethods attached to a Stripe Customer (one per customer and tenant,
 *   commerce_processor_customers); card setup is a SetupIntent.
 * - Amounts cross the boundary in minor units of the invoice's currency (minor-units.ts).
 * - Every create, confirm, capture and refund carries an idempotency key derived from what it is
 *   for, so a retry (ours or the SDK's) never charges twice.
 * - Every Stripe object carries metadata.tenant; an object of another tenant is 'not found'.
 */
import * as E from 'fp-ts/Either'
import type * as TE from 'fp-ts/TaskEither'
import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import type {
  CardProcessor,
  CreatePaymentInput,
  ProcessorFailure,
  ProcessorPayment,
  ProcessorPaymentStatus,
  ProcessorRefund,
  ProcessorScope,
  SetupIntent,
  SetupIntentStatus,
  StoredCard,
} from '../commerce/card-processor.port'
import { fromMinorUnits, toMinorUnits } from '../commerce/minor-units'
import { ensureExternalCustomer, externalCustomerId } from '../commerce/processor-customers.repository'
import { PAYMENT_PATHS, type ProcessorConfig } from '../commerce/processor-config'
import type { ProcessorDb } from '../commerce/processors.tables'
import { failureMessageOf, failureOfStripe } from './stripe-errors'

export type StripeConfig = Extract<ProcessorConfig, { name: 'stripe' }>

/** Where the client completes a payment (processor-config.ts: also known before this adapter is loaded). */
export const STRIPE_PAYMENT_PATH = PAYMENT_PATHS.stripe

const unknownTransaction: ProcessorFailure = { _tag: 'UnknownTransaction', message: 'Payment not found.' }

/** The Stripe client for a configuration; STRIPE_API_BASE points it at another host (a local mock). */
export function stripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'clinic-online-booking' },
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' }
      : {}),
  })
}

function paymentStatusOf(intent: Stripe.PaymentIntent): ProcessorPaymentStatus {
  switch (intent.status) {
    case 'requires_capture':
      return 'authorized'
    case 'succeeded': {
      const charge = intent.latest_charge
      return charge && typeof charge === 'object' && charge.refunded ? 'refunded' : 'captured'
    }
    case 'canceled':
      return 'voided'
    default:
      return 'open'
  }
}

function toPayment(intent: Stripe.PaymentIntent): ProcessorPayment {
  const failure = intent.status === 'requires_payment_method' ? failureMessageOf(intent.last_payment_error) : undefined
  const currency = intent.currency.toUpperCase()
  return {
    transactionId: intent.id,
    status: paymentStatusOf(intent),
    amount: fromMinorUnits(intent.amount, currency),
    currency,
    reference: intent.metadata?.reference ?? '',
    ...(failure ? { failureMessage: failure } : {}),
  }
}

function setupStatusOf(intent: Stripe.SetupIntent): SetupIntentStatus {
  if (intent.status === 'succeeded') return 'succeeded'
  if (intent.status === 'processing') return 'processing'
  return 'requires_payment_method'
}

function toStoredCard(method: Stripe.PaymentMethod): StoredCard {
  return {
    id: method.id,
    last_4: method.card?.last4 ?? '',
    card_brand: (method.card?.brand ?? 'unknown').toUpperCase(),
    exp_month: method.card?.exp_month ?? 0,
    exp_year: method.card?.exp_year ?? 0,
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined => (typeof value === 'string' ? value : value?.id)

/** Runs a Stripe call as the port's TaskEither. */
const attempt =
  <T>(run: () => Promise<E.Either<ProcessorFailure, T>>): TE.TaskEither<ProcessorFailure, T> =>
  async () => {
    try {
      return await run()
    } catch (error) {
      return E.left(failureOfStripe(error))
    }
  }

export interface StripeOptions {
  config: StripeConfig
  db: ProcessorDb
}

export class StripeProcessor implements CardProcessor {
  readonly name = 'stripe'
  // Stripe sends payment_intent.payment_failed for every refused attempt, the browser's and ours.
  readonly declinesByWebhook = true
  readonly stripe: Stripe
  private readonly config: StripeConfig
  private readonly db: ProcessorDb

  constructor(options: StripeOptions) {
    this.config = options.config
    this.db = options.db
    this.stripe = stripeClient(options.config)
  }

  async isConnected(_scope?: ProcessorScope): Promise<boolean> {
    try {
      await this.stripe.accounts.retrieveCurrent()
      return true
    } catch {
      return false
    }
  }

  async seller(_scope: ProcessorScope, locationId?: string) {
    // Stripe.js is configured with the publishable key; there are no locations at Stripe.
    return { applicationId: this.config.publishableKey, locationId: locationId ?? 'stripe', tokenizerUrl: 'https://js.stripe.com/v3/' }
  }

  paymentPageUrl(transactionId: string): string {
    return `${STRIPE_PAYMENT_PATH}/${transactionId}`
  }

  /** The PaymentIntent of this tenant, with its latest charge (to tell a refund), or undefined. */
  private async intentOf(scope: ProcessorScope, transactionId: string): Promise<Stripe.PaymentIntent | undefined> {
    if (!transactionId.startsWith('pi_')) return undefined
    try {
      const intent = await this.stripe.paymentIntents.retrieve(transactionId, { expand: ['latest_charge'] })
      return intent.metadata?.tenant === scope.tenant ? intent : undefined
    } catch (error) {
      if (failureOfStripe(error)._tag === 'UnknownTransaction') return undefined
      throw error
    }
  }

  private current(scope: ProcessorScope, transactionId: string): Promise<E.Either<ProcessorFailure, ProcessorPayment>> {
    return this.intentOf(scope, transactionId).then((intent) => (intent ? E.right(toPayment(intent)) : E.left(unknownTransaction)))
  }

  createPayment(scope: ProcessorScope, input: CreatePaymentInput) {
    return attempt(async () => {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: toMinorUnits(input.amount, input.currency),
          currency: input.currency.toLowerCase(),
          capture_method: 'manual',
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          ...(input.description ? { description: input.description } : {}),
          metadata: { tenant: scope.tenant, reference: input.reference },
        },
        { idempotencyKey: `${scope.tenant}:pay:${input.idempotencyKey}` },
      )
      return E.right({ transactionId: intent.id, paymentUrl: this.paymentPageUrl(intent.id) })
    })
  }

  /** What the Payment Element needs to confirm the payment in the browser (never logged). */
  async clientSecretOf(scope: ProcessorScope, transactionId: string): Promise<string | undefined> {
    const intent = await this.intentOf(scope, transactionId)
    return intent?.client_secret ?? undefined
  }

  status(scope: ProcessorScope, transactionId: string) {
    return attempt(() => this.current(scope, transactionId))
  }

  capture(scope: ProcessorScope, transactionId: string) {
    return attempt(async () => {
      const intent = await this.intentOf(scope, transactionId)
      if (!intent) return E.left(unknownTransaction)
      if (intent.status !== 'requires_capture') {
        const payment = toPayment(intent)
        return payment.status === 'captured' ? E.right(payment) : E.left({ _tag: 'InvalidState', message: `Payment is ${payment.status}; it cannot be captured.` })
      }
      await this.stripe.paymentIntents.capture(transactionId, {}, { idempotencyKey: `${scope.tenant}:capture:${transactionId}` })
      return this.current(scope, transactionId)
    })
  }

  void(scope: ProcessorScope, transactionId: string) {
    return attempt(async () => {
      const intent = await this.intentOf(scope, transactionId)
      if (!intent) return E.left(unknownTransaction)
      if (intent.status === 'canceled') return E.right(toPayment(intent))
      if (intent.status === 'succeeded' || intent.status === 'processing') {
        return E.left({ _tag: 'InvalidState', message: `Payment is ${toPayment(intent).status}; it cannot be voided.` })
      }
      await this.stripe.paymentIntents.cancel(transactionId, {}, { idempotencyKey: `${scope.tenant}:cancel:${transactionId}` })
      return this.current(scope, transactionId)
    })
  }

  refund(scope: ProcessorScope, transactionId: string) {
    return attempt(async () => {
      const intent = await this.intentOf(scope, transactionId)
      if (!intent) return E.left(unknownTransaction)
      const payment = toPayment(intent)
      if (payment.status === 'refunded') return E.right(payment)
      if (payment.status !== 'captured') return E.left({ _tag: 'InvalidState', message: `Payment is ${payment.status}; it cannot be refunded.` })
      await this.stripe.refunds.create({ payment_intent: transactionId, metadata: { tenant: scope.tenant } }, { idempotencyKey: `${scope.tenant}:refund:${transactionId}` })
      return this.current(scope, transactionId)
    })
  }

  /** The intent's refunds (Stripe's list is newest first; up to 100, more than a payment of ours ever has). */
  refundsOf(scope: ProcessorScope, transactionId: string) {
    return attempt(async () => {
      const intent = await this.intentOf(scope, transactionId)
      if (!intent) return E.left(unknownTransaction)
      const list = await this.stripe.refunds.list({ payment_intent: transactionId, limit: 100 })
      return E.right(
        list.data.map((r): ProcessorRefund => ({
          id: r.id,
          amount: fromMinorUnits(r.amount, r.currency),
          currency: r.currency.toUpperCase(),
          status: r.status === 'succeeded' ? 'succeeded' : r.status === 'failed' || r.status === 'canceled' ? 'failed' : 'pending',
        })),
      )
    })
  }

  private customerFor(scope: ProcessorScope, customerId: string): Promise<string> {
    return ensureExternalCustomer(this.db, scope.tenant, this.name, customerId, async () => {
      const customer = await this.stripe.customers.create(
        { metadata: { tenant: scope.tenant, customer_id: customerId } },
        { idempotencyKey: `${scope.tenant}:customer:${customerId}` },
      )
      return customer.id
    })
  }

  /** A card of this customer, or undefined (a card id of someone else is as good as unknown). */
  private async cardOf(scope: ProcessorScope, customerId: string, cardId: string): Promise<Stripe.PaymentMethod | undefined> {
    const external = await externalCustomerId(this.db, scope.tenant, this.name, customerId)
    if (!external || !cardId.startsWith('pm_')) return undefined
    try {
      const method = await this.stripe.paymentMethods.retrieve(cardId)
      return idOf(method.customer) === external ? method : undefined
    } catch (error) {
      if (failureOfStripe(error)._tag === 'UnknownTransaction') return undefined
      throw error
    }
  }

  chargeStoredCard(scope: ProcessorScope, transactionId: string, customerId: string, cardId: string) {
    return attempt(async () => {
      const card = await this.cardOf(scope, customerId, cardId)
      if (!card) return E.left({ _tag: 'UnknownTransaction', message: 'Card not found.' })
      const intent = await this.intentOf(scope, transactionId)
      if (!intent) return E.left(unknownTransaction)
      const before = toPayment(intent)
      if (before.status === 'authorized' || before.status === 'captured') return E.right(before)
      if (before.status !== 'open') return E.left({ _tag: 'InvalidState', message: `Payment is ${before.status}.` })
      const customer = idOf(card.customer)!
      if (idOf(intent.customer) !== customer) {
        await this.stripe.paymentIntents.update(transactionId, { customer }, { idempotencyKey: `${scope.tenant}:customer-of:${transactionId}:${customer}` })
      }
      await this.stripe.paymentIntents.confirm(
        transactionId,
        { payment_method: card.id, off_session: true },
        { idempotencyKey: `${scope.tenant}:confirm:${transactionId}:${card.id}` },
      )
      return this.current(scope, transactionId)
    })
  }

  /** The nonce is a PaymentMethod id from Stripe.js (pm_...): attached to the customer's Stripe Customer. */
  saveCard(scope: ProcessorScope, customerId: string, nonce: string) {
    return attempt(async () => {
      const customer = await this.customerFor(scope, customerId)
      const method = await this.stripe.paymentMethods.attach(nonce, { customer }, { idempotencyKey: `${scope.tenant}:attach:${nonce}:${customer}` })
      return E.right(toStoredCard(method))
    })
  }

  async listCards(scope: ProcessorScope, customerId: string): Promise<StoredCard[]> {
    const external = await externalCustomerId(this.db, scope.tenant, this.name, customerId)
    if (!external) return []
    const cards: StoredCard[] = []
    for await (const method of this.stripe.customers.listPaymentMethods(external, { type: 'card', limit: 100 })) cards.push(toStoredCard(method))
    return cards
  }

  async deleteCard(scope: ProcessorScope, customerId: string, cardId: string): Promise<boolean> {
    const card = await this.cardOf(scope, customerId, cardId)
    if (!card) return false
    await this.stripe.paymentMethods.detach(card.id, {}, { idempotencyKey: `${scope.tenant}:detach:${card.id}` })
    return true
  }

  async createSetupIntent(scope: ProcessorScope, customerId: string): Promise<SetupIntent> {
    const customer = await this.customerFor(scope, customerId)
    const intent = await this.stripe.setupIntents.create(
      { customer, usage: 'off_session', metadata: { tenant: scope.tenant, customer_id: customerId } },
      // Each call asks for a new setup; the key guards the SDK's own retries of this one request.
      { idempotencyKey: `${scope.tenant}:setup:${customerId}:${randomUUID()}` },
    )
    return { clientSecret: intent.client_secret ?? '', status: setupStatusOf(intent), customerId }
  }

  async retrieveSetupIntent(scope: ProcessorScope, clientSecret: string): Promise<SetupIntent | undefined> {
    const id = clientSecret.replace(/_secret.*$/, '')
    if (!id.startsWith('seti_')) return undefined
    let intent: Stripe.SetupIntent
    try {
      intent = await this.stripe.setupIntents.retrieve(id)
    } catch (error) {
      if (failureOfStripe(error)._tag === 'UnknownTransaction') return undefined
      throw error
    }
    // The client secret is the capability: a matching id with another secret is not enough.
    if (intent.client_secret !== clientSecret || intent.metadata?.tenant !== scope.tenant || !intent.metadata.customer_id) return undefined
    const status = setupStatusOf(intent)
    const cardId = status === 'requires_payment_method' ? undefined : idOf(intent.payment_method)
    return { clientSecret, status, customerId: intent.metadata.customer_id, ...(cardId ? { cardId } : {}) }
  }
}
