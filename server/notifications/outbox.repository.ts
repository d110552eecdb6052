/**
 * The outbox rows' life on the injected clock (never the database's now(): tests move time):
 * claim a batch (FOR UPDATE SKIP LOCKED, so several instances never claim the same rows), then mark
 * each sent, or failed with a backoff, or given up (kept with its last error for staff to see).
 */
import { sql, type Selectable } from 'kysely'
import type { OutboxMessage } from '../../src/contract/admin.routes'
import type { Db, OutboxTable } from '../db/schema'
import { GIVE_UP_AFTER_MS, retryDelayMs } from './backoff'

export type OutboxRow = Selectable<OutboxTable>
export type Channel = 'email' | 'sms' | 'webhook' | 'waitlist'

/** How long a claim protects a row being sent: an instance that dies mid-send frees it then. */
const CLAIM_MS = 2 * 60_000

export async function claimDue(db: Db, channel: Channel, now: Date, limit = 10): Promise<OutboxRow[]> {
  const claimedUntil = new Date(now.getTime() + CLAIM_MS)
  const rows = await sql<OutboxRow>`
    UPDATE outbox SET attempts = attempts + 1, claimed_until = ${claimedUntil}
    WHERE id IN (
      SELECT id FROM outbox
      WHERE sent_at IS NULL AND failed_at IS NULL AND channel = ${channel}
        AND (next_attempt_at IS NULL OR next_attempt_at <= ${now})
        AND (claimed_until IS NULL OR claimed_until < ${now})
      ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )
    RETURNING *`.execute(db)
  return rows.rows
}

/** One row claimed by its id, as claimDue claims (so no drain sends it too); undefined when it is not due or taken. */
export async function claimById(db: Db, id: string, now: Date): Promise<OutboxRow | undefined> {
  const claimedUntil = new Date(now.getTime() + CLAIM_MS)
  const rows = await sql<OutboxRow>`
    UPDATE outbox SET attempts = attempts + 1, claimed_until = ${claimedUntil}
    WHERE id = ${id} AND sent_at IS NULL AND failed_at IS NULL
      AND (next_attempt_at IS NULL OR next_attempt_at <= ${now})
      AND (claimed_until IS NULL OR claimed_until < ${now})
    RETURNING *`.execute(db)
  return rows.rows[0]
}

export async function markSent(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: now, last_error: null, claimed_until: null }).where('id', '=', id).execute()
}

/** A failed try: back off, or give up a day after the first failure. True when given up. */
export async function markFailed(db: Db, row: OutboxRow, error: string, now: Date): Promise<boolean> {
  const giveUpAt = row.give_up_at ? new Date(row.give_up_at) : new Date(now.getTime() + GIVE_UP_AFTER_MS)
  const givenUp = now.getTime() >= giveUpAt.getTime()
  await db
    .updateTable('outbox')
    .set({
      last_error: error.slice(0, 2000),
      claimed_until: null,
      give_up_at: giveUpAt,
      next_attempt_at: givenUp ? null : new Date(now.getTime() + retryDelayMs(row.attempts)),
      failed_at: givenUp ? now : null,
    })
    .where('id', '=', row.id)
    .execute()
  return givenUp
}

/** What staff see of the outbox: given up (failed_at), or not sent yet (pending, maybe retrying). */
export async function unsentMessages(db: Db, tenant: string, state: 'failed' | 'pending' | undefined, limit = 200): Promise<OutboxMessage[]> {
  const failed = state !== 'pending'
    ? await db.selectFrom('outbox').selectAll().where('tenant_id', '=', tenant).where('failed_at', 'is not', null).orderBy('failed_at', 'desc').limit(limit).execute()
    : []
  const pending = state !== 'failed'
    ? await db
        .selectFrom('outbox')
        .selectAll()
        .where('tenant_id', '=', tenant)
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .orderBy(sql`coalesce(next_attempt_at, created_at)`)
        .limit(limit)
        .execute()
    : []
  const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : undefined)
  return [...failed.map((row) => ({ row, state: 'failed' as const })), ...pending.map((row) => ({ row, state: 'pending' as const }))].map(({ row, state }) => ({
    id: row.id,
    state,
    channel: row.channel,
    to: row.to_address,
    subject: row.subject,
    attempts: row.attempts,
    createdAt: iso(row.created_at)!,
    ...(row.last_error ? { lastError: row.last_error } : {}),
    ...(state === 'pending' && row.next_attempt_at ? { nextAttemptAt: iso(row.next_attempt_at)! } : {}),
    ...(row.failed_at ? { failedAt: iso(row.failed_at)! } : {}),
  }))
}
