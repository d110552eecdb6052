// /staff/integrations' words about webhook deliveries: a test event's outcome and the names that tell
// the deliveries' 'Replay' buttons apart (for a screen reader, where the rows' look does not help).
import type { WebhookDelivery, WebhookEndpoint } from '../../contract/integrations.routes'
import { formatLondonDateTime } from '../../domain/time'

export const TEST_EVENT_TEXTS = {
  delivered: (url: string, status: number | undefined) => `The test event reached ${url}${status === undefined ? '' : ` (HTTP ${status})`}.`,
  failed: (url: string, why: string) => `The test event did not reach ${url}: ${why}.`,
  queued: (url: string) => `The test event to ${url} is queued: Refresh the deliveries to see its outcome.`,
}

/** What the admin reads after 'Send test event': the delivery's outcome after its first try. */
export function testOutcome(endpoint: WebhookEndpoint, d: WebhookDelivery): { delivered: boolean; text: string } {
  if (d.state === 'delivered') return { delivered: true, text: TEST_EVENT_TEXTS.delivered(endpoint.url, d.lastStatus) }
  if (d.state === 'failed') {
    const status = d.lastStatus === undefined ? undefined : `HTTP ${d.lastStatus}`
    return { delivered: false, text: TEST_EVENT_TEXTS.failed(endpoint.url, (d.lastError === status ? status : [status, d.lastError].filter(Boolean).join(', ')) || 'no answer') }
  }
  return { delivered: false, text: TEST_EVENT_TEXTS.queued(endpoint.url) }
}

/**
 * Each delivery's 'Replay' button's accessible name, e.g. 'Replay booking.created delivery of 29/11/2026
 * 14:02 (failed)': deliveries alike in all of that are told apart by their place ('2 of 3').
 */
export function replayLabels(deliveries: readonly WebhookDelivery[]): Map<string, string> {
  const base = deliveries.map((d) => `Replay ${d.event} delivery of ${formatLondonDateTime(new Date(d.createdAt))} (${d.state})`)
  const seen = new Map<string, number>()
  return new Map(
    deliveries.map((d, i) => {
      const total = base.filter((b) => b === base[i]).length
      const nth = (seen.get(base[i]!) ?? 0) + 1
      seen.set(base[i]!, nth)
      return [d.id, total > 1 ? `${base[i]}, ${nth} of ${total}` : base[i]!]
    }),
  )
}
