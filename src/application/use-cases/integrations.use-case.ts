/**
 * The admin's integrator use cases (clinic admin api-key ..., clinic admin webhook ...): each one call
 * of the integrations API, its failure mapped to the server's message.
 */
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../inject'
import { ADMIN_PORTS } from '../admin.tokens'
import type { IntegrationsApi } from '../ports/integrations.port'
import type { AppError } from '../failure'
import { requestFailure } from '../errors'
import type { ApiResult } from '../ports/api-result'
import type { CreateApiKeyBody, CreateWebhookBody } from '../../contract/integrations.routes'

const unwrap = async <T>(call: ApiResult<T>): Promise<E.Either<AppError, T>> => E.mapLeft(requestFailure)(await call)

@injectable()
export class CreateApiKey {
  constructor(@inject(ADMIN_PORTS.IntegrationsApi) private readonly api: IntegrationsApi) {}
  execute(body: CreateApiKeyBody) {
    return unwrap(this.api.createApiKey(body))
  }
}

@injectable()
export class ListApiKeys {
  constructor(@inject(ADMIN_PORTS.IntegrationsApi) private readonly api: IntegrationsApi) {}
  execute() {
    return unwrap(this.api.listApiKeys())
  }
}

@injectable()
export class RevokeApiKey {
  constructor(@inject(ADMIN_PORTS.IntegrationsApi) private readonly api: IntegrationsApi) {}
  execute(id: string) {
    return unwrap(this.api.revokeApiKey(id))
  }
}

@injectable()
export class AddWebhook {
  constructor(@inject(ADMIN_PORTS.IntegrationsApi) private readonly api: IntegrationsApi) {}
  execute(body: CreateWebhookBody) {
    return unwrap(this.api.createWebhook(body))
  }
}

@injectable()
export class ListWebhooks {
  constructor(@inject(ADMIN_PORTS.IntegrationsApi) private readonly api: IntegrationsApi) {}
  execute() {
    return unwrap(this.api.listWebhooks())
  }
}

@injectable()
export class RemoveWebhook {
  constructor(@inject(ADMIN_PORTS.IntegrationsApi) private readonly api: IntegrationsApi) {}
  execute(id: string) {
    return unwrap(this.api.removeWebhook(id))
  }
}

@injectable()
export class EnableWebhook {
  constructor(@inject(ADMIN_PORTS.IntegrationsApi) private readonly api: IntegrationsApi) {}
  execute(id: string) {
    return unwrap(this.api.enableWebhook(id))
  }
}

@injectable()
export class DisableWebhook {
  constructor(@inject(ADMIN_PORTS.IntegrationsApi) private readonly api: IntegrationsApi) {}
  execute(id: string) {
    return unwrap(this.api.disableWebhook(id))
  }
}

@injectable()
export class ListWebhookDeliveries {
  constructor(@inject(ADMIN_PORTS.IntegrationsApi) private readonly api: IntegrationsApi) {}
  execute(endpointId: string) {
    return unwrap(this.api.webhookDeliveries(endpointId))
  }
}

@injectable()
export class ReplayWebhookDelivery {
  constructor(@inject(ADMIN_PORTS.IntegrationsApi) private readonly api: IntegrationsApi) {}
  execute(deliveryId: string) {
    return unwrap(this.api.replayDelivery(deliveryId))
  }
}

/** 'Send test event': the webhook.test delivery to the endpoint, after its first try. */
@injectable()
export class SendWebhookTest {
  constructor(@inject(ADMIN_PORTS.IntegrationsApi) private readonly api: IntegrationsApi) {}
  execute(endpointId: string) {
    return unwrap(this.api.sendWebhookTest(endpointId))
  }
}

export const INTEGRATION_USE_CASES = [CreateApiKey, ListApiKeys, RevokeApiKey, AddWebhook, ListWebhooks, RemoveWebhook, EnableWebhook, DisableWebhook, ListWebhookDeliveries, ReplayWebhookDelivery, SendWebhookTest] as const
