/**
 * Whether a live webhook endpoint of a tenant listens to an event, as an SQL expression: read by
 * anyListener on its own, and by the booking's read along with its facts (one round trip fewer a
 * booking). A module of its own without imports: the booking's repository builds its statement's
 * text when it loads, and the webhooks' repository imports what imports the booking's.
 */
import type { WebhookEventType } from '../../src/contract/integrations.routes'

/** `tenantParam`: the statement's parameter of the tenant ('$1'). */
export function listenerExpression(tenantParam: string, type: WebhookEventType): string {
  const types = JSON.stringify([type]).replace(/'/g, "''")
  return `EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.tenant_id = ${tenantParam} AND w.disabled_at IS NULL AND w.events @> '${types}'::jsonb)`
}
