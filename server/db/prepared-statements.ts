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

/** The pool's client: a marked text goes out with its name (kysely calls query(text, values)). */
export class PreparingClient extends pg.Client {}

const plainQuery = pg.Client.prototype.query
Object.defineProperty(PreparingClient.prototype, 'query', {
  value(this: pg.Client, ...args: unknown[]) {
    const [text, values] = args
    const name = typeof text === 'string' && args.length <= 2 ? names.get(text) : undefined
    return Reflect.apply(plainQuery, this, name ? [{ name, text, values }] : args)
  },
})
