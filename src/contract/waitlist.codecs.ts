/**
 * The waitlist's shapes (issue 32): an entry a signed-in customer keeps for a basket that had no
 * suitable time, and the offer of a freed time, held for that customer, that a one-time link opens.
 */
import * as t from 'io-ts'
import { bodyOf, emptyAsUndefined, entity, Int, IsoDate, IsoDateTime, literals, NonEmptyString, ObjectId, queryOf, StringFromQuery } from './codecs'
import { HeldItem, HoldKey } from './holds.routes'
import { DAY_PARTS, WAITLIST_ENTRY_STATUSES, WAITLIST_OFFER_STATUSES } from '../domain/waitlist/waitlist'

export const DayPart = literals(DAY_PARTS, 'DayPart')
export const WaitlistEntryStatus = literals(WAITLIST_ENTRY_STATUSES, 'WaitlistEntryStatus')
export const WaitlistOfferStatus = literals(WAITLIST_OFFER_STATUSES, 'WaitlistOfferStatus')

/**
 * POST /waitlist: join for the basket. `services`: the basket's service ids in booking order (a chain);
 * `practitioner`: absent or null for 'any'; `from`..`to`: London dates, inclusive, `to` at most 8 weeks
 * after today; `parts`: at least one of morning (before 12:00), afternoon (12:00-17:00), evening (from 17:00).
 */
export const JoinWaitlistBody = bodyOf(
  { clinic: ObjectId, services: t.array(ObjectId), from: IsoDate, to: IsoDate, parts: t.array(DayPart) },
  { practitioner: t.union([ObjectId, t.null]) },
)
export type JoinWaitlistBody = t.TypeOf<typeof JoinWaitlistBody>

export const WaitlistNamed = t.type({ id: ObjectId, name: t.string }, 'WaitlistNamed')
export type WaitlistNamed = t.TypeOf<typeof WaitlistNamed>

/** The open offer of an entry (status 'offered'): the time held and until when. */
export const WaitlistOpenOffer = entity('WaitlistOpenOffer', { start: IsoDateTime, end: IsoDateTime, expiresAt: IsoDateTime })
export type WaitlistOpenOffer = t.TypeOf<typeof WaitlistOpenOffer>

/** One entry. `practitioner` null: any practitioner. `offer`: present while a time is offered to it. */
export const WaitlistEntry = entity(
  'WaitlistEntry',
  {
    id: ObjectId,
    clinic: WaitlistNamed,
    /** in booking order */
    services: t.array(WaitlistNamed),
    practitioner: t.union([WaitlistNamed, t.null]),
    from: IsoDate,
    to: IsoDate,
    parts: t.array(DayPart),
    status: WaitlistEntryStatus,
    createdAt: IsoDateTime,
  },
  { offer: WaitlistOpenOffer },
)
export type WaitlistEntry = t.TypeOf<typeof WaitlistEntry>

export const WaitlistEntries = t.type({ entries: t.array(WaitlistEntry) }, 'WaitlistEntries')
export type WaitlistEntries = t.TypeOf<typeof WaitlistEntries>

/**
 * GET /waitlist/offers/{token}: what the one-time link of a mail opens. While `status` is 'offered' the
 * time is held for the customer: `hold` is an ordinary slot hold of theirs (the booking URL's
 * `hold=<id>.<token>`; GET /appointments/holds/{id}?token= restores basket, practitioner, date and
 * countdown from it), `secondsLeft` counts down to `expiresAt`. Once taken, lapsed or declined there is
 * no `hold`.
 */
export const WaitlistOffer = entity(
  'WaitlistOffer',
  {
    status: WaitlistOfferStatus,
    clinic: WaitlistNamed,
    /** the held times, main service first */
    items: t.array(HeldItem),
    expiresAt: IsoDateTime,
    secondsLeft: Int,
  },
  { hold: HoldKey },
)
export type WaitlistOffer = t.TypeOf<typeof WaitlistOffer>

export const WaitlistTokenParams = t.type({ token: NonEmptyString })

/** GET /admin/waitlist: entries whose date range meets from..to (London dates), at one clinic or all. */
export const AdminWaitlistQuery = queryOf({ from: IsoDate, to: IsoDate }, { clinic: emptyAsUndefined(StringFromQuery) })
export type AdminWaitlistQuery = t.TypeOf<typeof AdminWaitlistQuery>

export const WaitlistCustomer = entity('WaitlistCustomer', { id: ObjectId, name: t.string, email: t.string }, { phone: t.string })
export type WaitlistCustomer = t.TypeOf<typeof WaitlistCustomer>

/** An entry as the desk sees it: with the customer; in order of joining (the order offers follow). */
export const AdminWaitlistEntry = t.intersection([WaitlistEntry, t.type({ customer: WaitlistCustomer })], 'AdminWaitlistEntry')
export type AdminWaitlistEntry = t.TypeOf<typeof AdminWaitlistEntry>

export const AdminWaitlistEntries = t.type({ entries: t.array(AdminWaitlistEntry) }, 'AdminWaitlistEntries')
export type AdminWaitlistEntries = t.TypeOf<typeof AdminWaitlistEntries>

/** POST /admin/waitlist/{id}/offer: offer the entry's basket at this time with this practitioner (the first service's). */
export const OfferWaitlistTimeBody = bodyOf({ practitioner: ObjectId, start: IsoDateTime })
export type OfferWaitlistTimeBody = t.TypeOf<typeof OfferWaitlistTimeBody>

/** What offering by hand answers: the entry's new offer (the customer gets the mail and SMS). */
export const WaitlistOfferMade = entity('WaitlistOfferMade', { entry: ObjectId, items: t.array(HeldItem), expiresAt: IsoDateTime })
export type WaitlistOfferMade = t.TypeOf<typeof WaitlistOfferMade>
