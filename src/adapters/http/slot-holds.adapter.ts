import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { HttpTransport } from './transport'
import { PORTS } from '../../application/tokens'
import type { SlotHoldsApi } from '../../application/ports/slot-holds.port'
import { createSlotHold, extendSlotHold, getSlotHold, releaseSlotHold, type CreateHoldBody, type HoldKey } from '../../contract/holds.routes'
import { callRoute } from './api-client'

/**
 * This page load's id (issue 27): a reload's read of a hold names it, and so does the leaving release
 * of the page going away, so that the old page's release arriving after the new page's read is
 * ignored by the server instead of ending the hold under the reloaded page after the grace.
 */
const PAGE_ID = Math.random().toString(36).slice(2) + Date.now().toString(36)

@injectable()
export class HttpSlotHoldsApi implements SlotHoldsApi {
  private readonly page = PAGE_ID
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  create(body: CreateHoldBody) {
    return callRoute(this.http, createSlotHold, { body })
  }
  get(key: HoldKey) {
    return callRoute(this.http, getSlotHold, { params: { id: key.id }, query: { token: key.token, page: this.page } })
  }
  release(key: HoldKey, leaving = false) {
    return callRoute(this.http, releaseSlotHold, { params: { id: key.id }, body: { token: key.token, ...(leaving ? { leaving: true, page: this.page } : {}) }, keepalive: leaving })
  }
  extend(key: HoldKey) {
    return callRoute(this.http, extendSlotHold, { params: { id: key.id }, body: { token: key.token } })
  }
}
