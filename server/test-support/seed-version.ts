/**
 * The version of a migrated and seeded test database: the content of the migrations and seeds (and of
 * what they import from server/commerce and the password hashing), and the hour. Seeds place
 * appointments relative to now: days ahead in London, and one 2 to 46 hours ahead (the demo's
 * late-cancellation case, withinLatePeriod). A new hour, a new version: a template of the morning
 * would give the afternoon's tests that appointment in the past, and one of 22:30 UTC in summer would
 * give 23:30's tests (already tomorrow in London) every seeded day one day off.
 * Names the test database template (test-database.ts) and the servers' seeded snapshot (seededSnapshotStem).
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..', '..')

/** Where the test databases' files live (never committed: node_modules is not). */
export const TEST_CACHE_DIR = join(root, 'node_modules', '.cache', 'clinic-server-tests')

export function seedVersion(): string {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir).sort()) {
      const full = join(dir, entry)
      if (statSync(full).isDirectory()) walk(full)
      else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) hash.update(entry).update(readFileSync(full))
    }
  }
  for (const dir of ['server/db', 'server/seed', 'server/commerce', 'server/accounts/password.ts']) {
    const full = join(root, dir)
    if (existsSync(full) && statSync(full).isFile()) hash.update(readFileSync(full))
    else walk(full)
  }
  hash.update(new Date().toISOString().slice(0, 13))
  return hash.digest('hex').slice(0, 16)
}

/**
 * PGLITE_SEEDED_SNAPSHOT of a test server (server/db/seeded-snapshot.ts): the stem of its migrated and
 * seeded data directory's file, made by the run's first start of this version. Files of other versions
 * (~45 MB each) go once an hour old: a run that started in the previous hour may still be reading its
 * own (a server that finds its file gone migrates and seeds itself).
 */
export function seededSnapshotStem(): string {
  const stem = join(TEST_CACHE_DIR, `seeded-${seedVersion()}`)
  if (existsSync(TEST_CACHE_DIR)) {
    for (const name of readdirSync(TEST_CACHE_DIR)) {
      const full = join(TEST_CACHE_DIR, name)
      if (name.startsWith('seeded-') && !full.startsWith(stem) && Date.now() - (statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 3_600_000) rmSync(full, { force: true })
    }
  }
  return stem
}
