import { makeAutoObservable, reaction, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { WEB_CONFIG, type ChainSlot, type PractitionerView, type ServiceView, type WebConfig } from './views'
import type { Clock } from '../../application/ports/clock.port'
import { ExtendHeldTime, HoldTime, ReadHeldTime, ReleaseHeldTime } from '../../application/use-cases/slot-holds.use-case'
import { ListPractitioners } from '../../application/use-cases/availability.use-case'
import { BookingViewModel } from './booking.view-model'
import { SessionViewModel } from './session.view-model'
import { ToastViewModel } from './toast.view-model'
import { errorText } from './catalogue-views'
import { parseHoldParam, type HeldTimeKey } from '../../domain/booking/hold'
import { londonDateOf } from '../../domain/time'
import type { SlotHold } from '../../contract/holds.routes'
import type { BasketItem } from './booking-views'
import { PaymentViewModel, type PaymentSessionView } from './payment.view-model'
import { PORTS } from '../../application/tokens'
import type { BookingStore } from '../../application/ports/booking-store.port'
import type { KeyValueStorage } from '../../application/ports/storage.port'
import { PendingPicks, newHoldToken } from './pending-pick'
import { KeptTimeStep } from './kept-time-step'
import type { Exec } from './app-services'

/** How long a load of times waits for a release on its way (the transport's own timeout is 30 s). */
export const RELEASE_WAIT_MS = 3_000

/**
 * The server's hold of the chosen time (issue 17): picking a time holds it at once (the countdown is
 * the server's), another time replaces it, clearing the time (back, another service, leaving)
 * releases it, a page left keeps it for a short grace and a reload takes it back (the URL names it),
 * and a new account made mid-booking extends it once while the email is verified.
 */
@injectable()
export class SlotHoldViewModel {
  /** the pick whose answer counts (a newer pick makes an older answer stale) */
  private pickNumber = 0
  private extended = false
  /** holds this page made or restored: a URL naming one again is browser history, not a reload */
  private readonly known = new Set<string>()
  /** releases on their way (released() waits for them) */
  private readonly releasing = new Set<Promise<unknown>>()
  /**
   * Holds whose release did not reach the server (the booking service down, no connection): sent again
   * before times are next asked for. Left alone, the customer's own time stayed held until it ran out,
   * and the times asked for after the service came back showed it taken, to them too.
   */
  private readonly unreleased = new Map<string, HeldTimeKey>()
  /** the pick on its way: the same time picked again (a double tap on a slow network) shares its answer */
  private picking: { times: string; answer: Promise<'held' | 'refused' | 'other'> } | undefined = undefined
  /** the reloaded hold being read back: the same URL arriving again meanwhile waits for it (see restore) */
  private restoring: { id: string; done: Promise<void>; stale: () => boolean } | undefined = undefined
  /** the time picked whose hold had not answered (or a reschedule's), kept in the tab for a reload */
  private readonly picks: PendingPicks
  /** the time step before a time is picked (practitioners, day, month), kept in the tab for a reload */
  readonly timeStep: KeptTimeStep

  constructor(
    @inject(HoldTime) private readonly holdTime: Exec<HoldTime>,
    @inject(ReadHeldTime) private readonly readHeld: Exec<ReadHeldTime>,
    @inject(ReleaseHeldTime) private readonly releaseHeld: Exec<ReleaseHeldTime>,
    @inject(ExtendHeldTime) private readonly extendHeld: Exec<ExtendHeldTime>,
    @inject(ListPractitioners) private readonly listPractitioners: Exec<ListPractitioners>,
    @inject(BookingViewModel) private readonly booking: BookingViewModel,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(WEB_CONFIG) private readonly config: WebConfig,
    @inject(PaymentViewModel) private readonly payment: Pick<PaymentViewModel, 'session' | 'paid' | 'start'>,
    @inject(PORTS.BookingStore) private readonly store: BookingStore,
    @inject(PORTS.SessionStorage) tabStorage?: KeyValueStorage,
  ) {
    this.picks = new PendingPicks(tabStorage)
    this.timeStep = new KeptTimeStep(booking, tabStorage)
    makeAutoObservable<SlotHoldViewModel, 'pickNumber' | 'extended' | 'known' | 'releasing' | 'unreleased' | 'picking' | 'restoring' | 'picks'>(this, { pickNumber: false, extended: false, known: false, releasing: false, unreleased: false, picking: false, restoring: false, picks: false, timeStep: false }, { autoBind: true })
    // The time cleared (back, another service or practitioner, removal, expiry): its hold is released.
    // A claimed hold (the booking made) is no longer the server's to release: the call does nothing then.
    reaction(() => this.booking.view.held.key, (next, previous) => {
      if (previous && next?.id !== previous.id && !next) this.release(previous)
    })
    // An account created from the login modal: the customer verifies their email, maybe on another device.
    reaction(() => this.session.accountsCreated, () => void this.extend())
    // The time picked cleared (back, another practitioner, booked or moved): nothing for a reload to bring back.
    reaction(() => this.booking.view.startTime, (start, before) => {
      if (before && !start) this.picks.clear()
    })
    // The deposit payment of a held time: kept, so that a reload of the payment step comes back to it.
    reaction(() => this.payment.session, (session) => this.rememberPayment(session))
    reaction(() => this.payment.paid, (paid) => paid && this.store.remove('payingHold'))
  }

  /**
   * A time was picked: shown at once, then held on the server (replacing the previous hold). 'refused': taken meanwhile.
   * The time whose hold is still on its way picked again is the same pick: a second hold of it would be
   * refused as taken (by the first), and the first released as stale, losing the customer's own time.
   */
  pick(chain: ChainSlot[], token = newHoldToken()): Promise<'held' | 'refused' | 'other'> {
    const times = JSON.stringify(chain.map((s) => [s.startDate, s.endDate, s.practitioner ?? null]))
    if (this.picking?.times === times && this.booking.view.startTime === chain[0]?.startDate) return this.picking.answer
    const answer = this.holdPicked(chain, token)
    const picking = { times, answer }
    this.picking = picking
    void answer.finally(() => {
      if (this.picking === picking) this.picking = undefined
    })
    return answer
  }

  private async holdPicked(chain: ChainSlot[], token: string): Promise<'held' | 'refused' | 'other'> {
    const b = this.booking
    const previous = b.view.held.key
    b.chooseTime(chain)
    void this.nameChosenPractitioners()
    // A reschedule moves the customer's own booking, whose time the server counts as theirs: no hold,
    // but the time picked is kept for a reload (the URL cannot name it).
    if (b.view.isReschedule) {
      const clinic = b.view.location?.id
      if (clinic && b.view.rescheduleAppointmentId) this.picks.keep('', clinic, b.view.basket, b.view.rescheduleAppointmentId)
      return 'other'
    }
    const appointment = this.payload()
    if (!appointment) return 'other'
    const number = ++this.pickNumber
    this.extended = false
    this.picks.keep(token, appointment.clinic, this.booking.view.basket)
    const result = await this.holdTime.execute({ appointment, replaces: previous ?? null, seconds: this.config.holdSeconds, token })
    this.picks.drop(token)
    if (number !== this.pickNumber || b.view.startTime !== chain[0]?.startDate) {
      // Another time was picked (or the time cleared) while this one was on its way.
      if (E.isRight(result)) this.release(keyOf(result.right))
      return 'other'
    }
    return runInAction(() => {
      if (E.isRight(result)) {
        this.known.add(result.right.id)
        b.setHeld(keyOf(result.right), this.expiryOf(result.right))
        return 'held'
      }
      // Unreachable: the time stays chosen (the booking checks it again at 'agree'); refused: chosen again.
      if (result.left._tag === 'Unreachable') {
        b.dispatch({ type: 'holdUnanswered' })
        return 'other'
      }
      this.toasts.show(errorText(result.left))
      b.clearTime()
      return 'refused'
    })
  }

  /**
   * A reloaded step URL without a hold, its tab's time picked not held yet (the reload came before the
   * answer; a reschedule's): the time comes back, sent again with its token (the server answers the same hold).
   */
  async restorePick(clinic: string, serviceId: string, serviceOf: (id: string) => Promise<ServiceView | undefined>, stale: () => boolean): Promise<void> {
    const pick = this.picks.get()
    if (!pick || !this.hasPendingPick(clinic, serviceId)) return
    const chain = pick.items.map((i) => ({ startDate: i.start, endDate: i.end, practitioner: i.practitioner, valid: true }))
    if (pick.reschedule) {
      // The reschedule's basket is its appointment's (rebuilt from it): on to its times, where the time picked goes back.
      runInAction(() => {
        this.booking.keepPractitioner()
        this.booking.pickDate(londonDateOf(new Date(pick.items[0].start)))
      })
      await this.pick(chain)
      return
    }
    const basket = await this.basketOf(pick.clinic, pick.items, serviceOf)
    if (stale() || !basket) return
    runInAction(() => this.booking.restoreBasket(basket, londonDateOf(new Date(pick.items[0].start)), false))
    await this.pick(chain, pick.token)
  }

  /** This tab picked a time of the clinic's service whose hold had not answered when the page went. */
  hasPendingPick(clinic: string, serviceId: string): boolean {
    const pick = this.picks.get()
    const rescheduling = this.booking.view.isReschedule ? this.booking.view.rescheduleAppointmentId : undefined
    return pick !== undefined && pick.clinic === clinic && pick.items[0]?.service === serviceId && pick.reschedule === rescheduling
  }

  /**
   * A reloaded step URL names a hold (`hold=`): the basket's times, practitioners and countdown come
   * back from the server. `serviceOf` gives a service in the wizard's shape. An ended hold: 'Out of time'.
   */
  restore(param: string, serviceOf: (id: string) => Promise<ServiceView | undefined>, stale: () => boolean): Promise<void> {
    const key = parseHoldParam(param)
    if (!key) return Promise.resolve()
    const running = this.restoring
    if (running?.id === key.id) {
      // The same URL arrived again while its hold is read back (the wizard's page asks once per URL
      // it sees, and a second one can come before the first answer). Returning at once, as for a
      // known hold, let that caller rebuild the service without its time (the practitioner step,
      // 'Do you want to book another service?', the hold released) while the first caller, now
      // stale, dropped the answer. The newer caller waits for the same answer, which applies
      // unless that caller is stale.
      running.stale = stale
      return running.done
    }
    // Back or forward to a URL of a hold this page made (released or booked since): nothing to restore.
    if (this.known.has(key.id)) return Promise.resolve()
    this.known.add(key.id)
    const current = { id: key.id, stale, done: Promise.resolve() }
    current.done = this.restoreHeld(key, serviceOf, () => current.stale()).finally(() => {
      if (this.restoring === current) this.restoring = undefined
    })
    this.restoring = current
    return current.done
  }

  private async restoreHeld(key: HeldTimeKey, serviceOf: (id: string) => Promise<ServiceView | undefined>, stale: () => boolean): Promise<void> {
    const paying = this.store.get('payingHold')
    if (paying?.holdId === key.id) {
      // Booked with this hold and being paid: the payment step again, with its basket. The hold was
      // claimed by that booking, so it is not read (the server answers 409 for a claimed hold).
      const basket = await this.basketOf(paying.clinic, paying.items, serviceOf)
      if (stale() || !basket) return
      runInAction(() => {
        this.booking.restoreBasket(basket, londonDateOf(new Date(paying.items[0].start)), false)
        this.payment.start({ kind: 'deposit', ...paying.session })
      })
      return
    }
    const result = await this.readHeld.execute(key)
    if (stale()) return
    if (E.isLeft(result)) {
      if (result.left._tag === 'HoldLost' || (result.left._tag === 'Refused' && result.left.status === 404)) runInAction(() => this.booking.heldTimeEnded())
      return
    }
    const hold = result.right
    const items = await this.basketOf(hold.clinic, hold.items, serviceOf)
    if (stale() || !items) return
    runInAction(() => {
      this.booking.restoreBasket(items, londonDateOf(new Date(hold.items[0].start)), true)
      this.extended = hold.extended
      this.booking.setHeld(key, this.expiryOf(hold))
    })
  }

  /** The basket of held (or booked) times: services and practitioners from the server; undefined when one is gone. */
  private async basketOf(clinic: string, held: SlotHold['items'], serviceOf: (id: string) => Promise<ServiceView | undefined>): Promise<BasketItem[] | undefined> {
    const items = await Promise.all(held.map(async (item, i): Promise<BasketItem | undefined> => {
      const service = this.booking.view.basket[i]?.service.id === item.service ? this.booking.view.basket[i].service : await serviceOf(item.service)
      if (!service) return undefined
      // A course session's URL (courseServiceBooking=true): its first item is the session the course
      // pays for (the Book link opened it; services added after it are paid). Without the mark a
      // reload priced the session and asked for its deposit.
      const courseSession = this.booking.view.isCourseSession && i === 0 ? { courseSession: true } : {}
      return { kind: 'service', service, anyStaff: false, staff: await this.practitioner(clinic, item.service, item.practitioner, item.start), start: item.start, end: item.end, ...courseSession }
    }))
    return items.some((i) => i === undefined) ? undefined : (items as BasketItem[])
  }

  private rememberPayment(session: PaymentSessionView | undefined): void {
    const b = this.booking
    const key = b.view.held.key
    const clinic = b.view.location?.id
    // The payment left (back, 'Start again'): its booking is released, nothing to come back to.
    if (!session) return this.store.remove('payingHold')
    if (session.kind !== 'deposit' || !key || !clinic) return
    const items = b.view.basket.flatMap((i) => (i.staff && i.start && i.end ? [{ service: i.service.id, practitioner: i.staff.id, start: i.start, end: i.end }] : []))
    // The amount due too (the summary's 'Due now', Square's charge); Stripe's client secret stays in the tab (KeptCardSecret), not in localStorage.
    const { paymentUrl, transactionId, invoiceId, appointmentId, amount, holdExpiresAt } = session
    const kept = { paymentUrl, transactionId, ...(invoiceId ? { invoiceId } : {}), ...(appointmentId ? { appointmentId } : {}), ...(amount !== undefined ? { amount } : {}), ...(holdExpiresAt !== undefined ? { holdExpiresAt } : {}) }
    this.store.set('payingHold', { holdId: key.id, clinic, items, session: kept })
  }

  private release(key: HeldTimeKey): void {
    this.unreleased.delete(key.id)
    const done = this.releaseHeld
      .execute(key)
      .then((result) => {
        if (E.isRight(result) && result.right === 'unreachable') this.unreleased.set(key.id, key)
      })
      .finally(() => this.releasing.delete(done))
    this.releasing.add(done)
  }

  /**
   * Undefined when no release is on its way; else resolves once those started so far have been
   * answered (or failed), after RELEASE_WAIT_MS at most: times asked for before a release lands would
   * still count the released time as taken (back from confirm). A release that hangs only leaves the
   * time out until the hold runs out by itself.
   */
  released(): Promise<void> | undefined {
    // Those that did not reach the server are tried again first (unless the time is the customer's again).
    for (const key of [...this.unreleased.values()]) {
      if (this.booking.view.held.key?.id === key.id) this.unreleased.delete(key.id)
      else this.release(key)
    }
    if (this.releasing.size === 0) return undefined
    let cancel = () => {}
    const giveUp = new Promise<void>((resolve) => (cancel = this.clock.after(RELEASE_WAIT_MS, resolve)))
    return Promise.race([Promise.allSettled([...this.releasing]), giveUp]).then(() => cancel())
  }

  /** The page is going away (pagehide; a reload fires it too): the hold ends after a short grace unless the page comes back. */
  leave(): void {
    const key = this.booking.view.held.key
    if (key) void this.releaseHeld.execute(key, true)
  }

  /** The page came back from the back-forward cache: the hold is taken back (and its countdown). */
  async resume(): Promise<void> {
    const key = this.booking.view.held.key
    if (!key) return
    const result = await this.readHeld.execute(key)
    if (this.booking.view.held.key?.id !== key.id) return
    runInAction(() => {
      if (E.isRight(result)) this.booking.setHeld(key, this.expiryOf(result.right))
      // A server too busy to read it now (503) says nothing of the hold: it stays, with its countdown.
      else if ((result.left._tag === 'Refused' && result.left.status !== 503) || result.left._tag === 'HoldLost' || result.left._tag === 'SlotTaken') this.booking.holdExpired()
    })
  }

  /** Once per hold, up to 10 more minutes (a new account verifies its email). */
  async extend(): Promise<void> {
    const key = this.booking.view.held.key
    if (!key || this.extended) return
    this.extended = true
    const result = await this.extendHeld.execute(key)
    if (E.isRight(result) && this.booking.view.held.key?.id === key.id) runInAction(() => this.booking.setHeld(key, this.expiryOf(result.right)))
  }

  /** The browser's instant of the server's expiry (counted from the seconds left: the clocks may differ). */
  private expiryOf(hold: SlotHold): number {
    return this.clock.now().getTime() + hold.secondsLeft * 1000
  }

  /** The basket's chosen time as the server takes it; undefined when a line lacks its practitioner or time. */
  private payload() {
    const b = this.booking
    const clinic = b.view.location?.id
    const [first, ...rest] = b.view.basket
    if (!clinic || !first?.staff || !first.start || !first.end || rest.some((i) => !i.staff || !i.start || !i.end)) return undefined
    return {
      event: { start: first.start, end: first.end },
      practitioner: first.staff.id,
      clinic,
      service: first.service.id,
      linkedAppointments: rest.map((i) => ({ event: { start: i.start as string, end: i.end as string }, clinic, service: i.service.id, practitioner: i.staff?.id as string })),
    }
  }

  /**
   * 'Any practitioner': the chosen time names who it is (id only); their name and price come from the
   * staff list, as after a reload, so the summary, the deposit and the request do not fall back to the
   * service's price (the same choices then give the CLI's request, issue 27).
   */
  private async nameChosenPractitioners(): Promise<void> {
    const clinic = this.booking.view.location?.id
    const unnamed = this.booking.view.basket.filter((i) => i.anyStaff && i.staff && i.staff.grossPrice === undefined && i.start)
    if (!clinic) return
    for (const item of unnamed) {
      const staff = await this.practitioner(clinic, item.service.id, item.staff?.id as string, item.start as string)
      if (staff.grossPrice !== undefined) runInAction(() => this.booking.practitionerListed(item.service.id, staff))
    }
  }

  /**
   * A time step reloaded from what the tab kept: each practitioner chosen with their price and length
   * as the server lists them now (the kept ones may be older than a price change); one no longer listed
   * keeps what was kept. An answer applies only to the items still naming that service and practitioner.
   */
  async refreshPractitioners(): Promise<void> {
    const clinic = this.booking.view.location?.id
    const day = this.booking.view.date ?? londonDateOf(this.clock.now())
    const chosen = this.booking.view.basket.filter((i) => i.kind === 'service' && !i.anyStaff && i.staff)
    if (!clinic) return
    for (const item of chosen) {
      const staff = await this.practitioner(clinic, item.service.id, item.staff?.id as string, `${day}T12:00:00Z`)
      if (staff.grossPrice !== undefined) runInAction(() => this.booking.dispatch({ type: 'practitionerListed', serviceId: item.service.id, practitioner: staff, fresh: true }))
    }
  }

  /** The held practitioner with their name and price (the summary and the deposit need them). */
  private async practitioner(clinic: string, service: string, id: string, start: string): Promise<PractitionerView> {
    const [year, month] = londonDateOf(new Date(start)).split('-').map(Number)
    const result = await this.listPractitioners.execute({ clinic, service, month, year })
    return (E.isRight(result) ? result.right.find((p) => p.id === id) : undefined) ?? { id, displayName: '' }
  }
}

function keyOf(hold: SlotHold): HeldTimeKey {
  return { id: hold.id, token: hold.token }
}
