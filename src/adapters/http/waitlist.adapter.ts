import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import { PORTS } from '../../application/tokens'
import type { HttpTransport } from './transport'
import type { WaitlistApi } from '../../application/ports/waitlist.port'
import { declineWaitlistOffer, getMyWaitlist, getWaitlistOffer, joinWaitlist, removeMyWaitlistEntry } from '../../contract/waitlist.routes'
import type { JoinWaitlistBody } from '../../contract/waitlist.codecs'
import { callRoute } from './api-client'

/** The customer's waitlist calls (issue 32) over the customer's transport (its token signs them in). */
@injectable()
export class HttpWaitlistApi implements WaitlistApi {
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  join(body: JoinWaitlistBody) {
    return callRoute(this.http, joinWaitlist, { body })
  }
  mine() {
    return callRoute(this.http, getMyWaitlist, {})
  }
  remove(id: string) {
    return callRoute(this.http, removeMyWaitlistEntry, { params: { id } })
  }
  offer(token: string) {
    return callRoute(this.http, getWaitlistOffer, { params: { token } })
  }
  decline(token: string) {
    return callRoute(this.http, declineWaitlistOffer, { params: { token }, body: {} })
  }
}
