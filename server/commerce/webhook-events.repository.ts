/**
 * Webhook events already taken in hand, by the processor's event id. The primary key makes the
 * claim atomic across instances: of two deliveries of one event (a retry, or two instances behind a
 * load balancer) exactly one inserts the row and handles it.
 */
import type { ProcessorDb } from './processors.tables'

/** True when this call claimed the event (first delivery); false for a duplicate. */
export async function claimWebhookEvent(db: ProcessorDb, processor: string, eventId: string, eventType: string): Promise<boolean> {
  const inserted = await db
    .insertInto('commerce_webhook_events')
    .values({ processor, event_id: eventId, event_type: eventType })
    .onConflict((oc) => oc.columns(['processor', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst()
  return inserted !== undefined
}

/** Gives a claim back when handling failed, so the processor's redelivery is handled again. */
export async function releaseWebhookEvent(db: ProcessorDb, processor: string, eventId: string): Promise<void> {
  await db.deleteFrom('commerce_webhook_events').where('processor', '=', processor).where('event_id', '=', eventId).execute()
}
