import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { HttpTransport } from './transport'
import type { StaffWaitlistApi } from '../../application/ports/waitlist.port'
import { getAdminWaitlist, offerWaitlistTime, removeWaitlistEntry } from '../../contract/waitlist.routes'
import type { AdminWaitlistQuery, OfferWaitlistTimeBody } from '../../contract/waitlist.codecs'
import { callRoute } from './api-client'
import { STAFF_HTTP_CLIENT } from './admin.adapter'

/** The desk's waitlist calls (issue 32) over the staff transport (the staff token, never the customer's). */
@injectable()
export class HttpStaffWaitlistApi implements StaffWaitlistApi {
  constructor(@inject(STAFF_HTTP_CLIENT) private readonly http: HttpTransport) {}
  entries(query: AdminWaitlistQuery) {
    return callRoute(this.http, getAdminWaitlist, { query })
  }
  offer(id: string, body: OfferWaitlistTimeBody) {
    return callRoute(this.http, offerWaitlistTime, { params: { id }, body })
  }
  remove(id: string) {
    return callRoute(this.http, removeWaitlistEntry, { params: { id } })
  }
}
