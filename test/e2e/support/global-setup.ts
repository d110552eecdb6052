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

let server: ChildProcess | undefined

/** Builds the web app when dist/web is older than its sources, then starts the server on a free port. */
export async function setup(project: TestProject): Promise<void> {
  if (webBuildState(root).stale && !buildWebSync(root)) throw new Error('vite build failed')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const log: string[] = []
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
  server.stdout?.on('data', (d) => log.push(String(d)))
  server.stderr?.on('data', (d) => log.push(String(d)))
  await waitForServer(url, server, log)
  project.provide('baseUrl', url)
  project.provide('holdSeconds', E2E_HOLD_SECONDS)
}

export async function teardown(): Promise<void> {
  if (!server || server.exitCode !== null) return
  const exited = new Promise((resolve) => server?.once('exit', resolve))
  server.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
  if (server.exitCode === null) server.kill('SIGKILL')
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    holdSeconds: number
  }
}
