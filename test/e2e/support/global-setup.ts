import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { initdbSnapshotPath } from '../../../server/test-support/initdb-snapshot'
import type { TestProject } from 'vitest/node'
import { buildWebSync, webBuildState } from '../../../scripts/lib/web-build.mjs'

const root = join(import.meta.dirname, '../../..')

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function waitForServer(url: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log.join('')}`)
    try {
      const response = await fetch(`${url}/api/public/organisations`)
      if (response.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`server did not answer at ${url}:\n${log.join('')}`)
}

/** Server-side hold of the suite (the hold-expiry scenario shortens the client's with HOLD_SECONDS_KEY). */
export const E2E_HOLD_SECONDS = 300

const servers: ChildProcess[] = []

/** One demo server on a free port; its URL once it answers. */
async function startServer(): Promise<string> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const log: string[] = []
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  servers.push(server)
  server.stdout?.on('data', (d) => log.push(String(d)))
  server.stderr?.on('data', (d) => log.push(String(d)))
  await waitForServer(url, server, log)
  return url
}

/**
 * Builds the web app when dist/web is older than its sources, then starts one demo server per worker:
 * files running side by side never share a server's data (a time one books is another's free time).
 */
export async function setup(project: TestProject): Promise<void> {
  if (webBuildState(root).stale && !buildWebSync(root)) throw new Error('vite build failed')
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1)
  project.provide('baseUrls', await Promise.all(Array.from({ length: workers }, startServer)))
  project.provide('holdSeconds', E2E_HOLD_SECONDS)
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
  if (server.exitCode === null) server.kill('SIGKILL')
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map(stop))
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** one demo server per worker: a file takes its worker's (sharedServerUrl in support/browser.ts) */
    baseUrls: string[]
    holdSeconds: number
  }
}
