/** The time hold from the moment a time is picked (issue 17): hold, read back, release, extend once. */
import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../tokens'
import type { SlotHoldsApi } from '../ports/slot-holds.port'
import type { Logger } from '../ports/logger.port'
import type { AppError } from '../failure'
import { bookingFailure } from '../errors'
import type { CreateHoldBody, HoldKey, SlotHold } from '../../contract/holds.routes'

/** POST /appointments/holds. Left: the server's text (409: the time was taken meanwhile). */
@injectable()
export class HoldTime {
  constructor(@inject(PORTS.SlotHoldsApi) private readonly api: SlotHoldsApi) {}
  async execute(body: CreateHoldBody): Promise<E.Either<AppError, SlotHold>> {
    const result = await this.api.create(body)
    return E.isLeft(result) ? E.left(bookingFailure(result.left)) : result
  }
}

/** GET /appointments/holds/{id}: the hold a reloaded page names. Left: it ended (or cannot be read). */
@injectable()
export class ReadHeldTime {
  constructor(@inject(PORTS.SlotHoldsApi) private readonly api: SlotHoldsApi) {}
  async execute(key: HoldKey): Promise<E.Either<AppError, SlotHold>> {
    const result = await this.api.get(key)
    return E.isLeft(result) ? E.left(bookingFailure(result.left)) : result
  }
}

/**
 * How a release went: 'unreachable' when it may not have reached the server (no connection, a timeout,
 * a server error), which a later try can still do; 'refused' when the server answered no (the hold ended
 * or was booked): nothing left to release.
 */
export type ReleaseOutcome = 'released' | 'refused' | 'unreachable'

/** POST /appointments/holds/{id}/release. Silent: the hold runs out by itself anyway; a failure is only logged. */
@injectable()
export class ReleaseHeldTime {
  constructor(
    @inject(PORTS.SlotHoldsApi) private readonly api: SlotHoldsApi,
    @inject(PORTS.Logger) private readonly log: Logger,
  ) {}
  async execute(key: HoldKey, leaving = false): Promise<E.Either<never, ReleaseOutcome>> {
    const result = await this.api.release(key, leaving)
    if (E.isRight(result)) return E.right('released')
    this.log.warn('Could not release the held time', result.left)
    const failure = result.left
    return E.right(failure._tag === 'Unreachable' || (failure._tag === 'HttpError' && failure.status >= 500) ? 'unreachable' : 'refused')
  }
}

/** POST /appointments/holds/{id}/extend: a new account mid-booking keeps its time while the email is verified. */
@injectable()
export class ExtendHeldTime {
  constructor(@inject(PORTS.SlotHoldsApi) private readonly api: SlotHoldsApi) {}
  async execute(key: HoldKey): Promise<E.Either<AppError, SlotHold>> {
    const result = await this.api.extend(key)
    return E.isLeft(result) ? E.left(bookingFailure(result.left)) : result
  }
}
