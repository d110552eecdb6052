/**
 * The waitlist's rules (issue 32): joining (one entry per basket, dates up to 8 weeks ahead), the
 * customer's list and removal, the offer a link opens and its decline, and the desk's list, removal and
 * offer by hand. Offers themselves are made by waitlist-offer.service.ts.
 */
import * as E from 'fp-ts/Either'
import type { AdminWaitlistEntry, JoinWaitlistBody, OfferWaitlistTimeBody, WaitlistEntry, WaitlistOffer, WaitlistOfferMade } from '../../src/contract'
import { londonDateOf } from '../../src/domain/london'
import { joinRefusal, normaliseParts } from '../../src/domain/waitlist'
import { chainOptionsFor } from '../availability/availability.service'
import { serviceOptions } from '../availability/calendar.repository'
import { tokenHash } from '../booking/hold-claim'
import { endSlotHold, heldRows } from '../booking/holds.repository'
import { newId } from '../db/ids'
import type { Db, DbOrTrx } from '../db/schema'
import { conflict, invalid, notFound, type ServiceError } from '../service-error'
import { makeOffer, type OfferDeps } from './waitlist-offer.service'
import * as repo from './waitlist.repository'

export const WAITLIST_MESSAGES = {
  alreadyWaiting: 'You are already on the waitlist for these services at this location.',
  entryNotFound: 'Waitlist entry not found.',
  offerNotFound: 'This waitlist offer does not exist.',
  clinicNotFound: 'Location not found.',
  serviceNotHere: 'This service is not available at this location.',
  practitionerNotHere: 'This practitioner does not offer these services at this location.',
  notWaiting: 'This customer is not waiting: the entry has an open offer, or was booked or removed.',
  timeNotFree: 'This time is not free for these services.',
  removed: 'You have left the waitlist.',
  entryRemoved: 'The waitlist entry has been removed.',
  declined: 'The time has been released. You stay on the waitlist.',
} as const

const iso = (d: Date | string) => new Date(d).toISOString()

function entryView(row: repo.EntryRow, names: repo.Names, offer?: repo.OfferRow): WaitlistEntry {
  return {
    id: row.id,
    clinic: { id: row.clinic_id, name: names.clinics.get(row.clinic_id) ?? '' },
    services: row.service_ids.split(',').map((id) => ({ id, name: names.services.get(id) ?? '' })),
    practitioner: row.practitioner_id ? { id: row.practitioner_id, name: names.practitioners.get(row.practitioner_id) ?? '' } : null,
    from: row.from_date,
    to: row.to_date,
    parts: [...repo.wishOf(row).parts],
    status: row.status as WaitlistEntry['status'],
    createdAt: iso(row.created_at),
    ...(offer ? { offer: { start: iso(offer.starts_at), end: iso(offer.ends_at), expiresAt: iso(offer.expires_at) } } : {}),
  }
}

async function viewsOf(db: DbOrTrx, tenant: string, rows: readonly repo.EntryRow[]): Promise<WaitlistEntry[]> {
  const [names, offers] = await Promise.all([repo.namesOf(db, tenant, rows), repo.openOffersOfEntries(db, tenant, rows.map((r) => r.id))])
  const offerOf = new Map(offers.map((o) => [o.entry_id, o]))
  return rows.map((r) => entryView(r, names, offerOf.get(r.id)))
}

/** POST /waitlist. */
export async function join(db: Db, tenant: string, customerId: string, body: JoinWaitlistBody, now: Date): Promise<E.Either<ServiceError, WaitlistEntry>> {
  const refusal = joinRefusal(body, londonDateOf(now))
  if (refusal) return E.left(invalid(refusal))
  const clinic = await db.selectFrom('clinics').select('id').where('tenant_id', '=', tenant).where('id', '=', body.clinic).where('archived', '=', false).executeTakeFirst()
  if (!clinic) return E.left(notFound(WAITLIST_MESSAGES.clinicNotFound))
  const { services, options } = await serviceOptions(db, tenant, body.clinic, [...new Set(body.services)], true)
  if (body.services.some((id) => !services.has(id))) return E.left(notFound(WAITLIST_MESSAGES.serviceNotHere))
  const practitioner = body.practitioner ?? null
  if (practitioner && !body.services.every((s) => options.some((o) => o.serviceId === s && o.practitionerId === practitioner))) {
    return E.left(invalid(WAITLIST_MESSAGES.practitionerNotHere))
  }
  const serviceIds = body.services.join(',')
  const row: repo.EntryRow = {
    id: newId(),
    tenant_id: tenant,
    customer_id: customerId,
    clinic_id: body.clinic,
    service_ids: serviceIds,
    practitioner_id: practitioner,
    from_date: body.from,
    to_date: body.to,
    parts: normaliseParts(body.parts).join(','),
    status: 'active',
    created_at: now,
    updated_at: now,
  }
  const inserted = await db.transaction().execute(async (trx) => {
    const existing = await repo.liveEntryForBasket(trx, tenant, customerId, body.clinic, serviceIds)
    // An entry whose dates have all passed waits no longer: it gives way to the new one.
    if (existing && existing.to_date >= londonDateOf(now)) return false
    if (existing) await repo.setEntryStatus(trx, tenant, existing.id, 'removed', now)
    await repo.insertEntry(trx, row)
    return true
  }).catch((error: unknown) => {
    // Two joins at once: the unique index keeps one.
    if ((error as { code?: string })?.code === '23505') return false
    throw error
  })
  if (!inserted) return E.left(conflict(WAITLIST_MESSAGES.alreadyWaiting))
  return E.right((await viewsOf(db, tenant, [row]))[0])
}

/** GET /waitlist. */
export async function mine(db: Db, tenant: string, customerId: string, now: Date): Promise<WaitlistEntry[]> {
  return viewsOf(db, tenant, await repo.liveEntriesOfCustomer(db, tenant, customerId, londonDateOf(now)))
}

/** Ends the entry (removed) and its open offer (declined; the hold released, so the time is offered on). */
async function endEntry(db: Db, tenant: string, id: string, now: Date, customerId?: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const entry = await repo.entryById(trx, tenant, id, true)
    if (!entry || (customerId !== undefined && entry.customer_id !== customerId) || !repo.LIVE_ENTRY.includes(entry.status as 'active')) return false
    const offer = await repo.openOfferOfEntry(trx, tenant, id)
    if (offer) await closeOffer(trx, offer, 'declined', now)
    await repo.setEntryStatus(trx, tenant, id, 'removed', now)
    return true
  })
}

/** Closes an open offer and releases its hold (when not booked): the freed time goes to the next customer. */
async function closeOffer(trx: DbOrTrx, offer: repo.OfferRow, status: 'declined' | 'lapsed', now: Date): Promise<void> {
  await repo.setOfferStatus(trx, offer.tenant_id, offer.id, status, now)
  const hold = await trx.selectFrom('slot_holds').select(['claimed_at', 'released_at']).where('tenant_id', '=', offer.tenant_id).where('id', '=', offer.hold_id).executeTakeFirst()
  if (hold && hold.claimed_at === null && hold.released_at === null) await endSlotHold(trx, offer.tenant_id, offer.hold_id, now, 'released')
}

/** DELETE /waitlist/{id}. */
export async function removeMine(db: Db, tenant: string, customerId: string, id: string, now: Date): Promise<E.Either<ServiceError, { message: string }>> {
  return (await endEntry(db, tenant, id, now, customerId)) ? E.right({ message: WAITLIST_MESSAGES.removed }) : E.left(notFound(WAITLIST_MESSAGES.entryNotFound))
}

/** DELETE /admin/waitlist/{id}. */
export async function removeEntry(db: Db, tenant: string, id: string, now: Date): Promise<E.Either<ServiceError, { message: string }>> {
  return (await endEntry(db, tenant, id, now)) ? E.right({ message: WAITLIST_MESSAGES.entryRemoved }) : E.left(notFound(WAITLIST_MESSAGES.entryNotFound))
}

/** GET /waitlist/offers/{token}. */
export async function readOffer(db: Db, token: string, tenant: string, now: Date): Promise<E.Either<ServiceError, WaitlistOffer>> {
  const offer = await repo.offerByTokenHash(db, tokenHash(token))
  if (!offer || offer.tenant_id !== tenant) return E.left(notFound(WAITLIST_MESSAGES.offerNotFound))
  // The hold's expiry is the offer's (a sign-up may extend it once; a page left shortens it to a grace).
  const hold = await db.selectFrom('slot_holds').select(['expires_at', 'released_at', 'claimed_at']).where('tenant_id', '=', tenant).where('id', '=', offer.hold_id).executeTakeFirst()
  const expiresAt = hold && offer.status === 'offered' ? new Date(hold.expires_at) : new Date(offer.expires_at)
  const open = offer.status === 'offered' && !!hold && hold.released_at === null && hold.claimed_at === null && expiresAt.getTime() > now.getTime()
  const [names, rows, entry] = await Promise.all([
    repo.namesOf(db, tenant, [{ clinic_id: offer.clinic_id, service_ids: '', practitioner_id: null }]),
    open ? heldRows(db, tenant, offer.hold_id) : Promise.resolve([]),
    repo.entryById(db, tenant, offer.entry_id),
  ])
  // Once the offer ended its rows are gone: what was offered, as one span with the main service.
  const items = rows.length > 0
    ? rows.map((r) => ({ service: r.service_id, practitioner: r.practitioner_id, start: iso(r.starts_at), end: iso(r.ends_at) }))
    : [{ service: entry?.service_ids.split(',')[0] ?? '', practitioner: offer.practitioner_id, start: iso(offer.starts_at), end: iso(offer.ends_at) }]
  const status = offer.status === 'offered' && !open ? 'lapsed' : (offer.status as WaitlistOffer['status'])
  return E.right({
    status,
    clinic: { id: offer.clinic_id, name: names.clinics.get(offer.clinic_id) ?? '' },
    items,
    expiresAt: expiresAt.toISOString(),
    secondsLeft: open ? Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)) : 0,
    ...(open && rows.length > 0 ? { hold: { id: offer.hold_id, token } } : {}),
  })
}

/** POST /waitlist/offers/{token}/decline: the entry waits again; the time goes to the next customer. */
export async function declineOffer(db: Db, token: string, tenant: string, now: Date): Promise<E.Either<ServiceError, { message: string }>> {
  const found = await db.transaction().execute(async (trx) => {
    const offer = await repo.offerByTokenHash(trx, tokenHash(token), true)
    if (!offer || offer.tenant_id !== tenant) return false
    if (offer.status !== 'offered') return true
    const entry = await repo.entryById(trx, tenant, offer.entry_id, true)
    await closeOffer(trx, offer, 'declined', now)
    if (entry?.status === 'offered') await repo.setEntryStatus(trx, tenant, entry.id, 'active', now)
    return true
  })
  return found ? E.right({ message: WAITLIST_MESSAGES.declined }) : E.left(notFound(WAITLIST_MESSAGES.offerNotFound))
}

/** GET /admin/waitlist. */
export async function adminList(db: Db, tenant: string, query: { from: string; to: string; clinicIds?: readonly string[] }): Promise<AdminWaitlistEntry[]> {
  const rows = await repo.liveEntriesBetween(db, tenant, query.from, query.to, query.clinicIds)
  const [views, customers] = await Promise.all([viewsOf(db, tenant, rows), repo.customersByIds(db, tenant, rows.map((r) => r.customer_id))])
  return views.map((view, i) => {
    const c = customers.get(rows[i].customer_id)
    return { ...view, customer: { id: rows[i].customer_id, name: c?.name ?? '', email: c?.email ?? '', ...(c?.phone ? { phone: c.phone } : {}) } }
  })
}

/** POST /admin/waitlist/{id}/offer: the entry's basket at this start with this (first service's) practitioner. */
export async function offerByHand(deps: OfferDeps, tenant: string, id: string, body: OfferWaitlistTimeBody): Promise<E.Either<ServiceError, WaitlistOfferMade>> {
  const entry = await repo.entryById(deps.db, tenant, id)
  if (!entry || !repo.LIVE_ENTRY.includes(entry.status as 'active')) return E.left(notFound(WAITLIST_MESSAGES.entryNotFound))
  if (entry.status !== 'active') return E.left(conflict(WAITLIST_MESSAGES.notWaiting))
  if (entry.practitioner_id && entry.practitioner_id !== body.practitioner) return E.left(invalid(WAITLIST_MESSAGES.practitionerNotHere))
  const start = Date.parse(body.start)
  const wish = repo.wishOf(entry)
  const choices = await chainOptionsFor(deps.db, tenant, { clinicId: entry.clinic_id, serviceIds: wish.serviceIds, practitionerId: entry.practitioner_id, date: londonDateOf(start), now: deps.now })
  const option = choices.find((o) => o.start === start && o.services[0].practitioner === body.practitioner)
  if (!option) return E.left(conflict(WAITLIST_MESSAGES.timeNotFree))
  const made = await makeOffer(deps, tenant, id, option)
  if (made === 'taken') return E.left(conflict(WAITLIST_MESSAGES.timeNotFree))
  if (made === 'not-waiting') return E.left(conflict(WAITLIST_MESSAGES.notWaiting))
  return E.right({ entry: made.entryId, items: made.items, expiresAt: made.expiresAt.toISOString() })
}
