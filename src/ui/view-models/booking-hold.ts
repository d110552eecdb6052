import { makeAutoObservable } from 'mobx'
import { holdParam, type HeldTimeKey } from '../../domain/booking/hold'
import { stepPath } from '../../domain/booking/steps'
import type { RouteState } from './booking-views'
import type { WebConfig } from './views'
import type { Clock } from '../../application/ports/clock.port'

/**
 * The hold on a chosen time (spec section 4, 5 minutes by configuration): one timer at a time, and
 * its expiry for the countdown. Starting again replaces the running hold. Once the server holds the
 * time (issue 17), `key` names its hold and the countdown runs to the server's expiry.
 */
export class BookingHold {
  expiresAt?: number = undefined
  /** the server's hold of the chosen time (SlotHoldViewModel makes, releases and restores it) */
  key?: HeldTimeKey = undefined
  private cancel?: () => void

  constructor(
    private readonly clock: Clock,
    private readonly config: Pick<WebConfig, 'holdSeconds'>,
  ) {
    makeAutoObservable<BookingHold, 'clock' | 'config' | 'cancel'>(this, { clock: false, config: false, cancel: false })
  }

  /** Whole seconds left, undefined when no hold runs. */
  get secondsLeft(): number | undefined {
    return this.expiresAt === undefined ? undefined : Math.max(0, Math.ceil((this.expiresAt - this.clock.now().getTime()) / 1000))
  }

  /** The timer to `expiresAt` (by default the configured hold from now). */
  start(onExpired: () => void, expiresAt = this.clock.now().getTime() + this.config.holdSeconds * 1000): void {
    this.cancel?.()
    this.expiresAt = expiresAt
    this.cancel = this.clock.after(Math.max(0, expiresAt - this.clock.now().getTime()), onExpired)
  }

  /** The server holds the time: its key, and the countdown to its expiry. */
  held(key: HeldTimeKey, expiresAt: number, onExpired: () => void): void {
    this.key = key
    this.start(onExpired, expiresAt)
  }

  /** The confirm step's countdown takes over: the timer stops, the server's hold stays. */
  handOver(): void {
    this.cancel?.()
    this.cancel = undefined
  }

  /** The time is released: no timer, no hold. */
  stop(): void {
    this.handOver()
    this.expiresAt = undefined
    this.key = undefined
  }
}

/** The URL of `route` naming the held time (a reload restores the time, the step and the countdown). */
export function withHoldParam(route: RouteState, key: HeldTimeKey): string {
  return stepPath({ ...route, locationId: route.locationId ?? '', query: { ...route.query, hold: holdParam(key) } })
}

/**
 * `route` without the hold it names (a released or ended one: a reload would restore a time step from
 * nothing), with its URL; undefined when it names none.
 */
export function withoutHoldParam(route: RouteState | undefined): { route: RouteState; path: string } | undefined {
  if (!route?.locationId || route.query.hold === undefined) return undefined
  const cleaned = { ...route, query: { ...route.query, hold: undefined } }
  return { route: cleaned, path: stepPath({ ...cleaned, locationId: route.locationId }) }
}
