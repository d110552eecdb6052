import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { HttpTransport } from './transport'
import { PORTS } from '../../application/tokens'
import type { SlotHoldsApi } from '../../application/ports/slot-holds.port'
import { createSlotHold, extendSlotHold, getSlotHold, releaseSlotHold, type CreateHoldBody, type HoldKey } from '../../contract/holds.routes'
import { callRoute } from './api-client'

@injectable()
export class HttpSlotHoldsApi implements SlotHoldsApi {
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  create(body: CreateHoldBody) {
    return callRoute(this.http, createSlotHold, { body })
  }
  get(key: HoldKey) {
    return callRoute(this.http, getSlotHold, { params: { id: key.id }, query: { token: key.token } })
  }
  release(key: HoldKey, leaving = false) {
    return callRoute(this.http, releaseSlotHold, { params: { id: key.id }, body: { token: key.token, ...(leaving ? { leaving: true } : {}) }, keepalive: leaving })
  }
  extend(key: HoldKey) {
    return callRoute(this.http, extendSlotHold, { params: { id: key.id }, body: { token: key.token } })
  }
}
