import type { Ack } from '../../contract/codecs'
import type {
  ApiKey,
  CreateApiKeyBody,
  CreatedApiKey,
  CreatedWebhookEndpoint,
  CreateWebhookBody,
  WebhookDelivery,
  WebhookEndpoint,
} from '../../contract/integrations.routes'
import type { ApiResult } from './api-result'

/** The admin's integrator calls (src/contract/integrations.routes.ts), signed in with the staff token. */
export interface IntegrationsApi {
  createApiKey(body: CreateApiKeyBody): ApiResult<CreatedApiKey>
  listApiKeys(): ApiResult<ApiKey[]>
  revokeApiKey(id: string): ApiResult<ApiKey>
  createWebhook(body: CreateWebhookBody): ApiResult<CreatedWebhookEndpoint>
  listWebhooks(): ApiResult<WebhookEndpoint[]>
  removeWebhook(id: string): ApiResult<Ack>
  enableWebhook(id: string): ApiResult<WebhookEndpoint>
  disableWebhook(id: string): ApiResult<WebhookEndpoint>
  webhookDeliveries(endpointId: string): ApiResult<WebhookDelivery[]>
  replayDelivery(deliveryId: string): ApiResult<WebhookDelivery>
  /** Sends the test event to the endpoint; the delivery after its first try. */
  sendWebhookTest(endpointId: string): ApiResult<WebhookDelivery>
}
