/**
 * Issue 31: plans that do not depend on fresh statistics (PostgreSQL). A named prepared statement
 * keeps its generic plan until its tables are analysed: planned while `customers` was small, the
 * session check (every authenticated request) and the booking's facts scanned the whole table after
 * a bulk insert, until autovacuum's ANALYZE. Here: hot statements planned on a small table, 100,000
 * customers inserted without ANALYZE (autovacuum off for the table), then EXPLAIN of each statement
 * as its connection runs it: the index plan once the connection has planned again (the table's row
 * count doubled: server/db/prepared-statements.ts); and ANALYZE after
 * the project's own bulk writes (a setup applied, the seed, migrations) brings the index plan at once.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_SQL } from '../accounts/session.service'
import { BOOKER_FACTS } from '../booking/booking.repository'
import { DEMO } from '../seed/demo.seed'
import { seedDatabase } from '../seed'
import { throwawayDatabase, type ThrowawayDatabase } from '../test-support/server-process'
import { migrate, openDatabase, refreshStatistics, type Database } from './database'
import { preparedName, REPLAN_AFTER_MS, runPrepared } from './prepared-statements'

let d: ThrowawayDatabase
let database: Database
beforeAll(async () => {
  d = await throwawayDatabase('plans')
  // One connection: the statements' cached plans and the EXPLAINs are on the same one.
  database = await openDatabase({ databaseUrl: d.url, poolSize: 1 })
  await migrate(database.db)
  await seedDatabase(database.db, { tenant: TENANT })
  // Autovacuum's ANALYZE would refresh the statistics behind the test's back.
  await sql`ALTER TABLE customers SET (autovacuum_enabled = false)`.execute(database.db)
}, 120_000)
afterAll(async () => {
  await database?.close()
  await d?.drop()
})

const TENANT = 'demo'
const NOW = '2026-06-01T10:00:00Z'
const DAY_END = '2026-06-02T00:00:00Z'
const DAY_START_LESS_A_WEEK = '2026-05-25T10:00:00Z'
/** The hot statements, each with its parameters as SQL literals for EXPLAIN EXECUTE. */
const statements = [
  { label: 'session check', text: SESSION_SQL, values: [TENANT, DEMO.customerDemo, 'no-such-token'], literals: `'${TENANT}', '${DEMO.customerDemo}', 'no-such-token'` },
  {
    label: 'booking facts (with the session check)',
    text: BOOKER_FACTS,
    // With the bookings of one practitioner's day (busy.repository's part: $5-$8).
    values: [TENANT, DEMO.customerDemo, new Date(NOW), 'no-such-token', ['no-such-practitioner'], NOW, DAY_END, DAY_START_LESS_A_WEEK],
    literals: `'${TENANT}', '${DEMO.customerDemo}', '${NOW}', 'no-such-token', ARRAY['no-such-practitioner'], '${NOW}', '${DAY_END}', '${DAY_START_LESS_A_WEEK}'`,
  },
]

/** Runs each statement as the server does, enough times for PostgreSQL to settle on its generic plan. */
async function runHot(): Promise<void> {
  for (let i = 0; i < 8; i++) {
    for (const s of statements) await database.db.transaction().execute((trx) => runPrepared(trx, s.text, s.values))
  }
}

/**
 * The plan the connection uses now for each statement: does it read `customers` other than by its
 * primary key (the whole table, or the tenant's customers through another index)?
 */
async function scansCustomers(): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = {}
  for (const s of statements) {
    const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE ${preparedName(s.text)!}(${s.literals})`).execute(database.db)
    const reads = rows.map((r) => r['QUERY PLAN']).filter((line) => / on customers\b/.test(line))
    expect(reads, s.label).not.toEqual([])
    out[s.label] = reads.some((line) => !/Index (Only )?Scan using customers_pkey on customers\b/.test(line))
  }
  return out
}
const nowhere = Object.fromEntries(statements.map((s) => [s.label, false]))
const everywhere = Object.fromEntries(statements.map((s) => [s.label, true]))

async function bulkCustomers(prefix: string, count = 30000): Promise<void> {
  await sql`INSERT INTO customers (id, tenant_id, email, password_hash, first_name, surname)
    SELECT ${prefix} || lpad(g::text, 20, '0'), ${TENANT}, ${prefix} || g || '@example.com', 'x', 'Bulk', 'Customer'
    FROM generate_series(1, ${count}::int) g`.execute(database.db)
}

describe('the hot statements after a bulk insert without ANALYZE', () => {
  it('use the index once their connection has planned again, whatever the statistics say', async () => {
    await runHot()
    // Planned on a table of a few rows: a full scan was the cheapest plan then.
    expect(await scansCustomers()).toEqual(everywhere)
    await bulkCustomers('bulk')
    // The cached plans outlive the insert (PostgreSQL keeps a generic plan until the statistics of its
    // tables change), but not for long: the connection plans again with the table as it is, once the
    // table's row count shows the insert (the inserting connection reports its counts up to 10 s later)
    // and a check of the sizes (every REPLAN_AFTER_MS) saw it. Not asserted right after the insert: on a
    // busy server (other databases' DDL filling the shared invalidation queue) PostgreSQL may reset a
    // backend's caches, and its plans with them, at any moment (a fresh-clone CI's run did so).
    let plans = everywhere
    for (let waited = 0; waited < 3 * REPLAN_AFTER_MS + 10_000 && JSON.stringify(plans) !== JSON.stringify(nowhere); waited += REPLAN_AFTER_MS) {
      await new Promise((r) => setTimeout(r, REPLAN_AFTER_MS + 100))
      await runHot()
      plans = await scansCustomers()
    }
    expect(plans).toEqual(nowhere)
  }, 90_000)

  it("read the customer by its primary key when the statistics are a small clinic's (the tenant looks unique)", async () => {
    // A clinic analysed while it had a customer or two (a sample where every tenant_id is distinct),
    // then thousands more: the tenant's (tenant_id, email) index tied with the primary key for
    // `tenant_id = $1 AND id = $2`, and the generic plan read every customer of the tenant a call.
    await sql`DELETE FROM customers WHERE id LIKE 'bulk%'`.execute(database.db)
    await sql`VACUUM FULL customers`.execute(database.db)
    await sql`ALTER TABLE customers ALTER COLUMN tenant_id SET (n_distinct = -1)`.execute(database.db)
    try {
      await sql`ANALYZE customers`.execute(database.db)
      await bulkCustomers('tie', 3000)
      await runHot()
      expect(await scansCustomers()).toEqual(nowhere)
    } finally {
      await sql`ALTER TABLE customers ALTER COLUMN tenant_id RESET (n_distinct)`.execute(database.db)
      await sql`DELETE FROM customers WHERE id LIKE 'tie%'`.execute(database.db)
    }
  }, 60_000)

  it('use the index at once after ANALYZE, which the project runs after its own bulk writes', async () => {
    await sql`DELETE FROM customers WHERE id LIKE 'bulk%'`.execute(database.db)
    await sql`VACUUM FULL customers`.execute(database.db)
    await refreshStatistics(database.db)
    await runHot()
    expect(await scansCustomers()).toEqual(everywhere)
    await bulkCustomers('more')
    await refreshStatistics(database.db)
    await runHot()
    expect(await scansCustomers()).toEqual(nowhere)
  }, 60_000)
})
