import type { CreateHoldBody, HoldKey, SlotHold } from '../../contract/holds.routes'
import type { Ack } from '../../contract/codecs'
import type { ApiResult } from './api-result'

/** Holding a picked time before the booking (issue 17): the server's slot holds. */
export interface SlotHoldsApi {
  /** POST /appointments/holds: holds the time (replacing `body.replaces`). */
  create(body: CreateHoldBody): ApiResult<SlotHold>
  /** GET /appointments/holds/{id}: the live hold; a hold whose page was left comes back to its full expiry. */
  get(key: HoldKey): ApiResult<SlotHold>
  /** POST /appointments/holds/{id}/release; `leaving`: the page is going away (keepalive, a short grace for a reload). */
  release(key: HoldKey, leaving?: boolean): ApiResult<Ack>
  /** POST /appointments/holds/{id}/extend: once, up to 10 more minutes. */
  extend(key: HoldKey): ApiResult<SlotHold>
}
