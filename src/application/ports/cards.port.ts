import type { AddCardBody, ProcessorConnection, Seller, SetupIntent, StoredCard } from '../../contract/cards.routes'
import type { ApiResult } from './api-result'

/** The customer's stored cards and the card processor. */
export interface CardsApi {
  list(customerId: string): ApiResult<StoredCard[]>
  add(body: AddCardBody): ApiResult<StoredCard>
  /** Deletes the given cards; answers the remaining ones. */
  remove(customerId: string, cardIds: string[]): ApiResult<StoredCard[]>
  setDefault(customerId: string, cardId: string): ApiResult<StoredCard[]>
  isConnected(): ApiResult<ProcessorConnection>
  seller(location?: string): ApiResult<Seller>
  createSetupIntent(customerId: string, isDefaultCard?: boolean): ApiResult<SetupIntent>
  setupIntent(clientSecret: string): ApiResult<SetupIntent>
}
