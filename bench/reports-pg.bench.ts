/**
 * The owner's report (GET /admin/reports, issue 29) on the PostgreSQL server: a year of a
 * 30-practitioner clinic group (bench/lib/pg-tenant.ts: 3 clinics of 10) with ~200,000
 * appointments (19 twenty-minute slots a day per practitioner, every day of the year; a mix of
 * completed, cancelled by the customer or the clinic, late and no-shows) and a paid deposit for every
 * fourth one. Times buildReport (server/reports/reports.service.ts: every query the route runs,
 * without HTTP) for the whole year and for one location. Target: under a second.
 * Run: npm run bench -- reports   (BENCH_RUNS=n timed runs per case, default 5)
 */
import { sql } from 'kysely'
import { migrate, openDatabase } from '../server/db/database'
import { buildReport } from '../server/reports/reports.service'
import { throwawayDatabase } from '../server/test-support/server-process'
import { recordFigure } from './lib/figures.mjs'
import { LONDON, loadAverage, percentile, seedReference, TENANT } from './lib/pg-tenant'

const RUNS = Number(process.env.BENCH_RUNS || 5)
const YEAR = 2025
const TARGET_MS = 1000

async function main() {
  let pgdb
  try {
    pgdb = await throwawayDatabase('bench_reports')
  } catch {
    console.log('No PostgreSQL server at 127.0.0.1:5432 (or TEST_DATABASE_URL): reports-pg skipped.')
    return
  }
  try {
    const database = await openDatabase({ databaseUrl: pgdb.url, poolSize: 4 })
    const db = database.db
    await migrate(db)
    const started = Date.now()
    const big = await seedReference(db)
    const people = big.practitioners.flatMap((ps, c) => ps.map((p) => ({ p, c: big.clinics[c]! })))
    await sql`ALTER TABLE appointments DISABLE TRIGGER appointments_booking_version`.execute(db)
    const inserted = await sql`
      INSERT INTO appointments (id, tenant_id, customer_id, practitioner_id, clinic_id, service_id, status, starts_at, ends_at, price, cancelled_by, cancelled_at)
      SELECT lpad(to_hex(g.n), 24, '0'), ${TENANT}, ${big.customer}, g.p, g.c, ${big.services[0]!},
        CASE WHEN g.n % 20 IN (0, 1) THEN 'Cancelled' WHEN g.n % 25 = 2 THEN 'No show' ELSE 'Completed' END,
        g.starts_at, g.starts_at + interval '20 minutes', 50,
        CASE g.n % 20 WHEN 0 THEN 'customer' WHEN 1 THEN 'clinic' END,
        CASE WHEN g.n % 20 IN (0, 1) THEN g.starts_at - make_interval(hours => (g.n % 96)::int) END
      FROM (
        SELECT row_number() OVER () AS n, pr.p, pr.c,
          ((d::date::text || ' 09:00')::timestamp + make_interval(mins => s * 20)) AT TIME ZONE ${LONDON} AS starts_at
        FROM generate_series(${`${YEAR}-01-01`}::date, ${`${YEAR}-12-31`}::date, interval '1 day') AS d
        CROSS JOIN unnest(${people.map((x) => x.p)}::text[], ${people.map((x) => x.c)}::text[]) AS pr(p, c)
        CROSS JOIN generate_series(0, 18) AS s
      ) g`.execute(db)
    await sql`ALTER TABLE appointments ENABLE TRIGGER appointments_booking_version`.execute(db)
    // A paid deposit invoice for every fourth appointment, settled the day before it.
    await sql`INSERT INTO commerce_invoices (id, tenant_id, code, customer_id, clinic_id, description, origin, amount, is_draft, payment_status)
      SELECT 'inv' || a.id, a.tenant_id, 'inv' || a.id, a.customer_id, a.clinic_id, 'Deposit', 'SALE', 10, false, 'Paid'
      FROM appointments a WHERE a.tenant_id = ${TENANT} AND right(a.id, 1) IN ('0', '4', '8', 'c')`.execute(db)
    await sql`INSERT INTO commerce_invoice_appointments (tenant_id, invoice_id, appointment_id) SELECT tenant_id, id, substr(id, 4) FROM commerce_invoices WHERE tenant_id = ${TENANT}`.execute(db)
    await sql`INSERT INTO commerce_payments (id, tenant_id, invoice_id, transaction_id, processor, amount, status, settled_at)
      SELECT 'pay' || i.id, i.tenant_id, i.id, 'tx' || i.id, 'sandbox', 10, 'paid', a.starts_at - interval '1 day'
      FROM commerce_invoices i JOIN appointments a ON a.id = substr(i.id, 4) WHERE i.tenant_id = ${TENANT}`.execute(db)
    await sql`VACUUM ANALYZE`.execute(db)
    const made = Number(inserted.numAffectedRows ?? 0)
    console.log(`(${made.toLocaleString('en-GB')} appointments and ${Math.round(made / 4).toLocaleString('en-GB')} paid deposits generated in ${((Date.now() - started) / 1000).toFixed(1)} s; load average ${loadAverage()})`)

    const cases = [
      { id: 'year', name: `the whole year ${YEAR}, every clinic`, query: { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` } },
      { id: 'year-location', name: `the whole year ${YEAR}, one clinic`, query: { from: `${YEAR}-01-01`, to: `${YEAR}-12-31`, location: big.clinics[0]! } },
      { id: 'month', name: `one month (${YEAR}-11), every clinic`, query: { from: `${YEAR}-11-01`, to: `${YEAR}-11-30` } },
    ]
    console.log('Timed: buildReport in this process (every query of GET /admin/reports; HTTP, auth and JSON encoding left out), after one untimed run of each case (warm cache); statistics after VACUUM ANALYZE, as autovacuum leaves a table of a year.')
    console.log('| case | bookings counted | p50 ms | max ms | target |')
    console.log('|---|---:|---:|---:|---:|')
    for (const c of cases) {
      const first = await buildReport(db, TENANT, c.query)
      if (first._tag === 'Left') throw new Error(`report refused: ${JSON.stringify(first.left)}`)
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now()
        await buildReport(db, TENANT, c.query)
        times.push(performance.now() - t0)
      }
      times.sort((a, b) => a - b)
      const p50 = percentile(times, 50)
      const max = times[times.length - 1]!
      recordFigure({
        id: `reports-pg.${c.id}`,
        name: `owner's report on PostgreSQL, ${made.toLocaleString('en-GB')} appointments in a year, 30 practitioners: ${c.name}`,
        measured: `p50 ${p50.toFixed(0)} ms, max ${max.toFixed(0)} ms`,
        target: `< ${TARGET_MS} ms`,
        met: max < TARGET_MS,
      })
      console.log(`| ${c.name} | ${first.right.totals.bookings.toLocaleString('en-GB')} | ${p50.toFixed(0)} | ${max.toFixed(0)}${max >= TARGET_MS ? ' OVER' : ''} | < ${TARGET_MS} ms |`)
    }
    await database.close()
  } finally {
    await pgdb.drop()
  }
}

await main()
process.exit(0)
