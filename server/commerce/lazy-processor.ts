/**
 * A card processor whose adapter, and with it the processor's SDK, is imported on its first use:
 * `import('square')` alone costs ~2 s and ~80 MB, which no start and no idle server should pay. What
 * the services read without calling the processor (its name, whether it declines by webhook, its
 * payment page) is known up front.
 */
import * as E from 'fp-ts/Either'
import type { CardProcessor } from './card-processor.port'

export interface EagerTraits {
  name: string
  declinesByWebhook?: boolean
  /** The adapter has clientSecretOf (a card form that needs the payment's client secret). */
  clientSecrets?: boolean
  /** The adapter has refundsOf (it notifies refunds made in its dashboard). */
  refundLists?: boolean
  /** paymentPageUrl's path, followed by the transaction id. */
  paymentPath: string
}

export function lazyProcessor(traits: EagerTraits, load: () => Promise<CardProcessor>): CardProcessor {
  let loading: Promise<CardProcessor> | undefined
  // A failed import is tried again on the next call rather than remembered.
  const adapter = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  return {
    name: traits.name,
    ...(traits.declinesByWebhook ? { declinesByWebhook: true } : {}),
    paymentPageUrl: (transactionId) => `${traits.paymentPath}/${transactionId}`,
    isConnected: async (scope) => (await adapter()).isConnected(scope),
    seller: async (scope, locationId) => (await adapter()).seller(scope, locationId),
    createPayment: (scope, input) => async () => (await adapter()).createPayment(scope, input)(),
    ...(traits.clientSecrets ? { clientSecretOf: async (scope, transactionId) => (await adapter()).clientSecretOf?.(scope, transactionId) } : {}),
    status: (scope, transactionId) => async () => (await adapter()).status(scope, transactionId)(),
    capture: (scope, transactionId) => async () => (await adapter()).capture(scope, transactionId)(),
    void: (scope, transactionId) => async () => (await adapter()).void(scope, transactionId)(),
    refund: (scope, transactionId) => async () => (await adapter()).refund(scope, transactionId)(),
    ...(traits.refundLists
      ? { refundsOf: (scope, transactionId) => async () => (await adapter()).refundsOf?.(scope, transactionId)() ?? E.right([]) }
      : {}),
    chargeStoredCard: (scope, transactionId, customerId, cardId) => async () => (await adapter()).chargeStoredCard(scope, transactionId, customerId, cardId)(),
    saveCard: (scope, customerId, nonce) => async () => (await adapter()).saveCard(scope, customerId, nonce)(),
    listCards: async (scope, customerId) => (await adapter()).listCards(scope, customerId),
    deleteCard: async (scope, customerId, cardId) => (await adapter()).deleteCard(scope, customerId, cardId),
    createSetupIntent: async (scope, customerId) => (await adapter()).createSetupIntent(scope, customerId),
    retrieveSetupIntent: async (scope, clientSecret) => (await adapter()).retrieveSetupIntent(scope, clientSecret),
  }
}
