import type { Ack } from '../../contract/codecs'
import type {
  AdminWaitlistEntries,
  AdminWaitlistQuery,
  JoinWaitlistBody,
  OfferWaitlistTimeBody,
  WaitlistEntries,
  WaitlistEntry,
  WaitlistOffer,
  WaitlistOfferMade,
} from '../../contract/waitlist.codecs'
import type { ApiResult } from './api-result'

/** The customer's waitlist (issue 32): join for a basket, list and leave, and the offer a mail's link opens. */
export interface WaitlistApi {
  /** POST /waitlist (signed in): 409 when the customer already waits for these services there. */
  join(body: JoinWaitlistBody): ApiResult<WaitlistEntry>
  /** GET /waitlist (signed in): the entries that still wait, oldest first. */
  mine(): ApiResult<WaitlistEntries>
  /** DELETE /waitlist/{id} (signed in). */
  remove(id: string): ApiResult<Ack>
  /** GET /waitlist/offers/{token}: the offered time and, while open, the customer's hold of it. */
  offer(token: string): ApiResult<WaitlistOffer>
  /** POST /waitlist/offers/{token}/decline: the time goes to the next customer; the entry keeps waiting. */
  decline(token: string): ApiResult<Ack>
}

/** The desk's side of the waitlist (on the staff token): the waiting customers, an offer by hand, removal. */
export interface StaffWaitlistApi {
  /** GET /admin/waitlist?from&to&clinic: live entries in order of joining. */
  entries(query: AdminWaitlistQuery): ApiResult<AdminWaitlistEntries>
  /** POST /admin/waitlist/{id}/offer: holds the time for the customer and sends the offer. */
  offer(id: string, body: OfferWaitlistTimeBody): ApiResult<WaitlistOfferMade>
  /** DELETE /admin/waitlist/{id} */
  remove(id: string): ApiResult<Ack>
}
