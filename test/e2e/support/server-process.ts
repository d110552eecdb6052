import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { initdbSnapshotPath } from '../../../server/test-support/initdb-snapshot'
import { seededSnapshotStem } from '../../../server/test-support/seed-version'
import { SERVER_NODE_ARGS, serverBundle } from '../../../server/test-support/server-bundle'

const root = join(import.meta.dirname, '../../..')

/*
 * Servers run from the bundle `npm start` and the image run (scripts/lib/server-bundle.mjs): a start
 * from it costs ~3 s of CPU less than server/main.ts under tsx (5.7 against 8.9 s; BENCHMARKS.md, "CI
 * time, servers from the bundle"), and the suite starts 12.
 */

/** Server-side hold of the suite (the hold-expiry scenario shortens the client's with HOLD_SECONDS_KEY). */
export const E2E_HOLD_SECONDS = 300

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

export interface ServerProcess {
  url: string
  stop(): Promise<void>
}

/**
 * A demo server (the global setup's, one per worker) or one of a scenario's own, for settings other
 * than the suite's (a card processor, an empty database): the production build of the web app (global
 * setup built it), its own in-memory database. It is up when `readyPath` answers 200 (the demo
 * organisation by default; /api/health without demo data).
 */
export async function startServer(env: Record<string, string>, { readyPath = '/api/public/organisations' } = {}): Promise<ServerProcess> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const log: string[] = []
  // Built by the browser suite's global setup; other callers (the CLI's e2e tests in the unit run) may
  // come first on a fresh clone: built here then, once, under serverBundle's lock.
  const bundle = await serverBundle()
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_ARGS, bundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Mailed links are built from it (never from the request): the address the browser uses.
      PUBLIC_URL: url,
      DATA_DIR: 'memory://',
      HOLD_SECONDS: String(E2E_HOLD_SECONDS),
      SWEEP_INTERVAL_MS: '1000',
      RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // initdb once for the suite, not once a server (~4.3 s of CPU each): see openPGlite.
      PGLITE_INITDB_SNAPSHOT: initdbSnapshotPath(),
      // Migrated and seeded once a run and hour, not once a server (~3 s of CPU each): server/db/seeded-snapshot.ts.
      PGLITE_SEEDED_SNAPSHOT: seededSnapshotStem(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => log.push(String(d)))
  child.stderr?.on('data', (d) => log.push(String(d)))
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log.join('')}`)
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) return { url, stop }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  await stop()
  throw new Error(`server did not answer at ${url}:\n${log.join('')}`)
}
