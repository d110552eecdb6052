/**
 * Fault tests: real server processes (the tests' run the bundle of `npm start`, server-bundle.ts; the
 * benches' server/main.ts with tsx) on a throwaway PostgreSQL database or a temporary PGlite data
 * directory, and the means to hurt them (terminate their database connections). Everything waits for events or conditions, never for a fixed time.
 *   const pgdb = await throwawayDatabase('faults')   // afterAll(pgdb.drop)
 *   const server = await startServer({ DATABASE_URL: pgdb.url }, await serverBundle()); await server.running
 */
// pg-suite: children without the database: a server reads the DATABASE_URL or DATA_DIR its test gives, never the
// test run's database variable, which no module outside the tests names (test/cispeed/pg-suite-files.test.ts).
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import pg from 'pg'
import { initdbSnapshotPath } from './initdb-snapshot'
import { seededSnapshotStem } from './seed-version'
import { SERVER_NODE_ARGS } from './server-bundle'

const root = resolve(import.meta.dirname, '..', '..')

/**
 * The PostgreSQL server of the throwaway databases: the one `npm test` and `npm run test:pg` find
 * (scripts/lib/environment.mjs, findPostgres: DATABASE_URL's, else 127.0.0.1:5432), the same in both
 * runs, so a file whose databases are all throwaway ones runs the same in both and only the PGlite run
 * takes it (scripts/lib/pg-suite-files.mjs).
 */
export function adminUrl(): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  url.pathname = '/postgres'
  return url.toString()
}

export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: adminUrl() })
  await client.connect()
  try {
    return (await client.query<R>(text, values)).rows
  } finally {
    await client.end()
  }
}

export interface ThrowawayDatabase {
  name: string
  url: string
  /** pg_terminate_backend on every connection to it; the number terminated. */
  terminateAll(): Promise<number>
  drop(): Promise<void>
}

/** An empty database of its own on the test PostgreSQL server. */
export async function throwawayDatabase(prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  await adminQuery(`CREATE DATABASE ${name}`)
  const url = new URL(adminUrl())
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async terminateAll() {
      const rows = await adminQuery<{ t: boolean }>('SELECT pg_terminate_backend(pid) AS t FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name])
      return rows.filter((r) => r.t).length
    },
    async drop() {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

/** Polls `condition` until it holds (the test's own timeout bounds the wait). */
export async function waitUntil(condition: () => Promise<boolean> | boolean, everyMs = 50): Promise<void> {
  while (!(await condition())) await new Promise((r) => setTimeout(r, everyMs))
}

/** A port nothing listens on. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  await new Promise((r) => server.close(r))
  return port
}

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ServerProcess {
  child: ChildProcess
  port: number
  base: string
  /** Resolves once it prints 'running at' (rejects if it exits first). */
  running: Promise<void>
  exited: Promise<Exit>
  output(): string
  /** Resolves once the output matches. */
  printed(pattern: RegExp): Promise<void>
  /** fetch() on the server: status and JSON body (or text). */
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: unknown }>
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: unknown }>
  /** SIGKILL if still running (afterAll). */
  kill(): Promise<void>
}

/**
 * Starts server/main.ts with tsx (a built bundle, a `.mjs` script, without it); `env` adds to (and
 * overrides) a quiet development set-up; `nodeArgs` go to node (the benches' --cpu-prof, which
 * NODE_OPTIONS does not take).
 */
export async function startServer(env: Record<string, string>, script = 'server/main.ts', nodeArgs: readonly string[] = []): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort()
  // A bundle runs as shipped (SERVER_NODE_ARGS); server/main.ts under tsx.
  const loader = script.endsWith('.mjs') ? SERVER_NODE_ARGS : ['--import', 'tsx']
  const child = spawn(process.execPath, [...nodeArgs, ...loader, script], {
    cwd: root,
    // An in-memory database starts migrated and seeded from the run's snapshot: server/main.ts passes
    // seededSnapshotStart (server/db/seeded-snapshot.ts) to buildServer. A new PGlite data directory starts
    // from initdb's output, made once per PGlite version (openPGlite), then migrates and seeds as any start:
    // ~4.3 s of CPU less a start, as the browser suite's servers. A real initdb is image.process's.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      SWEEP_INTERVAL_MS: '0',
      PGLITE_SEEDED_SNAPSHOT: seededSnapshotStem(),
      PGLITE_INITDB_SNAPSHOT: initdbSnapshotPath(),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const watchers: { pattern: RegExp; resolve: () => void }[] = []
  const take = (chunk: Buffer) => {
    output += chunk.toString()
    for (const w of watchers.filter((w) => w.pattern.test(output))) {
      watchers.splice(watchers.indexOf(w), 1)
      w.resolve()
    }
  }
  child.stdout!.on('data', take)
  child.stderr!.on('data', take)
  const exited = new Promise<Exit>((r) => child.on('exit', (code, signal) => r({ code, signal })))
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolvePrinted) => {
      if (pattern.test(output)) return resolvePrinted()
      watchers.push({ pattern, resolve: resolvePrinted })
    })
  const running = Promise.race([
    printed(/Clinic Online Booking is running at/),
    exited.then((exit) => {
      throw new Error(`the server exited (${exit.code ?? exit.signal}) before it ran:\n${output}`)
    }),
  ])
  running.catch(() => undefined)
  const base = `http://127.0.0.1:${port}`
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed }
  }
  return {
    child,
    port,
    base,
    running,
    exited,
    output: () => output,
    printed,
    get: (path, headers) => request('GET', path, undefined, headers),
    request,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL')
        await exited
      }
    },
  }
}

/** The backends of a database (pid, state, last query), from pg_stat_activity. */
export function backendsOf(database: string): Promise<{ pid: number; state: string | null; query: string; wait_event_type: string | null }[]> {
  return adminQuery('SELECT pid, state, query, wait_event_type FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database])
}
