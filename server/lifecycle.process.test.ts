/**
 * Issue 11 (faults): the server process and signals, and one server per PGlite data directory.
 * - A SIGTERM during start-up (here: once it has connected to its database, while it migrates and
 *   seeds) ends in exit code 0 after what started is closed; it used to kill the process outright,
 *   as it did any SIGTERM that came before the handlers were installed (after listen).
 * - A SIGTERM with a request in flight: the server stops accepting, the request completes, exit 0.
 * - A second server on the same DATA_DIR refuses to start with one clear line; a stale lock (its
 *   process is gone) is taken over; the lock is released on exit.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// pg-suite: children without the database: its one child runs `node -e ''`, for the pid of a process that is gone.
import { spawnSync } from 'node:child_process'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { LOCK_FILE } from './db/data-dir-lock'
import { backendsOf, startServer, throwawayDatabase, waitUntil, type ServerProcess, type ThrowawayDatabase } from './test-support/server-process'
import { serverBundle } from './test-support/server-bundle'

const servers: ServerProcess[] = []
const databases: ThrowawayDatabase[] = []
const dirs: string[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.kill()))
  await Promise.all(databases.splice(0).map((d) => d.drop()))
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function database(): Promise<ThrowawayDatabase> {
  const d = await throwawayDatabase('lifecycle')
  databases.push(d)
  return d
}

async function server(env: Record<string, string>): Promise<ServerProcess> {
  const s = await startServer(env, await serverBundle())
  servers.push(s)
  return s
}

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-lock-'))
  dirs.push(dir)
  return dir
}

/** True once nothing accepts connections on the port any more. */
function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(true))
  })
}

/** A GET on a keep-alive connection (as browsers and proxies make them). */
function getKeepAlive(port: number, path: string): Promise<{ status: number; connection: string | undefined; body: string }> {
  const agent = new Agent({ keepAlive: true })
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => {
        agent.destroy()
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

describe('signals', () => {
  it('a SIGTERM during start-up ends in a clean exit 0', async () => {
    const d = await database()
    const s = await server({ DATABASE_URL: d.url })
    // It has connected: it is migrating and seeding (a fresh database), long before it listens.
    await waitUntil(async () => (await backendsOf(d.name)).length > 0)
    s.child.kill('SIGTERM')
    const exit = await s.exited
    expect(exit, s.output()).toEqual({ code: 0, signal: null })
    expect(s.output()).toContain('SIGTERM: closing the server')
  }, 90_000)

  it('a SIGTERM with a request in flight: the request completes, then exit 0', async () => {
    const d = await database()
    const s = await server({ DATABASE_URL: d.url })
    await s.running
    // Hold every API request in its first query (the tenant lookup) with a lock on the table.
    const locker = new pg.Client({ connectionString: d.url })
    await locker.connect()
    try {
      await locker.query('BEGIN')
      await locker.query('LOCK TABLE tenants IN ACCESS EXCLUSIVE MODE')
      const inFlight = getKeepAlive(s.port, '/api/public/organisations')
      await waitUntil(async () => (await backendsOf(d.name)).some((b) => b.wait_event_type === 'Lock'))
      s.child.kill('SIGTERM')
      // Closing: it accepts no new connection, and the request is still waiting.
      await waitUntil(() => refuses(s.port))
      await locker.query('COMMIT')
      const answer = await inFlight
      expect(answer.status, answer.body).toBe(200)
      expect(JSON.parse(answer.body).name).toBe('Harley Aesthetics')
      // Its keep-alive connection is not left open to hold the exit.
      expect(answer.connection).toBe('close')
    } finally {
      await locker.end()
    }
    expect(await s.exited, s.output()).toEqual({ code: 0, signal: null })
  }, 90_000)
})

describe('one server per PGlite data directory', () => {
  it('a second server on the same DATA_DIR refuses to start with one clear line; the lock goes with the first', async () => {
    const dataDir = tempDataDir()
    const first = await server({ DATA_DIR: dataDir })
    await first.running
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(first.child.pid))

    const second = await server({ DATA_DIR: dataDir })
    const exit = await second.exited
    expect(exit.code, second.output()).toBe(1)
    expect(second.output().trim()).toBe(
      `The server could not start: the data directory ${dataDir} is in use by another server (pid ${first.child.pid}). Stop that server first, or set DATA_DIR to another directory.`,
    )
    // The first one is unharmed.
    expect((await first.get('/api/public/organisations')).status).toBe(200)

    first.child.kill('SIGTERM')
    expect(await first.exited).toEqual({ code: 0, signal: null })
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
  }, 120_000) // 33-35 s at load 9-11: a server's first start on a new data directory (migrations, the demo seed), a second start refused, a clean stop

  it('a lock left by a process that is gone is taken over', async () => {
    const dataDir = tempDataDir()
    // The pid of a process that has ended.
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    writeFileSync(join(dataDir, LOCK_FILE), `${gone}\n`)
    const s = await server({ DATA_DIR: dataDir })
    await s.running
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(s.child.pid))
    expect((await s.get('/api/public/organisations')).status).toBe(200)
  }, 120_000)
})
