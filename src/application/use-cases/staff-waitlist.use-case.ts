/** The desk's waitlist (issue 32, staff token): the waiting customers of a clinic's days, an offer by hand, removal. */
import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { ADMIN_PORTS } from '../admin.tokens'
import type { StaffWaitlistApi } from '../ports/waitlist.port'
import type { AppError } from '../failure'
import { requestFailure } from '../errors'
import type { AdminWaitlistEntry, AdminWaitlistQuery, OfferWaitlistTimeBody, WaitlistOfferMade } from '../../contract/waitlist.codecs'

/** GET /admin/waitlist: live entries whose dates meet from..to, in order of joining (the order offers follow). */
@injectable()
export class ListWaitingCustomers {
  constructor(@inject(ADMIN_PORTS.StaffWaitlistApi) private readonly api: StaffWaitlistApi) {}
  async execute(query: AdminWaitlistQuery): Promise<E.Either<AppError, AdminWaitlistEntry[]>> {
    const result = await this.api.entries(query)
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : E.right(result.right.entries)
  }
}

/** POST /admin/waitlist/{id}/offer. Left: the server's text (409: the time is not free, or an offer is open). */
@injectable()
export class OfferTimeToWaiting {
  constructor(@inject(ADMIN_PORTS.StaffWaitlistApi) private readonly api: StaffWaitlistApi) {}
  async execute(id: string, body: OfferWaitlistTimeBody): Promise<E.Either<AppError, WaitlistOfferMade>> {
    return E.mapLeft(requestFailure)(await this.api.offer(id, body))
  }
}

/** DELETE /admin/waitlist/{id}. */
@injectable()
export class RemoveWaitingCustomer {
  constructor(@inject(ADMIN_PORTS.StaffWaitlistApi) private readonly api: StaffWaitlistApi) {}
  async execute(id: string): Promise<E.Either<AppError, true>> {
    const result = await this.api.remove(id)
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : E.right(true)
  }
}

/** The desk's waitlist use cases, for a composition root to bind by class. */
export const STAFF_WAITLIST_USE_CASES = [ListWaitingCustomers, OfferTimeToWaiting, RemoveWaitingCustomer] as const
