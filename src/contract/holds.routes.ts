/**
 * Slot holds (issue 17, not in the spec's API list): picking a time holds it on the server at once,
 * before the customer has signed in. The hold is anonymous: its id and secret token go back to the
 * browser, which keeps them in the URL; 'I understand and agree' claims it (CreateBookingBody.hold),
 * choosing another time or leaving releases it. Other customers never see a held time.
 */
import * as t from 'io-ts'
import { route } from './route'
import { Ack, bodyOf, entity, errors, IdParams, Int, IsoDateTime, NonEmptyString, numberFormat, ObjectId, queryOf, stringFormat } from './codecs'
import { AppointmentPayload } from './appointments.codecs'

/** What proves the hold is the caller's: its id and the secret token created with it. */
export const HoldKey = t.type({ id: ObjectId, token: NonEmptyString }, 'HoldKey')
export type HoldKey = t.TypeOf<typeof HoldKey>

/** A hold's length in whole seconds, at least 1. */
const HoldSeconds = numberFormat('HoldSeconds', (n) => Number.isInteger(n) && n >= 1, { type: 'integer', minimum: 1 })

/** A token the browser chose for its hold: base64url, at least 22 characters (128 bits). */
const HoldSecret = stringFormat('HoldSecret', (s) => /^[A-Za-z0-9_-]{22,128}$/.test(s), { pattern: '^[A-Za-z0-9_-]{22,128}$' })

export const CreateHoldBody = bodyOf(
  { appointment: AppointmentPayload },
  {
    /** the hold this one replaces (another time chosen): released in the same transaction */
    replaces: t.union([HoldKey, t.null]),
    /** a shorter hold than the server's HOLD_SECONDS (never longer), in whole seconds >= 1; tests use it */
    seconds: t.union([HoldSeconds, t.null]),
    /**
     * the hold's secret token, chosen by the browser (base64url, at least 22 characters: 128 bits), so
     * that the pick can be sent again after a reload that lost its answer: the same token gets the same
     * (live) hold back instead of a refusal by it
     */
    token: t.union([HoldSecret, t.null]),
  },
)
export type CreateHoldBody = t.TypeOf<typeof CreateHoldBody>

/** One held time: a service with its practitioner, start and end. */
export const HeldItem = entity('HeldItem', { service: ObjectId, practitioner: ObjectId, start: IsoDateTime, end: IsoDateTime })
export type HeldItem = t.TypeOf<typeof HeldItem>

export const SlotHold = entity('SlotHold', {
  id: ObjectId,
  token: NonEmptyString,
  expiresAt: IsoDateTime,
  /** whole seconds left when the server answered (the browser counts down from it: its clock may differ) */
  secondsLeft: Int,
  /** extended once already (sign-up mid-booking): no further extension */
  extended: t.boolean,
  clinic: ObjectId,
  /** the held times, main service first */
  items: t.array(HeldItem),
})
export type SlotHold = t.TypeOf<typeof SlotHold>

/** POST /appointments/holds: holds a time (and the services chained after it); 409 when it is taken. */
export const createSlotHold = route({
  method: 'POST',
  path: '/appointments/holds',
  access: 'optionalCustomer',
  summary: 'Hold a time',
  description: "Holds the picked time on the server before the customer signs in; the hold's id and secret token come back. A customer's token, when sent, makes the hold theirs.",
  body: CreateHoldBody,
  responses: { 200: SlotHold, ...errors(400, 404, 409, 429) },
})

export const HoldTokenBody = bodyOf({ token: NonEmptyString })
/**
 * `leaving`: the page is going away (pagehide). The hold then ends after a short grace instead of at
 * once, and a reload within it (GET) gets the hold back with its full expiry. `page`: the id of the
 * page that leaves (one per page load); ignored once another page has read the hold back (GET with
 * its own `page`): the old page's release arriving after the reload's read is late, not a leaving.
 */
export const ReleaseHoldBody = bodyOf({ token: NonEmptyString }, { leaving: t.boolean, page: NonEmptyString })
/** `page`: the reading page's id (see ReleaseHoldBody); the hold is then that page's. */
export const HoldTokenQuery = queryOf({ token: NonEmptyString }, { page: NonEmptyString })

/** GET /appointments/holds/{id}?token=: the hold while it lives (a reload restores the flow from it); 404 once it ended, 409 once booked. */
export const getSlotHold = route({
  method: 'GET',
  path: '/appointments/holds/{id}',
  access: 'public',
  summary: 'A hold and its expiry',
  description: 'The hold named by its id and secret token, with the seconds left; 404 once it has ended.',
  params: IdParams,
  query: HoldTokenQuery,
  responses: { 200: SlotHold, ...errors(400, 404, 409) },
})

/** POST /appointments/holds/{id}/release: frees the time (POST so that navigator.sendBeacon / keepalive can send it). */
export const releaseSlotHold = route({
  method: 'POST',
  path: '/appointments/holds/{id}/release',
  access: 'public',
  summary: 'Release a hold',
  description: 'Frees the held time (POST, so that a page going away can send it with sendBeacon); with leaving, after a short grace.',
  params: IdParams,
  body: ReleaseHoldBody,
  /** 404: the id and token name no hold (a hold that ended, with its token, answers 200) */
  responses: { 200: Ack, ...errors(400, 404) },
})

/** POST /appointments/holds/{id}/extend: once per hold, up to 10 more minutes (a new account mid-booking verifies its email). */
export const extendSlotHold = route({
  method: 'POST',
  path: '/appointments/holds/{id}/extend',
  access: 'public',
  summary: 'Extend a hold once',
  description: 'Once per hold, up to 10 more minutes (a new account mid-booking verifies its email).',
  params: IdParams,
  body: HoldTokenBody,
  responses: { 200: SlotHold, ...errors(400, 404) },
})
