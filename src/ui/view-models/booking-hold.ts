import { holdParam, type HeldTimeKey } from '../../domain/booking/hold'
import { stepPath } from '../../domain/booking/steps'
import type { RouteState } from './booking-views'
import type { Clock } from '../../application/ports/clock.port'

/**
 * The timer of the hold on a chosen time (spec section 4, 5 minutes by configuration): one at a time,
 * starting again replaces the running one. An effect of the booking view model: the hold itself (its
 * key and expiry) is the view model's state; this only calls back when it runs out.
 */
export class HoldTimer {
  private stop?: () => void

  constructor(private readonly clock: Clock) {}

  /** The timer to `expiresAt`. */
  start(expiresAt: number, onExpired: () => void): void {
    this.cancel()
    this.stop = this.clock.after(Math.max(0, expiresAt - this.clock.now().getTime()), onExpired)
  }

  /** No timer (the hold released, or the confirm step's countdown took over). */
  cancel(): void {
    this.stop?.()
    this.stop = undefined
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
