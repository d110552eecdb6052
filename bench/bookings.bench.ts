/**
 * Bookings on the PostgreSQL server through two server processes on one throwaway database: the big
 * tenant (bench/lib/pg-tenant.ts, with history), BENCH_BOOKINGS customers inserted up front (one
 * booking each: nothing per customer serialises), every customer books a distinct free 30-minute
 * slot (POST /api/appointments/public with a bearer token), BENCH_CLIENTS at a time, alternating
 * between the two instances. Then: successful bookings per second, 5xx, other answers, and pairs of
 * overlapping live appointments in the database.
 * Target (issue 18): >= 500 successful bookings/s across two instances, 0 overlaps, 0 x 5xx.
 * Run: npm run bench -- bookings   (BENCH_BOOKINGS=n, BENCH_CLIENTS=n, BENCH_LOG_STATEMENTS=1,
 * BENCH_CPU_PROF=dir: each server writes a V8 CPU profile of the run there)
 */
import { randomUUID } from 'node:crypto'
import { addDays } from 'date-fns'
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz'
import { SignJWT } from 'jose'
import { migrate, openDatabase } from '../server/db/database'
import { startServer, throwawayDatabase, type ServerProcess } from '../server/test-support/server-process'
import { recordFigure } from './lib/figures.mjs'
import { benchPool, closedLoop, cpuPerRequest, cpuProfileEnv, fillAppointments, jsonPoster, LONDON, loadAverage, percentile, seedReference, TENANT } from './lib/pg-tenant'

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
    // Free 30-minute slots (service 8: 30 minutes for everyone) from 60 days ahead, working days only.
    const service = big.services[7]
    const slots: { practitioner: string; clinic: string; start: string; end: string }[] = []
    const times = [...Array(8).keys()].map((i) => 9 * 60 + i * 30).concat([...Array(8).keys()].map((i) => 13 * 60 + 30 + i * 30))
    for (let d = 60; slots.length < BOOKINGS; d++) {
      const day = addDays(new Date(), d)
      if (formatInTimeZone(day, LONDON, 'i') === '7') continue
      const date = formatInTimeZone(day, LONDON, 'yyyy-MM-dd')
      for (const minute of times)
        big.practitioners.forEach((ps, c) =>
          ps.forEach((practitioner) => {
            const start = fromZonedTime(`${date}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`, LONDON)
            slots.push({ practitioner, clinic: big.clinics[c], start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString() })
          }),
        )
    }
    // Spread consecutive requests over practitioners and days (no two clients queue on one calendar by construction).
    slots.length = BOOKINGS
    const customers = Array.from({ length: BOOKINGS }, () => randomUUID().replace(/-/g, '').slice(0, 24))
    for (let i = 0; i < customers.length; i += 1000)
      await database.db
        .insertInto('customers')
        .values(customers.slice(i, i + 1000).map((id, j) => ({ id, tenant_id: TENANT, email: `booker-${i + j}@example.com`, password_hash: 'x', first_name: 'B', surname: `Booker ${i + j}`, marketing_types: '[]', notification_types: '[]' })))
        .execute()
    await database.close()
    const key = new TextEncoder().encode(SECRET)
    const tokens = await Promise.all(
      customers.map((sub) => new SignJWT({ tenant: TENANT, role: 'customer', gen: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setJti(randomUUID()).setIssuedAt().setExpirationTime('1h').sign(key)),
    )
    // BENCH_LOG_STATEMENTS=1: PostgreSQL logs every statement of the run with its duration (server log; to see where time goes).
    if (process.env.BENCH_LOG_STATEMENTS === '1') await pool.query(`ALTER DATABASE ${pgdb.name} SET log_min_duration_statement = 0`)
    const env: Record<string, string> = { DATABASE_URL: pgdb.url, SEED_DEMO: 'false', LOG_LEVEL: 'error', JWT_SECRET: SECRET, MAX_LIVE_HOLDS: '100000', ...(PROFILE_DIR ? cpuProfileEnv(PROFILE_DIR) : {}) }
    servers.push(await startServer(env), await startServer(env))
    await Promise.all(servers.map((s) => s.running))
    const samples: string[] = []
    const posters = servers.map((s) => jsonPoster(s.base, CLIENTS))
    // Bodies and headers made up front: the load generator's own CPU shares the two cores with the servers.
    const requests = slots.map((s, i) => ({
      body: JSON.stringify({ appointment: { event: { start: s.start, end: s.end }, practitioner: s.practitioner, clinic: s.clinic, service } }),
      headers: { 'x-tenant': TENANT, authorization: `Bearer ${tokens[i]}` },
    }))
    const book = async (i: number) => {
      const { status, text } = await posters[i % 2]('/api/appointments/public', requests[i].body, requests[i].headers)
      if (status !== 200 && samples.length < 3) samples.push(`${status} ${text.slice(0, 200)}`)
      return status
    }
    console.log(`${BOOKINGS} bookings of distinct free slots by ${BOOKINGS} customers, ${CLIENTS} clients at a time, two server processes; ${HISTORY} appointments of history.`)
    console.log(`load average at start: ${loadAverage()}`)
    let r!: Awaited<ReturnType<typeof closedLoop>>
    // The preloaded profiler starts and stops on SIGUSR2 (only the run itself is profiled).
    const toggleProfilers = () => PROFILE_DIR && servers.forEach((s) => s.child.kill('SIGUSR2'))
    toggleProfilers()
    const cpu = await cpuPerRequest(pool, pgdb.name, servers.map((s) => s.child.pid!), async () => {
      r = await closedLoop(CLIENTS, BOOKINGS, book)
      return BOOKINGS
    })
    toggleProfilers()
    const ok = r.statuses.get(200) ?? 0
    const fivexx = [...r.statuses].filter(([s]) => s >= 500 || s === 0).reduce((n, [, c]) => n + c, 0)
    const { rows } = await pool.query<{ n: string }>(`
      SELECT count(*) AS n FROM appointments a JOIN appointments b
        ON a.tenant_id = b.tenant_id AND a.practitioner_id = b.practitioner_id AND a.id < b.id
       AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
      WHERE a.status NOT IN ('Deleted', 'Cancelled') AND b.status NOT IN ('Deleted', 'Cancelled')`)
    const rate = (ok / r.elapsedMs) * 1000
    console.log('| figure | measured | target | previous |')
    console.log('|---|---:|---:|---:|')
    const figure = recordFigure({
      id: 'bookings.rate',
      name: `bookings on PostgreSQL, two instances (${BOOKINGS} bookings, ${CLIENTS} clients)`,
      measured: `${rate.toFixed(0)}/s, ${fivexx} x 5xx, ${rows[0].n} overlaps, CPU ${cpu.serverMs.toFixed(1)} + ${cpu.databaseMs.toFixed(1)} ms`,
      target: '>= 500/s, 0 x 5xx, 0 overlaps',
      met: rate >= 500 && fivexx === 0 && Number(rows[0].n) === 0,
    })
    console.log(`| successful bookings/s (two instances) | ${rate.toFixed(0)}${rate < 500 ? ' UNDER' : ''} | >= 500 | ${figure.previous} |`)
    console.log(`| successful / sent | ${ok} / ${BOOKINGS} | all | - |`)
    console.log(`| 5xx or no answer | ${fivexx} | 0 | - |`)
    console.log(`| overlapping pairs in the database | ${rows[0].n} | 0 | - |`)
    console.log(`| CPU per booking: servers + PostgreSQL (ms) | ${cpu.serverMs.toFixed(1)} + ${cpu.databaseMs.toFixed(1)} (bench client ${cpu.clientMs.toFixed(1)}) | <= 4 in all on 2 cores | - |`)
    console.log(`| booking time p50 / p95 (ms) | ${percentile(r.times, 50).toFixed(0)} / ${percentile(r.times, 95).toFixed(0)} | - | - |`)
    console.log(`answers: ${[...r.statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}${samples.length ? `; e.g. ${samples.join(' | ')}` : ''}`)
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
