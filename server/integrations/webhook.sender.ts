/**
 * Drains the outbox's webhook rows: each is POSTed to its endpoint, signed, with a 5 s timeout and
 * no redirects; a 2xx is delivered, anything else (or no answer) fails with the outbox's backoff and
 * is given up a day after its first failure (a test event is tried once). An endpoint failing for
 * WEBHOOK_DISABLE_AFTER_MS without one success is disabled and the tenant's admins get a mail. The
 * log names the delivery and the endpoint, never the body (it holds customers' data) or the secret.
 */
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TEST_EVENT } from '../../src/contract/integrations.routes'
import type { Db } from '../db/schema'
import { enqueueMail } from '../notifications/mail.service'
import { claimById, claimDue, markFailed, markSent, type OutboxRow } from '../notifications/outbox.repository'
import * as repo from './webhooks.repository'
import { signatureHeader } from './webhooks.service'

export const WEBHOOK_TIMEOUT_MS = 5_000
/** An endpoint that has failed for three days without a success is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 60 * 60_000

export interface WebhookLog {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string }

async function post(url: string, headers: Record<string, string>, body: string): Promise<Outcome> {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) })
    await response.body?.cancel().catch(() => undefined)
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status }
    return { ok: false, status: response.status, error: `HTTP ${response.status}` }
  } catch (error) {
    const e = error as { name?: string; message?: string; cause?: { code?: string } }
    return { ok: false, status: null, error: e.name === 'TimeoutError' ? 'timed out' : (e.cause?.code ?? e.message ?? String(error)) }
  }
}

/**
 * Sends what is due, a claimed batch at a time; the deliveries of a batch go out together, so that an
 * endpoint that does not answer costs the others at most one timeout a batch, not one a delivery
 * (deliveries carry no order: a retry comes after later events anyway).
 */
export async function drainWebhooks(db: Db, clock: () => Date, log: WebhookLog): Promise<{ delivered: number; mailed: boolean }> {
  let delivered = 0
  let mailed = false
  for (;;) {
    const rows = await claimDue(db, 'webhook', clock())
    const outcomes = await Promise.all(rows.map((row) => deliver(db, row, clock, log)))
    delivered += outcomes.filter((o) => o === 'delivered').length
    // An endpoint disabled now: its admins' mail waits in the outbox.
    mailed ||= outcomes.includes('disabled')
    if (rows.length < 10) return { delivered, mailed }
  }
}

/**
 * One delivery tried now, outside the drains (the test event, whose answer shows how it went): false
 * when a drain has it already.
 */
export async function deliverNow(db: Db, id: string, clock: () => Date, log: WebhookLog): Promise<boolean> {
  const row = await claimById(db, id, clock())
  if (!row) return false
  await deliver(db, row, clock, log)
  return true
}

async function deliver(db: Db, row: OutboxRow, clock: () => Date, log: WebhookLog): Promise<'delivered' | 'failed' | 'disabled'> {
  const endpoint = row.webhook_endpoint_id ? await repo.endpointById(db, row.webhook_endpoint_id) : undefined
  const where = { deliveryId: row.id, endpointId: row.webhook_endpoint_id, tenant: row.tenant_id, event: row.subject, attempts: row.attempts }
  if (!endpoint || endpoint.disabled_at) {
    await repo.dropDelivery(db, row.id, 'The endpoint is disabled.', clock())
    return 'failed'
  }
  const sentAt = clock()
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Clinic-Webhooks/1',
    'clinic-event': row.subject,
    'clinic-delivery': row.id,
    [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(endpoint.secret, row.text, Math.floor(sentAt.getTime() / 1000)),
  }
  const outcome = await post(endpoint.url, headers, row.text)
  await repo.recordStatus(db, row.id, outcome.status)
  if (outcome.ok) {
    await markSent(db, row.id, clock())
    if (endpoint.consecutive_failures > 0) await repo.endpointSucceeded(db, endpoint.id)
    log.info({ ...where, status: outcome.status }, 'webhook delivered')
    return 'delivered'
  }
  const now = clock()
  // A test event is tried once: its failure is the answer the admin asked for, not a thing to retry.
  const givenUp = row.subject === WEBHOOK_TEST_EVENT ? (await repo.dropDelivery(db, row.id, outcome.error, now), true) : await markFailed(db, row, outcome.error, now)
  log.error({ ...where, status: outcome.status, error: outcome.error, givenUp }, givenUp ? 'webhook given up after a day of retries' : 'webhook not delivered (will retry)')
  const after = await repo.endpointFailed(db, endpoint.id, now)
  const failingSince = after?.failing_since ? new Date(after.failing_since) : now
  if (now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS && (await disable(db, endpoint, failingSince, now, log))) return 'disabled'
  return 'failed'
}

/** Disables the endpoint and mails the tenant's admins; false when another drain did already. */
async function disable(db: Db, endpoint: repo.WebhookEndpointRow, failingSince: Date, now: Date, log: WebhookLog): Promise<boolean> {
  const reason = `Every delivery failed since ${failingSince.toISOString()}.`
  if (!(await repo.disableEndpoint(db, endpoint.id, reason, now))) return false
  log.error({ endpointId: endpoint.id, tenant: endpoint.tenant_id }, 'webhook endpoint disabled after repeated failures')
  const text =
    `Your webhook endpoint ${endpoint.url} was disabled: ${reason}\n\n` +
    'No more events are sent to it. Once it answers again, enable it (clinic admin webhook enable ' +
    `${endpoint.id}) and send the failed deliveries again (clinic admin webhook replay <delivery id>).`
  for (const to of await repo.adminEmails(db, endpoint.tenant_id)) {
    await enqueueMail(db, { tenant: endpoint.tenant_id, to, subject: 'A webhook endpoint was disabled', text })
  }
  return true
}
