import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { HttpTransport } from './transport'
import { PORTS } from '../../application/tokens'
import type { CardsApi } from '../../application/ports/cards.port'
import {
  addCustomerCard,
  createSetupIntent,
  deleteCustomerCards,
  getCustomerCards,
  getSeller,
  getSetupIntent,
  isProcessorConnected,
  setDefaultCard,
  type AddCardBody,
} from '../../contract/cards.routes'
import { callRoute } from './api-client'

@injectable()
export class HttpCardsApi implements CardsApi {
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  list(customerId: string) {
    return callRoute(this.http, getCustomerCards, { params: { id: customerId } })
  }
  add(body: AddCardBody) {
    return callRoute(this.http, addCustomerCard, { body })
  }
  remove(customerId: string, cardIds: string[]) {
    return callRoute(this.http, deleteCustomerCards, { params: { id: customerId }, body: { cards: cardIds.map((id) => ({ id })) } })
  }
  setDefault(customerId: string, cardId: string) {
    return callRoute(this.http, setDefaultCard, { params: { id: customerId }, body: { cardId } })
  }
  isConnected() {
    return callRoute(this.http, isProcessorConnected)
  }
  seller(location?: string) {
    return callRoute(this.http, getSeller, { query: location ? { location } : {} })
  }
  createSetupIntent(customerId: string, isDefaultCard?: boolean) {
    return callRoute(this.http, createSetupIntent, {
      body: isDefaultCard === undefined ? { customerId } : { customerId, isDefaultCard },
    })
  }
  setupIntent(clientSecret: string) {
    return callRoute(this.http, getSetupIntent, { params: { clientSecret } })
  }
}
