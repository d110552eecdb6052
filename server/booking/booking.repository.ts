/** The appointments table as booking writes and reads it: live holds, day locks, expired holds, bookings by transaction id. */
import { sql, type Transaction } from 'kysely'
import type { BookingCreated } from '../../src/contract'
import { runDeferrable, runPrepared } from '../db/prepared-statements'
import { toMoney, type CoreTables, type Db, type DbOrTrx, type OrganisationSettings } from '../db/schema'
import { appointmentViews } from './appointment-view'
import { londonDateOf } from '../../src/domain/london'
import type { Busy } from '../../src/domain/scheduling'
import type { SessionState } from '../accounts/session.service'
import { listenerExpression } from '../integrations/webhook-listeners'
import { busyOfRows, busyRowsSql, busyValues } from '../availability/busy.repository'

export const RELEASED = 'Deleted'

/**
 * Bookings and moves into one practitioner's day take turns (a transaction lock per practitioner and
 * London date, in one order). Without it two bookings of overlapping times both write their rows and
 * then wait for each other through the exclusion constraint: a deadlock that PostgreSQL resolves only
 * after a second. Taken first in the transaction, before any row lock.
 */
export async function lockPractitionerDays(trx: Transaction<CoreTables>, tenant: string, spans: readonly { practitionerId: string; start: Date; end: Date }[], first: readonly string[] = []) {
  const keys = new Set<string>()
  for (const span of spans) {
    for (const at of [span.start, span.end]) keys.add(`booking-day:${tenant}:${span.practitionerId}:${londonDateOf(at)}`)
  }
  await advisoryLocks(trx, [...first, ...[...keys].sort()])
}

/**
 * Takes these transaction locks in this order, in one statement (one round trip instead of one per
 * lock): the rows of the numbered list are locked one after the other in their order.
 */
async function advisoryLocks(trx: Transaction<CoreTables>, keys: readonly string[]) {
  if (keys.length === 0) return
  await runDeferrable(trx, 'SELECT pg_advisory_xact_lock(hashtextextended(k.key, 0)) FROM unnest($1::text[]) WITH ORDINALITY AS k(key, n) ORDER BY k.n', [[...keys]])
}

/** Releases expired holds that overlap [from, to) for these practitioners (inside the booking's transaction). */
export async function releaseExpiredHolds(trx: Transaction<CoreTables>, tenant: string, practitionerIds: string[], from: Date, to: Date, now: Date) {
  await trx
    .updateTable('appointments')
    .set({ status: RELEASED, updated_at: now })
    .where('tenant_id', '=', tenant)
    .where('practitioner_id', 'in', practitionerIds)
    .where('status', '=', 'Pending')
    .where('hold_expires_at', '<=', now)
    .where(sql<boolean>`tstzrange(starts_at, ends_at) && tstzrange(${from}, ${to})`)
    .execute()
}

export interface BookerFacts {
  /** Whether a live booking already carries the transaction id (any customer's: a retried request, or another's id). */
  taken: boolean
  /** Live (unexpired) pending bookings of the customer, counted once per booking (linked services aside). */
  holds: number
  accountBalance: number | null
  /** The organisation's settings (undefined: the tenant has no organisation). */
  settings: OrganisationSettings | undefined
  /** The customer's session state for the token hash asked about (session.service's check, in this statement). */
  session: SessionState
  /** Whether a webhook endpoint of the tenant listens to booking.created (emitWebhookEvent's check, in this statement). */
  webhookListens: boolean
  /** The bookings of the practitioners over the range asked (loadCalendars' busyRead), in this statement. */
  busyOf: Map<string, Busy[]>
}

// Named prepared statements (parsed once per connection, then one generic plan: planning was two
// thirds of the statement's time). Every part has an index that holds without the values (the customer
// by its primary key alone, the tenant checked on the row: session.service's SESSION_SQL says why): the
// customer's pending rows (appointments_customer_pending: without it the generic count read every
// live hold), primary keys. The session check of the request (session.service's SESSION_SQL) comes
// in the same statement: one round trip and one statement fewer a booking, and the session is
// checked under the booking's locks, later than at the door. So does the webhook check of the
// booking.created event (webhooks.repository's anyListener: an unnamed statement of its own before).
// A null $4 (the front desk's booking: no customer token) reads no ended session. The bookings of the
// calendars' range (busy.repository's statement, $5-$8) come with them, a row per practitioner with
// bookings (one row with none): the round trip of a statement of their own was ~1/6 of a booking's
// server CPU (a socket write, pg's and kysely's plumbing) and of PostgreSQL's per-statement work.
const BOOKER_FACTS_TEXT = (taken: string) => `WITH f AS (SELECT ${taken} AS taken,
    (SELECT count(*) FROM appointments
      WHERE tenant_id = $1 AND customer_id = $2 AND status = 'Pending' AND is_linked = false AND (hold_expires_at > $3) IS TRUE) AS holds,
    c.account_balance, o.settings, c.tokens_valid_after,
    EXISTS (SELECT 1 FROM revoked_sessions r WHERE r.token_hash = $4::text) AS revoked,
    ${listenerExpression('$1', 'booking.created')} AS webhook_listens
  FROM customers c LEFT JOIN organisations o ON o.tenant_id = c.tenant_id
  WHERE c.id = $2 AND (c.tenant_id = $1) IS TRUE)
SELECT f.*, b.practitioner_id, b.busy FROM f LEFT JOIN (${busyRowsSql({ tenant: 1, ids: 5, from: 6, to: 7, since: 8 })}) b ON true`
export const BOOKER_FACTS = BOOKER_FACTS_TEXT('false')
const BOOKER_FACTS_REPLAY = BOOKER_FACTS_TEXT(`EXISTS (SELECT 1 FROM appointments WHERE tenant_id = $1 AND transaction_id = $9 AND status <> '${RELEASED}')`)

/**
 * The booking's one read, under its locks (a statement after them: its snapshot sees every booking
 * committed before the locks were granted): whether the transaction id already booked, the
 * customer's live holds, account balance, the organisation's settings, whether a webhook listens to
 * booking.created, the state of the session of `tokenHash` (null: none to check) and the bookings of
 * `range` (calendar.repository's calendarRange). Expired holds are not counted (and are released only where
 * the calendar shows one in the way: releaseExpiredHoldsById). Undefined for an unknown customer.
 */
export async function bookerFacts(
  trx: Transaction<CoreTables>,
  tenant: string,
  customerId: string,
  transactionId: string | null,
  tokenHash: string | null,
  now: Date,
  range: { ids: readonly string[]; from: Date; to: Date },
): Promise<BookerFacts | undefined> {
  const { rows } = await runPrepared<{
    taken: boolean
    holds: string | number | null
    account_balance: string | null
    settings: OrganisationSettings | null
    tokens_valid_after: Date | null
    revoked: boolean
    webhook_listens: boolean
    practitioner_id: string | null
    busy: string | null
  }>(trx, transactionId === null ? BOOKER_FACTS : BOOKER_FACTS_REPLAY, [
    tenant,
    customerId,
    now,
    tokenHash,
    ...busyValues(range.ids, range.from, range.to),
    ...(transactionId === null ? [] : [transactionId]),
  ])
  const row = rows[0]
  if (!row) return undefined
  return {
    taken: Boolean(row.taken),
    holds: Number(row.holds ?? 0),
    accountBalance: toMoney(row.account_balance),
    settings: row.settings ?? undefined,
    session: { tokensValidAfter: row.tokens_valid_after, revoked: Boolean(row.revoked) },
    webhookListens: Boolean(row.webhook_listens),
    busyOf: busyOfRows(rows.filter((r): r is typeof r & { practitioner_id: string } => r.practitioner_id !== null)),
  }
}

/**
 * The expired holds (pending, lapsed, not yet released by the sweeper) of these practitioners that
 * overlap [from, to), as the calendars read in the transaction show them: the rows the exclusion
 * constraint would still set against a booking of that time. Almost always none (the sweeper
 * releases them): the booking then writes nothing for them.
 */
export function expiredHoldIds(calendars: readonly { practitionerId: string; busy?: readonly Busy[] }[], practitionerIds: readonly string[], from: Date, to: Date, now: Date): string[] {
  const ids: string[] = []
  for (const c of calendars) {
    if (!practitionerIds.includes(c.practitionerId)) continue
    for (const b of c.busy ?? []) {
      const expired = b.kind === 'hold' && b.expiresAt !== undefined && b.expiresAt <= now.getTime()
      if (expired && b.appointmentId && b.start < to.getTime() && b.end > from.getTime()) ids.push(b.appointmentId)
    }
  }
  return ids
}

const RELEASE_BY_ID = `UPDATE appointments SET status = '${RELEASED}', updated_at = $3
  WHERE id = ANY($2::text[]) AND (tenant_id = $1) IS TRUE AND status = 'Pending' AND hold_expires_at <= $3`

/** Releases these holds if they are still pending and expired (a sweeper may have released them meanwhile). */
export async function releaseExpiredHoldsById(trx: Transaction<CoreTables>, tenant: string, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return
  await runPrepared(trx, RELEASE_BY_ID, [tenant, [...ids], now])
}

/** A booking's answer message: held while a deposit is due, else booked (its first answer's, on a replay too). */
export function bookingMessage(deposit: number): string {
  return deposit > 0 ? 'Your appointment is held while you pay the deposit.' : 'Your appointment is booked.'
}

/** The answer to a retried request (same transaction id): the booking as it is now, with its first answer's deposit and message. */
export async function findByTransaction(db: Db, tenant: string, customerId: string, transactionId: string): Promise<BookingCreated | undefined> {
  return (await findTransaction(db, tenant, customerId, transactionId))?.booking
}

/** The customer whose live booking a transaction id made, or undefined when it made none (or only released holds). */
export async function transactionOwner(db: Db, tenant: string, transactionId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('appointments')
    .select('customer_id')
    .where('tenant_id', '=', tenant)
    .where('transaction_id', '=', transactionId)
    .where('status', '!=', RELEASED)
    .limit(1)
    .executeTakeFirst()
  return row ? (row.customer_id ?? '') : undefined
}

/** The booking a transaction id made (findByTransaction) and the key of the request that made it (transaction-request.ts; null before 0165). */
export async function findTransaction(db: Db, tenant: string, customerId: string, transactionId: string): Promise<{ booking: BookingCreated; request: string | null } | undefined> {
  const rows = await db
    .selectFrom('appointments')
    .select(['id', 'is_linked', 'status', 'hold_expires_at', 'deposit', 'transaction_request'])
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('transaction_id', '=', transactionId)
    .where('status', '!=', RELEASED)
    .orderBy('is_linked')
    .orderBy('starts_at')
    .execute()
  if (rows.length === 0) return undefined
  const views = await appointmentViews(db, tenant, rows.map((r) => r.id))
  // The first answer's message: a deposit was due (held) or not (booked at once), whatever happened since.
  const deposit = toMoney(rows[0].deposit) ?? 0
  const booking: BookingCreated = {
    appointment: views[0],
    appointments: views,
    deposit,
    // Held until then; none when it was booked at once (nothing held).
    ...(rows[0].hold_expires_at ? { holdExpiresAt: rows[0].hold_expires_at.toISOString() } : {}),
    message: bookingMessage(deposit),
  }
  return { booking, request: rows[0].transaction_request }
}

/** Statuses of an appointment still to come or under way (the ones a customer or the desk can change). */
const REGROUPED = ['Scheduled', 'Pending', 'Running late'] as const

/**
 * The first appointment of a visit (the one its linked services move with) cancelled on its own:
 * the earliest live service left leads the visit from now on (not linked, the group named after it),
 * so the customer can still reschedule what is left online; a single one left is a visit of its own.
 * Run in the cancel's transaction.
 */
export async function regroupAfterCancel(trx: DbOrTrx, tenant: string, cancelledId: string, now: Date): Promise<void> {
  const rest = await trx
    .selectFrom('appointments')
    .select('id')
    .where('tenant_id', '=', tenant)
    .where('group_id', '=', cancelledId)
    .where('id', '!=', cancelledId)
    .where('status', 'in', REGROUPED)
    .orderBy('starts_at')
    .orderBy('id')
    .execute()
  if (rest.length === 0) return
  const head = rest[0].id
  const group = rest.length > 1 ? head : null
  await trx.updateTable('appointments').set({ group_id: group, is_linked: false, updated_at: now }).where('tenant_id', '=', tenant).where('id', '=', head).execute()
  if (group === null) return
  await trx
    .updateTable('appointments')
    .set({ group_id: group, updated_at: now })
    .where('tenant_id', '=', tenant)
    .where('id', 'in', rest.slice(1).map((r) => r.id))
    .execute()
}
