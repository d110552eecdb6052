import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../../application/inject'
import { ADMIN_PORTS } from '../../application/admin.tokens'
import type { TokenStore } from '../../application/ports/token-store.port'
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
import { API_KEY_SCOPES, type ApiKeyScope } from '../../contract/route'
import { WEBHOOK_EVENTS, type ApiKey, type CreatedApiKey, type WebhookDelivery, type WebhookEndpoint, type WebhookEventType } from '../../contract/integrations.routes'
import type { StaffUser } from '../../contract/staff.routes'
import { testOutcome, replayLabels } from './webhook-delivery-views'
import type { Exec } from './app-services'
import { enterAsStaff } from './staff-entry'

export const INTEGRATION_TEXTS = {
  keyName: 'Give the key a name, such as the system that will use it.',
  keyScopes: 'Choose at least one scope.',
  hookUrl: 'Enter the address that receives the events, such as https://example.com/hooks/clinic.',
  hookEvents: 'Choose at least one event.',
  keyRevoked: (name: string) => `The key ${name} was revoked: it no longer works.`,
  hookAdded: 'The webhook endpoint was added.',
  hookEnabled: 'The webhook endpoint is enabled again.',
  hookDisabled: 'The webhook endpoint is disabled: nothing is sent to it until it is enabled.',
  hookRemoved: 'The webhook endpoint was deleted.',
  replayed: 'The delivery was queued again.',
}

/** What each scope opens, as the page lists it. */
export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'catalogue:read': 'Read the catalogue',
  'bookings:read': 'Read bookings',
  'bookings:write': 'Make bookings',
  'customers:read': 'Find customers',
}

const toggled = <T>(list: readonly T[], item: T, on: boolean): T[] => (on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item))
/** Keeps the order of `all` whatever the order of the clicks. */
const ordered = <T>(all: readonly T[], chosen: readonly T[]): T[] => all.filter((x) => chosen.includes(x))

type Dependency = 'me' | 'listKeys' | 'createKey' | 'revokeKey' | 'listHooks' | 'addHook' | 'enableHook' | 'disableHook' | 'removeHook' | 'listDeliveries' | 'replay' | 'sendTest' | 'tokens'

/**
 * /staff/integrations (issue 30): an admin's API keys and outbound webhook endpoints, through the same
 * use cases as `clinic admin api-key ...` and `clinic admin webhook ...`. A new key's secret (and a new
 * endpoint's signing secret) is kept here only until the admin dismisses it: the server shows it once.
 * A refused form keeps what was typed.
 */
@injectable()
export class StaffIntegrationsViewModel {
  signedIn = false
  staff?: StaffUser = undefined
  loading = false
  /** a failure of the page's loading */
  error?: string = undefined
  notice?: string = undefined

  keys: ApiKey[] = []
  keyDraft = { name: '', scopes: [] as ApiKeyScope[] }
  keyError?: string = undefined
  keyBusy = false
  /** the key just made, its secret shown once */
  createdKey?: CreatedApiKey = undefined
  /** the key whose revoking waits for a confirmation */
  revoking?: ApiKey = undefined

  endpoints: WebhookEndpoint[] = []
  hookDraft = { url: '', events: [] as WebhookEventType[] }
  hookError?: string = undefined
  hookBusy = false
  /** the endpoint just added, its signing secret shown once */
  createdSecret?: { url: string; secret: string } = undefined
  /** the endpoint whose deletion waits for a confirmation */
  removing?: WebhookEndpoint = undefined
  /** the endpoint whose deliveries are shown, and them */
  openEndpoint?: string = undefined
  deliveries: WebhookDelivery[] = []
  deliveriesError?: string = undefined
  /** the endpoint whose test event is on its way */
  testing?: string = undefined
  /** the outcome of the latest test event, shown by its endpoint */
  testResult?: { endpointId: string; delivered: boolean; text: string } = undefined

  constructor(
    @inject(StaffMe) private readonly me: Exec<StaffMe>,
    @inject(ListApiKeys) private readonly listKeys: Exec<ListApiKeys>,
    @inject(CreateApiKey) private readonly createKey: Exec<CreateApiKey>,
    @inject(RevokeApiKey) private readonly revokeKey: Exec<RevokeApiKey>,
    @inject(ListWebhooks) private readonly listHooks: Exec<ListWebhooks>,
    @inject(AddWebhook) private readonly addHook: Exec<AddWebhook>,
    @inject(EnableWebhook) private readonly enableHook: Exec<EnableWebhook>,
    @inject(DisableWebhook) private readonly disableHook: Exec<DisableWebhook>,
    @inject(RemoveWebhook) private readonly removeHook: Exec<RemoveWebhook>,
    @inject(ListWebhookDeliveries) private readonly listDeliveries: Exec<ListWebhookDeliveries>,
    @inject(ReplayWebhookDelivery) private readonly replay: Exec<ReplayWebhookDelivery>,
    @inject(SendWebhookTest) private readonly sendTest: Exec<SendWebhookTest>,
    @inject(ADMIN_PORTS.StaffTokenStore) private readonly tokens: TokenStore,
  ) {
    makeAutoObservable<StaffIntegrationsViewModel, Dependency>(this, {
      me: false, listKeys: false, createKey: false, revokeKey: false, listHooks: false, addHook: false, enableHook: false, disableHook: false, removeHook: false, listDeliveries: false, replay: false, sendTest: false, tokens: false,
    })
  }

  /** The accessible names of the open deliveries' 'Replay' buttons, by delivery id (all different). */
  get replayLabels(): Map<string, string> {
    return replayLabels(this.deliveries)
  }

  get isAdmin(): boolean {
    return this.staff?.role === 'admin'
  }

  async enter(): Promise<void> {
    this.signedIn = this.tokens.get() !== null
    if (!this.signedIn) return
    const entry = await enterAsStaff(this.tokens, this.me)
    runInAction(() => Object.assign(this, entry))
    if (!this.isAdmin) return
    runInAction(() => {
      this.loading = true
    })
    await Promise.all([this.refreshKeys(), this.refreshEndpoints()])
    runInAction(() => {
      this.loading = false
    })
  }

  private async refreshKeys(): Promise<void> {
    const keys = await this.listKeys.execute()
    runInAction(() => {
      if (E.isLeft(keys)) this.error = keys.left.message
      else this.keys = keys.right
    })
  }

  private async refreshEndpoints(): Promise<void> {
    const endpoints = await this.listHooks.execute()
    runInAction(() => {
      if (E.isLeft(endpoints)) this.error = endpoints.left.message
      else this.endpoints = endpoints.right
    })
  }

  setKeyName(name: string): void {
    this.keyDraft.name = name
    this.keyError = undefined
  }

  setKeyScope(scope: ApiKeyScope, on: boolean): void {
    this.keyDraft.scopes = ordered(API_KEY_SCOPES, toggled(this.keyDraft.scopes, scope, on))
    this.keyError = undefined
  }

  /** Makes the key; its secret is shown until dismissed. A refusal keeps the form as typed. */
  async submitKey(): Promise<void> {
    const name = this.keyDraft.name.trim()
    if (!name) return void (this.keyError = INTEGRATION_TEXTS.keyName)
    if (this.keyDraft.scopes.length === 0) return void (this.keyError = INTEGRATION_TEXTS.keyScopes)
    this.keyBusy = true
    this.keyError = undefined
    this.notice = undefined
    const result = await this.createKey.execute({ name, scopes: [...this.keyDraft.scopes] })
    runInAction(() => {
      this.keyBusy = false
      if (E.isLeft(result)) {
        this.keyError = result.left.message
        return
      }
      const { key: _secret, ...listed } = result.right
      this.createdKey = result.right
      this.keys = [listed, ...this.keys.filter((k) => k.id !== listed.id)]
      this.keyDraft = { name: '', scopes: [] }
    })
  }

  dismissCreatedKey(): void {
    this.createdKey = undefined
  }

  askRevoke(key: ApiKey): void {
    this.revoking = key
  }

  closeRevoke(): void {
    this.revoking = undefined
  }

  async confirmRevoke(): Promise<void> {
    const key = this.revoking
    if (!key) return
    this.revoking = undefined
    this.error = undefined
    const result = await this.revokeKey.execute(key.id)
    runInAction(() => {
      if (E.isLeft(result)) {
        this.error = result.left.message
        return
      }
      this.keys = this.keys.map((k) => (k.id === key.id ? result.right : k))
      if (this.createdKey?.id === key.id) this.createdKey = undefined
      this.notice = INTEGRATION_TEXTS.keyRevoked(key.name)
    })
  }

  setHookUrl(url: string): void {
    this.hookDraft.url = url
    this.hookError = undefined
  }

  setHookEvent(event: WebhookEventType, on: boolean): void {
    this.hookDraft.events = ordered(WEBHOOK_EVENTS, toggled(this.hookDraft.events, event, on))
    this.hookError = undefined
  }

  /** Subscribes the URL; the server checks the address (https, http on localhost outside production). */
  async submitHook(): Promise<void> {
    const url = this.hookDraft.url.trim()
    if (!url) return void (this.hookError = INTEGRATION_TEXTS.hookUrl)
    if (this.hookDraft.events.length === 0) return void (this.hookError = INTEGRATION_TEXTS.hookEvents)
    this.hookBusy = true
    this.hookError = undefined
    this.notice = undefined
    const result = await this.addHook.execute({ url, events: [...this.hookDraft.events] })
    runInAction(() => {
      this.hookBusy = false
      if (E.isLeft(result)) {
        this.hookError = result.left.message
        return
      }
      const { secret, ...endpoint } = result.right
      this.createdSecret = { url: endpoint.url, secret }
      this.endpoints = [...this.endpoints, endpoint]
      this.hookDraft = { url: '', events: [] }
      this.notice = INTEGRATION_TEXTS.hookAdded
    })
  }

  dismissSecret(): void {
    this.createdSecret = undefined
  }

  async enable(endpoint: WebhookEndpoint): Promise<void> {
    await this.switchEndpoint(endpoint, this.enableHook, INTEGRATION_TEXTS.hookEnabled)
  }

  async disable(endpoint: WebhookEndpoint): Promise<void> {
    await this.switchEndpoint(endpoint, this.disableHook, INTEGRATION_TEXTS.hookDisabled)
  }

  private async switchEndpoint(endpoint: WebhookEndpoint, useCase: Exec<EnableWebhook>, done: string): Promise<void> {
    this.error = undefined
    this.notice = undefined
    const result = await useCase.execute(endpoint.id)
    runInAction(() => {
      if (E.isLeft(result)) {
        this.error = result.left.message
        return
      }
      this.endpoints = this.endpoints.map((e) => (e.id === endpoint.id ? result.right : e))
      this.notice = done
    })
  }

  askRemove(endpoint: WebhookEndpoint): void {
    this.removing = endpoint
  }

  closeRemove(): void {
    this.removing = undefined
  }

  async confirmRemove(): Promise<void> {
    const endpoint = this.removing
    if (!endpoint) return
    this.removing = undefined
    this.error = undefined
    const result = await this.removeHook.execute(endpoint.id)
    runInAction(() => {
      if (E.isLeft(result)) {
        this.error = result.left.message
        return
      }
      this.endpoints = this.endpoints.filter((e) => e.id !== endpoint.id)
      if (this.openEndpoint === endpoint.id) this.openEndpoint = undefined
      this.notice = INTEGRATION_TEXTS.hookRemoved
    })
  }

  /** Shows the endpoint's recent deliveries (again: a second call reloads them). */
  async showDeliveries(endpointId: string): Promise<void> {
    this.openEndpoint = endpointId
    this.deliveriesError = undefined
    const result = await this.listDeliveries.execute(endpointId)
    runInAction(() => {
      if (this.openEndpoint !== endpointId) return
      if (E.isLeft(result)) {
        this.deliveriesError = result.left.message
        this.deliveries = []
      } else this.deliveries = result.right
    })
  }

  hideDeliveries(): void {
    this.openEndpoint = undefined
    this.deliveries = []
  }

  async replayDelivery(delivery: WebhookDelivery): Promise<void> {
    this.deliveriesError = undefined
    const result = await this.replay.execute(delivery.id)
    if (E.isLeft(result)) {
      runInAction(() => {
        this.deliveriesError = result.left.message
      })
      return
    }
    runInAction(() => {
      this.notice = INTEGRATION_TEXTS.replayed
    })
    await this.showDeliveries(delivery.endpointId)
  }

  /**
   * 'Send test event': the server answers after the delivery's first try; its outcome is shown by the
   * endpoint, and the endpoint's deliveries (the test one among them) are opened.
   */
  async sendTestEvent(endpoint: WebhookEndpoint): Promise<void> {
    this.testing = endpoint.id
    this.testResult = undefined
    this.error = undefined
    this.notice = undefined
    const result = await this.sendTest.execute(endpoint.id)
    runInAction(() => {
      this.testing = undefined
      this.testResult = { endpointId: endpoint.id, ...(E.isLeft(result) ? { delivered: false, text: result.left.message } : testOutcome(endpoint, result.right)) }
    })
    if (E.isRight(result)) await this.showDeliveries(endpoint.id)
  }
}
