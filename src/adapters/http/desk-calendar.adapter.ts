import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { DeskCalendarApi } from '../../application/ports/desk-calendar.port'
import {
  checkoutAppointment,
  createBlock,
  createBlockSeries,
  getCheckout,
  getPractitionerWeek,
  listBlocks,
  refundDeposit,
  removeBlock,
  type BlocksQuery,
  type CheckoutBody,
  type CreateBlockBody,
  type CreateBlockSeriesBody,
  type RemoveScope,
  type WeekQuery,
} from '../../contract/desk-calendar.routes'
import { callRoute } from './api-client'
import { STAFF_HTTP_CLIENT } from './admin.adapter'
import type { HttpTransport } from './transport'

/** The desk's calendar and checkout over the staff transport (axios in the CLI, fetch in the browser). */
@injectable()
export class HttpDeskCalendarApi implements DeskCalendarApi {
  constructor(@inject(STAFF_HTTP_CLIENT) private readonly http: HttpTransport) {}
  week(query: WeekQuery) {
    return callRoute(this.http, getPractitionerWeek, { query })
  }
  blocks(query: BlocksQuery) {
    return callRoute(this.http, listBlocks, { query })
  }
  addBlock(body: CreateBlockBody) {
    return callRoute(this.http, createBlock, { body })
  }
  addBlockSeries(body: CreateBlockSeriesBody) {
    return callRoute(this.http, createBlockSeries, { body })
  }
  removeBlock(id: string, scope?: RemoveScope) {
    return callRoute(this.http, removeBlock, { params: { id }, query: scope ? { scope } : {} })
  }
  checkout(appointmentId: string) {
    return callRoute(this.http, getCheckout, { params: { id: appointmentId } })
  }
  takeBalance(appointmentId: string, body: CheckoutBody) {
    return callRoute(this.http, checkoutAppointment, { params: { id: appointmentId }, body })
  }
  refundDeposit(appointmentId: string) {
    return callRoute(this.http, refundDeposit, { params: { id: appointmentId } })
  }
}
