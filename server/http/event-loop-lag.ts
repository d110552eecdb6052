/**
 * Issue 31: shedding by the event loop's lag. PGlite's WASM runs on the server's own thread, so under
 * many clients what a request waits for is the loop itself, not the database's queue (which stays short:
 * bookings wait off it): at 50 clients on PGlite, p99 6-8 s with no 503. When the loop is late by more
 * than a bound while many API requests are in flight, new API requests are refused at once with 503 and
 * Retry-After, so that those admitted are answered in time and none waits many seconds.
 * Both conditions: a loop late on a busy machine with a request or two in flight (a test, a developer's
 * laptop) has no queue to shed; many in flight on a prompt loop are being served fast.
 * "In flight" counts the requests begun in the loop's current turn, not only those not yet answered: on
 * PGlite a request is served within the turn that read it (its queries resolve without leaving the
 * loop), so one is answered before the next is read and at most one is ever unanswered, while the
 * others wait unread in their sockets for the late loop. A turn that reads 60 of them is the queue
 * (issue 31: with only the unanswered counted, a running server shed nothing). One client's requests
 * one after another are read in turns of their own: they never count as many.
 */

export interface LoopFigures {
  /** How late the loop is (ms): its recent lag, or how overdue its timer is now. */
  readonly lagMs: number
  /** API requests received and not yet answered, or begun in this turn of the loop (the larger). */
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
  /** API requests received and not yet answered. */
  private unanswered = 0
  /** API requests begun in this turn of the loop: those that waited for it together. */
  private begunThisTurn = 0
  private turnEndScheduled = false

  constructor(
    private readonly now: () => number = () => performance.now(),
    /** Runs a function once this turn of the loop is over (after its I/O: setImmediate). */
    private readonly afterTurn: (end: () => void) => void = (end) => setImmediate(end),
  ) {
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

  /** An API request admitted: counted until the function it answers is called (once, when answered). */
  begin(): () => void {
    this.unanswered++
    this.begunThisTurn++
    if (!this.turnEndScheduled) {
      this.turnEndScheduled = true
      this.afterTurn(() => {
        this.turnEndScheduled = false
        this.begunThisTurn = 0
      })
    }
    return () => {
      this.unanswered--
    }
  }

  /** The loop's lag now (ms). */
  get lagMs(): number {
    return Math.max(this.peakMs, this.now() - this.last - SAMPLE_MS, 0)
  }

  figures(): LoopFigures {
    return { lagMs: this.lagMs, inFlight: Math.max(this.unanswered, this.begunThisTurn) }
  }
}
