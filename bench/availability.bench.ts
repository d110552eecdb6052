/**
 * Server time of availability on a large tenant: 3 clinics, 30 practitioners, 50,000 appointments
 * over a year (PGlite in memory, the real app through fastify.inject; server time = the
 * wall time of app.inject, and the process's CPU time during it). Bookings are cached per practitioner
 * until one changes (a trigger bumps booking_versions): each case runs with calendars unchanged, with
 * one practitioner's bookings changed before each request, and with every practitioner's changed.
 * Targets: days-available-by-month p95 < 25 ms, practitioners/time p95 < 10 ms.
 * Run: npm run bench -- availability   (BENCH_RUNS=n requests per measurement, BENCH_ONLY=regexp of
 * case names, BENCH_FRESH=1 to generate the tenant again)
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { addDays } from 'date-fns'
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { recordFigure } from './lib/figures.mjs'
import { type BigTenant, DURATIONS, LONDON, seedReference, TENANT } from './lib/pg-tenant'
import { buildServer } from '../server/app'
import { testConfig } from '../server/config'
import { migrate, openDatabase, type Database } from '../server/db/database'
import { newId } from '../server/db/ids'
import type { Db } from '../server/db/schema'

const root = join(import.meta.dirname, '..')
const RUNS = Number(process.env.BENCH_RUNS || 200)
/** Warm-up requests per case: the JIT, and every distinct request (20 days) seen once. */
const WARM_UP = 20

/** A deterministic PRNG, so every run builds the same tenant. */
function random(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296
    return seed / 4294967296
  }
}

async function generate(db: Db): Promise<BigTenant> {
  const rnd = random(42)
  const t = { tenant_id: TENANT }
  const { clinics, practitioners, services, customer } = await seedReference(db)
  const durations = DURATIONS

  // 50,000 appointments: 6 months back and 6 ahead, ~6 a working day per practitioner, never overlapping.
  const rows: Record<string, unknown>[] = []
  const start = addDays(new Date(), -182)
  const target = 50_000
  outer: for (let d = 0; d < 365; d++) {
    const day = addDays(start, d)
    const date = formatInTimeZone(day, LONDON, 'yyyy-MM-dd')
    const weekday = Number(formatInTimeZone(day, LONDON, 'i')) % 7
    if (weekday === 0) continue
    for (let c = 0; c < 3; c++) {
      for (const practitioner_id of practitioners[c]) {
        let minute = 9 * 60 + Math.floor(rnd() * 4) * 15
        for (let n = 0; n < 7 && minute < 17 * 60; n++) {
          const s = Math.floor(rnd() * services.length)
          const duration = durations[s]
          if (minute < 13 * 60 + 30 && minute + duration > 13 * 60) minute = 13 * 60 + 30
          if (minute + duration > 17 * 60 + 30) break
          const startsAt = fromZonedTime(`${date}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`, LONDON)
          rows.push({ id: newId(), ...t, customer_id: customer, practitioner_id, clinic_id: clinics[c], service_id: services[s], status: 'Scheduled', starts_at: startsAt, ends_at: new Date(startsAt.getTime() + duration * 60_000), price: 50 })
          if (rows.length >= target) break outer
          minute += duration + Math.floor(rnd() * 3) * 15
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insertInto('appointments').values(rows.slice(i, i + 1000) as never).execute()
  console.log(`generated ${rows.length} appointments for ${practitioners.flat().length} practitioners at ${clinics.length} clinics`)
  await sql`ANALYZE`.execute(db)
  return { clinics, practitioners, services, customer }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}


const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined

interface Figures {
  p50: number
  p95: number
  /** Median CPU time of the process during a request (wall time minus waiting for other processes). */
  cpu50: number
  failures: number
}

/** RUNS timed requests after WARM_UP untimed ones; `before` runs untimed before each request. */
async function measure(app: FastifyInstance, request: (i: number) => { url: string; payload: unknown }, before?: (i: number) => Promise<unknown>): Promise<Figures> {
  const times: number[] = []
  const cpu: number[] = []
  let failures = 0
  for (let i = 0; i < RUNS + WARM_UP; i++) {
    const { url, payload } = request(i)
    if (before) await before(i)
    const cpuStart = process.cpuUsage()
    const started = process.hrtime.bigint()
    const response = await app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-tenant': TENANT } })
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    const used = process.cpuUsage(cpuStart)
    if (response.statusCode !== 200) failures++
    if (i >= WARM_UP) {
      times.push(ms)
      cpu.push((used.user + used.system) / 1000)
    }
  }
  times.sort((a, b) => a - b)
  cpu.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95), cpu50: percentile(cpu, 50), failures }
}

/**
 * The generated tenant is kept as a PGlite dump in node_modules/.cache/clinic-bench (it takes ~10 s to
 * build), keyed by the date (appointments are placed relative to today) and the migrations and
 * the generator. BENCH_FRESH=1 builds it again.
 */
async function openBigTenant(): Promise<{ database: Database; big: BigTenant }> {
  const hash = createHash('sha256').update(new Date().toISOString().slice(0, 10)).update(generate.toString())
  const sources = [join(root, 'server/commerce/commerce.migration.ts')]
  for (const f of readdirSync(join(root, 'server/db/migrations')).sort()) sources.push(join(root, 'server/db/migrations', f))
  for (const f of sources) hash.update(readFileSync(f))
  const dir = join(root, 'node_modules/.cache/clinic-bench')
  const file = join(dir, `big-${hash.digest('hex').slice(0, 16)}`)
  if (process.env.BENCH_FRESH !== '1' && existsSync(`${file}.json`) && existsSync(`${file}.tar`)) {
    const started = Date.now()
    const database = await openDatabase({ loadDataDir: new Blob([readFileSync(`${file}.tar`)]) })
    console.log(`(generated tenant loaded from ${file}.tar in ${((Date.now() - started) / 1000).toFixed(1)} s; ${RUNS} requests per case)`)
    return { database, big: JSON.parse(readFileSync(`${file}.json`, 'utf8')) as BigTenant }
  }
  const database = await openDatabase({ dataDir: 'memory://' })
  await migrate(database.db)
  const started = Date.now()
  const big = await generate(database.db)
  console.log(`(tenant generated in ${((Date.now() - started) / 1000).toFixed(1)} s; ${RUNS} requests per case)`)
  mkdirSync(dir, { recursive: true })
  for (const old of readdirSync(dir)) if (old.startsWith('big-')) rmSync(join(dir, old), { force: true })
  writeFileSync(`${file}.tar`, Buffer.from(await (await database.lite!.dumpDataDir('none')).arrayBuffer()))
  writeFileSync(`${file}.json`, JSON.stringify(big))
  return { database, big }
}

async function main() {
  const { database, big } = await openBigTenant()
  const app = await buildServer(testConfig({ logLevel: 'silent' }), { database })
  await app.ready()

  const next = addDays(new Date(), 30)
  const month = Number(formatInTimeZone(next, LONDON, 'M'))
  const year = Number(formatInTimeZone(next, LONDON, 'yyyy'))
  const clinic = big.clinics[0]
  const specific = big.practitioners[0][3]
  const [s1, s2, s3] = big.services
  const line = (service: string, practitioner: string | null) => ({ service, month, year, location: clinic, practitioner, withHolidays: true })
  const dayOf = (i: number) => {
    let d = addDays(next, i % 20)
    if (formatInTimeZone(d, LONDON, 'i') === '7') d = addDays(d, 1)
    return formatInTimeZone(d, LONDON, 'yyyy-MM-dd')
  }
  const bumpAll = () => database.db.updateTable('booking_versions').set({ version: sql`version + 1` } as never).where('tenant_id', '=', TENANT).execute()
  // A booking made or moved: one practitioner of the clinic (a different one each time) has a new version.
  const bumpOne = (i: number) =>
    database.db
      .updateTable('booking_versions')
      .set({ version: sql`version + 1` } as never)
      .where('tenant_id', '=', TENANT)
      .where('practitioner_id', '=', big.practitioners[0][i % 10])
      .execute()
  const days = '/api/appointments/days-available-by-month'
  const time = '/api/practitioners/time'
  const cases: { name: string; target: number; request: (i: number) => { url: string; payload: unknown } }[] = [
    { name: 'days-available-by-month, any practitioner, 1 service', target: 25, request: () => ({ url: days, payload: [line(s1, null)] }) },
    { name: 'days-available-by-month, one practitioner, 1 service', target: 25, request: () => ({ url: days, payload: [line(s1, specific)] }) },
    { name: 'days-available-by-month, any practitioner, 3-service chain', target: 25, request: () => ({ url: days, payload: [line(s1, null), line(s2, null), line(s3, null)] }) },
    { name: 'days-available-by-month, one practitioner, 3-service chain', target: 25, request: () => ({ url: days, payload: [line(s1, specific), line(s2, specific), line(s3, specific)] }) },
    { name: 'practitioners/time, any practitioner, 1 service', target: 10, request: (i) => ({ url: time, payload: { date: dayOf(i), service: s1, clinic, staff: null, onlineBooking: true } }) },
    { name: 'practitioners/time, one practitioner, 1 service', target: 10, request: (i) => ({ url: time, payload: { date: dayOf(i), service: s1, clinic, staff: specific, onlineBooking: true } }) },
    {
      name: 'practitioners/time, any practitioner, chained service (forceInterval 5)',
      target: 10,
      request: (i) => ({ url: time, payload: { date: dayOf(i), service: [s2, s3][i % 2], clinic, staff: null, forceInterval: 5, checkFirst: false, onlineBooking: true } }),
    },
    {
      name: 'practitioners/time, one practitioner, chained service (forceInterval 5)',
      target: 10,
      request: (i) => ({ url: time, payload: { date: dayOf(i), service: [s2, s3][i % 2], clinic, staff: specific, forceInterval: 5, checkFirst: false, onlineBooking: true } }),
    },
  ]
  // Three conditions per case: calendars unchanged since last asked (cached bookings), one
  // practitioner's bookings just changed (the usual case after a booking), and every practitioner's
  // bookings just changed (nothing served from a cache of bookings: the worst case).
  const modes: { label: string; before?: (i: number) => Promise<unknown> }[] = [{ label: 'unchanged' }, { label: 'one changed', before: bumpOne }, { label: 'all changed', before: bumpAll }]
  console.log(`| case | ${modes.map((m) => `${m.label}: p50 / p95 (cpu p50)`).join(' | ')} | target p95 | previous p95 |`)
  const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
  console.log(`|---|${modes.map(() => '---:').join('|')}|---:|---:|`)
  let over = 0
  let failures = 0
  for (const c of cases) {
    if (ONLY && !ONLY.test(c.name)) continue
    const cells: string[] = []
    const p95s: number[] = []
    for (const mode of modes) {
      const f = await measure(app, c.request, mode.before)
      failures += f.failures
      if (f.p95 >= c.target) over++
      p95s.push(f.p95)
      cells.push(`${f.p50.toFixed(1)} / ${f.p95.toFixed(1)}${f.p95 >= c.target ? ' OVER' : ''} (${f.cpu50.toFixed(1)})`)
    }
    const figure = recordFigure({
      id: `availability-pglite.${slug(c.name)}`,
      name: `availability (PGlite, 50,000 appointments) ${c.name}: p95 unchanged / one changed / all changed`,
      measured: `${p95s.map((p) => p.toFixed(1)).join(' / ')} ms`,
      target: `< ${c.target} ms`,
      met: p95s.every((p) => p < c.target),
    })
    console.log(`| ${c.name} | ${cells.join(' | ')} | < ${c.target} ms | ${figure.previous} |`)
  }
  await app.close()
  await database.close()
  if (failures) console.log(`${failures} request(s) did not answer 200!`)
  console.log(over ? `${over} measurement(s) over target.` : 'All availability cases within target (times in ms).')
}

await main()
// PGlite loaded from a dump leaves a handle open after close: end the process explicitly.
process.exit(0)
