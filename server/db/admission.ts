/**
 * Issue 31: under load no request is left waiting. Two bounds in front of the PostgreSQL pool:
 * - Locking work (a booking, a hold, a move: transactions that wait for practitioner-day locks while
 *   holding a pooled connection) gets at most half of the pool (a `Gate`); the others wait here,
 *   without a connection, so reads always find one (they used to starve behind bookings queued on
 *   one practitioner's day, 15 s and a 503 for reads and bookings alike).
 * - Past a bounded queue a request is refused at once with 503 and Retry-After (`DatabaseBusy`): locking
 *   work when those in front of it would take longer than BOOKING_QUEUE_MS (2 s by default) at the mean
 *   time of one (it used to be admitted for up to 10 s of waiting, then refused), any request when 25
 *   per connection already wait for one (`isSaturated`). One admitted still waits at most MAX_WAIT_MS
 *   (10 s), for a mean that was too hopeful, and a read waits for a connection at most the pool's 5 s:
 *   never the 15 s after which clients had given up. A burst that drains quickly is served, not refused.
 * PGlite (one connection, in the server's process) has the same two: locking work one at a time off the
 * connection, and a request refused at once when the queries queued for the connection would keep it
 * waiting past PGLITE_MAX_WAIT_MS at the mean time a query or transaction holds it (it used to wait in
 * a FIFO with no bound: 9-11 s a booking at 50 clients).
 */
/** Thrown when the queue in front of the database is full: the error handler answers 503 with Retry-After. */
export class DatabaseBusy extends Error {
  readonly code = 'DATABASE_BUSY'
  constructor() {
    super('The database is busy: the queue in front of it is full')
  }
}

/**
 * At most `slots` runs at once; the others wait in their order, at most `maxWaiting` of them and each at
 * most `maxWaitMs`: beyond either, DatabaseBusy (at once when the queue is full). It keeps the mean time
 * of its runs, so that a newcomer's wait can be told before it queues (`expectedWaitMs`).
 */
export class Gate {
  private active = 0
  private readonly waiting: (() => void)[] = []
  /** A moving mean of how long a run held its slot (ms); undefined until one ended. */
  private meanRunMs: number | undefined

  constructor(
    readonly slots: number,
    readonly maxWaiting: number,
    readonly maxWaitMs: number,
    private readonly now: () => number = () => performance.now(),
    /** A newcomer whose expected wait is past this is refused at once (a shorter bound than the wait it may
     * end up making: the mean is a guess, and one admitted may still wait up to maxWaitMs). */
    readonly admitWithinMs: number = maxWaitMs,
  ) {}

  get queued(): number {
    return this.waiting.length
  }

  /** Runs holding a slot now. */
  get running(): number {
    return this.active
  }

  /** How long a run that came now would wait for its slot: the runs in front of it at the mean time of one. */
  expectedWaitMs(): number {
    if (this.active < this.slots) return 0
    return ((this.waiting.length + 1) * (this.meanRunMs ?? 0)) / this.slots
  }

  /** Whether a newcomer would be refused (the queue full), or wait past admitWithinMs by the mean of the runs so far. */
  get saturated(): boolean {
    return this.waiting.length >= this.maxWaiting || this.expectedWaitMs() > this.admitWithinMs
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const leave = await this.enter()
    try {
      return await work()
    } finally {
      leave()
    }
  }

  /** Waits for a slot (or DatabaseBusy) and answers the function that gives it back: call it once. */
  async enter(): Promise<() => void> {
    if (this.active < this.slots) this.active++
    else await this.turn()
    const began = this.now()
    return () => {
      const ms = this.now() - began
      // Weighted towards the recent runs: the load of a minute ago says little about the wait now.
      this.meanRunMs = this.meanRunMs === undefined ? ms : this.meanRunMs * 0.9 + ms * 0.1
      // The slot goes to the next in line (active stays counted), else it is free.
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }

  private turn(): Promise<void> {
    if (this.saturated) return Promise.reject(new DatabaseBusy())
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = Number.isFinite(this.maxWaitMs)
        ? setTimeout(() => {
            this.waiting.splice(this.waiting.indexOf(go), 1)
            reject(new DatabaseBusy())
          }, this.maxWaitMs)
        : undefined
      this.waiting.push(go)
    })
  }
}

/** How long locking work that was admitted may wait for its turn before it is refused (503, Retry-After). */
export const MAX_WAIT_MS = 10_000
/**
 * Locking work (a booking, a hold, a move) is admitted only while those in front of it would take at most
 * this long (ms) at the mean time of one, else refused at once: the default of BOOKING_QUEUE_MS, on both
 * databases. Short, so that a saturated server says so early (a customer told to try again in a second)
 * rather than after a wait that looks like a hang.
 */
export const DEFAULT_BOOKING_QUEUE_MS = 2_000
/** Requests per pooled connection that may wait (for the gate, or for a connection) before new ones are refused at once. */
export const QUEUE_PER_CONNECTION = 25
/**
 * PGlite: how long a new request may expect to wait for the one connection (the queries in front of it
 * at the mean time of one) before it is refused at once. A request makes a few queries, each waiting
 * its turn again: a few times this, never the 15 s after which clients give up.
 */
export const PGLITE_MAX_WAIT_MS = 2_000
/** PGlite: locking work that may wait for its turn (a test books 50 times at once: all wait, none is refused). */
export const PGLITE_WRITE_QUEUE = 200

/**
 * The gate of a PostgreSQL pool of `poolSize` connections: half of them for locking work. A newcomer is
 * admitted while the runs in front of it would take at most `admitWithinMs` at the mean time of one, else
 * refused at once (it used to queue for up to MAX_WAIT_MS, then be refused: 10 s for a 503).
 */
export function writeGateFor(poolSize: number, admitWithinMs: number = DEFAULT_BOOKING_QUEUE_MS): Gate {
  return new Gate(Math.max(1, Math.floor(poolSize / 2)), poolSize * QUEUE_PER_CONNECTION, MAX_WAIT_MS, undefined, admitWithinMs)
}

/**
 * PGlite's one connection, every query and transaction in its turn. It refuses nothing itself: start-up,
 * a seed or an import queue many queries at once and must not fail; requests are refused before they
 * begin (`isSaturated`), from the mean time its holders keep it.
 */
export function pgliteConnectionGate(): Gate {
  return new Gate(1, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)
}

/**
 * PGlite's locking work, one at a time: the others wait here, off the connection, so reads queue behind
 * at most one booking's transaction, never behind all the bookings waiting. A booking is admitted only
 * while the bookings in front of it would take at most `admitWithinMs` (BOOKING_QUEUE_MS) at the mean
 * time of one, else refused at once (503, Retry-After): at 50 clients they used to queue 9-11 s, admitted
 * up to MAX_WAIT_MS (BENCHMARKS.md, "A busy server as the user meets it"). One admitted still waits at
 * most MAX_WAIT_MS, for a mean that was too hopeful.
 */
export function pgliteWriteGate(admitWithinMs: number = DEFAULT_BOOKING_QUEUE_MS): Gate {
  return new Gate(1, PGLITE_WRITE_QUEUE, MAX_WAIT_MS, undefined, admitWithinMs)
}

const gates = new WeakMap<object, Gate>()

/** Puts `db` (the Kysely handle of a database) behind `gate`. */
export function guardWrites(db: object, gate: Gate): void {
  gates.set(db, gate)
}

/**
 * Runs work that takes practitioner-day locks through the gate of its database (none: at once, as for a
 * test's own Kysely handle). Call it outside the transaction (and its retries).
 */
export function lockingWork<T>(db: object, work: () => Promise<T>): Promise<T> {
  const gate = gates.get(db)
  return gate ? gate.run(work) : work()
}

/**
 * Whether a new request is refused at once: on PostgreSQL when so many wait for a pooled connection, on
 * PGlite when the queries queued for its one connection would keep it waiting past PGLITE_MAX_WAIT_MS.
 */
export function isSaturated(database: {
  readonly pool?: { readonly waitingCount: number; readonly options: { max?: number } } | undefined
  readonly connectionGate?: Gate | undefined
}): boolean {
  const { pool, connectionGate } = database
  if (pool) return pool.waitingCount >= (pool.options.max ?? 10) * QUEUE_PER_CONNECTION
  return connectionGate ? connectionGate.expectedWaitMs() > PGLITE_MAX_WAIT_MS : false
}
