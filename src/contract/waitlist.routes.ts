/**
 * The waitlist (issue 32, not in the spec's API list): signed-in customers join for a basket that had
 * no suitable time; a freed time is offered to the first waiting customer with a one-time link
 * (`<base>/waitlist/offer/<token>`) that opens the confirm step of that time, held for them.
 */
import { route } from './route'
import { Ack, bodyOf, errors, IdParams } from './codecs'
import {
  AdminWaitlistEntries,
  AdminWaitlistQuery,
  JoinWaitlistBody,
  OfferWaitlistTimeBody,
  WaitlistEntries,
  WaitlistEntry,
  WaitlistOffer,
  WaitlistOfferMade,
  WaitlistTokenParams,
} from './waitlist.codecs'

/** POST /waitlist: one entry per basket (same clinic and services): 409 when the customer already has it. */
export const joinWaitlist = route({
  method: 'POST',
  path: '/waitlist',
  access: 'customer',
  summary: 'Join the waitlist',
  description: "Adds the signed-in customer to the waitlist for the basket's services at a location, a practitioner or any, London dates (up to 8 weeks ahead) and parts of the day. 409 when the customer already waits for these services there.",
  body: JoinWaitlistBody,
  responses: { 200: WaitlistEntry, ...errors(400, 401, 404, 409) },
})

/** GET /waitlist: the customer's live entries (active or offered), oldest first. */
export const getMyWaitlist = route({
  method: 'GET',
  path: '/waitlist',
  access: 'customer',
  summary: "The customer's waitlist",
  description: "The signed-in customer's waitlist entries that still wait (active or with an open offer, dates not all passed), oldest first.",
  responses: { 200: WaitlistEntries, ...errors(401) },
})

/** DELETE /waitlist/{id}: leave the waitlist (an open offer's hold is released). */
export const removeMyWaitlistEntry = route({
  method: 'DELETE',
  path: '/waitlist/{id}',
  access: 'customer',
  summary: 'Leave the waitlist',
  description: "Removes one of the customer's entries; a time offered to it is released and offered to the next customer.",
  params: IdParams,
  responses: { 200: Ack, ...errors(400, 401, 404) },
})

/** GET /waitlist/offers/{token}: the offer a mail's link opens (the token is the secret of the link). */
export const getWaitlistOffer = route({
  method: 'GET',
  path: '/waitlist/offers/{token}',
  access: 'public',
  summary: 'A waitlist offer',
  description: "The offered time, its expiry and, while it is offered, the customer's hold of it (id and token) for the booking's confirm step. 404 for an unknown token.",
  params: WaitlistTokenParams,
  responses: { 200: WaitlistOffer, ...errors(400, 404) },
})

/** POST /waitlist/offers/{token}/decline: the customer does not want the time; the next customer is offered it. */
export const declineWaitlistOffer = route({
  method: 'POST',
  path: '/waitlist/offers/{token}/decline',
  access: 'public',
  summary: 'Decline a waitlist offer',
  description: 'Releases the held time and offers it to the next waiting customer; the entry keeps waiting. 404 for an unknown token; an offer no longer open answers 200.',
  params: WaitlistTokenParams,
  body: bodyOf({}),
  responses: { 200: Ack, ...errors(400, 404) },
})

/** GET /admin/waitlist?from&to&clinic: the desk's list of waiting customers. */
export const getAdminWaitlist = route({
  method: 'GET',
  path: '/admin/waitlist',
  access: 'staff',
  summary: 'Waiting customers',
  description: 'The live entries (active or offered) whose dates meet from..to, at a clinic (slug, id or name) or all, in order of joining.',
  query: AdminWaitlistQuery,
  responses: { 200: AdminWaitlistEntries, ...errors(400, 401, 403, 404) },
})

/** POST /admin/waitlist/{id}/offer: offer a time by hand; 409 when it is not free or the entry has an open offer. */
export const offerWaitlistTime = route({
  method: 'POST',
  path: '/admin/waitlist/{id}/offer',
  access: 'staff',
  summary: 'Offer a time to a waiting customer',
  description: "Holds the entry's basket at this time with this practitioner for the customer and sends the offer (mail, and SMS where a number is set). 409 when the time is not free or the entry already has an open offer.",
  params: IdParams,
  body: OfferWaitlistTimeBody,
  responses: { 200: WaitlistOfferMade, ...errors(400, 401, 403, 404, 409) },
})

/** DELETE /admin/waitlist/{id}: remove an entry (its open offer is released). */
export const removeWaitlistEntry = route({
  method: 'DELETE',
  path: '/admin/waitlist/{id}',
  access: 'staff',
  summary: 'Remove a waitlist entry',
  description: 'Removes the entry; a time offered to it is released and offered to the next customer.',
  params: IdParams,
  responses: { 200: Ack, ...errors(400, 401, 403, 404) },
})
