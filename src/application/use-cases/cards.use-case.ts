import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../tokens'
import type { CardsApi } from '../ports/cards.port'
import type { Clock } from '../ports/clock.port'
import type { AppError } from '../failure'
import { cardFailure, cardProviderFailure, requestFailure, TEXT } from '../errors'
import type { Seller, SetupIntent, SetupIntentStatus, StoredCard } from '../../contract/cards.routes'

/** Spec section 9: card setup retry 1000 ms. */
export const CARD_SETUP_RETRY_MS = 1000
export const CARD_SETUP_MAX_ATTEMPTS = 30

/** GET /square/get-customer-cards/{customerId}. */
@injectable()
export class ListCards {
  constructor(@inject(PORTS.CardsApi) private readonly cards: CardsApi) {}
  async execute(customerId: string): Promise<E.Either<AppError, StoredCard[]>> {
    const result = await this.cards.list(customerId)
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : result
  }
}

/**
 * Checks the processor is connected ('There was an issue connecting to our Credit card handler.'
 * otherwise), then POST /square/add-customer-card; a refusal carries the spec's card error text.
 */
@injectable()
export class AddCard {
  constructor(@inject(PORTS.CardsApi) private readonly cards: CardsApi) {}
  async execute(input: { customerId: string; cardNonce: string; isDefaultCard?: boolean }): Promise<E.Either<AppError, StoredCard>> {
    const connected = await this.cards.isConnected()
    if (E.isLeft(connected)) return E.left(cardProviderFailure(connected.left))
    if (!connected.right.isConnected) return E.left({ _tag: 'Refused', message: TEXT.cardProviderNotConnected })
    const result = await this.cards.add({
      cardNonce: input.cardNonce,
      customerId: input.customerId,
      ...(input.isDefaultCard !== undefined ? { isDefaultCard: input.isDefaultCard } : {}),
    })
    return E.isLeft(result) ? E.left(cardFailure(result.left)) : result
  }
}

/**
 * GET /square/get-seller: which processor takes the cards and what its browser SDK needs (Stripe's
 * publishable key, Square's application and location ids, the SDK's URL).
 */
@injectable()
export class LoadCardProcessor {
  constructor(@inject(PORTS.CardsApi) private readonly cards: CardsApi) {}
  async execute(location?: string): Promise<E.Either<AppError, Seller>> {
    const result = await this.cards.seller(location)
    return E.isLeft(result) ? E.left(cardProviderFailure(result.left)) : result
  }
}

/** DELETE /square/delete-customer-cards/{customerId}: answers the remaining cards. */
@injectable()
export class DeleteCard {
  constructor(@inject(PORTS.CardsApi) private readonly cards: CardsApi) {}
  async execute(customerId: string, cardId: string): Promise<E.Either<AppError, StoredCard[]>> {
    const result = await this.cards.remove(customerId, [cardId])
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : result
  }
}

/** PUT /customers/default-card/{customerId}. */
@injectable()
export class SetDefaultCard {
  constructor(@inject(PORTS.CardsApi) private readonly cards: CardsApi) {}
  async execute(customerId: string, cardId: string): Promise<E.Either<AppError, StoredCard[]>> {
    const result = await this.cards.setDefault(customerId, cardId)
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : result
  }
}

/** Starts a card setup on the processor's hosted page (the page returns to /app?setup_intent_client_secret=...). */
@injectable()
export class StartCardSetup {
  constructor(@inject(PORTS.CardsApi) private readonly cards: CardsApi) {}
  async execute(customerId: string, isDefaultCard?: boolean): Promise<E.Either<AppError, SetupIntent>> {
    const connected = await this.cards.isConnected()
    if (E.isLeft(connected)) return E.left(cardProviderFailure(connected.left))
    if (!connected.right.isConnected) return E.left({ _tag: 'Refused', message: TEXT.cardProviderNotConnected })
    const result = await this.cards.createSetupIntent(customerId, isDefaultCard)
    return E.isLeft(result) ? E.left(cardFailure(result.left)) : result
  }
}

export interface CardSetupResult {
  status: SetupIntentStatus
  /** The dialog text of spec section 8 for this outcome. */
  message: string
  setupIntent: SetupIntent
}

const SETUP_TEXT: Record<SetupIntentStatus, string> = {
  succeeded: TEXT.cardSetupSucceeded,
  processing: TEXT.cardSetupProcessing,
  requires_payment_method: TEXT.cardSetupFailed,
}

/**
 * The card setup result dialog (setup_intent_client_secret): retrieves the setup intent, retrying
 * every second while processing; answers the outcome with its text.
 */
@injectable()
export class RetrieveCardSetup {
  constructor(
    @inject(PORTS.CardsApi) private readonly cards: CardsApi,
    @inject(PORTS.Clock) private readonly clock: Clock,
  ) {}
  async execute(
    clientSecret: string,
    options: { onProcessing?: (message: string) => void; maxAttempts?: number } = {},
  ): Promise<E.Either<AppError, CardSetupResult>> {
    const attempts = options.maxAttempts ?? CARD_SETUP_MAX_ATTEMPTS
    for (let attempt = 1; ; attempt++) {
      const result = await this.cards.setupIntent(clientSecret)
      if (E.isLeft(result)) return E.left({ ...requestFailure(result.left), message: TEXT.cardSetupFailed })
      const intent = result.right
      if (intent.status !== 'processing' || attempt >= attempts) {
        return E.right({ status: intent.status, message: SETUP_TEXT[intent.status], setupIntent: intent })
      }
      options.onProcessing?.(SETUP_TEXT.processing)
      await this.clock.sleep(CARD_SETUP_RETRY_MS)
    }
  }
}
