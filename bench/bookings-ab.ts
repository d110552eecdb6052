/**
 * Two server builds side by side in one run (issue 31's A/B): each started fresh on the same throwaway
 * database (the bookings bench's tenant, 50,000 appointments of history), bookings alternating between
 * them from one closed loop, so both meet the same load and the same machine whatever its speed does
 * meanwhile. Per round of AB_ROUND bookings a server: the CPU per booking of each server (its process,
 * and its main thread apart from V8's compiler and GC threads) and of its own PostgreSQL backends (by
 * application_name), and B/A. The first round is a fresh server's warm-up; run both orders (AB_ORDER).
 * Not a figure of `npm run bench`: a tool to compare a change with what was there before.
 *   AB_A=/path/to/before/dist/server/main.mjs AB_B=dist/server/main.mjs [AB_ORDER=BA] [AB_ROUND=750] [AB_ROUNDS=4] \
 *     npx tsx bench/bookings-ab.ts
 * (a build of another commit: `git worktree add`, its bundle built there, scripts/lib/server-bundle.mjs).
 */
import { readFileSync } from 'node:fs'
import { addDays } from 'date-fns'
import { formatInTimeZone } from 'date-fns-tz'
import { migrate, openDatabase } from '../server/db/database'
import { startServer, throwawayDatabase, type ServerProcess } from '../server/test-support/server-process'
import { prepareBookings } from './lib/booking-run'
import { benchPool, closedLoop, cpuMsOf, fillAppointments, jsonPoster, LONDON, seedReference } from './lib/pg-tenant'

const ROUND = Number(process.env.AB_ROUND || 750)
const ROUNDS = Number(process.env.AB_ROUNDS || 4)
const CLIENTS = 40
const SECRET = 'bench-secret-bench-secret-bench-secret-0123'
const order = (process.env.AB_ORDER || 'AB').split('') as ('A' | 'B')[]

/** A process's main thread CPU (ms): the rest of its CPU is V8's compiler and GC threads (and libuv's). */
function mainThreadMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

interface Mark {
  answered: number[]
  server: number[]
  main: number[]
  database: number[]
}

async function main() {
  const scripts = order.map((x) => process.env[`AB_${x}`])
  if (scripts.some((s) => !s)) throw new Error('AB_A and AB_B name the two server bundles (main.mjs) to compare')
  const pgdb = await throwawayDatabase('bench_ab')
  const pool = benchPool(pgdb.url, 4)
  const servers: ServerProcess[] = []
  try {
    const database = await openDatabase({ databaseUrl: pgdb.url, poolSize: 2 })
    await migrate(database.db)
    const big = await seedReference(database.db)
    await fillAppointments(database.db, big, 50_000, formatInTimeZone(addDays(new Date(), -45), LONDON, 'yyyy-MM'))
    const total = ROUND * ROUNDS * 2
    const requests = await prepareBookings(database.db, big, total, SECRET)
    await database.close()
    const env = { DATABASE_URL: pgdb.url, SEED_DEMO: 'false', LOG_LEVEL: 'error', JWT_SECRET: SECRET, MAX_LIVE_HOLDS: '100000' }
    for (const [k, x] of order.entries()) servers.push(await startServer({ ...env, PGAPPNAME: `ab-${x}` }, scripts[k]))
    await Promise.all(servers.map((s) => s.running))
    const posters = servers.map((s) => jsonPoster(s.base, CLIENTS))
    const pids = servers.map((s) => s.child.pid!)
    const backendsMs = async (x: string) => {
      const { rows } = await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [`ab-${x}`])
      return cpuMsOf(rows.map((r) => r.pid))
    }
    const answered = [0, 0]
    const mark = async (): Promise<Mark> => {
      const m = { answered: [...answered], server: pids.map((p) => cpuMsOf([p])), main: pids.map(mainThreadMs), database: [] as number[] }
      m.database = await Promise.all(order.map(backendsMs))
      return m
    }
    const marks: Promise<Mark>[] = [mark()]
    await marks[0]
    let refused = 0
    let done = 0
    const run = await closedLoop(CLIENTS, total, async (i) => {
      const k = i % 2
      const { status } = await posters[k]('/api/appointments/public', requests[i].body, requests[i].headers)
      if (status !== 200) refused++
      answered[k]++
      if (++done % (2 * ROUND) === 0) marks.push(mark())
      return status
    })
    const done_ = await Promise.all(marks)
    console.log(`order ${order.join('')}, rounds of ${ROUND} bookings a server, ${refused} answers not 200, ${((total / run.elapsedMs) * 1000).toFixed(0)} bookings/s the two together`)
    console.log(
      'left out: CPU is each server process and its own PostgreSQL client backends (by application_name), not PostgreSQL\'s background processes nor the bench client; the data as bench/bookings.bench.ts leaves it (50,000 appointments of history, the bookers inserted after the tenant was analysed); one run: run both orders',
    )
    const perBooking = (r: number, k: number, of: keyof Omit<Mark, 'answered'>) =>
      (done_[r][of][k] - done_[r - 1][of][k]) / (done_[r].answered[k] - done_[r - 1].answered[k])
    const [a, b] = [order.indexOf('A'), order.indexOf('B')]
    for (let r = 1; r < done_.length; r++) {
      const server = [perBooking(r, a, 'server'), perBooking(r, b, 'server')]
      const main = [perBooking(r, a, 'main'), perBooking(r, b, 'main')]
      const pg = [perBooking(r, a, 'database'), perBooking(r, b, 'database')]
      console.log(
        `round ${r}: servers A ${server[0].toFixed(3)} B ${server[1].toFixed(3)} (B/A ${(server[1] / server[0]).toFixed(3)}; main thread ${main[0].toFixed(3)} / ${main[1].toFixed(3)})` +
          ` | PostgreSQL A ${pg[0].toFixed(3)} B ${pg[1].toFixed(3)} (B/A ${(pg[1] / pg[0]).toFixed(3)}) | in all B/A ${((server[1] + pg[1]) / (server[0] + pg[0])).toFixed(3)} ms a booking`,
      )
    }
  } finally {
    await Promise.all(servers.map((s) => s.kill()))
    await pool.end()
    await pgdb.drop()
  }
}

await main()
