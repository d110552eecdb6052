/**
 * A kysely Dialect over PGlite (embedded WASM PostgreSQL). PGlite has ONE connection: the driver
 * hands it out to one holder at a time (a FIFO mutex), so a transaction (BEGIN..COMMIT) never
 * interleaves with another request's queries.
 */
import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly lite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.lite.query<R>(query.sql, query.parameters as unknown[])
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite driver: streaming is not supported')
  }
}

/** A FIFO mutex: `acquire()` resolves with the release function once every earlier holder released. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve()
  /** The holder plus those waiting (read by the metrics). */
  pending = 0

  acquire(): Promise<() => void> {
    let release!: () => void
    const next = new Promise<void>((resolve) => (release = resolve))
    const previous = this.tail
    this.tail = previous.then(() => next)
    this.pending++
    return previous.then(() => () => {
      this.pending--
      release()
    })
  }
}

const queues = new WeakMap<PGlite, Mutex>()

/** PGlite's one connection: whether a holder has it and how many wait for it (metrics). */
export function pgliteQueue(lite: PGlite): { inUse: number; waiting: number } {
  const pending = queues.get(lite)?.pending ?? 0
  return { inUse: Math.min(pending, 1), waiting: Math.max(pending - 1, 0) }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex()
  private readonly connection: PGliteConnection
  private release: (() => void) | undefined

  constructor(
    private readonly lite: PGlite,
    private readonly closeOnDestroy: boolean,
  ) {
    this.connection = new PGliteConnection(lite)
    queues.set(lite, this.mutex)
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.mutex.acquire()
    return this.connection
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` ISOLATION LEVEL ${settings.isolationLevel.toUpperCase()}` : ''
    await connection.executeQuery(CompiledQuery.raw(`BEGIN${isolation}`))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'))
  }

  async releaseConnection(): Promise<void> {
    const release = this.release
    this.release = undefined
    release?.()
  }

  async destroy(): Promise<void> {
    if (this.closeOnDestroy && !this.lite.closed) await this.lite.close()
  }
}

export function pgliteDialect(lite: PGlite, options: { closeOnDestroy?: boolean } = {}): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PGliteDriver(lite, options.closeOnDestroy ?? true),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  }
}
