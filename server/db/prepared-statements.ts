/**
 * Named prepared statements on the PostgreSQL server for the hot statements of a request (the
 * booking's): a text marked with `prepared()` is parsed once per pooled connection and, once
 * PostgreSQL settles on a generic plan, no longer planned on every call either (planning was most of
 * the database's time for the booking's small statements). The text runs as usual everywhere else:
 * PGlite, and the pg client for every unmarked text. Only fixed texts should be marked (at most
 * LIMIT; the rest run unnamed): each name lives on every connection until it closes.
 */
import { CompiledQuery, type QueryResult } from 'kysely'
import { createRequire } from 'node:module'
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

const deferrable = new Set<string>()

/**
 * Runs a marked text whose answer nobody reads (the transaction's locks, taken first): as the first
 * statement of a transaction it goes out with the next one, in the same write (BEGIN, it, the next
 * statement, one Sync: one round trip for two statements). The next statement still runs after it, on
 * a snapshot taken once its locks are held; an error of it is the next statement's error.
 */
export async function runDeferrable(db: DbOrTrx, text: string, parameters: readonly unknown[]): Promise<void> {
  deferrable.add(text)
  await runPrepared(db, text, parameters)
}

/** The name a marked text runs under (tests EXPLAIN EXECUTE it); undefined for an unmarked one. */
export function preparedName(text: string): string | undefined {
  return names.get(text)
}

/**
 * How often the tables' sizes are looked at. PostgreSQL keeps a statement's generic plan until the
 * statistics of its tables change (ANALYZE invalidates it by itself): one chosen while a table was small
 * (a sequential scan) stayed after a bulk insert made it large, 20-160 ms a booking instead of 2, until
 * autovacuum's ANALYZE. So every this long one query of the process reads the tables' live row counts
 * (pg_stat_user_tables: shared memory, no lock taken), and when a table doubled or halved since the
 * connections last planned, each of them plans again (DISCARD PLANS) before its next statement: the
 * plans follow the data whatever the statistics say. A table that did not move costs no planning: the
 * statements stay on their generic plans (discarding every 5 s whatever happened made a connection plan
 * its statements with their values nearly every time, ~2 ms a booking).
 */
export const REPLAN_AFTER_MS = 5_000

/** A table has moved when its rows doubled or halved, by at least this many (a few rows more is no new plan). */
const MOVED_BY_ROWS = 100

const ROW_COUNTS = 'SELECT relid::int8::text AS id, n_live_tup::int8::text AS n FROM pg_stat_user_tables'

/** The live row counts of one database's tables, checked at most every REPLAN_AFTER_MS for all its connections. */
export class TableSizes {
  /** Goes up by one each time a table moved: a connection that planned under an older one plans again. */
  generation = 0
  private counts: Map<string, number> | undefined
  private checkedAt = Number.NEGATIVE_INFINITY
  private checking = false

  /** Reads the counts with `read` (a query on a connection) unless they were read less than REPLAN_AFTER_MS ago. */
  check(now: number, read: (text: string) => Promise<{ rows: { id: string; n: string }[] }>): void {
    if (this.checking || now - this.checkedAt < REPLAN_AFTER_MS) return
    this.checking = true
    this.checkedAt = now
    read(ROW_COUNTS)
      .then(({ rows }) => this.update(new Map(rows.map((r) => [r.id, Number(r.n)]))))
      // A failed read (the connection's, which its statement reports; an aborted transaction) is tried again later.
      .catch(() => undefined)
      .finally(() => (this.checking = false))
  }

  /** Takes counts read now: a new generation when a table known before moved. */
  update(counts: Map<string, number>): void {
    const before = this.counts
    this.counts = counts
    if (!before) return
    for (const [id, n] of counts) {
      const was = before.get(id)
      if (was !== undefined && tableMoved(was, n)) {
        this.generation++
        return
      }
    }
    // Nothing moved: the counts the next check compares with stay those of the last plans, so slow growth adds up.
    this.counts = before
    for (const [id, n] of counts) if (!before.has(id)) before.set(id, n)
  }
}

/** Whether a table of `was` rows now of `now` rows may want another plan: doubled or halved, by MOVED_BY_ROWS at least. */
export function tableMoved(was: number, now: number): boolean {
  return Math.abs(now - was) >= MOVED_BY_ROWS && (now >= 2 * was || was >= 2 * now)
}

/** One watch per database (host, port, name): the connections of every pool on it share it. */
const watches = new Map<string, TableSizes>()
function watchOf(client: pg.Client): TableSizes {
  const key = `${client.host}:${client.port}/${client.database ?? ''}`
  let watch = watches.get(key)
  if (!watch) watches.set(key, (watch = new TableSizes()))
  return watch
}

/** The pool's client: a marked text goes out with its name (kysely calls query(text, values)). */
export class PreparingClient extends pg.Client {
  /** the generation of the table sizes this connection's cached plans were made under */
  plannedUnder: number | undefined
  /** A transaction's BEGIN not sent yet: it goes out with the transaction's first statement. */
  beginPending = false
  /** A deferrable statement (runDeferrable) held with the BEGIN: it goes out with the statement after it. */
  ahead: Statement | undefined = undefined
}

interface Statement {
  name: string
  values: unknown[]
}

/** pg's mapping of a parameter to its text (what pg's own Bind uses; not in @types/pg). */
const prepareValue: (value: unknown) => unknown = createRequire(import.meta.url)('pg/lib/utils.js').prepareValue

/** kysely's BEGIN, COMMIT and ROLLBACK (PostgresDriver: compiled raw, no parameters). */
const BEGIN = 'begin'
const ENDS = new Set(['commit', 'rollback'])

/** What pg answers for a BEGIN (kysely reads command, rowCount and rows). */
const begun = (): pg.QueryResult => ({ command: 'BEGIN', rowCount: null, rows: [], fields: [], oid: 0 })

/**
 * A prepared statement sent with the BEGIN of its transaction in front of it, in one write and one
 * answer (extended protocol: Parse/Bind/Execute of BEGIN, then the statement's Bind/Describe/Execute and
 * one Sync; a BEGIN in the implicit transaction of a pipeline opens the transaction block, which the
 * Sync leaves open). Without it a transaction's BEGIN was a round trip of its own: a booking's five
 * became four (the socket writes, wake-ups and reads on both sides, and pg's and kysely's plumbing of one
 * statement). A deferred statement (runDeferrable: the booking's locks) goes between the two, and
 * a booking's four became three. Only for statements already parsed on the connection: the BEGIN's
 * ParseComplete is booked by pg to the active query's name, which is then true already.
 */
/** pg's own prepare (Parse unless parsed, Bind, Describe, Execute, Sync): not in @types/pg. */
const prepareStatement: (this: pg.Query, connection: unknown) => void = Reflect.get(pg.Query.prototype, 'prepare')

class BegunQuery extends pg.Query {
  /** A parsed statement sent between the BEGIN and this one (its answer comes before this one's). */
  ahead: Statement | undefined

  prepare(connection: unknown): void {
    const c = connection as { parse(q: object): void; bind(q: object): void; describe(q: object): void; execute(q: object): void }
    c.parse({ text: 'BEGIN', name: '' })
    c.bind({ portal: '', statement: '', values: [] })
    c.execute({ portal: '', rows: 0 })
    if (this.ahead) {
      c.bind({ portal: '', statement: this.ahead.name, values: this.ahead.values, valueMapper: prepareValue })
      // Described, so that its rows come under their own fields (pg keeps one result per statement).
      c.describe({ type: 'P', name: '' })
      c.execute({ portal: '', rows: 0 })
    }
    prepareStatement.call(this, connection)
  }
}

/** Sends `statement` on `client` with the BEGIN (and a deferred statement) in front of it; answers its own result. */
function sendBegun(client: PreparingClient, statement: { name: string; text: string; values: unknown[] }, ahead: Statement | undefined): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const query = new BegunQuery(statement, undefined, (err: Error | undefined, result: unknown) => {
      if (err) reject(err)
      // The BEGIN's result (and the deferred statement's) first, then the statement's.
      else resolve(Array.isArray(result) ? result[result.length - 1] : result)
    })
    query.ahead = ahead
    Reflect.apply(plainQuery, client, [query])
  })
}

const plainQuery = pg.Client.prototype.query
Object.defineProperty(PreparingClient.prototype, 'query', {
  value(this: PreparingClient, ...args: unknown[]) {
    const [text, values] = args
    const plain = typeof text === 'string' && args.length <= 2 && (values === undefined || (Array.isArray(values) && values.length === 0))
    // The BEGIN waits for the transaction's first statement; an empty transaction sends nothing at all.
    if (plain && text === BEGIN && !this.beginPending) {
      this.beginPending = true
      return Promise.resolve(begun())
    }
    if (this.beginPending && plain && ENDS.has(text)) {
      // Nothing sent yet: a deferred lock alone, released at once, is nothing anyone could see either.
      this.beginPending = false
      this.ahead = undefined
      return Promise.resolve({ ...begun(), command: text.toUpperCase() })
    }
    const name = typeof text === 'string' && args.length <= 2 ? names.get(text) : undefined
    if (name) {
      const watch = watchOf(this)
      if (this.plannedUnder === undefined) this.plannedUnder = watch.generation
      else if (this.plannedUnder !== watch.generation) {
        this.plannedUnder = watch.generation
        // Queued ahead of the statement on this connection (in a transaction too: DISCARD PLANS may run
        // there). Its failure can only be that of the connection, which the statement reports.
        ;(Reflect.apply(plainQuery, this, ['DISCARD PLANS']) as Promise<unknown>).catch(() => undefined)
      }
      // Read on this connection ahead of the statement, once every REPLAN_AFTER_MS for all of them.
      watch.check(Date.now(), (sizes) => Reflect.apply(plainQuery, this, [sizes]) as Promise<{ rows: { id: string; n: string }[] }>)
    }
    if (this.beginPending) {
      // pg's record of the statements parsed on this connection (not in @types/pg).
      const parsed: Record<string, string> | undefined = Reflect.get(Reflect.get(this, 'connection') ?? {}, 'parsedStatements')
      // Should a pg release lose either internal, the BEGIN goes out on its own as it used to.
      const pipelined = name !== undefined && typeof text === 'string' && typeof prepareStatement === 'function' && parsed?.[name] === text
      if (pipelined && !this.ahead && deferrable.has(text)) {
        // Held until the transaction's next statement (its answer is read by nobody).
        this.ahead = { name, values: values as unknown[] }
        return Promise.resolve({ ...begun(), command: 'SELECT' })
      }
      this.beginPending = false
      const ahead = this.ahead
      this.ahead = undefined
      if (pipelined) return sendBegun(this, { name, text, values: values as unknown[] }, ahead)
      // Anything else (a statement not parsed here yet, an unmarked one): the BEGIN (and a deferred
      // statement) first, as before, and the statement once answered (pg deprecates a query sent while
      // one is under way).
      const begin = ahead ? sendBegun(this, { ...ahead, text: parsed![ahead.name] }, undefined) : (Reflect.apply(plainQuery, this, [BEGIN]) as Promise<unknown>)
      return begin.then(() => Reflect.apply(plainQuery, this, name ? [{ name, text, values }] : args))
    }
    return Reflect.apply(plainQuery, this, name ? [{ name, text, values }] : args)
  },
})
