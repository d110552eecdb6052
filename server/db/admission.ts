/**
 * Issue 31: under load no request is left waiting. Two bounds in front of the PostgreSQL pool:
 * - Locking work (a booking, a hold, a move: transactions that wait for practitioner-day locks while
 *   holding a pooled connection) gets at most half of the pool (`WriteGate`); the others wait here,
 *   without a connection, so reads always find one (they used to starve behind bookings queued on
 *   one practitioner's day, 15 s and a 503 for reads and bookings alike).
 * - Past a bounded queue (the gate's, or requests waiting for a connection: `isSaturated`) a request
 *   is refused at once with 503 and Retry-After (`DatabaseBusy`); locking work that waited its turn
 *   for MAX_WAIT_MS (10 s) is refused too, and a read waits for a connection at most the pool's 5 s: never
 *   the 15 s after which clients had given up. A burst that drains quickly is served, not refused.
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
 * most `maxWaitMs`: beyond either, DatabaseBusy (at once when the queue is full).
 */
export class WriteGate {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    readonly slots: number,
    readonly maxWaiting: number,
    readonly maxWaitMs: number,
  ) {}

  get queued(): number {
    return this.waiting.length
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.slots) this.active++
    else await this.turn()
    try {
      return await work()
    } finally {
      // The slot goes to the next in line (active stays counted), else it is free.
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }

  private turn(): Promise<void> {
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(new DatabaseBusy())
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(go), 1)
        reject(new DatabaseBusy())
      }, this.maxWaitMs)
      this.waiting.push(go)
    })
  }
}

/** How long locking work may wait for its turn before it is refused (503, Retry-After). */
export const MAX_WAIT_MS = 10_000
/** Requests per pooled connection that may wait (for the gate, or for a connection) before new ones are refused at once. */
export const QUEUE_PER_CONNECTION = 25

/** The gate of a PostgreSQL pool of `poolSize` connections: half of them for locking work. */
export function writeGateFor(poolSize: number): WriteGate {
  return new WriteGate(Math.max(1, Math.floor(poolSize / 2)), poolSize * QUEUE_PER_CONNECTION, MAX_WAIT_MS)
}

const gates = new WeakMap<object, WriteGate>()

/** Puts `db` (the Kysely handle of a pool) behind `gate`. */
export function guardWrites(db: object, gate: WriteGate): void {
  gates.set(db, gate)
}

/**
 * Runs work that takes practitioner-day locks through the gate of its database (PGlite has none: one
 * connection, one transaction at a time already). Call it outside the transaction (and its retries).
 */
export function lockingWork<T>(db: object, work: () => Promise<T>): Promise<T> {
  const gate = gates.get(db)
  return gate ? gate.run(work) : work()
}

/** Whether so many requests wait for a pooled connection that a new one is refused at once. */
export function isSaturated(pool: { readonly waitingCount: number; readonly options: { max?: number } } | undefined): boolean {
  if (!pool) return false
  return pool.waitingCount >= (pool.options.max ?? 10) * QUEUE_PER_CONNECTION
}
