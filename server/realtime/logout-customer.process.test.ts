/**
 * Issue 11 (faults): the staff script server/realtime/logout-customer.ts run as a child process
 * delivers 'logout-customer' to the customer's live socket and exits 0.
 * - PostgreSQL: it used to hang for ever (its one-connection pool was taken by its own LISTEN).
 * - PGlite data directory: the running server owns the directory; the script asks it through its
 *   control socket (it used to refuse without DATABASE_URL). With no server running it says so.
 */
// pg-suite: children without the database: the script reads only the database setting each test gives.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO, DEMO_CUSTOMER } from '../seed/demo.seed'
import { liveSocket, type LiveSocket } from '../test-support/live-socket'
import { startServer, throwawayDatabase, type ServerProcess, type ThrowawayDatabase } from '../test-support/server-process'
import { serverBundle } from '../test-support/server-bundle'

const root = resolve(import.meta.dirname, '..', '..')
const servers: ServerProcess[] = []
const databases: ThrowawayDatabase[] = []
const dirs: string[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.kill()))
  await Promise.all(databases.splice(0).map((d) => d.drop()))
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Runs the script; resolves with its exit code and output (the test's timeout bounds a hang). */
function runScript(env: Record<string, string>, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/realtime/logout-customer.ts', ...args], {
      cwd: root,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => done({ code, output }))
  })
}

async function signedInSocket(s: ServerProcess): Promise<LiveSocket> {
  const login = await s.request('POST', '/api/login?from=customer', DEMO_CUSTOMER)
  expect(login.status, JSON.stringify(login.body)).toBe(200)
  const token = (login.body as { token: string }).token
  const socket = await liveSocket(s, token)
  await socket.next('connected')
  return socket
}

const LOGOUT = { from: 'logout-customer', customerId: DEMO.customerDemo }

describe('logout-customer.ts', () => {
  it('on PostgreSQL: delivers to a server instance and exits 0', async () => {
    const d = await throwawayDatabase('logout_script')
    databases.push(d)
    const s = await startServer({ DATABASE_URL: d.url }, await serverBundle())
    servers.push(s)
    await s.running
    const socket = await signedInSocket(s)
    const run = await runScript({ DATABASE_URL: d.url }, ['demo', DEMO.customerDemo])
    expect(run, run.output).toEqual({ code: 0, output: `logout-customer sent to demo/${DEMO.customerDemo}\n` })
    expect(await socket.next('logout-customer')).toEqual(LOGOUT)
  }, 120_000)

  it('on a PGlite data directory: asks the server that owns it, which delivers; exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clinic-logout-'))
    dirs.push(dataDir)
    const s = await startServer({ DATA_DIR: dataDir }, await serverBundle())
    servers.push(s)
    await s.running
    const socket = await signedInSocket(s)
    const run = await runScript({ DATA_DIR: dataDir }, ['demo', DEMO.customerDemo])
    expect(run, run.output).toEqual({ code: 0, output: `logout-customer sent to demo/${DEMO.customerDemo}\n` })
    expect(await socket.next('logout-customer')).toEqual(LOGOUT)

    // No server on the directory any more: nobody is signed in live; said so, exit 0.
    s.child.kill('SIGTERM')
    expect(await s.exited).toEqual({ code: 0, signal: null })
    const idle = await runScript({ DATA_DIR: dataDir }, ['demo', DEMO.customerDemo])
    expect(idle).toEqual({ code: 0, output: `No server is running on ${dataDir}: nobody is signed in live, nothing to send.\n` })
  }, 120_000)
})
