/**
 * The embedded database: PGlite with the btree_gist extension (the no-overlap constraint), loaded by
 * server/db/database.ts only when no DATABASE_URL is set.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { writeFileAtomic } from '../write-file-atomic'
import { privateDir } from './private-dir'

export { pgliteDialect } from './pglite-dialect'

/**
 * PostgreSQL's 128 MB of shared buffers (initdb's default) are zeroed at start: ~125 MB of the idle
 * server's memory and ~0.3 s of CPU, for a database whose working set is a few MB (the OS caches the
 * files below). Given on the command line, not in postgresql.conf, which PGlite would overwrite whole.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

/**
 * For test servers started many times (the browser suite's): a file holding the data directory PGlite's
 * initdb makes, an empty cluster before any migration. An in-memory database (or a new data directory) starts from it instead of
 * running initdb again (~0.6 s of CPU instead of ~4.9 s); the first start without the file writes it.
 * initdb's output depends only on the PGlite build, so the file's name should carry PGlite's version.
 */
async function fromInitdbSnapshot(snapshot: string, extensions: { btree_gist: typeof btree_gist }, startParams: string[], dataDir?: string): Promise<PGlite> {
  if (!existsSync(snapshot)) {
    const initdb = await PGlite.create({ extensions, startParams })
    const dump = await initdb.dumpDataDir('none')
    await initdb.close()
    await writeFileAtomic(snapshot, dump)
  }
  return PGlite.create({ ...(dataDir ? { dataDir } : {}), loadDataDir: new Blob([readFileSync(snapshot)]), extensions, startParams })
}

export async function openPGlite(
  options: { dataDir?: string; loadDataDir?: Blob; initdbSnapshot?: string } = {},
): Promise<PGlite> {
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined
  const extensions = { btree_gist }
  const startParams = PGLITE_START_PARAMS
  const initdbSnapshot = options.initdbSnapshot ?? process.env.PGLITE_INITDB_SNAPSHOT
  if (!dataDir && !options.loadDataDir && initdbSnapshot) return fromInitdbSnapshot(initdbSnapshot, extensions, startParams)
  if (!dataDir) return PGlite.create({ ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}), extensions, startParams })
  // A test server's new data directory (PG_VERSION not there yet) starts from the snapshot too.
  if (initdbSnapshot && !options.loadDataDir && !existsSync(join(dataDir, 'PG_VERSION'))) {
    privateDir(dataDir)
    return fromInitdbSnapshot(initdbSnapshot, extensions, startParams, dataDir)
  }
  privateDir(dataDir)
  // A fresh data directory: PGlite itself runs initdb in memory and copies the result to disk (a
  // separate in-memory instance here would only add a second cold start, ~0.7 s of CPU).
  return PGlite.create({ dataDir, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}), extensions, startParams })
}
