/**
 * The server bundle for tests that start server processes: what `npm start` and the image run
 * (scripts/lib/server-bundle.mjs), built at most once a run, when older than its sources. A start
 * from it costs ~3 s of CPU less than server/main.ts under tsx (5.7 against 8.9 s; BENCHMARKS.md,
 * "CI time, servers from the bundle"). Workers that ask at once wait for one build (a lock directory).
 */
import { mkdirSync, rmSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { bundleServer, SERVER_NODE_ARGS, serverBundleStale } from '../../scripts/lib/server-bundle.mjs'

/** The node arguments the bundle runs with as shipped (npm start, the image). */
export { SERVER_NODE_ARGS }

const root = resolve(import.meta.dirname, '..', '..')
const lock = join(root, 'node_modules', '.cache', 'clinic-server-tests', 'server-bundle.lock')

/** The bundle's entry, relative to the repository root (startServer's `script`). */
export const SERVER_BUNDLE = 'dist/server/main.mjs'

export async function serverBundle(): Promise<string> {
  // The lock's folder first: on a fresh clone nothing has made it yet (mkdir of the lock itself is not recursive).
  mkdirSync(dirname(lock), { recursive: true })
  for (let waited = 0; serverBundleStale(root); waited += 100) {
    try {
      mkdirSync(lock, { recursive: false })
    } catch {
      // Another worker builds it; take over a lock left by a crashed one.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 120_000) rmSync(lock, { recursive: true, force: true })
      if (waited > 180_000) throw new Error(`Timed out waiting for the server bundle (${lock})`)
      await new Promise((r) => setTimeout(r, 100))
      continue
    }
    try {
      if (serverBundleStale(root)) await bundleServer(root)
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
  }
  return SERVER_BUNDLE
}
