/**
 * Outbound webhooks (issue 30): an admin subscribes a URL to events; each event becomes one delivery
 * per listening endpoint, in the transaction of the change (emitWebhookEvent), delivered by
 * webhook.sender.ts. The signing secret (whsec_...) is shown once; deliveries carry
 * `Clinic-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
 */
import { createHmac, randomBytes } from 'node:crypto'
import * as E from 'fp-ts/Either'
import {
  DELIVERED_EVENTS,
  WEBHOOK_TEST_EVENT,
  type CreatedWebhookEndpoint,
  type DeliveredEventType,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventData,
  type WebhookEventType,
} from '../../src/contract/integrations.routes'
import { newId } from '../db/ids'
import type { Db, DbOrTrx } from '../db/schema'
import type { OutboxRow } from '../notifications/outbox.repository'
import { conflict, invalid, notFound, type ServiceError } from '../service-error'
import * as repo from './webhooks.repository'
import { MAX_WEBHOOK_URL_LENGTH } from '../../src/contract/integrations.routes'

export const WEBHOOK_MESSAGES = {
  noEvents: 'Choose at least one event.',
  url: 'The URL must be an https:// address (http:// only on localhost, outside production).',
  urlTooLong: `The URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters.`,
  notFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  disabled: 'This endpoint is disabled: enable it first.',
  disabledByAdmin: 'Disabled by an admin.',
}

/** The signature header's value for a body sent at `unixSeconds`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},v1=${v1}`
}

const isEvent = (s: string): s is DeliveredEventType => (DELIVERED_EVENTS as readonly string[]).includes(s)
const isSubscribable = (s: string): s is WebhookEventType => s !== WEBHOOK_TEST_EVENT && isEvent(s)
const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : undefined)

function endpointDto(row: repo.WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events.filter(isSubscribable),
    createdAt: iso(row.created_at)!,
    consecutiveFailures: row.consecutive_failures,
    ...(row.disabled_at ? { disabledAt: iso(row.disabled_at)! } : {}),
    ...(row.disabled_reason ? { disabledReason: row.disabled_reason } : {}),
  }
}

export function deliveryDto(row: OutboxRow): WebhookDelivery {
  const state = row.sent_at ? 'delivered' : row.failed_at ? 'failed' : 'pending'
  return {
    id: row.id,
    endpointId: row.webhook_endpoint_id ?? '',
    event: isEvent(row.subject) ? row.subject : 'booking.created',
    state,
    attempts: row.attempts,
    createdAt: iso(row.created_at)!,
    ...(row.last_status !== null ? { lastStatus: row.last_status } : {}),
    ...(row.last_error ? { lastError: row.last_error } : {}),
    ...(row.sent_at ? { deliveredAt: iso(row.sent_at)! } : {}),
    ...(state === 'pending' && row.next_attempt_at ? { nextAttemptAt: iso(row.next_attempt_at)! } : {}),
    ...(row.failed_at ? { failedAt: iso(row.failed_at)! } : {}),
  }
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/**
 * An address of this machine or a private network written into the URL (loopback, RFC 1918, link-local
 * (cloud metadata), unique-local IPv6). Host names are not resolved here: a name that resolves to such an
 * address is not caught (docs/integrations.md says so).
 */
export function isInternalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '::' || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe80:/.test(host)) return true
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host)
  if (!v4) return false
  const [a, b] = [Number(v4[1]), Number(v4[2])]
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)
}

/**
 * https to another machine; outside production also http to this one (a receiver under test). In
 * production an address of this machine or a private network is refused.
 */
export function acceptableUrl(text: string, allowHttpLocalhost: boolean): boolean {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (url.protocol === 'https:') return allowHttpLocalhost || !isInternalHost(url.hostname)
  return allowHttpLocalhost && url.protocol === 'http:' && LOCAL_HOSTS.includes(url.hostname)
}

export async function createEndpoint(
  db: Db,
  tenant: string,
  input: { url: string; events: readonly WebhookEventType[] },
  options: { now: Date; allowHttpLocalhost: boolean },
): Promise<E.Either<ServiceError, CreatedWebhookEndpoint>> {
  const events = [...new Set(input.events)]
  if (events.length === 0) return E.left(invalid(WEBHOOK_MESSAGES.noEvents))
  if (input.url.trim().length > MAX_WEBHOOK_URL_LENGTH) return E.left(invalid(WEBHOOK_MESSAGES.urlTooLong))
  if (!acceptableUrl(input.url, options.allowHttpLocalhost)) return E.left(invalid(WEBHOOK_MESSAGES.url))
  const url = new URL(input.url.trim()).toString()
  // Stored and sent as written out by URL (spaces and non-ASCII percent-encoded): that form is the one capped.
  if (url.length > MAX_WEBHOOK_URL_LENGTH) return E.left(invalid(WEBHOOK_MESSAGES.urlTooLong))
  const secret = `whsec_${randomBytes(24).toString('base64url')}`
  const row = await repo.insertEndpoint(db, { tenant_id: tenant, url, events, secret, created_at: options.now })
  return E.right({ ...endpointDto(row), secret })
}

export async function listEndpoints(db: Db, tenant: string): Promise<WebhookEndpoint[]> {
  return (await repo.endpointsOf(db, tenant)).map(endpointDto)
}

export async function removeEndpoint(db: Db, tenant: string, id: string): Promise<E.Either<ServiceError, { message: string }>> {
  return (await repo.deleteEndpoint(db, tenant, id)) ? E.right({ message: 'The webhook endpoint was removed.' }) : E.left(notFound(WEBHOOK_MESSAGES.notFound))
}

export async function enableEndpoint(db: Db, tenant: string, id: string): Promise<E.Either<ServiceError, WebhookEndpoint>> {
  const row = await repo.enableEndpoint(db, tenant, id)
  return row ? E.right(endpointDto(row)) : E.left(notFound(WEBHOOK_MESSAGES.notFound))
}

/** Stops deliveries to the endpoint until it is enabled (the sender drops the ones still due). */
export async function disableEndpoint(db: Db, tenant: string, id: string, now: Date): Promise<E.Either<ServiceError, WebhookEndpoint>> {
  const row = await repo.disableTenantEndpoint(db, tenant, id, WEBHOOK_MESSAGES.disabledByAdmin, now)
  return row ? E.right(endpointDto(row)) : E.left(notFound(WEBHOOK_MESSAGES.notFound))
}

export async function endpointDeliveries(db: Db, tenant: string, id: string): Promise<E.Either<ServiceError, WebhookDelivery[]>> {
  if (!(await repo.tenantEndpoint(db, tenant, id))) return E.left(notFound(WEBHOOK_MESSAGES.notFound))
  return E.right((await repo.deliveriesOf(db, id)).map(deliveryDto))
}

export async function replayDelivery(db: Db, tenant: string, id: string, now: Date): Promise<E.Either<ServiceError, WebhookDelivery>> {
  const row = await repo.tenantDelivery(db, tenant, id)
  if (!row?.webhook_endpoint_id) return E.left(notFound(WEBHOOK_MESSAGES.deliveryNotFound))
  const endpoint = await repo.endpointById(db, row.webhook_endpoint_id)
  if (!endpoint) return E.left(notFound(WEBHOOK_MESSAGES.notFound))
  if (endpoint.disabled_at) return E.left(conflict(WEBHOOK_MESSAGES.disabled))
  return E.right(deliveryDto(await repo.copyDelivery(db, row, now)))
}

/** The text a test event carries (docs/integrations.md). */
export const TEST_EVENT_MESSAGE = 'A test event sent by an admin: it is about no booking, payment or customer.'

/**
 * 'Send test event': one webhook.test delivery to this endpoint (whatever it subscribed to), in the
 * outbox like every event; the sender tries it once. Refused for a disabled endpoint.
 */
export async function sendTestEvent(db: Db, tenant: string, id: string, now: Date): Promise<E.Either<ServiceError, WebhookDelivery>> {
  const endpoint = await repo.tenantEndpoint(db, tenant, id)
  if (!endpoint) return E.left(notFound(WEBHOOK_MESSAGES.notFound))
  if (endpoint.disabled_at) return E.left(conflict(WEBHOOK_MESSAGES.disabled))
  const data: WebhookEventData<typeof WEBHOOK_TEST_EVENT> = { endpoint: { id: endpoint.id, url: endpoint.url }, message: TEST_EVENT_MESSAGE }
  const body = JSON.stringify({ id: `evt_${newId()}`, type: WEBHOOK_TEST_EVENT, createdAt: now.toISOString(), tenant, data })
  return E.right(deliveryDto(await repo.enqueueOne(db, endpoint, WEBHOOK_TEST_EVENT, body, now)))
}

/** The delivery as it stands now (after its first try, once the sender has been). */
export async function deliveryNow(db: Db, tenant: string, id: string): Promise<WebhookDelivery | undefined> {
  const row = await repo.tenantDelivery(db, tenant, id)
  return row ? deliveryDto(row) : undefined
}

/**
 * Records an event for the tenant's endpoints that listen to it, in the caller's transaction (so it
 * is sent only if the change commits). `data` is built only when someone listens.
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  db: DbOrTrx,
  tenant: string,
  type: T,
  now: Date,
  data: () => Promise<WebhookEventData<T> | undefined> | WebhookEventData<T> | undefined,
  /** Whether an endpoint listens, when the caller read it already (repo.listenerExpression); else read here. */
  listening?: boolean,
): Promise<void> {
  if (!(listening ?? (await repo.anyListener(db, tenant, type)))) return
  const payload = await data()
  if (!payload) return
  const body = JSON.stringify({ id: `evt_${newId()}`, type, createdAt: now.toISOString(), tenant, data: payload })
  await repo.enqueueDeliveries(db, tenant, type, body, now)
}

/**
 * Records one event per item of `datas` (e.g. each booking an erasure cancels), in the caller's
 * transaction: one read of whether anyone listens and one write for them all, however many there are.
 */
export async function emitWebhookEvents<T extends WebhookEventType>(db: DbOrTrx, tenant: string, type: T, now: Date, datas: readonly WebhookEventData<T>[]): Promise<void> {
  if (datas.length === 0 || !(await repo.anyListener(db, tenant, type))) return
  const bodies = datas.map((data) => JSON.stringify({ id: `evt_${newId()}`, type, createdAt: now.toISOString(), tenant, data }))
  await repo.enqueueDeliveries(db, tenant, type, bodies, now)
}
