/** The customer's waitlist (issue 32): join from the time step, list and leave in /app, the offer a mail's link opens. */
import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../tokens'
import type { WaitlistApi } from '../ports/waitlist.port'
import type { AppError } from '../failure'
import { requestFailure } from '../errors'
import type { JoinWaitlistBody, WaitlistEntry, WaitlistOffer } from '../../contract/waitlist.codecs'

/** POST /waitlist. Left: the server's text (409: already waiting for these services there; 400: the dates or parts). */
@injectable()
export class JoinWaitlist {
  constructor(@inject(PORTS.WaitlistApi) private readonly api: WaitlistApi) {}
  async execute(body: JoinWaitlistBody): Promise<E.Either<AppError, WaitlistEntry>> {
    return E.mapLeft(requestFailure)(await this.api.join(body))
  }
}

/** GET /waitlist: the customer's entries that still wait, oldest first. */
@injectable()
export class ListMyWaitlist {
  constructor(@inject(PORTS.WaitlistApi) private readonly api: WaitlistApi) {}
  async execute(): Promise<E.Either<AppError, WaitlistEntry[]>> {
    const result = await this.api.mine()
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : E.right(result.right.entries)
  }
}

/** DELETE /waitlist/{id}: a time offered to the entry goes to the next customer. */
@injectable()
export class LeaveWaitlist {
  constructor(@inject(PORTS.WaitlistApi) private readonly api: WaitlistApi) {}
  async execute(id: string): Promise<E.Either<AppError, true>> {
    const result = await this.api.remove(id)
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : E.right(true)
  }
}

/** GET /waitlist/offers/{token}: the offer of a mail's link. Left: unknown link (404) or the server unreachable. */
@injectable()
export class ReadWaitlistOffer {
  constructor(@inject(PORTS.WaitlistApi) private readonly api: WaitlistApi) {}
  async execute(token: string): Promise<E.Either<AppError, WaitlistOffer>> {
    return E.mapLeft(requestFailure)(await this.api.offer(token))
  }
}

/** POST /waitlist/offers/{token}/decline: 'Not for me'; the entry keeps waiting. */
@injectable()
export class DeclineWaitlistOffer {
  constructor(@inject(PORTS.WaitlistApi) private readonly api: WaitlistApi) {}
  async execute(token: string): Promise<E.Either<AppError, true>> {
    const result = await this.api.decline(token)
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : E.right(true)
  }
}
