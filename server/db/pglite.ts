/**
 * The embedded database: PGlite with the btree_gist extension (the no-overlap constraint), loaded by
 * server/db/database.ts only when no DATABASE_URL is set.
 */
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'

export { pgliteDialect } from './pglite-dialect'

/**
 * PostgreSQL's 128 MB of shared buffers (initdb's default) are zeroed at start: ~125 MB of the idle
 * server's memory and ~0.3 s of CPU, for a database whose working set is a few MB (the OS caches the
 * files below). Given on the command line, not in postgresql.conf, which PGlite would overwrite whole.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

export async function openPGlite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined
  const extensions = { btree_gist }
  const startParams = PGLITE_START_PARAMS
  if (!dataDir) return PGlite.create({ ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}), extensions, startParams })
  mkdirSync(dataDir, { recursive: true })
  // A fresh data directory: PGlite itself runs initdb in memory and copies the result to disk (a
  // separate in-memory instance here would only add a second cold start, ~0.7 s of CPU).
  return PGlite.create({ dataDir, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}), extensions, startParams })
}

