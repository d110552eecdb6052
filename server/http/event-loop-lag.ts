/**
 * Issue 31: shedding by the event loop's lag. PGlite's WASM runs on the server's own thread, so under
 * many clients what a request waits for is the loop itself, not the database's queue (which stays short:
 * bookings wait off it): at 50 clients on PGlite, p99 6-8 s with no 503. When the loop is late by more
 * than a bound while many API requests are in flight, new API requests are refused at once with 503 and
 * Retry-After, so that those admitted are answered in time and none waits many seconds.
 * Both conditions: a loop late on a busy machine with a request or two in flight (a test, a developer's
 * laptop) has no queue to shed; many in flight on a prompt loop are being served fast.
 */

export interface LoopFigures {
  /** How late the loop is (ms): its recent lag, or how overdue its timer is now. */
  readonly lagMs: number
  /** API requests received and not yet answered. */
  readonly inFlight: number
}

export interface LoopBound {
  /** A loop later than this sheds (0: never). */
  readonly maxLagMs: number
  /** ... when at least this many API requests are in flight. */
  readonly minInFlight: number
}

/** API requests in flight below which the loop's lag sheds nothing (a browser opens 6 connections at most). */
export const MIN_IN_FLIGHT = 8

/** Whether a new API request is refused at once: the loop too late with many requests in flight. */
export function loopOverloaded(figures: LoopFigures, bound: LoopBound): boolean {
  return bound.maxLagMs > 0 && figures.inFlight >= bound.minInFlight && figures.lagMs > bound.maxLagMs
}

/** How often the loop's timer is meant to fire (ms). */
export const SAMPLE_MS = 50
/** Each tick keeps this share of the peak lag seen before: a spike sheds for a few ticks, not one. */
const DECAY = 0.5

/**
 * The loop's lag from a timer that should fire every SAMPLE_MS: how late each tick came, as a decaying
 * peak, and how overdue the next tick is now (a loop stuck in a long turn says so before the tick).
 */
export class EventLoopLag {
  private last: number
  private peakMs = 0
  private timer: NodeJS.Timeout | undefined
  inFlight = 0

  constructor(private readonly now: () => number = () => performance.now()) {
    this.last = this.now()
  }

  /** Starts the timer (unref'd: it keeps no process alive). */
  start(): this {
    this.last = this.now()
    this.timer ??= setInterval(() => this.tick(), SAMPLE_MS).unref()
    return this
  }

  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }

  /** One tick of the timer: how late it came, into the decaying peak. */
  tick(): void {
    const at = this.now()
    const late = Math.max(0, at - this.last - SAMPLE_MS)
    this.last = at
    this.peakMs = Math.max(late, this.peakMs * DECAY)
  }

  /** The loop's lag now (ms). */
  get lagMs(): number {
    return Math.max(this.peakMs, this.now() - this.last - SAMPLE_MS, 0)
  }

  figures(): LoopFigures {
    return { lagMs: this.lagMs, inFlight: this.inFlight }
  }
}
