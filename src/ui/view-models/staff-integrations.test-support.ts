// /staff/integrations' view model over the real use cases and HTTP adapters, for tests where nock
// plays the server (axios's node adapter: nock intercepts node's http), signed in with a staff token.
import nock from 'nock'
import { StaffMe } from '../../application/use-cases/admin.use-case'
import {
  AddWebhook,
  CreateApiKey,
  DisableWebhook,
  EnableWebhook,
  ListApiKeys,
  ListWebhookDeliveries,
  ListWebhooks,
  RemoveWebhook,
  ReplayWebhookDelivery,
  RevokeApiKey,
  SendWebhookTest,
} from '../../application/use-cases/integrations.use-case'
import { HttpAdminApi, operatorConfig } from '../../adapters/http/admin.adapter'
import { HttpIntegrationsApi } from '../../adapters/http/integrations.adapter'
import { createHttpClient } from '../../adapters/http/http-client'
import { API, HOST, TOKEN } from '../../adapters/http/test-support'
import { InMemoryTokenStore } from '../../adapters/storage/in-memory.adapter'
import { StaffIntegrationsViewModel } from './staff-integrations.view-model'

/** The page's view model as the staff module builds it; `token: null` is signed out. */
export function staffIntegrationsViewModel(token: string | null = TOKEN): StaffIntegrationsViewModel {
  const config = { baseUrl: API, adapter: 'http', timeoutMs: 1000 } as const
  const tokens = new InMemoryTokenStore(token)
  const http = createHttpClient(config, tokens)
  const admin = new HttpAdminApi(http, (key: string) => createHttpClient(operatorConfig(config, key), new InMemoryTokenStore()))
  const api = new HttpIntegrationsApi(http)
  return new StaffIntegrationsViewModel(
    new StaffMe(admin, tokens),
    new ListApiKeys(api),
    new CreateApiKey(api),
    new RevokeApiKey(api),
    new ListWebhooks(api),
    new AddWebhook(api),
    new EnableWebhook(api),
    new DisableWebhook(api),
    new RemoveWebhook(api),
    new ListWebhookDeliveries(api),
    new ReplayWebhookDelivery(api),
    new SendWebhookTest(api),
    tokens,
  )
}

/** The server's side: every call carries the staff token. */
export const integrationsServer = () => nock(HOST, { reqheaders: { authorization: `Bearer ${TOKEN}` } })

export const hexId = (n: number) => n.toString(16).padStart(24, '0')
export const ADMIN = { id: hexId(900), email: 'owner@demo.test', displayName: 'Olivia Owner', role: 'admin' as const }
export const CREATED = '2026-11-01T09:00:00.000Z'

/** The calls of a page that opens: who is signed in, the keys and the endpoints. */
export function opening(options: { role?: 'admin' | 'practitioner'; keys?: object[]; endpoints?: object[] } = {}) {
  const server = integrationsServer().get('/api/staff/me').reply(200, { ...ADMIN, role: options.role ?? 'admin' })
  if ((options.role ?? 'admin') === 'admin') {
    server.get('/api/admin/api-keys').reply(200, options.keys ?? [])
    server.get('/api/admin/webhooks').reply(200, options.endpoints ?? [])
  }
  return server
}
