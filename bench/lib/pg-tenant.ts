/**
 * A large tenant on a throwaway PostgreSQL database, for the benches that run real server processes
 * (bench/availability-pg.bench.ts, bench/bookings.bench.ts): 3 clinics of 10 practitioners (Monday to
 * Saturday 09:00-17:30, lunch 13:00-13:30), 10 services, appointments generated set-based
 * (INSERT ... SELECT over generate_series), and a closed-loop load generator with per-request timings.
 */
import http from 'node:http'
import { mkdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadavg } from 'node:os'
import { addDays } from 'date-fns'
import { formatInTimeZone } from 'date-fns-tz'
import { sql } from 'kysely'
import pg from 'pg'
import { newId } from '../../server/db/ids'
import type { Db } from '../../server/db/schema'

export const TENANT = 'big'
export const LONDON = 'Europe/London'

export interface BigTenant {
  clinics: string[]
  /** 10 per clinic */
  practitioners: string[][]
  services: string[]
  customer: string
}

export const DURATIONS = [30, 45, 60, 30, 45, 15, 60, 30, 45, 30]

/** Organisation, clinics, services, practitioners and their hours, one customer. */
export async function seedReference(db: Db): Promise<BigTenant> {
  const t = { tenant_id: TENANT }
  await db.insertInto('tenants').values({ id: TENANT, name: 'Big clinic group' }).execute()
  await db
    .insertInto('organisations')
    .values({
      id: newId(),
      ...t,
      name: 'Big clinic group',
      settings: JSON.stringify({
        country: 'GB', currency: 'GBP', showHomeBannerText: false, bookingDepositType: 'percentage', bookingDepositAmount: 20,
        bookingDepositMultipleServicesRule: 'sum', bookingDepositRule: 'each time', showCancelTerms: true, sellGiftVoucherOnline: false,
        giftVoucherValues: [], minimiseGaps: true, minimiseGapsStrategy: 'Minimise after first booking', alsoShowFirst: true, alsoShowLast: true,
      }),
    })
    .execute()
  const clinics = [newId(), newId(), newId()]
  await db.insertInto('clinics').values(clinics.map((id, i) => ({ id, ...t, account_name: `Clinic ${i + 1}`, line1: `${i + 1} High Street`, city: 'London' }))).execute()
  const category = newId()
  await db.insertInto('categories').values({ id: category, ...t, name: 'Treatments' }).execute()
  const services = DURATIONS.map(() => newId())
  await db
    .insertInto('services')
    .values(services.map((id, i) => ({ id, ...t, category_id: category, name: `Service ${i + 1}`, default_duration: DURATIONS[i], default_price: 50 + i * 10 })))
    .execute()
  await db.insertInto('service_locations').values(clinics.flatMap((clinic_id) => services.map((service_id) => ({ ...t, service_id, clinic_id })))).execute()
  const practitioners = clinics.map(() => Array.from({ length: 10 }, () => newId()))
  await db
    .insertInto('practitioners')
    .values(practitioners.flat().map((id, i) => ({ id, ...t, display_name: `Practitioner ${i + 1}`, position: i })))
    .execute()
  await db
    .insertInto('service_practitioners')
    .values(practitioners.flat().flatMap((practitioner_id) => services.map((service_id, i) => ({ ...t, service_id, practitioner_id, gross_price: null, duration: i % 3 === 0 ? DURATIONS[i] + 15 : null }))))
    .execute()
  const hours = clinics.flatMap((clinic_id, c) =>
    practitioners[c].flatMap((practitioner_id) =>
      [1, 2, 3, 4, 5, 6].flatMap((weekday) => [
        { ...t, practitioner_id, clinic_id, weekday, start_time: '09:00', end_time: '17:30', kind: 'work' },
        { ...t, practitioner_id, clinic_id, weekday, start_time: '13:00', end_time: '13:30', kind: 'break' },
      ]),
    ),
  )
  await db.insertInto('practitioner_hours').values(hours).execute()
  const customer = newId()
  await db.insertInto('customers').values({ id: customer, ...t, email: 'big@example.com', password_hash: 'x', first_name: 'Big', surname: 'Customer', marketing_types: '[]', notification_types: '[]' }).execute()
  return { clinics, practitioners, services, customer }
}

/**
 * `count` appointments, six a working day per practitioner (09:00-16:45, never overlapping, shifted
 * by 0-30 minutes by practitioner and day). The days of `month` (yyyy-MM) come first, so every
 * size has that month fully booked; the rest go back in time from it, then forward after it: a
 * bigger tenant has more history, the same month.
 */
export async function fillAppointments(db: Db, big: BigTenant, count: number, month: string, options: { analyze?: boolean } = {}): Promise<number> {
  const [y, m] = month.split('-').map(Number)
  const first = new Date(Date.UTC(y, m - 1, 1, 12))
  const days: string[] = []
  const working = (d: Date) => formatInTimeZone(d, LONDON, 'i') !== '7'
  const perDay = 6 * big.practitioners.flat().length
  for (let d = first; formatInTimeZone(d, LONDON, 'yyyy-MM') === month; d = addDays(d, 1)) if (working(d)) days.push(formatInTimeZone(d, LONDON, 'yyyy-MM-dd'))
  for (let d = addDays(first, -1); days.length * perDay < count; d = addDays(d, -1)) if (working(d)) days.push(formatInTimeZone(d, LONDON, 'yyyy-MM-dd'))
  const people = big.practitioners.flatMap((ps, c) => ps.map((p) => ({ p, c: big.clinics[c] })))
  // The booking-version trigger would update the same 30 rows once per inserted row (minutes at
  // 200k rows, and a bloated booking_versions afterwards): off for the bulk insert, versions set after.
  await sql`ALTER TABLE appointments DISABLE TRIGGER appointments_booking_version`.execute(db)
  // Slots: start minute after 09:00 and duration; the lunch break 13:00-13:30 stays free.
  const result = await sql`
    INSERT INTO appointments (id, tenant_id, customer_id, practitioner_id, clinic_id, service_id, status, starts_at, ends_at, price)
    SELECT substr(md5(random()::text || clock_timestamp()::text || g.n::text), 1, 24), ${TENANT}, ${big.customer}, g.p, g.c, ${big.services[0]}, 'Scheduled',
           g.starts_at, g.starts_at + make_interval(mins => g.minutes), 50
    FROM (
      SELECT row_number() OVER (ORDER BY d.ord, pr.ord, s.ord) AS n, pr.p, pr.c, s.minutes,
             ((d.day::text || ' 09:00')::timestamp + make_interval(mins => (s.at + ((pr.ord + d.ord) % 3) * 15)::int)) AT TIME ZONE ${LONDON} AS starts_at
      FROM unnest(${days}::date[]) WITH ORDINALITY AS d(day, ord)
      CROSS JOIN unnest(${people.map((x) => x.p)}::text[], ${people.map((x) => x.c)}::text[]) WITH ORDINALITY AS pr(p, c, ord)
      CROSS JOIN (VALUES (1, 0, 45), (2, 60, 30), (3, 120, 60), (4, 270, 45), (5, 345, 30), (6, 420, 45)) AS s(ord, at, minutes)
    ) g
    WHERE g.n <= ${count}`.execute(db)
  await sql`ALTER TABLE appointments ENABLE TRIGGER appointments_booking_version`.execute(db)
  await sql`INSERT INTO booking_versions (tenant_id, practitioner_id) SELECT DISTINCT tenant_id, practitioner_id FROM appointments
    ON CONFLICT (tenant_id, practitioner_id) DO UPDATE SET version = booking_versions.version + 1`.execute(db)
  // analyze: false leaves the statistics as a bulk import leaves them (the scale bench's bulk phase).
  if (options.analyze !== false) await sql`VACUUM ANALYZE`.execute(db)
  return Number(result.numAffectedRows ?? 0)
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

export interface LoadResult {
  times: number[]
  statuses: Map<number, number>
  elapsedMs: number
}

/**
 * A closed loop of `concurrency` workers sending `total` requests between them (each waits for its
 * answer before the next); `before` runs before each request, untimed. Times are per request, in ms.
 */
export async function closedLoop(
  concurrency: number,
  total: number,
  send: (i: number) => Promise<number>,
  before?: (i: number) => Promise<unknown>,
): Promise<LoadResult> {
  const times: number[] = []
  const statuses = new Map<number, number>()
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        if (before) await before(i)
        const t0 = performance.now()
        let status: number
        try {
          status = await send(i)
        } catch {
          status = 0
        }
        times.push(performance.now() - t0)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
    }),
  )
  return { times: times.sort((a, b) => a - b), statuses, elapsedMs: performance.now() - started }
}

/** A small pool of its own for the bench's side queries (bumping versions, counting). */
export function benchPool(url: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString: url, max, application_name: 'bench' })
}

/** The 1, 5 and 15 minute load averages of the machine. */
export function loadAverage(): string {
  return loadavg().map((x) => x.toFixed(1)).join(' / ')
}

/** CPU time (user + system, ms) used so far by these processes, from /proc (0 for one that is gone; Linux only). */
export function cpuMsOf(pids: readonly number[]): number {
  let ticks = 0
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      ticks += Number(fields[11]) + Number(fields[12]) // utime, stime (fields 14 and 15 of the line)
    } catch {
      // exited
    }
  }
  return ticks * 10 // USER_HZ is 100 on Linux
}

/** The PostgreSQL backends serving a database, but the bench's own (benchPool); their processes are on this machine. */
export async function backendPids(pool: pg.Pool, database: string): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND application_name IS DISTINCT FROM 'bench'",
    [database],
  )
  return rows.map((r) => r.pid)
}

/**
 * CPU per request of a load run: the server processes' and their database backends' CPU time over
 * the run divided by the requests, and the bench's own (the load it generates shares the machine). Backends are listed at the end (pools open connections on demand);
 * the bench's own connections (benchPool) are left out.
 */
export async function cpuPerRequest(pool: pg.Pool, database: string, serverPids: readonly number[], run: () => Promise<number>): Promise<{ serverMs: number; databaseMs: number; clientMs: number }> {
  const before = new Map((await backendPids(pool, database)).map((pid) => [pid, cpuMsOf([pid])]))
  const serverBefore = cpuMsOf(serverPids)
  const clientBefore = process.cpuUsage()
  const requests = await run()
  const client = process.cpuUsage(clientBefore)
  const serverMs = cpuMsOf(serverPids) - serverBefore
  let databaseMs = 0
  for (const pid of await backendPids(pool, database)) databaseMs += cpuMsOf([pid]) - (before.get(pid) ?? 0)
  return { serverMs: serverMs / requests, databaseMs: databaseMs / requests, clientMs: (client.user + client.system) / 1000 / requests }
}

/**
 * The environment that makes a server process profile itself (bench/lib/cpu-profile.preload.mjs:
 * SIGUSR2 starts V8's CPU profiler, the next SIGUSR2 writes dir/<pid>-<n>.cpuprofile); `dir` is made.
 */
export function cpuProfileEnv(dir: string): Record<string, string> {
  mkdirSync(dir, { recursive: true })
  return { BENCH_CPU_PROF: dir, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${resolve(import.meta.dirname, 'cpu-profile.preload.mjs')}`.trim() }
}

/**
 * A lean HTTP client for the load generators: keep-alive sockets, one per concurrent client, the
 * answer read and dropped. `fetch` cost the bench ~1.5 ms of CPU a request on the same two cores
 * the server and PostgreSQL use; this is a fraction of it, so the figures are the server's.
 */
export function jsonPoster(base: string, sockets: number): (path: string, body: string, headers?: Record<string, string>) => Promise<{ status: number; text: string }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets })
  const { hostname, port } = new URL(base)
  return (path, body, headers = {}) =>
    new Promise((resolvePost, reject) => {
      const request = http.request(
        { agent, hostname, port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'accept-encoding': 'gzip, br', ...headers } },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => resolvePost({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('latin1') }))
          response.on('error', reject)
        },
      )
      request.on('error', reject)
      request.end(body)
    })
}
