/**
 * The one SQL layer: kysely over PGlite (embedded default) or a PostgreSQL server (`pg` Pool when
 * DATABASE_URL is set). Same SQL, same migrations on both.
 */
import { lockDataDir } from './data-dir-lock'
import { guardWrites, pgliteConnectionGate, pgliteWriteGate, writeGateFor, type Gate } from './admission'
import type { PGlite } from '@electric-sql/pglite'
import { Kysely, Migrator, PostgresDialect, sql, type QueryExecutorProvider } from 'kysely'
import pg from 'pg'
import { migrationProvider } from './migrations'
import { PreparingClient } from './prepared-statements'
import type { CoreTables, Db } from './schema'

export interface DatabaseOptions {
  /** postgres://... : use the PostgreSQL server. */
  databaseUrl?: string
  /** PGlite data directory; 'memory://' (or undefined) keeps it in memory. */
  dataDir?: string
  /** PGlite: start from this dump (test clones). */
  loadDataDir?: Blob
  /** PostgreSQL: search_path of every pooled connection (test isolation by schema). */
  searchPath?: string
  /** PostgreSQL pool size (default 10). */
  poolSize?: number
  /** PostgreSQL: told of a pooled connection the server dropped (restart, failover, terminated backend). */
  onConnectionLost?: (error: Error) => void
  /** A booking, hold or move is refused at once when those in front of it would take longer (ms; BOOKING_QUEUE_MS, default 2 s). */
  bookingQueueMs?: number
}

/**
 * How a database a server opens itself starts (buildServer's `start`): from a PGlite dump, and
 * `migrated`, told once it is migrated and seeded, before the start stores anything of its own (its JWT
 * secret). The test servers' seeded snapshot (server/db/seeded-snapshot.ts) is one.
 */
export interface DatabaseStart {
  loadDataDir?: Blob
  migrated?: (database: Database) => Promise<void>
}

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** The PGlite instance (embedded driver only). */
  lite?: PGlite
  /** The pg Pool (PostgreSQL driver only): LISTEN/NOTIFY users take a client from it. */
  pool?: pg.Pool
  /** The queue in front of PGlite's one connection (embedded driver only): how long a new request would wait. */
  connectionGate?: Gate
  close(): Promise<void>
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const max = options.poolSize ?? 10
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max,
      // A server that is away (or a pool that stays busy past the bounded queue of server/db/admission.ts)
      // answers requests with 503 after this long instead of leaving them hanging.
      connectionTimeoutMillis: 5_000,
      // Notice a connection that died with its server (failover) instead of waiting on it.
      keepAlive: true,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
      // Runs the texts marked prepared() as named statements (server/db/prepared-statements.ts).
      Client: PreparingClient,
    })
    // A dropped connection must never end the process: an idle one is an 'error' of the pool, a
    // checked-out one between two queries (a transaction's client) an 'error' of the client; the
    // queries on it fail on their own (503, see isDatabaseUnavailable) and the pool opens new ones.
    pool.on('connect', (client) => client.on('error', (error: Error) => options.onConnectionLost?.(error)))
    // The pool re-emits an idle client's error (told above already): without a listener it would throw.
    pool.on('error', () => undefined)
    const db = new Kysely<CoreTables>({ dialect: new PostgresDialect({ pool }) })
    // Bookings waiting for a practitioner's day take at most half of the connections, and queue only while
    // those in front would take at most bookingQueueMs: past it, a 503 at once (issue 31).
    guardWrites(db, writeGateFor(max, options.bookingQueueMs))
    return { db, kind: 'postgres', pool, close: () => db.destroy() }
  }
  // One server per data directory: a second one on the same files would lose data.
  const lock = options.dataDir && options.dataDir !== 'memory://' ? lockDataDir(options.dataDir) : undefined
  try {
    // Imported only here: a server on PostgreSQL never loads PGlite (its module and WASM, ~20 MB).
    const { openPGlite, pgliteDialect } = await import('./pglite')
    const lite = await openPGlite(options)
    const connectionGate = pgliteConnectionGate()
    const db = new Kysely<CoreTables>({ dialect: pgliteDialect(lite, { gate: connectionGate }) })
    // Bookings one at a time off the connection: reads wait behind one booking at most (issue 31).
    guardWrites(db, pgliteWriteGate(options.bookingQueueMs))
    return {
      db,
      kind: 'pglite',
      lite,
      connectionGate,
      close: async () => {
        try {
          await db.destroy()
        } finally {
          lock?.release()
        }
      },
    }
  } catch (error) {
    lock?.release()
    throw error
  }
}

/**
 * SQLSTATEs and driver errors that mean "the database server cannot take us right now", not "the request
 * is wrong": the network (E...), class 08 (connection exception, below), the server shutting down or
 * starting (57P01-57P03), an idle or session timeout that ended the connection (57P05), too many
 * connections or another resource limit (class 53).
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '57P05'])
const UNAVAILABLE_CLASSES = ['08', '53']
/**
 * SQLSTATE 55000 (object not in prerequisite state) is also what PostgreSQL answers a connection to a
 * database closed to connections (ALTER DATABASE ... ALLOW_CONNECTIONS false: maintenance, a restore);
 * only that message of it means "away", the others are mistakes of ours (a 500).
 */
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections/i
const UNAVAILABLE_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|not queryable/i

/** True when an error (or one of its causes) says the database server cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 10; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_CLASSES.includes(code.slice(0, 2)))) return true
    if (code === '55000' && typeof message === 'string' && NOT_ACCEPTING_CONNECTIONS.test(message)) return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true
    current = cause
  }
  return false
}

/**
 * Runs `work` (migrations, the demo seed) while holding a PostgreSQL advisory lock, so that instances
 * started together on an empty database do it one after the other: the second waits, then finds it
 * done. On PGlite the data-directory lock already keeps a second process out.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (!database.pool) return work()
  // A session lock on a connection of its own (migrations use others); it ends with that connection.
  const client = await database.pool.connect()
  let broken: Error | undefined
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY])
    try {
      return await work()
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch((error: Error) => (broken = error))
    }
  } catch (error) {
    broken = error as Error
    throw error
  } finally {
    client.release(broken)
  }
}

/** The advisory lock key of start-up work ('clinic-startup' folded into a bigint). */
const STARTUP_LOCK_KEY = '7236155837417305412'

function migratorOf(db: Db, options: { schema?: string }): Migrator {
  return new Migrator({
    db,
    provider: migrationProvider,
    allowUnorderedMigrations: true,
    // With a search_path per test schema the migration tables must be named in that schema.
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  })
}

/**
 * True when every migration of the list is recorded as applied: two small reads. Kysely's Migrator
 * introspects every table and column of the database before it looks (0.3-0.5 s of a warm start on
 * PGlite, for the answer "nothing to do"); it runs only when this is false.
 */
async function allApplied(db: Db, options: { schema?: string }): Promise<boolean> {
  const table = options.schema ? `${options.schema}.kysely_migration` : 'kysely_migration'
  const { rows } = await sql<{ found: string | null }>`SELECT to_regclass(${table})::text AS found`.execute(db)
  if (!rows[0]?.found) return false
  const applied = await sql<{ name: string }>`SELECT name FROM ${sql.table(table)}`.execute(db)
  const names = new Set(applied.rows.map((r) => r.name))
  return Object.keys(await migrationProvider.getMigrations()).every((name) => names.has(name))
}

/** The names of the migrations not applied to this database yet, in run order. */
export async function pendingMigrations(db: Db, options: { schema?: string } = {}): Promise<string[]> {
  if (await allApplied(db, options)) return []
  const migrations = await migratorOf(db, options).getMigrations()
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name)
}

/** Runs every pending migration and answers the names of those that ran; throws with the failing migration's error. */
export async function migrate(db: Db, options: { schema?: string } = {}): Promise<string[]> {
  if (await allApplied(db, options)) return []
  const { error, results } = await migratorOf(db, options).migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')
    // No migration ran (the database could not be reached): the cause itself is the message.
    if (!failed) throw error
    throw new Error(`Migration ${failed?.migrationName ?? '?'} failed: ${String((error as Error).message ?? error)}`, { cause: error })
  }
  const ran = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
  if (ran.length > 0) await refreshStatistics(db)
  return ran
}

/**
 * ANALYZE after a bulk write of ours (migrations, the seed, a setup applied, a restore): the planner's
 * statistics describe the tables as they are now, and every connection's cached plans of the tables
 * are invalidated (a plan chosen while a table was small scanned all of it once it was not, until
 * autovacuum's ANALYZE came round). Table by table as the search_path finds them (a test schema).
 */
export async function refreshStatistics(db: QueryExecutorProvider): Promise<void> {
  // A bare ANALYZE would take every schema of the database (the other test schemas too).
  const { rows } = await sql<{ name: string }>`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema()`.execute(db)
  if (rows.length > 0) await sql.raw(`ANALYZE ${rows.map((r) => r.name).join(', ')}`).execute(db)
}
