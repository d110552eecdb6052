/**
 * Bookings on the PostgreSQL server through two server processes on one throwaway database: the big
 * tenant (bench/lib/pg-tenant.ts, with history), BENCH_BOOKINGS customers inserted up front (one
 * booking each: nothing per customer serialises), every customer books a distinct free 30-minute
 * slot (POST /api/appointments/public with a bearer token), BENCH_CLIENTS at a time, alternating
 * between the two instances. Then: successful bookings per second, 5xx, other answers, and pairs of
 * overlapping live appointments in the database.
 * Target (issue 18): >= 500 successful bookings/s across two instances, 0 overlaps, 0 x 5xx.
 * Run: npm run bench -- bookings   (BENCH_BOOKINGS=n, BENCH_CLIENTS=n, BENCH_LOG_STATEMENTS=1,
 * BENCH_CPU_PROF=dir: each server writes a V8 CPU profile of the run there; BENCH_SERVER=bundle: the
 * servers run from the production bundle instead of server/main.ts with tsx)
 */
import { addDays } from 'date-fns'
import { formatInTimeZone } from 'date-fns-tz'
import { migrate, openDatabase } from '../server/db/database'
import { startServer, throwawayDatabase, type ServerProcess } from '../server/test-support/server-process'
import { recordFigure } from './lib/figures.mjs'
import { overlappingPairs, prepareBookings, runBookings } from './lib/booking-run'
import { benchPool, cpuProfileEnv, fillAppointments, LONDON, loadAverage, percentile, seedReference } from './lib/pg-tenant'
import { serverScript } from './lib/server-script'

const BOOKINGS = Number(process.env.BENCH_BOOKINGS || 3000)
const CLIENTS = Number(process.env.BENCH_CLIENTS || 40)
const HISTORY = 50_000
const PROFILE_DIR = process.env.BENCH_CPU_PROF
const SECRET = 'bench-secret-bench-secret-bench-secret-0123'

async function main() {
  let pgdb
  try {
    pgdb = await throwawayDatabase('bench_book')
  } catch {
    console.log('No PostgreSQL server at 127.0.0.1:5432 (or TEST_DATABASE_URL): bookings skipped.')
    return
  }
  const servers: ServerProcess[] = []
  const pool = benchPool(pgdb.url, 4)
  try {
    const database = await openDatabase({ databaseUrl: pgdb.url, poolSize: 2 })
    await migrate(database.db)
    const big = await seedReference(database.db)
    // History: the month before last fully booked and more before it.
    const past = formatInTimeZone(addDays(new Date(), -45), LONDON, 'yyyy-MM')
    await fillAppointments(database.db, big, HISTORY, past)
    const requests = await prepareBookings(database.db, big, BOOKINGS, SECRET)
    await database.close()
    // BENCH_LOG_STATEMENTS=1: PostgreSQL logs every statement of the run with its duration (server log; to see where time goes).
    if (process.env.BENCH_LOG_STATEMENTS === '1') await pool.query(`ALTER DATABASE ${pgdb.name} SET log_min_duration_statement = 0`)
    const env: Record<string, string> = { DATABASE_URL: pgdb.url, SEED_DEMO: 'false', LOG_LEVEL: 'error', JWT_SECRET: SECRET, MAX_LIVE_HOLDS: '100000', ...(PROFILE_DIR ? cpuProfileEnv(PROFILE_DIR) : {}) }
    const script = await serverScript(process.env.BENCH_SERVER, 'tsx')
    servers.push(await startServer(env, script), await startServer(env, script))
    await Promise.all(servers.map((s) => s.running))
    console.log(`${BOOKINGS} bookings of distinct free slots by ${BOOKINGS} customers, ${CLIENTS} clients at a time, two server processes; ${HISTORY} appointments of history.`)
    console.log(`load average at start: ${loadAverage()}`)
    // The preloaded profiler starts and stops on SIGUSR2 (only the run itself is profiled).
    const toggleProfilers = () => PROFILE_DIR && servers.forEach((s) => s.child.kill('SIGUSR2'))
    toggleProfilers()
    const r = await runBookings(pool, pgdb.name, servers, requests, CLIENTS)
    toggleProfilers()
    const { ok, fivexx, cpu, samples, rate } = r
    const overlaps = await overlappingPairs(pool)
    console.log('| figure | measured | target | previous |')
    console.log('|---|---:|---:|---:|')
    const figure = recordFigure({
      id: 'bookings.rate',
      name: `bookings on PostgreSQL, two instances (${BOOKINGS} bookings, ${CLIENTS} clients)`,
      measured: `${rate.toFixed(0)}/s, ${fivexx} x 5xx, ${overlaps} overlaps, CPU ${cpu.serverMs.toFixed(2)} + ${cpu.databaseMs.toFixed(2)} ms a booking`,
      target: '>= 500/s, 0 x 5xx, 0 overlaps',
      met: rate >= 500 && fivexx === 0 && overlaps === 0,
    })
    console.log(`| successful bookings/s (two instances) | ${rate.toFixed(0)}${rate < 500 ? ' UNDER' : ''} | >= 500 | ${figure.previous} |`)
    console.log(`| successful / sent | ${ok} / ${BOOKINGS} | all | - |`)
    console.log(`| 5xx or no answer | ${fivexx} | 0 | - |`)
    console.log(`| overlapping pairs in the database | ${overlaps} | 0 | - |`)
    const cpuInAll = cpu.serverMs + cpu.databaseMs
    // Issue 31's target, the same on any machine: the whole run, fresh servers' warm-up included (the second half beside it).
    const cpuFigure = recordFigure({
      id: 'bookings.cpu',
      name: 'CPU per booking, servers + PostgreSQL, the whole run (fresh servers)',
      measured: `${cpu.serverMs.toFixed(2)} + ${cpu.databaseMs.toFixed(2)} = ${cpuInAll.toFixed(2)} ms (second half ${(r.secondHalf.serverMs + r.secondHalf.databaseMs).toFixed(2)} ms)`,
      target: '<= 2.0 ms in all',
      met: cpuInAll <= 2.0,
    })
    console.log(`| CPU per booking: servers + PostgreSQL (ms) | ${cpu.serverMs.toFixed(2)} + ${cpu.databaseMs.toFixed(2)}${cpuInAll > 2.0 ? ' OVER' : ''} (bench client ${cpu.clientMs.toFixed(2)}) | <= 2.0 in all | ${cpuFigure.previous} |`)
    console.log(`| the same, the run's second half (servers warmed up by the first) | ${r.secondHalf.serverMs.toFixed(2)} + ${r.secondHalf.databaseMs.toFixed(2)} | - | - |`)
    console.log(`| booking time p50 / p95 (ms) | ${percentile(r.times, 50).toFixed(0)} / ${percentile(r.times, 95).toFixed(0)} | - | - |`)
    console.log(`answers: ${[...r.statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}${samples.length ? `; e.g. ${samples.join(' | ')}` : ''}`)
    console.log(
      'left out: the bookers and their tokens were inserted after the tenant was analysed (statistics as a bulk import leaves them, until autovacuum); ' +
        'CPU is the two servers plus PostgreSQL from /proc over the run, fresh servers (V8 warm-up included; the second half beside it), the bench client apart; one run.',
    )
    console.log(`load average at end: ${loadAverage()}`)
    if (PROFILE_DIR) {
      await new Promise((r) => setTimeout(r, 1000)) // the servers write their profiles
      console.log(`CPU profiles of the two servers (the run only): ${PROFILE_DIR}`)
    }
  } finally {
    await pool.end()
    for (const s of servers) await s.kill()
    await pgdb.drop()
  }
}

await main()
process.exit(0)
