/**
 * Webhook endpoints and their deliveries. A delivery is an outbox row of channel 'webhook' (the
 * endpoint's id in webhook_endpoint_id, the event type in subject, the event's JSON in text), so it
 * is claimed once across instances, retried with the outbox's backoff and given up after a day.
 */
import { sql, type Selectable } from 'kysely'
import type { WebhookEventType } from '../../src/contract/integrations.routes'
import { newId } from '../db/ids'
import { runPrepared } from '../db/prepared-statements'
import { listenerExpression } from './webhook-listeners'
import type { Db, DbOrTrx } from '../db/schema'
import type { OutboxRow } from '../notifications/outbox.repository'
import { operatorDb } from '../staff/staff.tables'
import type { WebhookEndpointsTable } from './integrations.tables'

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>

export async function insertEndpoint(db: DbOrTrx, row: { tenant_id: string; url: string; events: readonly string[]; secret: string; created_at: Date }): Promise<WebhookEndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({ id: newId(), ...row, events: JSON.stringify(row.events) })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function endpointsOf(db: DbOrTrx, tenant: string): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('tenant_id', '=', tenant).orderBy('created_at').execute()
}

export async function endpointById(db: DbOrTrx, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function tenantEndpoint(db: DbOrTrx, tenant: string, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('tenant_id', '=', tenant).where('id', '=', id).executeTakeFirst()
}

export async function deleteEndpoint(db: DbOrTrx, tenant: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('tenant_id', '=', tenant).where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export async function enableEndpoint(db: DbOrTrx, tenant: string, id: string): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: null, disabled_reason: null, consecutive_failures: 0, failing_since: null })
    .where('tenant_id', '=', tenant)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/** An admin's disable: the row after it (unchanged when it was disabled already), undefined when not the tenant's. */
export async function disableTenantEndpoint(db: DbOrTrx, tenant: string, id: string, reason: string, now: Date): Promise<WebhookEndpointRow | undefined> {
  const row = await db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: now, disabled_reason: reason })
    .where('tenant_id', '=', tenant)
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
  return row ?? tenantEndpoint(db, tenant, id)
}

/** Whether any live endpoint of the tenant listens to the event (one cheap read before building its payload). */
export async function anyListener(db: DbOrTrx, tenant: string, type: WebhookEventType): Promise<boolean> {
  const { rows } = await runPrepared<{ listens: boolean }>(db, `SELECT ${listenerExpression('$1', type)} AS listens`, [tenant])
  return Boolean(rows[0]?.listens)
}

/** One delivery per live endpoint that listens to the event, per body (events of one type), in the caller's transaction. */
export async function enqueueDeliveries(db: DbOrTrx, tenant: string, type: WebhookEventType, body: string | readonly string[], now: Date): Promise<void> {
  const bodies = typeof body === 'string' ? [body] : [...body]
  await sql`
    INSERT INTO outbox (id, tenant_id, channel, to_address, subject, text, attachments, webhook_endpoint_id, created_at)
    SELECT substr(md5(random()::text || clock_timestamp()::text || w.id || b.n), 1, 24), w.tenant_id, 'webhook', w.url, ${type}, b.body, '[]'::jsonb, w.id, ${now}
    FROM webhook_endpoints w CROSS JOIN unnest(${bodies}::text[]) WITH ORDINALITY AS b(body, n)
    WHERE w.tenant_id = ${tenant} AND w.disabled_at IS NULL AND w.events @> ${JSON.stringify([type])}::jsonb`.execute(db)
}

export async function deliveriesOf(db: DbOrTrx, endpointId: string, limit = 100): Promise<OutboxRow[]> {
  return db.selectFrom('outbox').selectAll().where('webhook_endpoint_id', '=', endpointId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute()
}

export async function tenantDelivery(db: DbOrTrx, tenant: string, id: string): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox').selectAll().where('tenant_id', '=', tenant).where('id', '=', id).where('channel', '=', 'webhook').executeTakeFirst()
}

/** One delivery of an event to this endpoint only (the test event), due now. */
export async function enqueueOne(db: DbOrTrx, endpoint: WebhookEndpointRow, type: string, body: string, now: Date): Promise<OutboxRow> {
  return db
    .insertInto('outbox')
    .values({
      id: newId(),
      tenant_id: endpoint.tenant_id,
      channel: 'webhook',
      to_address: endpoint.url,
      subject: type,
      text: body,
      attachments: JSON.stringify([]),
      webhook_endpoint_id: endpoint.id,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** A new delivery of the same event (same body, so the same event id), due now. */
export async function copyDelivery(db: DbOrTrx, row: OutboxRow, now: Date): Promise<OutboxRow> {
  return db
    .insertInto('outbox')
    .values({
      id: newId(),
      tenant_id: row.tenant_id,
      channel: 'webhook',
      to_address: row.to_address,
      subject: row.subject,
      text: row.text,
      attachments: JSON.stringify([]),
      webhook_endpoint_id: row.webhook_endpoint_id,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function recordStatus(db: Db, id: string, status: number | null): Promise<void> {
  await db.updateTable('outbox').set({ last_status: status }).where('id', '=', id).execute()
}

/** A delivery that will not be tried (its endpoint is disabled): kept as failed with the reason. */
export async function dropDelivery(db: Db, id: string, reason: string, now: Date): Promise<void> {
  await db.updateTable('outbox').set({ failed_at: now, last_error: reason, claimed_until: null, next_attempt_at: null }).where('id', '=', id).execute()
}

export async function endpointSucceeded(db: Db, id: string): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ consecutive_failures: 0, failing_since: null }).where('id', '=', id).execute()
}

/** One more failed try; the endpoint's row after it. */
export async function endpointFailed(db: Db, id: string, now: Date): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1), failing_since: sql`coalesce(failing_since, ${now})` }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/** Disables the endpoint unless another instance did already; true for the one that did. */
export async function disableEndpoint(db: Db, id: string, reason: string, now: Date): Promise<boolean> {
  const result = await db.updateTable('webhook_endpoints').set({ disabled_at: now, disabled_reason: reason }).where('id', '=', id).where('disabled_at', 'is', null).executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function adminEmails(db: Db, tenant: string): Promise<string[]> {
  const rows = await operatorDb(db).selectFrom('staff').select('email').where('tenant_id', '=', tenant).where('role', '=', 'admin').where('archived', '=', false).execute()
  return rows.map((r) => r.email)
}
