/**
 * A fresh, migrated and seeded database per test file.
 * - PGlite (default): ONE template is built per machine and source version (migrations + seeds),
 *   dumped to node_modules/.cache, and every test file loads a clone of it (~0.7 s instead of a
 *   cold start plus migrations). A lock directory makes parallel workers build it once.
 * - PostgreSQL (TEST_DATABASE_URL set, `npm run test:pg`): a database per test file on that server,
 *   cloned from a template built once per run and source version (`<run database>_tpl_<version>`),
 *   dropped at the end; files run in parallel without seeing each other. Every database this makes
 *   is named after the URL's database, so `npm run test:pg` drops what a crashed worker left.
 * Seeded tenants: 'demo' and 'other' (same catalogue, ids derived from the name).
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { migrate, openDatabase, type Database } from '../db/database'
import { MAX_WAIT_MS } from '../db/admission'
import { openPGlite } from '../db/pglite'
import { pgliteDialect } from '../db/pglite-dialect'
import { Kysely, sql } from 'kysely'
import type { CoreTables, Db } from '../db/schema'
import { seeds } from '../seed'
import { writeFileAtomic } from '../write-file-atomic'
import { initdbSnapshotPath } from './initdb-snapshot'
import { seedVersion, TEST_CACHE_DIR } from './seed-version'

export const TEST_TENANTS = ['demo', 'other'] as const

export interface TestDatabase extends Database {
  /** closes and removes what the file created */
  cleanup(): Promise<void>
  /**
   * Another handle on the same data, as a second server instance has (PostgreSQL: its own pool;
   * PGlite, which has one connection: this same database, with a close that leaves it open).
   */
  openAnother(): Promise<Database>
  /** PostgreSQL: the URL of the file's own database (pg_dump of it, a server process on it) */
  url?: string
}

async function seedAll(db: Db): Promise<void> {
  for (const tenant of TEST_TENANTS) {
    await db.transaction().execute(async (trx) => {
      for (const seed of seeds) await seed(trx, tenant)
    })
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function templateDump(): Promise<Blob> {
  const dir = TEST_CACHE_DIR
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `template-${seedVersion()}.tar`)
  const lock = `${file}.lock`
  for (let waited = 0; !existsSync(file); waited += 100) {
    try {
      mkdirSync(lock)
    } catch {
      // Another worker builds it; take over a lock left by a crashed one.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true })
      if (waited > 120_000) throw new Error(`Timed out waiting for the test database template (${lock})`)
      await sleep(100)
      continue
    }
    try {
      const lite = await openPGlite({ initdbSnapshot: initdbSnapshotPath() })
      const db = new Kysely<CoreTables>({ dialect: pgliteDialect(lite) })
      await migrate(db)
      await seedAll(db)
      await writeFileAtomic(file, await lite.dumpDataDir('none'))
      await db.destroy()
      // Old templates are of no further use.
      for (const old of readdirSync(dir)) if (old.startsWith('template-') && join(dir, old) !== file && !old.endsWith('.lock')) rmSync(join(dir, old), { force: true })
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
  }
  return new Blob([readFileSync(file)])
}

/** The database of a URL, at most 32 characters: what this run's database names start with. */
function baseName(url: string): string {
  return new URL(url).pathname.replace(/^\//, '').slice(0, 32) || 'postgres'
}

/**
 * Creates `name` as a clone of the run's migrated and seeded template database, which the first file
 * to ask builds (once per source version): a clone takes a fraction of a second where the migrations
 * and seeds take seconds a file. One advisory lock per run covers the build, the clone and the removal
 * of an older template (the hour changed), so no file clones a template another is dropping.
 */
async function cloneTemplate(admin: pg.Client, url: string, base: string, name: string): Promise<void> {
  const template = `${base}_tpl_${seedVersion()}`
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [base])
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])
    if (!exists.rowCount) {
      const building = `${base}_bld_${randomBytes(4).toString('hex')}`
      await admin.query(`CREATE DATABASE ${building}`)
      const buildUrl = new URL(url)
      buildUrl.pathname = `/${building}`
      const database = await openDatabase({ databaseUrl: buildUrl.toString(), poolSize: 2 })
      try {
        await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(database.db)
        await migrate(database.db)
        await seedAll(database.db)
      } finally {
        await database.close()
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`)
      const old = await admin.query<{ name: string }>('SELECT datname AS name FROM pg_database WHERE datname LIKE $1 AND datname <> $2', [`${base}\\_tpl\\_%`, template])
      for (const row of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.name}`)
    }
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [base])
  }
}

/** A database of the file's own on the test server, cloned from the run's template; dropped at cleanup. */
async function postgresDatabase(url: string): Promise<TestDatabase> {
  const base = baseName(url)
  const name = `${base}_f${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await cloneTemplate(admin, url, base, name)
  } finally {
    await admin.end()
  }
  const fileUrl = new URL(url)
  fileUrl.pathname = `/${name}`
  // As on PGlite below: 50 bookings of one slot at once on a loaded machine each wait their turn, not
  // refused for a queue of 2 s (server/booking/early-shedding.process.test.ts tests the 2 s default).
  const database = await openDatabase({ databaseUrl: fileUrl.toString(), poolSize: 20, bookingQueueMs: MAX_WAIT_MS })
  const others: Database[] = []
  return {
    ...database,
    url: fileUrl.toString(),
    async openAnother() {
      const another = await openDatabase({ databaseUrl: fileUrl.toString(), poolSize: 20, bookingQueueMs: MAX_WAIT_MS })
      others.push(another)
      return another
    },
    async cleanup() {
      await database.close()
      for (const another of others) await another.close().catch(() => undefined)
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL
  if (url) return postgresDatabase(url)
  // In-process tests send many bookings at once (50 of one slot) on a loaded machine: each waits its turn,
  // as on PostgreSQL, rather than being refused for a queue of a few seconds (admission.test.ts tests that).
  const database = await openDatabase({ loadDataDir: await templateDump(), bookingQueueMs: MAX_WAIT_MS })
  return { ...database, cleanup: () => database.close(), openAnother: async () => ({ ...database, close: async () => undefined }) }
}
