/**
 * Slot holds (issue 17): picking a time holds it at once, before the customer has signed in, so the
 * countdown tells the truth and other customers never see the time. A hold is a set of ordinary
 * Pending appointment rows (customer_id null, hold_id set): the exclusion constraint, availability,
 * the booking versions and the sweeper treat them like any hold. The browser keeps the hold's id and
 * secret token; 'agree' claims it (createBooking: the rows give way to the booking's in the same
 * transaction, under the same practitioner-day locks, so no one can take the time in between);
 * another time or leaving releases it; a new account extends it once.
 * Locks, in the booking code's order: the owner's cap lock, then the practitioner days (sorted).
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { CreateHoldBody, HoldKey, SlotHold } from '../../src/contract'
import { extendedHoldExpiry, holdLengthSeconds } from '../../src/domain/booking/hold'
import { newId } from '../db/ids'
import { countHit } from '../http/rate-limit-store'
import { RetriesExhausted, retryTransaction } from '../db/transaction-retry'
import { lockingWork } from '../db/admission'
import type { Db, DbOrTrx } from '../db/schema'
import { isLive, tokenHash } from './hold-claim'
import * as E from 'fp-ts/Either'
import { conflict, invalid, notFound, SLOT_TAKEN_ERROR, TOO_MANY_SLOT_HOLDS_ERROR, type ServiceError } from '../service-error'
import { fitsCalendar } from '../availability/availability.service'
import { londonDateOf } from '../../src/domain/london'
import { loadCalendars, serviceOptions, type ServiceOptionRow } from '../availability/calendar.repository'
import { isOverlapViolation, itemsOf, offeredStart, OFF_GRID, pricesOf } from './booking.service'
import { lockPractitionerDays, releaseExpiredHolds } from './booking.repository'
import { HOLD_ENDED } from '../../src/contract/refusal-texts'
import { endSlotHold, findLiveOwnHold, findSlotHold, heldRows, insertSlotHold, liveHeldItems, setHoldExpiry, setHoldPage, type HeldRow, type SlotHoldRow } from './holds.repository'

// The client tells a lost hold by this text: it lives in the contract.
export { HOLD_ENDED }
export const HOLD_BOOKED = 'This time has been booked with the hold.'
/** Anonymous holds are capped per client address, which several customers may share (a clinic's wifi). */
export const ANONYMOUS_CAP_FACTOR = 3
/**
 * Holds one customer may make per HOLD_RATE_WINDOW_MS, as a multiple of RATE_LIMIT_MAX (an address:
 * ANONYMOUS_CAP_FACTOR times that): a customer trying times makes a few a minute; a script renewing a
 * calendar's worth, many. RATE_LIMIT_MAX is the operator's one knob of the rate limits (tests raise it).
 */
export const HOLD_RATE_FACTOR = 2
export const HOLD_RATE_WINDOW_MS = 60_000

export interface HoldDeps {
  db: Db
  now: Date
  holdSeconds: number
  /**
   * the cap of the times one customer may hold at once (MAX_LIVE_HOLDS); anonymous clients get
   * ANONYMOUS_CAP_FACTOR times it per address
   */
  maxLiveHolds: number
  /** RATE_LIMIT_MAX: sets the rate of new holds (HOLD_RATE_FACTOR) */
  rateLimitMax: number
}

/**
 * Counts a new hold against the limits of the address and, when signed in, of the customer (counters
 * in the database, shared by every instance); the refusal of the first one exceeded.
 */
async function holdRateRefusal(deps: HoldDeps, tenant: string, owner: HoldOwner): Promise<ServiceError | undefined> {
  const perCustomer = deps.rateLimitMax * HOLD_RATE_FACTOR
  const limits = [{ client: `${tenant}:client:${owner.clientAddress}`, max: perCustomer * ANONYMOUS_CAP_FACTOR }]
  if (owner.customerId) limits.push({ client: `${tenant}:customer:${owner.customerId}`, max: perCustomer })
  for (const limit of limits) {
    const { current, ttl } = await countHit(deps.db, 'slot-holds', limit.client, HOLD_RATE_WINDOW_MS)
    if (current > limit.max) return { _tag: 'HoldingTooFast', retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) }
  }
  return undefined
}

/** Who makes a hold: the signed-in customer, else the client's address. */
export interface HoldOwner {
  customerId?: string
  clientAddress: string
}

function viewOf(hold: Pick<SlotHoldRow, 'id' | 'expires_at' | 'extended' | 'clinic_id'>, token: string, rows: readonly HeldRow[], now: Date): SlotHold {
  return {
    id: hold.id,
    token,
    expiresAt: new Date(hold.expires_at).toISOString(),
    secondsLeft: Math.max(0, Math.ceil((new Date(hold.expires_at).getTime() - now.getTime()) / 1000)),
    extended: hold.extended,
    clinic: hold.clinic_id,
    items: rows.map((r) => ({ service: r.service_id, practitioner: r.practitioner_id, start: new Date(r.starts_at).toISOString(), end: new Date(r.ends_at).toISOString() })),
  }
}

/**
 * POST /appointments/holds: checks the time like a booking does, then holds it (replacing the caller's
 * previous hold). A token chosen by the browser (`token`) makes the pick safe to send again: a reload
 * before the answer came back sends it again and gets the same hold, not a refusal by its own hold.
 */
export async function createHold(deps: HoldDeps, tenant: string, owner: HoldOwner, body: CreateHoldBody): Promise<E.Either<ServiceError, SlotHold>> {
  const parsed = itemsOf(body.appointment)
  if (!Array.isArray(parsed)) return E.left(parsed)
  const clinicId = parsed[0].clinicId
  const { services, options } = await serviceOptions(deps.db, tenant, clinicId, [...new Set(parsed.map((i) => i.serviceId))], true)
  const chosen: (ServiceOptionRow & { start: Date; end: Date; practitionerId: string })[] = []
  for (const item of parsed) {
    if (!services.has(item.serviceId)) return E.left(notFound('This service cannot be booked online at this location.'))
    const option = options.find((o) => o.serviceId === item.serviceId && o.practitionerId === item.practitionerId)
    if (!option) return E.left(invalid('This practitioner does not offer this service at this location.'))
    chosen.push({ ...option, start: item.start, end: new Date(item.start.getTime() + option.durationMinutes * 60_000) })
  }
  const tooFast = await holdRateRefusal(deps, tenant, owner)
  if (tooFast) return E.left(tooFast)
  const clientKey = owner.customerId ? `customer:${owner.customerId}` : `client:${owner.clientAddress}`
  const cap = owner.customerId ? deps.maxLiveHolds : deps.maxLiveHolds * ANONYMOUS_CAP_FACTOR
  const token = body.token ?? randomBytes(24).toString('base64url')
  const id = newId()
  /** the same pick's hold, made before (its answer lost to a reload) */
  let again: SlotHoldRow | undefined
  const expiresAt = new Date(deps.now.getTime() + holdLengthSeconds(deps.holdSeconds, body.seconds) * 1000)
  const from = new Date(Math.min(...chosen.map((c) => c.start.getTime())))
  const to = new Date(Math.max(...chosen.map((c) => c.end.getTime())))
  const practitionerIds = [...new Set(chosen.map((c) => c.practitionerId))]
  try {
    const outcome = await lockingWork(deps.db, () => retryTransaction(() => deps.db.transaction().execute(async (trx): Promise<ServiceError | undefined> => {
      // The cap under a per-owner lock held to commit (parallel picks would each see room otherwise).
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`slot-holds:${tenant}:${clientKey}`}, 0))`.execute(trx)
      again = body.token ? await findLiveOwnHold(trx, tenant, clientKey, tokenHash(body.token), deps.now) : undefined
      if (again) return undefined
      if (body.replaces) await releaseIfOwned(trx, tenant, body.replaces, deps.now)
      if ((await liveHeldItems(trx, tenant, clientKey, deps.now)) + chosen.length > cap) return TOO_MANY_SLOT_HOLDS_ERROR
      await lockPractitionerDays(trx, tenant, chosen)
      await releaseExpiredHolds(trx, tenant, practitionerIds, from, to, deps.now)
      const calendars = await loadCalendars(trx, tenant, clinicId, practitionerIds, londonDateOf(from), londonDateOf(to), deps.db)
      for (const c of chosen) {
        if (!fitsCalendar(calendars, c.practitionerId, c.start.getTime(), c.end.getTime(), { now: deps.now, ignore: [] })) return SLOT_TAKEN_ERROR
      }
      if (!offeredStart(calendars, chosen[0], chosen[0].start.getTime(), deps.now, [])) return invalid(OFF_GRID)
      await insertSlotHold(trx, { id, tenant_id: tenant, token_hash: tokenHash(token), clinic_id: clinicId, customer_id: owner.customerId ?? null, client_key: clientKey, expires_at: expiresAt })
      const ids = chosen.map((_, i) => (i === 0 ? id : newId()))
      await trx
        .insertInto('appointments')
        .values(
          chosen
            .map((c, i) => ({
              id: ids[i],
              tenant_id: tenant,
              customer_id: null,
              practitioner_id: c.practitionerId,
              clinic_id: clinicId,
              service_id: c.serviceId,
              status: 'Pending',
              starts_at: c.start,
              ends_at: c.end,
              hold_expires_at: expiresAt,
              hold_id: id,
              group_id: chosen.length > 1 ? id : null,
              is_linked: i > 0,
              course_id: null,
              ...pricesOf(c.grossPrice ?? c.defaultPrice, c.taxRate),
              deposit: 0,
              transaction_id: null,
            }))
            // The booking code's row order (practitioner, then time): overlapping writers wait in turn.
            .sort((a, b) => a.practitioner_id.localeCompare(b.practitioner_id) || a.starts_at.getTime() - b.starts_at.getTime()),
        )
        .execute()
      return undefined
    })))
    if (outcome) return E.left(outcome)
    if (again) return E.right(viewOf(again, token, await heldRows(deps.db, tenant, again.id), deps.now))
  } catch (error) {
    if (isOverlapViolation(error) || error instanceof RetriesExhausted) return E.left(SLOT_TAKEN_ERROR)
    throw error
  }
  const rows = chosen.map((c, i) => ({ id: i === 0 ? id : '', service_id: c.serviceId, practitioner_id: c.practitionerId, starts_at: c.start, ends_at: c.end, is_linked: i > 0 }))
  return E.right(viewOf({ id, expires_at: expiresAt, extended: false, clinic_id: clinicId }, token, rows, deps.now))
}

/** Ends the hold if the key is right and it still holds its time; false for a wrong key (nothing released). */
async function releaseIfOwned(trx: DbOrTrx, tenant: string, key: HoldKey, now: Date): Promise<boolean> {
  const hold = await findSlotHold(trx, tenant, key.id, tokenHash(key.token))
  if (!hold) return false
  if (hold.claimed_at === null && hold.released_at === null) await endSlotHold(trx, tenant, hold.id, now, 'released')
  return true
}

/**
 * GET /appointments/holds/{id}: the live hold (a reload restores the flow from it); 404 once it
 * ended. A hold whose page was left (pagehide) and that is read within the grace gets its expiry back.
 * Read with `page`, the hold is that page's from now on (see releaseHold).
 */
export async function readHold(db: Db, tenant: string, key: HoldKey & { page?: string }, now: Date): Promise<E.Either<ServiceError, SlotHold>> {
  const hold = await db.transaction().execute(async (trx) => {
    const found = await findSlotHold(trx, tenant, key.id, tokenHash(key.token), true)
    if (found?.claimed_at) return 'booked' as const
    if (!found || !isLive(found, now)) return undefined
    if (key.page !== undefined && found.page !== key.page) await setHoldPage(trx, tenant, found.id, key.page)
    if (found.resume_until === null) return found
    await setHoldExpiry(trx, tenant, found.id, found.resume_until, now, { resumeUntil: null })
    return { ...found, expires_at: found.resume_until, resume_until: null }
  })
  if (hold === 'booked') return E.left(conflict(HOLD_BOOKED))
  if (!hold) return E.left(notFound(HOLD_ENDED))
  return E.right(viewOf(hold, key.token, await heldRows(db, tenant, hold.id), now))
}

/** How long a hold whose page was left stays, for a reload to take it back. */
export const LEAVING_GRACE_SECONDS = 20

/** A release whose id and token name no hold: nothing was released. */
export const HOLD_NOT_FOUND = 'No time is held with this id and token.'

/**
 * POST /appointments/holds/{id}/release: frees the time; answers the same whether the hold still held
 * it or had ended already (expired, booked, released), but 404 for a wrong id or token, which frees
 * nothing. `leaving` (pagehide, which a reload fires too): the hold ends after the grace.
 */
export async function releaseHold(db: Db, tenant: string, key: HoldKey & { leaving?: boolean; page?: string }, now: Date): Promise<E.Either<ServiceError, { message: string }>> {
  const owned = await db.transaction().execute(async (trx) => {
    if (!key.leaving) return releaseIfOwned(trx, tenant, key, now)
    const found = await findSlotHold(trx, tenant, key.id, tokenHash(key.token), true)
    if (!found) return false
    if (!isLive(found, now) || found.resume_until !== null) return true
    // Another page has read the hold back since (a reload whose read reached the server before the
    // old page's keepalive release): the release is late, and the hold is the reloaded page's.
    if (key.page !== undefined && found.page !== null && found.page !== key.page) return true
    const graceEnds = new Date(Math.min(new Date(found.expires_at).getTime(), now.getTime() + LEAVING_GRACE_SECONDS * 1000))
    await setHoldExpiry(trx, tenant, found.id, graceEnds, now, { resumeUntil: new Date(found.expires_at) })
    return true
  })
  return owned ? E.right({ message: 'The time is no longer held.' }) : E.left(notFound(HOLD_NOT_FOUND))
}

/** POST /appointments/holds/{id}/extend: once per hold, to 10 minutes from now (a new account verifies its email). */
export async function extendHold(db: Db, tenant: string, key: HoldKey, now: Date): Promise<E.Either<ServiceError, SlotHold>> {
  const hold = await db.transaction().execute(async (trx) => {
    const found = await findSlotHold(trx, tenant, key.id, tokenHash(key.token), true)
    if (!found || !isLive(found, now)) return undefined
    const until = extendedHoldExpiry(new Date(found.expires_at), now, found.extended)
    if (!until) return found
    await setHoldExpiry(trx, tenant, found.id, until, now, { extended: true })
    return { ...found, expires_at: until, extended: true }
  })
  if (!hold) return E.left(notFound(HOLD_ENDED))
  return E.right(viewOf(hold, key.token, await heldRows(db, tenant, hold.id), now))
}
