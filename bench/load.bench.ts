/**
 * Issue 31: mixed reads and bookings under load on PostgreSQL, one server process (its pool of 10),
 * then the same on PGlite (the embedded database of `npm start`, in the server's process):
 * BENCH_CLIENTS (50) closed-loop clients for BENCH_SECONDS (60); two requests in three are reads (the
 * organisations list), one a booking of a distinct free slot; every request gives up after 15 s. The
 * clients behave as the web app does (src/adapters/http/busy-retry.ts): a 503 with Retry-After is waited
 * out, then the same request sent again, 3 times at most (the web app resends a read itself; a booking's
 * customer is told 'try again in 1 second' and agrees again); the wait counts in the request's time, as
 * the customer spends it. The server is the production bundle (dist/server/main.mjs, built when older
 * than its sources), as `npm start` and the image run it.
 * Then: requests answered, 5xx (503s shed with Retry-After counted apart), the 503s and how soon each
 * came (shed early, never after a long wait), time-outs, read and booking p99 as the customer meets them.
 * Target: every request answered, 0 x 5xx but 503, 0 time-outs (a 503 with Retry-After only when the
 * server is saturated, at once). At the end a SIGTERM: the server drains, flushes its mail and exits 0
 * with no 'mail flush failed' line.
 * Run: npm run bench -- load   (BENCH_SECONDS=n, BENCH_CLIENTS=n, BENCH_LOAD_DATABASES=postgres,pglite;
 * BENCH_PROFILE=dir writes the server's CPU profile of the run there; BENCH_SERVER=tsx: server/main.ts
 * under tsx instead of the bundle, or the path of another main.mjs)
 */
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { addDays } from 'date-fns'
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz'
import { SignJWT } from 'jose'
import { migrate, openDatabase, type DatabaseOptions } from '../server/db/database'
import { startServer, throwawayDatabase, type ServerProcess } from '../server/test-support/server-process'
import { DEFAULT_BUSY_RETRIES, DEFAULT_MAX_WAIT_SECONDS } from '../src/adapters/http/busy-retry'
import { retryAfterSeconds } from '../src/adapters/http/retry-after'
import { benchPool, cpuMsOf, cpuPerRequest, cpuProfileEnv, loadAverage, LONDON, percentile, seedReference, TENANT } from './lib/pg-tenant'
import { serverScript } from './lib/server-script'

const SECONDS = Number(process.env.BENCH_SECONDS || 60)
const CLIENTS = Number(process.env.BENCH_CLIENTS || 50)
const CLIENT_TIMEOUT_MS = 15_000
const SECRET = 'bench-secret-bench-secret-bench-secret-0123'
/** Enough distinct slots and customers for the bookings of the run (one booking each). */
const BOOKINGS = Number(process.env.BENCH_BOOKINGS || 20_000)

type Answer = { status: number; retryAfter?: string }

/**
 * A request as the web app sends it (src/adapters/http/busy-retry.ts): after a 503 with Retry-After (at
 * most DEFAULT_MAX_WAIT_SECONDS) it waits that long and sends it again, DEFAULT_BUSY_RETRIES times at
 * most; `shed` is told how long each 503 took to come. The last answer, after all its waits.
 */
async function likeTheWebApp(send: () => Promise<Answer>, shed: (ms: number, answer: Answer) => void): Promise<Answer> {
  for (let retry = 1; ; retry++) {
    const t0 = performance.now()
    const answer = await send()
    if (answer.status !== 503) return answer
    shed(performance.now() - t0, answer)
    const seconds = retryAfterSeconds(answer.retryAfter === undefined ? {} : { 'retry-after': answer.retryAfter })
    if (retry > DEFAULT_BUSY_RETRIES || seconds === undefined || seconds > DEFAULT_MAX_WAIT_SECONDS) return answer
    await new Promise((r) => setTimeout(r, seconds * 1000))
  }
}

function requester(base: string): (method: string, path: string, body?: string, headers?: Record<string, string>) => Promise<Answer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })
  const { hostname, port } = new URL(base)
  return (method, path, body, headers = {}) =>
    new Promise((resolve) => {
      const request = http.request(
        { agent, hostname, port, path, method, timeout: CLIENT_TIMEOUT_MS, headers: { 'x-tenant': TENANT, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...headers } },
        (response) => {
          response.resume()
          response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] as string | undefined }))
          response.on('error', () => resolve({ status: 0 }))
        },
      )
      // 0: no answer within the client's time-out (or the connection failed).
      request.on('timeout', () => request.destroy(new Error('timeout')))
      request.on('error', () => resolve({ status: 0 }))
      request.end(body)
    })
}

type Target =
  | { kind: 'postgres'; options: DatabaseOptions; env: Record<string, string>; pg: { url: string; name: string } }
  | { kind: 'pglite'; options: DatabaseOptions; env: Record<string, string> }

async function main() {
  const kinds = (process.env.BENCH_LOAD_DATABASES ?? 'postgres,pglite').split(',')
  if (kinds.includes('postgres')) {
    let pgdb
    try {
      pgdb = await throwawayDatabase('bench_load')
    } catch {
      console.log('No PostgreSQL server at 127.0.0.1:5432 (or TEST_DATABASE_URL): load on PostgreSQL skipped.')
    }
    if (pgdb)
      try {
        await run({ kind: 'postgres', options: { databaseUrl: pgdb.url, poolSize: 2 }, env: { DATABASE_URL: pgdb.url }, pg: pgdb })
      } finally {
        await pgdb.drop()
      }
  }
  if (kinds.includes('pglite')) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-load-'))
    try {
      await run({ kind: 'pglite', options: { dataDir: join(dir, 'data') }, env: { DATA_DIR: join(dir, 'data') } })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

async function run(target: Target) {
  let server: ServerProcess | undefined
  try {
    const database = await openDatabase(target.options)
    await migrate(database.db)
    const big = await seedReference(database.db)
    const service = big.services[7] // 30 minutes for everyone
    const slots: { practitioner: string; clinic: string; start: string; end: string }[] = []
    for (let d = 60; slots.length < BOOKINGS; d++) {
      const day = addDays(new Date(), d)
      if (formatInTimeZone(day, LONDON, 'i') === '7') continue
      const date = formatInTimeZone(day, LONDON, 'yyyy-MM-dd')
      for (let minute = 9 * 60; minute < 17 * 60; minute += 30)
        big.practitioners.forEach((ps, c) =>
          ps.forEach((practitioner) => {
            const start = fromZonedTime(`${date}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`, LONDON)
            slots.push({ practitioner, clinic: big.clinics[c]!, start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString() })
          }),
        )
    }
    slots.length = BOOKINGS
    const customers = Array.from({ length: BOOKINGS }, () => randomUUID().replace(/-/g, '').slice(0, 24))
    for (let i = 0; i < customers.length; i += 1000)
      await database.db
        .insertInto('customers')
        .values(customers.slice(i, i + 1000).map((id, j) => ({ id, tenant_id: TENANT, email: `load-${i + j}@example.com`, password_hash: 'x', first_name: 'L', surname: `Load ${i + j}`, marketing_types: '[]', notification_types: '[]' })))
        .execute()
    await database.close()
    const key = new TextEncoder().encode(SECRET)
    const env = { ...target.env, SEED_DEMO: 'false', LOG_LEVEL: 'warn', JWT_SECRET: SECRET, MAX_LIVE_HOLDS: '100000' }
    const script = await serverScript(process.env.BENCH_SERVER, 'bundle')
    server = await startServer({ ...env, ...(process.env.BENCH_PROFILE ? cpuProfileEnv(process.env.BENCH_PROFILE) : {}) }, script)
    await server.running
    const loadAtStart = loadAverage()
    const send = requester(server.base)

    const reads: number[] = []
    const bookings: number[] = []
    const statuses = new Map<number, number>()
    // Every 503 the clients met (a request may meet several before it is served): how long it took to come
    // (shed early, never after a long wait), by kind; those with Retry-After; requests still 503 after their retries.
    const shedMs = { read: [] as number[], booking: [] as number[] }
    let shedWithRetryAfter = 0
    let sends = 0
    let gaveUp = 0
    let booked = 0
    let next = 0
    const deadline = performance.now() + SECONDS * 1000
    // CPU per request from /proc (the server and its PostgreSQL backends): the figure that holds on any machine.
    if (process.env.BENCH_PROFILE) server.child.kill('SIGUSR2')
    const cpu = await measuredCpu(target, server.child.pid!, async () => {
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < deadline) {
            const i = next++
            const isBooking = i % 3 === 2 && booked < BOOKINGS
            const t0 = performance.now()
            let request: () => Promise<Answer>
            if (isBooking) {
              const n = booked++
              const s = slots[n]!
              const token = await new SignJWT({ tenant: TENANT, role: 'customer', gen: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(customers[n]!).setIssuedAt().setExpirationTime('1h').sign(key)
              const body = JSON.stringify({ appointment: { event: { start: s.start, end: s.end }, practitioner: s.practitioner, clinic: s.clinic, service } })
              request = () => send('POST', '/api/appointments/public', body, { authorization: `Bearer ${token}` })
            } else request = () => send('GET', '/api/public/organisations')
            const answer = await likeTheWebApp(
              () => {
                sends++
                return request()
              },
              (ms, shedAnswer) => {
                shedMs[isBooking ? 'booking' : 'read'].push(ms)
                if (shedAnswer.retryAfter) shedWithRetryAfter++
              },
            )
            // The request's time as the customer meets it: its Retry-After waits and resends included.
            ;(isBooking ? bookings : reads).push(performance.now() - t0)
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
            if (answer.status === 503) gaveUp++
          }
        }),
      )
      return reads.length + bookings.length
    })
    const total = reads.length + bookings.length
    const timeouts = statuses.get(0) ?? 0
    const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0)
    reads.sort((a, b) => a - b)
    bookings.sort((a, b) => a - b)
    const shedCount = shedMs.read.length + shedMs.booking.length
    console.log(`\n${SECONDS} s, ${CLIENTS} clients, one server (${script}) on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (in its process)'}: ${reads.length} reads, ${bookings.length} bookings; load average at start ${loadAtStart}, at the end ${loadAverage()}`)
    console.log('| figure | measured | target |')
    console.log('|---|---:|---:|')
    console.log(`| requests answered (after their Retry-After waits) | ${total - timeouts} / ${total} | all |`)
    console.log(`| requests sent, resends after a 503 included | ${sends} | - |`)
    console.log(`| 5xx last answers (of them 503 still after ${DEFAULT_BUSY_RETRIES} resends) | ${fivexx} (${gaveUp}) | 0 |`)
    console.log(`| 503s met, each waited out (of them with Retry-After) | ${shedCount} (${shedWithRetryAfter}) | only when saturated |`)
    for (const kind of ['read', 'booking'] as const) {
      const times = shedMs[kind].sort((a, b) => a - b)
      console.log(`| 503 of ${kind}s: count; time to the 503, p50 / p99 (ms) | ${times.length}; ${percentile(times, 50)?.toFixed(0) ?? '-'} / ${percentile(times, 99)?.toFixed(0) ?? '-'} | small: early |`)
    }
    console.log(`| time-outs (${CLIENT_TIMEOUT_MS / 1000} s) | ${timeouts} | 0 |`)
    console.log(`| read p50 / p99, Retry-After waits included (ms) | ${percentile(reads, 50)?.toFixed(0)} / ${percentile(reads, 99)?.toFixed(0)} | - |`)
    console.log(`| booking p50 / p99, Retry-After waits included (ms) | ${percentile(bookings, 50)?.toFixed(0)} / ${percentile(bookings, 99)?.toFixed(0)} | - |`)
    if (target.kind === 'postgres') console.log(`| CPU per request, server + PostgreSQL (ms; 2 reads : 1 booking; bench client ${cpu.clientMs.toFixed(2)}) | ${cpu.serverMs.toFixed(2)} + ${cpu.databaseMs.toFixed(2)} | - |`)
    else console.log(`| CPU per request, the server with PGlite in it (ms; 2 reads : 1 booking; bench client ${cpu.clientMs.toFixed(2)}) | ${cpu.serverMs.toFixed(2)} | - |`)
    console.log('The customers are bulk-inserted just before the run, with no ANALYZE: statistics as right after an import.')
    console.log(`last answers: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}`)

    if (process.env.BENCH_PROFILE) {
      server.child.kill('SIGUSR2')
      await new Promise((r) => setTimeout(r, 2000))
    }
    // SIGTERM right after the load: drained, mail flushed, then the database closed.
    server.child.kill('SIGTERM')
    const exit = await server.exited
    const flushFailures = server.output().split('\n').filter((line) => /mail flush failed|already been destroyed/.test(line)).length
    console.log(`| SIGTERM after the load: exit, 'mail flush failed' lines | ${exit.code ?? exit.signal}, ${flushFailures} | 0, 0 |`)
  } finally {
    await server?.kill()
  }
}

/** CPU per request: the server's, and on PostgreSQL its backends' (PGlite runs inside the server's process). */
async function measuredCpu(target: Target, pid: number, load: () => Promise<number>) {
  if (target.kind === 'pglite') {
    const before = cpuMsOf([pid])
    const clientBefore = process.cpuUsage()
    const requests = await load()
    const client = process.cpuUsage(clientBefore)
    return { serverMs: (cpuMsOf([pid]) - before) / requests, databaseMs: 0, clientMs: (client.user + client.system) / 1000 / requests }
  }
  const pool = benchPool(target.pg.url, 1)
  try {
    return await cpuPerRequest(pool, target.pg.name, [pid], load)
  } finally {
    await pool.end()
  }
}

await main()
process.exit(0)
