/**
 * The one SQL layer: kysely over PGlite (embedded default) or a PostgreSQL server (`pg` Pool when
 * DATABASE_URL is set). Same SQL, same migrations on both.
 */
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { Kysely, Migrator, PostgresDialect } from 'kysely'
import pg from 'pg'
import { migrationProvider } from './migrations'
import { pgliteDialect } from './pglite-dialect'
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
}

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** The PGlite instance (embedded driver only). */
  lite?: PGlite
  /** The pg Pool (PostgreSQL driver only): LISTEN/NOTIFY users take a client from it. */
  pool?: pg.Pool
  close(): Promise<void>
}

export async function openPGlite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined
  const extensions = { btree_gist }
  if (!dataDir) return PGlite.create({ ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}), extensions })
  mkdirSync(dataDir, { recursive: true })
  // A fresh data directory: PGlite itself runs initdb in memory and copies the result to disk (a
  // separate in-memory instance here would only add a second cold start, ~0.7 s of CPU).
  return PGlite.create({ dataDir, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}), extensions })
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    })
    const db = new Kysely<CoreTables>({ dialect: new PostgresDialect({ pool }) })
    return { db, kind: 'postgres', pool, close: () => db.destroy() }
  }
  const lite = await openPGlite(options)
  const db = new Kysely<CoreTables>({ dialect: pgliteDialect(lite) })
  return { db, kind: 'pglite', lite, close: () => db.destroy() }
}

/** Runs every pending migration; throws with the failing migration's error. */
export async function migrate(db: Db, options: { schema?: string } = {}): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    allowUnorderedMigrations: true,
    // With a search_path per test schema the migration tables must be named in that schema.
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')
    // No migration ran (the database could not be reached): the cause itself is the message.
    if (!failed) throw error
    throw new Error(`Migration ${failed?.migrationName ?? '?'} failed: ${String((error as Error).message ?? error)}`, { cause: error })
  }
}
