/**
 * The waitlist's background work (issue 32), run before each mail drain on every instance:
 * 1. lapsed offers (their window ran out untaken): the offer lapses, the entry waits again and the hold
 *    is released, which frees the time (and the trigger queues it for the next customer);
 * 2. the 'waitlist' jobs of the outbox (a time freed: migration 0115's trigger), claimed once across
 *    instances (FOR UPDATE SKIP LOCKED) and retried with the outbox's backoff: the first waiting
 *    customer whose basket fits the freed time is offered it.
 */
import { londonDateOf } from '../../src/domain/london'
import type { ChainOption } from '../../src/domain/scheduling'
import { mayMatch, offerQueue, offerTimeFor, type FreedTime } from '../../src/domain/waitlist'
import { chainOptionsFor } from '../availability/availability.service'
import { endSlotHold } from '../booking/holds.repository'
import type { ServerConfig } from '../config'
import type { Db } from '../db/schema'
import { claimDue, markFailed, markSent, type OutboxRow } from '../notifications/outbox.repository'
import { makeOffer } from './waitlist-offer.service'
import {
  customersBookedBetween,
  customersWithOpenOffer,
  entriesOfferedBetween,
  lapsedOffers,
  queueOn,
  setEntryStatus,
  setOfferStatus,
  wishOf,
} from './waitlist.repository'

export interface WaitlistRunnerOptions {
  config: Pick<ServerConfig, 'publicUrl'>
  clock: () => Date
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void }
  smsEnabled: boolean
}

export class WaitlistRunner {
  constructor(
    private readonly db: Db,
    private readonly options: WaitlistRunnerOptions,
  ) {}

  /** Lapses what ran out, then offers the freed times queued; the number of offers made. */
  async run(): Promise<number> {
    await this.lapse()
    let offered = 0
    for (;;) {
      const rows = await claimDue(this.db, 'waitlist', this.options.clock())
      for (const row of rows) {
        try {
          if (await this.offerFreed(row)) offered++
          await markSent(this.db, row.id, this.options.clock())
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          const givenUp = await markFailed(this.db, row, message, this.options.clock())
          this.options.log.error({ jobId: row.id, tenant: row.tenant_id, attempts: row.attempts, givenUp, error: message }, 'waitlist job failed')
        }
      }
      if (rows.length < 10) return offered
    }
  }

  /** Offers whose window ran out: lapsed, the entry waiting again, the hold released (the time is freed). */
  async lapse(): Promise<number> {
    const now = this.options.clock()
    return this.db.transaction().execute(async (trx) => {
      const offers = await lapsedOffers(trx, now)
      for (const offer of offers) {
        await setOfferStatus(trx, offer.tenant_id, offer.id, 'lapsed', now)
        await setEntryStatus(trx, offer.tenant_id, offer.entry_id, 'active', now)
        const hold = await trx.selectFrom('slot_holds').select(['claimed_at', 'released_at']).where('tenant_id', '=', offer.tenant_id).where('id', '=', offer.hold_id).executeTakeFirst()
        if (hold && hold.claimed_at === null && hold.released_at === null) await endSlotHold(trx, offer.tenant_id, offer.hold_id, now, 'released')
      }
      if (offers.length > 0) this.options.log.info({ lapsed: offers.length }, 'waitlist offers lapsed')
      return offers.length
    })
  }

  /** One freed time: the first waiting customer it fits is offered it. True when an offer was made. */
  private async offerFreed(row: OutboxRow): Promise<boolean> {
    const job = JSON.parse(row.text) as { clinicId: string; practitionerId: string; start: string; end: string }
    const freed: FreedTime = { clinicId: job.clinicId, practitionerId: job.practitionerId, start: Date.parse(job.start), end: Date.parse(job.end) }
    return offerFreedTime(this.db, row.tenant_id, freed, { ...this.options, now: this.options.clock(), hoursOpened: row.subject === 'hours-opened' })
  }
}

/** Offers a freed time to the first waiting customer whose basket fits it; true when one was offered. */
export async function offerFreedTime(
  db: Db,
  tenant: string,
  freed: FreedTime,
  options: Pick<WaitlistRunnerOptions, 'config' | 'smsEnabled' | 'log'> & {
    now: Date
    /** a whole day looked at again (hours opened): who is booked that day is judged per start time only */
    hoursOpened?: boolean
  },
): Promise<boolean> {
  const { now } = options
  if (freed.end <= now.getTime()) return false
  const date = londonDateOf(freed.start)
  const wishes = (await queueOn(db, tenant, freed.clinicId, date)).map(wishOf).filter((w) => mayMatch(w, freed))
  if (wishes.length === 0) return false
  const start = new Date(freed.start)
  const end = new Date(freed.end)
  const customers = [...new Set(wishes.map((w) => w.customerId))]
  const [open, booked, offeredBefore] = await Promise.all([
    customersWithOpenOffer(db, tenant, customers),
    options.hoursOpened ? Promise.resolve([]) : customersBookedBetween(db, tenant, customers, start, end),
    entriesOfferedBetween(db, tenant, freed.clinicId, start, end),
  ])
  const queue = offerQueue(wishes, {
    today: londonDateOf(now),
    customersWithOpenOffer: new Set(open),
    customersBookedThen: new Set(booked),
    offeredBefore: new Set(offeredBefore),
  })
  for (const wish of queue) {
    // 'Any practitioner': first the freed practitioner for the whole basket (any would give the start
    // to whoever comes first in order), then anyone (a chain that only fits across practitioners).
    const tries = wish.practitionerId === null ? [freed.practitionerId, null] : [wish.practitionerId]
    let option: ChainOption | undefined
    for (const practitionerId of tries) {
      const choices = await chainOptionsFor(db, tenant, { clinicId: wish.clinicId, serviceIds: wish.serviceIds, practitionerId, date, now })
      option = offerTimeFor(wish, freed, choices)
      if (option) break
    }
    if (!option) continue
    // Booked meanwhile at the time the basket would take (longer than the freed time for a chain).
    if ((await customersBookedBetween(db, tenant, [wish.customerId], new Date(option.start), new Date(option.end))).length > 0) continue
    const made = await makeOffer({ db, now, config: options.config, smsEnabled: options.smsEnabled }, tenant, wish.id, option)
    if (made === 'taken') return false
    if (made === 'not-waiting') continue
    options.log.info({ tenant, entry: wish.id, hold: made.holdId, start: made.items[0].start }, 'waitlist offer made')
    return true
  }
  return false
}
