import type { Ack } from '../../contract/codecs'
import type { BlocksQuery, Checkout, CheckoutBody, CreateBlockBody, CreateBlockSeriesBody, PractitionerWeek, RemoveScope, TimeBlock, WeekQuery } from '../../contract/desk-calendar.routes'
import type { ApiResult } from './api-result'

/** The desk's calendar and checkout (src/contract/desk-calendar.routes.ts), signed in with the staff token. */
export interface DeskCalendarApi {
  week(query: WeekQuery): ApiResult<PractitionerWeek>
  blocks(query: BlocksQuery): ApiResult<TimeBlock[]>
  addBlock(body: CreateBlockBody): ApiResult<TimeBlock>
  addBlockSeries(body: CreateBlockSeriesBody): ApiResult<TimeBlock[]>
  /** scope: the block alone (default), its whole repeating series, or it and the series' later blocks */
  removeBlock(id: string, scope?: RemoveScope): ApiResult<Ack>
  checkout(appointmentId: string): ApiResult<Checkout>
  takeBalance(appointmentId: string, body: CheckoutBody): ApiResult<Checkout>
  refundDeposit(appointmentId: string): ApiResult<Checkout>
}
