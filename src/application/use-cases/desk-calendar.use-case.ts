/**
 * The desk's calendar and checkout (issue 29), for /staff and `clinic admin block|checkout`: each one
 * call of the desk API, its failure mapped to the server's message.
 */
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../inject'
import { DESK_PORTS } from '../desk.tokens'
import type { DeskCalendarApi } from '../ports/desk-calendar.port'
import type { ApiResult } from '../ports/api-result'
import type { AppError } from '../failure'
import { requestFailure } from '../errors'
import type { BlocksQuery, CheckoutBody, CreateBlockBody, CreateBlockSeriesBody, RemoveScope, WeekQuery } from '../../contract/desk-calendar.routes'

const unwrap = async <T>(call: ApiResult<T>): Promise<E.Either<AppError, T>> => E.mapLeft(requestFailure)(await call)

@injectable()
export class LoadPractitionerWeek {
  constructor(@inject(DESK_PORTS.DeskCalendarApi) private readonly api: DeskCalendarApi) {}
  execute(query: WeekQuery) {
    return unwrap(this.api.week(query))
  }
}

@injectable()
export class ListBlocks {
  constructor(@inject(DESK_PORTS.DeskCalendarApi) private readonly api: DeskCalendarApi) {}
  execute(query: BlocksQuery) {
    return unwrap(this.api.blocks(query))
  }
}

/** Blocks a practitioner's time (a break, a meeting, leave): availability stops offering it at once. */
@injectable()
export class AddBlock {
  constructor(@inject(DESK_PORTS.DeskCalendarApi) private readonly api: DeskCalendarApi) {}
  execute(body: CreateBlockBody) {
    return unwrap(this.api.addBlock(body))
  }
}

/** Blocks the same times on every day, weekday or week until a date: all the blocks or none. */
@injectable()
export class AddBlockSeries {
  constructor(@inject(DESK_PORTS.DeskCalendarApi) private readonly api: DeskCalendarApi) {}
  execute(body: CreateBlockSeriesBody) {
    return unwrap(this.api.addBlockSeries(body))
  }
}

@injectable()
export class RemoveBlock {
  constructor(@inject(DESK_PORTS.DeskCalendarApi) private readonly api: DeskCalendarApi) {}
  execute(id: string, scope?: RemoveScope) {
    return unwrap(this.api.removeBlock(id, scope))
  }
}

@injectable()
export class LoadCheckout {
  constructor(@inject(DESK_PORTS.DeskCalendarApi) private readonly api: DeskCalendarApi) {}
  execute(appointmentId: string) {
    return unwrap(this.api.checkout(appointmentId))
  }
}

/** Takes the balance with the desk's payments (they must add up to it). */
@injectable()
export class TakeBalance {
  constructor(@inject(DESK_PORTS.DeskCalendarApi) private readonly api: DeskCalendarApi) {}
  execute(appointmentId: string, body: CheckoutBody) {
    return unwrap(this.api.takeBalance(appointmentId, body))
  }
}

@injectable()
export class RefundDeposit {
  constructor(@inject(DESK_PORTS.DeskCalendarApi) private readonly api: DeskCalendarApi) {}
  execute(appointmentId: string) {
    return unwrap(this.api.refundDeposit(appointmentId))
  }
}

export const DESK_USE_CASES = [LoadPractitionerWeek, ListBlocks, AddBlock, AddBlockSeries, RemoveBlock, LoadCheckout, TakeBalance, RefundDeposit] as const
