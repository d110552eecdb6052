/**
 * The bookings benches' common parts: distinct free 30-minute slots of the big tenant, one customer
 * (and one signed token) per booking, the request bodies made up front, and a closed-loop run of them
 * over N server processes with the CPU per booking (servers + PostgreSQL backends, from /proc).
 */
import { randomUUID } from 'node:crypto'
import { addDays } from 'date-fns'
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz'
import { SignJWT } from 'jose'
import type pg from 'pg'
import type { Db } from '../../server/db/schema'
import type { ServerProcess } from '../../server/test-support/server-process'
import { backendPids, closedLoop, cpuMsOf, cpuPerRequest, jsonPoster, LONDON, TENANT, type BigTenant, type LoadResult } from './pg-tenant'

export interface BookingRequest {
  body: string
  headers: Record<string, string>
}

/**
 * `count` bookings of distinct free 30-minute slots (service 8: 30 minutes for everyone) on working
 * days from `fromDay` days ahead, consecutive ones spread over practitioners and days; each by a new
 * customer (inserted here, 1,000 a statement) with a token signed with `secret`.
 */
export async function prepareBookings(db: Db, big: BigTenant, count: number, secret: string, fromDay = 60, emailPrefix = 'booker'): Promise<BookingRequest[]> {
  const service = big.services[7]
  const slots: { practitioner: string; clinic: string; start: string; end: string }[] = []
  const times = [...Array(8).keys()].map((i) => 9 * 60 + i * 30).concat([...Array(8).keys()].map((i) => 13 * 60 + 30 + i * 30))
  for (let d = fromDay; slots.length < count; d++) {
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
  slots.length = count
  const customers = Array.from({ length: count }, () => randomUUID().replace(/-/g, '').slice(0, 24))
  for (let i = 0; i < customers.length; i += 1000)
    await db
      .insertInto('customers')
      .values(customers.slice(i, i + 1000).map((id, j) => ({ id, tenant_id: TENANT, email: `${emailPrefix}-${i + j}@example.com`, password_hash: 'x', first_name: 'B', surname: `Booker ${i + j}`, marketing_types: '[]', notification_types: '[]' })))
      .execute()
  const key = new TextEncoder().encode(secret)
  const tokens = await Promise.all(
    customers.map((sub) => new SignJWT({ tenant: TENANT, role: 'customer', gen: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setJti(randomUUID()).setIssuedAt().setExpirationTime('2h').sign(key)),
  )
  return slots.map((s, i) => ({
    body: JSON.stringify({ appointment: { event: { start: s.start, end: s.end }, practitioner: s.practitioner, clinic: s.clinic, service } }),
    headers: { 'x-tenant': TENANT, authorization: `Bearer ${tokens[i]}` },
  }))
}

export interface BookingRun extends LoadResult {
  ok: number
  fivexx: number
  /** successful bookings a second */
  rate: number
  cpu: { serverMs: number; databaseMs: number; clientMs: number }
  /**
   * The same over the run's second half only (from the moment half the bookings were answered): the
   * servers start cold with the run, and the first half's CPU carries their warm-up (V8's compiler,
   * code not yet optimised). Beside the whole run's figure, never instead of it.
   */
  secondHalf: { serverMs: number; databaseMs: number }
  samples: string[]
}

interface CpuMark {
  server: number
  backends: Map<number, number>
  answered: number
}

async function cpuMark(pool: pg.Pool, database: string, serverPids: readonly number[], answered: number): Promise<CpuMark> {
  const server = cpuMsOf(serverPids)
  const pids = await backendPids(pool, database)
  return { server, backends: new Map(pids.map((pid) => [pid, cpuMsOf([pid])])), answered }
}

/** The requests, `clients` at a time, round robin over the servers; CPU per request over the run. */
export async function runBookings(pool: pg.Pool, database: string, servers: readonly ServerProcess[], requests: readonly BookingRequest[], clients: number): Promise<BookingRun> {
  const posters = servers.map((s) => jsonPoster(s.base, clients))
  const samples: string[] = []
  const pids = servers.map((s) => s.child.pid!)
  let answered = 0
  let halfway: Promise<CpuMark> | undefined
  const book = async (i: number) => {
    const { status, text } = await posters[i % posters.length]('/api/appointments/public', requests[i].body, requests[i].headers)
    if (status !== 200 && samples.length < 3) samples.push(`${status} ${text.slice(0, 200)}`)
    if (++answered === Math.floor(requests.length / 2)) halfway = cpuMark(pool, database, pids, answered)
    return status
  }
  let r!: LoadResult
  let end!: CpuMark
  const cpu = await cpuPerRequest(pool, database, pids, async () => {
    r = await closedLoop(clients, requests.length, book)
    end = await cpuMark(pool, database, pids, answered)
    return requests.length
  })
  const half = halfway ? await halfway : end
  const secondCount = Math.max(1, end.answered - half.answered)
  let secondDatabase = 0
  for (const [pid, ms] of end.backends) secondDatabase += ms - (half.backends.get(pid) ?? 0)
  const ok = r.statuses.get(200) ?? 0
  const fivexx = [...r.statuses].filter(([s]) => s >= 500 || s === 0).reduce((n, [, c]) => n + c, 0)
  return { ...r, ok, fivexx, rate: (ok / r.elapsedMs) * 1000, cpu, secondHalf: { serverMs: (end.server - half.server) / secondCount, databaseMs: secondDatabase / secondCount }, samples }
}

/** Pairs of overlapping live appointments of one practitioner (the exclusion constraint says 0). */
export async function overlappingPairs(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(`
    SELECT count(*) AS n FROM appointments a JOIN appointments b
      ON a.tenant_id = b.tenant_id AND a.practitioner_id = b.practitioner_id AND a.id < b.id
     AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
    WHERE a.status NOT IN ('Deleted', 'Cancelled') AND b.status NOT IN ('Deleted', 'Cancelled')`)
  return Number(rows[0].n)
}
