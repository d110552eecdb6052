/**
 * Availability on the PostgreSQL server, every calendar changed (the uncached worst case), at 5,000,
 * 50,000 and 200,000 appointments: for each size a throwaway database on 127.0.0.1:5432 (or
 * BENCH_DATABASE_URL's server) gets the big tenant (bench/lib/pg-tenant.ts), a real server process
 * (server/main.ts) listens on a port, and 10 concurrent clients send requests over keep-alive sockets; before each
 * request every practitioner's booking version is bumped, so no booking comes from a cache.
 * Targets (issue 18): month p95 <= 25 ms and day slots p95 <= 10 ms at 10 connections, flat from 5k to 200k.
 * Run: npm run bench -- availability-pg   (BENCH_RUNS=n requests per case, BENCH_SIZES=5000,50000,
 * BENCH_CASES=month,chain,day to run some cases only, BENCH_CPU_PROF=dir for a CPU profile of the server per case, the measured requests only)
 */
import { addDays } from 'date-fns'
import { formatInTimeZone } from 'date-fns-tz'
import { CompiledQuery } from 'kysely'
import { BUSY_SQL, LONGEST_BOOKING_MS } from '../server/availability/busy.repository'
import { migrate, openDatabase } from '../server/db/database'
import { startServer, throwawayDatabase } from '../server/test-support/server-process'
import { recordFigure } from './lib/figures.mjs'
import { benchPool, closedLoop, cpuPerRequest, cpuProfileEnv, fillAppointments, jsonPoster, LONDON, loadAverage, percentile, seedReference, TENANT } from './lib/pg-tenant'

const RUNS = Number(process.env.BENCH_RUNS || 300)
const WARM_UP = 30
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 10)
const SIZES = (process.env.BENCH_SIZES || '5000,50000,200000').split(',').map(Number)
const CASES = (process.env.BENCH_CASES || 'month,chain,day').split(',')
const CPU_PROF = process.env.BENCH_CPU_PROF
/** The last recorded p95 (ms) by size and case: 2026-11-24 23:52 UTC, quiet machine, the keep-alive bench client (BENCHMARKS.md). */
const PREVIOUS: Record<string, string> = {
  '5000|days-available-by-month, any practitioner, 1 service': '39.8',
  '5000|days-available-by-month, any practitioner, 3-service chain': '30.7',
  '5000|practitioners/time, any practitioner, 1 service': '22.3',
  '50000|days-available-by-month, any practitioner, 1 service': '35.4',
  '50000|days-available-by-month, any practitioner, 3-service chain': '38.7',
  '50000|practitioners/time, any practitioner, 1 service': '24.3',
  '200000|days-available-by-month, any practitioner, 1 service': '39.8',
  '200000|days-available-by-month, any practitioner, 3-service chain': '35.0',
  '200000|practitioners/time, any practitioner, 1 service': '28.4',
}

async function pgAvailable(): Promise<boolean> {
  try {
    const db = await throwawayDatabase('bench_probe')
    await db.drop()
    return true
  } catch {
    return false
  }
}

async function main() {
  if (!(await pgAvailable())) {
    console.log('No PostgreSQL server at 127.0.0.1:5432 (or TEST_DATABASE_URL): availability-pg skipped.')
    return
  }
  const next = addDays(new Date(), 30)
  const monthKey = formatInTimeZone(next, LONDON, 'yyyy-MM')
  const month = Number(formatInTimeZone(next, LONDON, 'M'))
  const year = Number(formatInTimeZone(next, LONDON, 'yyyy'))
  console.log(`${CONCURRENCY} concurrent clients, ${RUNS} requests per case after ${WARM_UP} untimed; every practitioner's booking version bumped before each request.`)
  console.log(`load average at start: ${loadAverage()}`)
  console.log('| appointments | case | p50 | p95 | req/s | CPU ms/req server + PostgreSQL | target p95 | previous p95 |')
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|')
  for (const size of SIZES) {
    const pgdb = await throwawayDatabase('bench_avail')
    try {
      const database = await openDatabase({ databaseUrl: pgdb.url, poolSize: 2 })
      await migrate(database.db)
      const started = Date.now()
      const big = await seedReference(database.db)
      const made = await fillAppointments(database.db, big, size, monthKey)
      if (process.env.BENCH_EXPLAIN === '1') {
        // The bookings statement of server/availability/busy.repository.ts for the clinic's month.
        const from = new Date(Date.UTC(year, month - 1, 1))
        const to = new Date(Date.UTC(year, month, 1))
        const parameters = [TENANT, big.practitioners[0], from.toISOString(), to.toISOString(), new Date(from.getTime() - LONGEST_BOOKING_MS).toISOString()]
        const plan = await database.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${BUSY_SQL}`, parameters))
        console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'))
      }
      await database.close()
      console.log(`(${made} appointments generated in ${((Date.now() - started) / 1000).toFixed(1)} s)`)
      const env: Record<string, string> = { DATABASE_URL: pgdb.url, SEED_DEMO: 'false', LOG_LEVEL: 'error', ...(CPU_PROF ? cpuProfileEnv(CPU_PROF) : {}) }
      const server = await startServer(env)
      const pool = benchPool(pgdb.url, CONCURRENCY)
      try {
        await server.running
        const clinic = big.clinics[0]
        const [s1, s2, s3] = big.services
        const line = (service: string) => ({ service, month, year, location: clinic, practitioner: null, withHolidays: true })
        // The 25 days the day case walks (a Sunday moves to Monday), worked out once: the load generator's own CPU shares the machine.
        const days = Array.from({ length: 25 }, (_, i) => {
          let d = addDays(new Date(Date.UTC(year, month - 1, 1, 12)), i)
          if (formatInTimeZone(d, LONDON, 'i') === '7') d = addDays(d, 1)
          return formatInTimeZone(d, LONDON, 'yyyy-MM-dd')
        })
        const poster = jsonPoster(server.base, CONCURRENCY)
        const headers = { 'x-tenant': TENANT }
        const post = async (path: string, body: string) => (await poster(path, body, headers)).status
        // One bump at a time: concurrent UPDATEs of every row deadlock on each other.
        let bumps: Promise<unknown> = Promise.resolve()
        const bump = { name: 'bench-bump', text: 'UPDATE booking_versions SET version = version + 1 WHERE tenant_id = $1', values: [TENANT] }
        const bumpAll = () => (bumps = bumps.then(() => pool.query(bump)))
        const cases = [
          { id: 'month', name: 'days-available-by-month, any practitioner, 1 service', target: 25, body: () => JSON.stringify([line(s1)]), path: '/api/appointments/days-available-by-month' },
          { id: 'chain', name: 'days-available-by-month, any practitioner, 3-service chain', target: 25, body: () => JSON.stringify([line(s1), line(s2), line(s3)]), path: '/api/appointments/days-available-by-month' },
          { id: 'day', name: 'practitioners/time, any practitioner, 1 service', target: 10, body: (i: number) => JSON.stringify({ date: days[i % days.length], service: s1, clinic, staff: null, onlineBooking: true }), path: '/api/practitioners/time' },
        ]
          .filter((c) => CASES.includes(c.id))
          .map((c) => {
            const bodies = Array.from({ length: days.length }, (_, i) => c.body(i))
            return { ...c, send: (i: number) => post(c.path, bodies[i % bodies.length]) }
          })
        for (const c of cases) {
          const plain = await poster(c.path, c.body(0), { ...headers, 'accept-encoding': 'identity' })
          const packed = await poster(c.path, c.body(0), headers)
          console.log(`(${c.id}: the answer is ${plain.text.length.toLocaleString('en-GB')} bytes, ${packed.text.length.toLocaleString('en-GB')} compressed)`)
          await closedLoop(CONCURRENCY, WARM_UP, c.send, bumpAll)
          let r!: Awaited<ReturnType<typeof closedLoop>>
          const cpu = await cpuPerRequest(pool, pgdb.name, [server.child.pid!], async () => {
            // The preloaded profiler (BENCH_CPU_PROF) starts and stops on SIGUSR2: one profile per case, the measured run only.
            if (CPU_PROF) server.child.kill('SIGUSR2')
            r = await closedLoop(CONCURRENCY, RUNS, c.send, bumpAll)
            if (CPU_PROF) server.child.kill('SIGUSR2')
            return RUNS
          })
          const bad = [...r.statuses].filter(([s]) => s !== 200)
          const p95 = percentile(r.times, 95)
          recordFigure({
            id: `availability-pg.${size}.${c.id}`,
            name: `availability on PostgreSQL, ${made.toLocaleString('en-GB')} appointments, every calendar changed, ${CONCURRENCY} connections: ${c.name}`,
            measured: `p95 ${p95.toFixed(1)} ms (p50 ${percentile(r.times, 50).toFixed(1)}), CPU ${cpu.serverMs.toFixed(1)} + ${cpu.databaseMs.toFixed(1)} ms`,
            target: `p95 <= ${c.target} ms`,
            met: p95 <= c.target && bad.length === 0,
          })
          console.log(
            `| ${made.toLocaleString('en-GB')} | ${c.name} | ${percentile(r.times, 50).toFixed(1)} | ${p95.toFixed(1)}${p95 > c.target ? ' OVER' : ''} | ${((RUNS / r.elapsedMs) * 1000).toFixed(0)} | ${cpu.serverMs.toFixed(1)} + ${cpu.databaseMs.toFixed(1)} (bench client ${cpu.clientMs.toFixed(1)}) | <= ${c.target} ms | ${PREVIOUS[`${size}|${c.name}`] ?? '-'} |` +
              (bad.length ? ` (non-200: ${bad.map(([s, n]) => `${n} x ${s}`).join(', ')})` : ''),
          )
        }
      } finally {
        await pool.end()
        if (CPU_PROF) await new Promise((r) => setTimeout(r, 1000)) // the server writes its last profile
        await server.kill()
      }
    } finally {
      await pgdb.drop()
    }
  }
  console.log(`load average at end: ${loadAverage()}`)
}

await main()
process.exit(0)
