/**
 * A kysely Dialect over PGlite (embedded WASM PostgreSQL). PGlite has ONE connection: the driver
 * hands it out to one holder at a time (a FIFO gate of one slot, server/db/admission.ts), so a transaction (BEGIN..COMMIT) never
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
import { pgliteConnectionGate, type Gate } from './admission'

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

const queues = new WeakMap<PGlite, Gate>()

/** PGlite's one connection: whether a holder has it and how many wait for it (metrics). */
export function pgliteQueue(lite: PGlite): { inUse: number; waiting: number } {
  const gate = queues.get(lite)
  return { inUse: gate?.running ?? 0, waiting: gate?.queued ?? 0 }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection
  private release: (() => void) | undefined

  constructor(
    private readonly lite: PGlite,
    private readonly closeOnDestroy: boolean,
    private readonly gate: Gate,
  ) {
    this.connection = new PGliteConnection(lite)
    queues.set(lite, gate)
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.gate.enter()
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

/** `gate`: the queue in front of the one connection (server/db/admission.ts), a new one if not given. */
export function pgliteDialect(lite: PGlite, options: { closeOnDestroy?: boolean; gate?: Gate } = {}): Dialect {
  const gate = options.gate ?? pgliteConnectionGate()
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PGliteDriver(lite, options.closeOnDestroy ?? true, gate),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  }
}
