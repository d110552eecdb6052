/**
 * Named prepared statements on the PostgreSQL server for the hot statements of a request (the
 * booking's): a text marked with `prepared()` is parsed once per pooled connection and, once
 * PostgreSQL settles on a generic plan, no longer planned on every call either (planning was most of
 * the database's time for the booking's small statements). The text runs as usual everywhere else:
 * PGlite, and the pg client for every unmarked text. Only fixed texts should be marked (at most
 * LIMIT; the rest run unnamed): each name lives on every connection until it closes.
 */
import { CompiledQuery, type QueryResult } from 'kysely'
import pg from 'pg'
import type { DbOrTrx } from './schema'

const names = new Map<string, string>()
const LIMIT = 200

/** Marks `text` to run as a named prepared statement on the PostgreSQL server; returns it. */
export function prepared(text: string): string {
  if (!names.has(text) && names.size < LIMIT) names.set(text, `prepared_${names.size}`)
  return text
}

/**
 * Runs a marked text with its parameters ($1, $2...) on a handle or in a transaction. Only for
 * statements whose best plan does not depend on the values (keys, primary-key joins): after five
 * calls PostgreSQL may keep one generic plan, and for a count over a skewed column (a customer's
 * holds) that plan scanned every live hold or the whole table.
 */
export function runPrepared<R>(db: DbOrTrx, text: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
  return db.executeQuery<R>(CompiledQuery.raw(prepared(text), [...parameters]))
}

/** Runs a fixed text unnamed (planned with its values on every call), without kysely's compile. */
export function runText<R>(db: DbOrTrx, text: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
  return db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))
}

/** The name a marked text runs under (tests EXPLAIN EXECUTE it); undefined for an unmarked one. */
export function preparedName(text: string): string | undefined {
  return names.get(text)
}

/**
 * How long a connection keeps its plans of the marked statements. PostgreSQL keeps a statement's
 * generic plan until the statistics of its tables change (ANALYZE): one chosen while a table was small
 * (a sequential scan) stayed after a bulk insert made it large, 20-160 ms a booking instead of 2, until
 * autovacuum's ANALYZE. Planned again (DISCARD PLANS) at most this long after, with the tables' real
 * sizes, the plans follow the data whatever the statistics say; the cost is a few plannings a while.
 */
export const REPLAN_AFTER_MS = 5_000

/** The pool's client: a marked text goes out with its name (kysely calls query(text, values)). */
export class PreparingClient extends pg.Client {
  /** when this connection's cached plans were last discarded (or first used) */
  plannedAt: number | undefined
}

const plainQuery = pg.Client.prototype.query
Object.defineProperty(PreparingClient.prototype, 'query', {
  value(this: PreparingClient, ...args: unknown[]) {
    const [text, values] = args
    const name = typeof text === 'string' && args.length <= 2 ? names.get(text) : undefined
    if (name) {
      const now = Date.now()
      if (this.plannedAt === undefined) this.plannedAt = now
      else if (now - this.plannedAt >= REPLAN_AFTER_MS) {
        this.plannedAt = now
        // Queued ahead of the statement on this connection (in a transaction too: DISCARD PLANS may run
        // there). Its failure can only be that of the connection, which the statement reports.
        ;(Reflect.apply(plainQuery, this, ['DISCARD PLANS']) as Promise<unknown>).catch(() => undefined)
      }
    }
    return Reflect.apply(plainQuery, this, name ? [{ name, text, values }] : args)
  },
})
