/**
 * The booking's side of a slot hold (holds.service.ts): 'agree' claims the hold made when the time
 * was picked. Kept apart from holds.service so that booking.service imports no module that imports it.
 */
import { createHash } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { HoldKey } from '../../src/contract'
import type { ClaimedHold } from '../../src/domain/booking/hold'
import type { AllTables, DbOrTrx } from '../db/schema'
import { endSlotHold, findSlotHold, heldRows, type SlotHoldRow } from './holds.repository'
import { takeOfferOfHold } from '../waitlist/waitlist.repository'

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function isLive(hold: SlotHoldRow, now: Date): boolean {
  return hold.claimed_at === null && hold.released_at === null && new Date(hold.expires_at).getTime() > now.getTime()
}

/**
 * Inside the booking's transaction, after its practitioner-day locks: the ids of the rows the
 * caller's live hold occupies (the booking's checks count them as free) and the hold's end and extension
 * (`pendingHoldExpiry` decides what of it the payment's hold keeps); no rows for a wrong token or an
 * ended hold, and the booking then needs the time to be free as any other would.
 */
export async function heldForClaim(trx: Transaction<AllTables>, tenant: string, key: HoldKey | null | undefined, now: Date): Promise<{ rowIds: string[]; hold?: ClaimedHold }> {
  const hold = await liveHold(trx, tenant, key, now, true)
  return hold ? { rowIds: (await heldRows(trx, tenant, hold.id)).map((r) => r.id), hold: { end: new Date(hold.expires_at), extended: hold.extended } } : { rowIds: [] }
}

/**
 * The rows the caller's own live hold occupies (availability counts them as free for their owner,
 * as a reschedule does the appointment being moved); none for a wrong token or an ended hold.
 */
export async function ownHeldRowIds(db: DbOrTrx, tenant: string, key: HoldKey | null | undefined, now: Date): Promise<string[]> {
  const hold = await liveHold(db, tenant, key, now, false)
  return hold ? (await heldRows(db, tenant, hold.id)).map((r) => r.id) : []
}

async function liveHold(db: DbOrTrx, tenant: string, key: HoldKey | null | undefined, now: Date, forUpdate: boolean): Promise<SlotHoldRow | undefined> {
  if (!key) return undefined
  const hold = await findSlotHold(db, tenant, key.id, tokenHash(key.token), forUpdate)
  return hold && isLive(hold, now) ? hold : undefined
}

/**
 * Inside the booking's transaction, just before its rows are written: the hold's rows give way to them.
 * `booking`: its first appointment's id, and whether it is scheduled at once (no deposit due).
 */
export async function claimHold(
  trx: Transaction<AllTables>,
  tenant: string,
  key: HoldKey | null | undefined,
  customerId: string,
  booking: { id: string; scheduled: boolean },
  now: Date,
): Promise<void> {
  if (!key) return
  const hold = await findSlotHold(trx, tenant, key.id, tokenHash(key.token))
  if (hold && hold.claimed_at === null && hold.released_at === null) {
    await endSlotHold(trx, tenant, hold.id, now, { claimedBy: customerId })
    // A waitlist offer's hold (issue 32): the offer is taken, its entry booked once the booking is scheduled.
    await takeOfferOfHold(trx, tenant, hold.id, booking, now)
  }
}
