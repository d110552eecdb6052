/**
 * The server process as an operator meets it (the bundle of server/main.ts that `npm start` and the
 * image run: server-bundle.ts): a database that is down
 * gives one clear line and exit code 1, never a stack; a started server stops on SIGTERM, also on a
 * PostgreSQL server (npm run test:pg), where the live-events LISTEN connection once kept the pool
 * from closing and the process hung for ever (also after 'Port … is already in use').
 */
import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { resolve } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverBundle } from './test-support/server-bundle'

const root = resolve(import.meta.dirname, '..')

interface Run {
  code: number | null
  output: string
}

/** Starts server/main.ts; `onOutput` may act on the output so far (e.g. send a signal). */
function runMain(env: Record<string, string>, onOutput?: (output: string, kill: (signal: NodeJS.Signals) => void) => void, timeoutMs = 50_000): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [script], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', DATA_DIR: 'memory://', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const giveUp = () => {
      output += '\n[test: still running, killed]'
      child.kill('SIGKILL')
    }
    // Two guards against a hang: the start (slow on a loaded machine: not what is tested) and, once a
    // signal is sent, the stop, which must come within timeoutMs of the signal whatever the start took.
    let timer = setTimeout(giveUp, 100_000)
    const signal = (name: NodeJS.Signals) => {
      clearTimeout(timer)
      timer = setTimeout(giveUp, timeoutMs)
      child.kill(name)
    }
    const take = (chunk: Buffer) => {
      output += chunk.toString()
      onOutput?.(output, signal)
    }
    child.stdout.on('data', take)
    child.stderr.on('data', take)
    child.on('exit', (code) => {
      clearTimeout(timer)
      done({ code, output })
    })
  })
}

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  await new Promise((r) => server.close(r))
  return port
}

const pgUrl = process.env.TEST_DATABASE_URL
let databaseUrl: string | undefined
let dbName = ''
let script = ''
beforeAll(async () => {
  script = await serverBundle()
  if (!pgUrl) return
  // A database of its own: main.ts migrates and seeds the default schema, as in production.
  dbName = `main_process_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${dbName}`)
  await admin.end()
  const url = new URL(pgUrl)
  url.pathname = `/${dbName}`
  databaseUrl = url.toString()
})
afterAll(async () => {
  if (!pgUrl || !dbName) return
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
  await admin.end()
})

const storage = (): Record<string, string> => (databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: 'memory://' })

describe('server/main.ts', () => {
  it('a database server that is down: one clear line, exit 1, no stack', async () => {
    const port = await freePort()
    const run = await runMain({ PORT: String(await freePort()), DATABASE_URL: `postgres://clinic:s3cret@127.0.0.1:${port}/clinic` })
    expect(run.code, run.output).toBe(1)
    expect(run.output).toContain(`The server could not start: the database server at 127.0.0.1:${port} refused the connection.`)
    expect(run.output).toContain('DATABASE_URL')
    expect(run.output).not.toMatch(/^\s+at /m)
    expect(run.output).not.toContain('s3cret')
  }, 160_000)

  it('stops on SIGTERM', async () => {
    const run = await runMain({ PORT: String(await freePort()), ...storage() }, (output, kill) => {
      if (output.includes('Clinic Online Booking is running at')) kill('SIGTERM')
    })
    expect(run.output).toContain('Clinic Online Booking is running at')
    expect(run.output).not.toContain('[test: still running, killed]')
    expect(run.code, run.output).toBe(0)
  }, 160_000)

  it('a port in use: says so and exits 1', async () => {
    const blocker: Server = createServer()
    await new Promise<void>((r) => blocker.listen(0, r))
    const { port } = blocker.address() as { port: number }
    try {
      const run = await runMain({ PORT: String(port), ...storage() })
      expect(run.output).toContain(`Port ${port} is already in use.`)
      expect(run.output).not.toContain('[test: still running, killed]')
      expect(run.code, run.output).toBe(1)
    } finally {
      await new Promise((r) => blocker.close(r))
    }
  }, 160_000)

  it('a METRICS_PORT in use: names METRICS_PORT and that port, not PORT', async () => {
    const blocker: Server = createServer()
    await new Promise<void>((r) => blocker.listen(0, r))
    const { port: metricsPort } = blocker.address() as { port: number }
    const port = await freePort()
    try {
      const run = await runMain({ PORT: String(port), METRICS_PORT: String(metricsPort), ...storage() })
      expect(run.output).toContain(`Port ${metricsPort} is already in use. Stop what uses it, or start on another port: METRICS_PORT=${metricsPort + 1} npm start`)
      expect(run.output).not.toContain(`Port ${port} is already in use`)
      expect(run.code, run.output).toBe(1)
    } finally {
      await new Promise((r) => blocker.close(r))
    }
  }, 160_000)
})
