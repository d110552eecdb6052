/**
 * For test servers started many times on an in-memory database (the browser suite's scenario servers,
 * the CLI's and the process tests'): a file holding PGlite's data directory after the migrations and
 * the demo seed. A start loads it (~1.8 s of CPU at load 12) instead of running the ~157 migrations and
 * the seed (~4.8 s: 3.8 + 1.0; BENCHMARKS.md, "CI time, servers from a seeded snapshot"); the first
 * start without it writes it.
 *
 * PGLITE_SEEDED_SNAPSHOT names the file's stem, never set in production: the test support
 * (server/test-support/seed-version.ts) puts the content hash of the migrations and seeds and the hour
 * in it (seeds place appointments relative to now), so that a change or a new hour makes a new file.
 * The start adds what it seeds (a tenant, or nothing), the only setting the seeds read. A server process
 * (server/main.ts) reads it and passes seededSnapshotStart to buildServer; buildServer knows nothing of it.
 */
import { readFileSync } from 'node:fs'
import type { PGlite } from '@electric-sql/pglite'
import type { ServerConfig } from '../config'
import { writeFileAtomic } from '../write-file-atomic'
import type { DatabaseStart } from './database'

/** The snapshot file of a start on an in-memory database; undefined without PGLITE_SEEDED_SNAPSHOT. */
export function seededSnapshotFile(seededTenant: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const stem = env.PGLITE_SEEDED_SNAPSHOT
  return stem ? `${stem}-${seededTenant ? `seed-${seededTenant}` : 'unseeded'}.tar` : undefined
}

/** The snapshot's contents, or undefined when no start wrote it yet (or another run removed it). */
export function loadSeededSnapshot(file: string): Blob | undefined {
  try {
    return new Blob([readFileSync(file)])
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/**
 * Writes the migrated and seeded database as the snapshot, before anything of one start's own (its JWT
 * secret) is stored. Servers that start together may each write it; a reader gets one whole file or
 * none (writeFileAtomic).
 */
export async function saveSeededSnapshot(lite: PGlite, file: string): Promise<void> {
  await writeFileAtomic(file, await lite.dumpDataDir('none'))
}

/**
 * buildServer's `start` for a server on an in-memory database: from the snapshot when a start wrote it,
 * else migrated and seeded as usual and then written as the snapshot. Undefined without
 * PGLITE_SEEDED_SNAPSHOT or on another database (a data directory, PostgreSQL).
 */
export function seededSnapshotStart(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'seedDemo' | 'defaultTenant'>,
  env: NodeJS.ProcessEnv = process.env,
): DatabaseStart | undefined {
  if (config.databaseUrl || config.dataDir !== 'memory://') return undefined
  const file = seededSnapshotFile(config.seedDemo ? config.defaultTenant : undefined, env)
  if (!file) return undefined
  const loadDataDir = loadSeededSnapshot(file)
  if (loadDataDir) return { loadDataDir }
  return {
    migrated: async (database) => {
      if (database.lite) await saveSeededSnapshot(database.lite, file)
    },
  }
}
