/** The appointments table as booking writes and reads it: live holds, day locks, expired holds, bookings by transaction id. */
import { sql, type Transaction } from 'kysely'
import type { BookingCreated } from '../../src/contract'
import { runPrepared, runText } from '../db/prepared-statements'
import { toMoney, type CoreTables, type Db, type DbOrTrx, type OrganisationSettings } from '../db/schema'
import { appointmentViews } from './appointment-view'
import { londonDateOf } from './london-date'

export const RELEASED = 'Deleted'

export interface BookerFacts {
  accountBalance: number | null
  /** The organisation's settings (undefined: the tenant has no organisation). */
  settings: OrganisationSettings | undefined
  /** Live (unexpired) pending bookings of the customer, counted once per booking (linked services aside). */
  holds: number
  /** Whether a live booking of this customer already carries the transaction id (a retried request). */
  replayed: boolean
}

/**
 * What a booking reads before its transaction, in one round trip instead of four: the customer's
 * account balance, the organisation's settings, the customer's live holds (the cap's fast path; it is
 * counted again under the lock) and whether this transaction id already booked. Undefined for an
 * unknown customer.
 */
// Planned with their values on every call (runText, not a named statement): a generic plan of the
// holds count read every live hold (appointments_holds) or, on skewed data, the whole table.
const BOOKER_FACTS_TEXT = (replay: string) => `SELECT c.account_balance, o.settings,
    (SELECT count(*) FROM appointments
      WHERE tenant_id = $1 AND customer_id = $2 AND status = 'Pending' AND is_linked = false AND hold_expires_at > $3) AS holds,
    ${replay} AS replayed
  FROM customers c LEFT JOIN organisations o ON o.tenant_id = c.tenant_id
  WHERE c.tenant_id = $1 AND c.id = $2`
const BOOKER_FACTS = BOOKER_FACTS_TEXT('false')
const BOOKER_FACTS_REPLAY = BOOKER_FACTS_TEXT(`EXISTS (SELECT 1 FROM appointments WHERE tenant_id = $1 AND customer_id = $2 AND transaction_id = $4 AND status <> '${RELEASED}')`)

export async function bookerFacts(db: DbOrTrx, tenant: string, customerId: string, transactionId: string | null, now: Date): Promise<BookerFacts | undefined> {
  const { rows } = await runText<{ account_balance: string | null; settings: OrganisationSettings | null; holds: string | number | null; replayed: boolean }>(
    db,
    transactionId === null ? BOOKER_FACTS : BOOKER_FACTS_REPLAY,
    transactionId === null ? [tenant, customerId, now] : [tenant, customerId, now, transactionId],
  )
  const row = rows[0]
  if (!row) return undefined
  return { accountBalance: toMoney(row.account_balance), settings: row.settings ?? undefined, holds: Number(row.holds ?? 0), replayed: Boolean(row.replayed) }
}

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
  await runPrepared(trx, 'SELECT pg_advisory_xact_lock(hashtextextended(k.key, 0)) FROM unnest($1::text[]) WITH ORDINALITY AS k(key, n) ORDER BY k.n', [[...keys]])
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

/**
 * In one statement, under the booking's locks (after them: the statement's snapshot sees every
 * booking committed before the locks were granted): releases the expired holds that overlap
 * [from, to) for these practitioners (as releaseExpiredHolds), and answers whether a live booking
 * already carries this transaction id (any customer's) and how many live holds the customer keeps
 * (as bookerFacts counts them). The released rows are expired holds: neither answer counts them.
 */
const RELEASE_AND_CHECK_TEXT = (taken: string) => `WITH released AS (
    UPDATE appointments SET status = '${RELEASED}', updated_at = $3
     WHERE tenant_id = $1 AND practitioner_id = ANY($4::text[]) AND status = 'Pending' AND hold_expires_at <= $3
       AND tstzrange(starts_at, ends_at) && tstzrange($5, $6)
     RETURNING id)
  SELECT ${taken} AS taken,
    (SELECT count(*) FROM appointments
      WHERE tenant_id = $1 AND customer_id = $2 AND status = 'Pending' AND is_linked = false AND hold_expires_at > $3) AS holds`
const RELEASE_AND_CHECK = RELEASE_AND_CHECK_TEXT('false')
const RELEASE_AND_CHECK_REPLAY = RELEASE_AND_CHECK_TEXT(`EXISTS (SELECT 1 FROM appointments WHERE tenant_id = $1 AND transaction_id = $7 AND status <> '${RELEASED}')`)

export async function releaseAndCheck(
  trx: Transaction<CoreTables>,
  tenant: string,
  customerId: string,
  transactionId: string | null,
  practitionerIds: readonly string[],
  from: Date,
  to: Date,
  now: Date,
): Promise<{ taken: boolean; holds: number }> {
  const { rows } = await runText<{ taken: boolean; holds: string | number | null }>(
    trx,
    transactionId === null ? RELEASE_AND_CHECK : RELEASE_AND_CHECK_REPLAY,
    [tenant, customerId, now, [...practitionerIds], from, to, ...(transactionId === null ? [] : [transactionId])],
  )
  return { taken: Boolean(rows[0]?.taken), holds: Number(rows[0]?.holds ?? 0) }
}

export async function findByTransaction(db: Db, tenant: string, customerId: string, transactionId: string): Promise<BookingCreated | undefined> {
  const rows = await db
    .selectFrom('appointments')
    .select(['id', 'is_linked', 'status', 'hold_expires_at', 'deposit'])
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('transaction_id', '=', transactionId)
    .where('status', '!=', RELEASED)
    .orderBy('is_linked')
    .orderBy('starts_at')
    .execute()
  if (rows.length === 0) return undefined
  const views = await appointmentViews(db, tenant, rows.map((r) => r.id))
  return {
    appointment: views[0],
    appointments: views,
    deposit: toMoney(rows[0].deposit) ?? 0,
    holdExpiresAt: (rows[0].hold_expires_at ?? new Date()).toISOString(),
  }
}
