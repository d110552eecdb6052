import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { IntegrationsApi } from '../../application/ports/integrations.port'
import {
  createApiKey,
  createWebhook,
  disableWebhook,
  enableWebhook,
  listApiKeys,
  listWebhookDeliveries,
  listWebhooks,
  removeWebhook,
  replayWebhookDelivery,
  revokeApiKey,
  sendWebhookTest,
  type CreateApiKeyBody,
  type CreateWebhookBody,
} from '../../contract/integrations.routes'
import { STAFF_HTTP_CLIENT } from './admin.adapter'
import { callRoute } from './api-client'
import type { HttpTransport } from './transport'

/** The admin's API keys and webhook endpoints over the staff transport. */
@injectable()
export class HttpIntegrationsApi implements IntegrationsApi {
  constructor(@inject(STAFF_HTTP_CLIENT) private readonly http: HttpTransport) {}
  createApiKey(body: CreateApiKeyBody) {
    return callRoute(this.http, createApiKey, { body })
  }
  listApiKeys() {
    return callRoute(this.http, listApiKeys, {})
  }
  revokeApiKey(id: string) {
    return callRoute(this.http, revokeApiKey, { params: { id } })
  }
  createWebhook(body: CreateWebhookBody) {
    return callRoute(this.http, createWebhook, { body })
  }
  listWebhooks() {
    return callRoute(this.http, listWebhooks, {})
  }
  removeWebhook(id: string) {
    return callRoute(this.http, removeWebhook, { params: { id } })
  }
  enableWebhook(id: string) {
    return callRoute(this.http, enableWebhook, { params: { id } })
  }
  disableWebhook(id: string) {
    return callRoute(this.http, disableWebhook, { params: { id } })
  }
  webhookDeliveries(endpointId: string) {
    return callRoute(this.http, listWebhookDeliveries, { params: { id: endpointId } })
  }
  replayDelivery(deliveryId: string) {
    return callRoute(this.http, replayWebhookDelivery, { params: { id: deliveryId } })
  }
  sendWebhookTest(endpointId: string) {
    return callRoute(this.http, sendWebhookTest, { params: { id: endpointId } })
  }
}
