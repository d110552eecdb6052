import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database'
import { prepared, REPLAN_AFTER_MS, runDeferrable, runPrepared, TableSizes, tableMoved } from './prepared-statements'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.cleanup())

const TEXT = 'SELECT count(*) AS n FROM appointments WHERE tenant_id = $1 AND status = $2'

describe('prepared statements', () => {
  it('answers a marked text as the plain query does, with its parameters', async () => {
    const plain = await sql<{ n: string }>`SELECT count(*) AS n FROM appointments WHERE tenant_id = ${'demo'} AND status = ${'Scheduled'}`.execute(database.db)
    for (let i = 0; i < 3; i++) {
      const { rows } = await runPrepared<{ n: string | number }>(database.db, TEXT, ['demo', 'Scheduled'])
      expect(Number(rows[0].n)).toBe(Number(plain.rows[0].n))
    }
    expect(Number(plain.rows[0].n)).toBeGreaterThan(0)
  })

  it('runs a marked text as a named statement on the PostgreSQL server (parsed once per connection)', async () => {
    if (database.kind !== 'postgres') return
    prepared(TEXT)
    const names = await database.db.transaction().execute(async (trx) => {
      await runPrepared(trx, TEXT, ['demo', 'Pending'])
      return sql<{ name: string }>`SELECT name FROM pg_prepared_statements WHERE statement = ${TEXT}`.execute(trx)
    })
    expect(names.rows.map((r) => r.name)).toEqual([expect.stringMatching(/^prepared_\d+$/)])
  })
})

describe("a transaction's BEGIN, sent with its first statement", () => {
  const LOCK = 'SELECT pg_advisory_xact_lock(hashtextextended($1::text, 0))'
  const HELD = "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()"
  const INSERT = "INSERT INTO tenants (id, name) VALUES ($1, 'Begun') RETURNING id"

  it('opens the transaction before the statement: its locks are held and its writes undone on a rollback', async () => {
    // Ten times over the pool: a connection sends the BEGIN on its own the first time (the statement
    // not parsed there yet), with the statement afterwards; either way the same transaction.
    for (let i = 0; i < 10; i++) {
      const held = await database.db.transaction().execute(async (trx) => {
        await runPrepared(trx, LOCK, [`begun-${i}`])
        return (await sql<{ n: number }>`${sql.raw(HELD)}`.execute(trx)).rows[0].n
      })
      expect({ i, held }).toEqual({ i, held: 1 })
      const undone = await database.db
        .transaction()
        .execute(async (trx) => {
          await runPrepared(trx, INSERT, [`begun-${i}`])
          throw new Error('undo')
        })
        .catch((error: Error) => error.message)
      expect(undone).toBe('undo')
    }
    const left = await database.db.selectFrom('tenants').select('id').where('id', 'like', 'begun-%').execute()
    expect(left).toEqual([])
  })

  it('answers a failing first statement with its error, the connection usable after it; an empty or unmarked transaction as before', async () => {
    for (let i = 0; i < 6; i++) {
      const failed = await database.db
        .transaction()
        .execute((trx) => runPrepared(trx, 'SELECT 1 / $1::int AS n', [i < 3 ? 1 : 0]))
        .then((r) => r.rows, (error: Error) => error.message)
      expect({ i, failed }).toEqual({ i, failed: i < 3 ? [{ n: 1 }] : 'division by zero' })
    }
    expect(await database.db.transaction().execute(async () => 'nothing')).toBe('nothing')
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('tenants').values({ id: 'begun-plain', name: 'Begun' }).execute()
        throw new Error('undo')
      })
      .catch(() => undefined)
    expect(await database.db.selectFrom('tenants').select('id').where('id', '=', 'begun-plain').execute()).toEqual([])
    const { rows } = await runPrepared<{ n: number }>(database.db, 'SELECT 1 / $1::int AS n', [1])
    expect(rows).toEqual([{ n: 1 }])
  })
})

describe('a deferred lock, sent with the statement after it', () => {
  const LOCK = 'SELECT pg_advisory_xact_lock(hashtextextended($1::text, 0)) AS locked'
  const HELD = "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()"
  const COUNT = "SELECT count(*)::int AS n FROM tenants WHERE id LIKE 'deferred-%'"
  const INSERT = "INSERT INTO tenants (id, name) VALUES ($1, 'Deferred') RETURNING id"

  it('holds its lock from before the next statement, which sees what the lock holder committed', async () => {
    // Rounds over the pool: the first on a connection sends each statement as it comes (not parsed there yet).
    for (let i = 0; i < 8; i++) {
      let release!: () => void
      const holding = new Promise<void>((r) => (release = r))
      let locked!: () => void
      const isLocked = new Promise<void>((r) => (locked = r))
      const first = database.db.transaction().execute(async (trx) => {
        await runDeferrable(trx, LOCK, [`deferred-${i}`])
        await runPrepared(trx, INSERT, [`deferred-${i}`])
        locked()
        await holding
      })
      await isLocked
      const second = database.db.transaction().execute(async (trx) => {
        await runDeferrable(trx, LOCK, [`deferred-${i}`])
        const { rows } = await runPrepared<{ n: number }>(trx, COUNT, [])
        const held = (await sql<{ n: number }>`${sql.raw(HELD)}`.execute(trx)).rows[0].n
        return { seen: rows[0].n, held }
      })
      // The second waits for the first's lock; its count, read after the lock, includes the first's row.
      await new Promise((r) => setTimeout(r, 50))
      release()
      await first
      expect({ i, ...(await second) }).toEqual({ i, seen: i + 1, held: 1 })
    }
    await database.db.deleteFrom('tenants').where('id', 'like', 'deferred-%').execute()
  })

  it('answers its own error as the next statement\'s, undoes the transaction, and leaves the connection usable', async () => {
    const FAILING = 'SELECT 1 / $1::int AS n'
    for (let i = 0; i < 8; i++) {
      const outcome = await database.db
        .transaction()
        .execute(async (trx) => {
          await runDeferrable(trx, FAILING, [i < 4 ? 1 : 0])
          return (await runPrepared<{ id: string }>(trx, INSERT, [`deferred-${i}`])).rows
        })
        .then((rows) => rows.map((r) => r.id), (error: Error) => error.message)
      expect({ i, outcome }).toEqual({ i, outcome: i < 4 ? [`deferred-${i}`] : 'division by zero' })
    }
    // A transaction of a deferred lock alone, and one rolled back after it: nothing sent, nothing held.
    expect(await database.db.transaction().execute((trx) => runDeferrable(trx, LOCK, ['deferred-alone']))).toBeUndefined()
    await database.db
      .transaction()
      .execute(async (trx) => {
        await runDeferrable(trx, LOCK, ['deferred-alone'])
        throw new Error('undo')
      })
      .catch(() => undefined)
    const after = await database.db.transaction().execute(async (trx) => {
      await runDeferrable(trx, LOCK, ['deferred-alone'])
      return (await sql<{ n: number }>`${sql.raw(HELD)}`.execute(trx)).rows[0].n
    })
    expect(after).toBe(1)
    expect((await runPrepared<{ n: number }>(database.db, COUNT, [])).rows[0].n).toBe(4)
    await database.db.deleteFrom('tenants').where('id', 'like', 'deferred-%').execute()
  })
})

describe('the tables moved (the connections plan their statements again)', () => {
  it.each([
    { was: 0, now: 99, moved: false, why: 'a few rows more' },
    { was: 0, now: 100, moved: true, why: 'from empty to a hundred rows' },
    { was: 10, now: 30_010, moved: true, why: 'a bulk insert' },
    { was: 30_000, now: 59_999, moved: false, why: 'less than doubled' },
    { was: 30_000, now: 60_000, moved: true, why: 'doubled' },
    { was: 30_000, now: 15_000, moved: true, why: 'halved' },
    { was: 30_000, now: 16_000, moved: false, why: 'not halved' },
    { was: 150, now: 50, moved: true, why: 'a third left, a hundred rows fewer' },
  ])('$was -> $now rows: $moved ($why)', ({ was, now, moved }) => {
    expect(tableMoved(was, now)).toBe(moved)
  })

  it('one read every REPLAN_AFTER_MS at most; a new generation only when a table moved since the last one, slow growth added up', async () => {
    const sizes = new TableSizes()
    const reads: number[] = []
    const answers = [
      [{ id: '1', n: '10' }],
      [{ id: '1', n: '60' }, { id: '2', n: '5000' }],
      [{ id: '1', n: '110' }, { id: '2', n: '9000' }],
      [{ id: '1', n: '200' }, { id: '2', n: '9000' }],
    ]
    const check = async (now: number) => {
      sizes.check(now, async () => {
        reads.push(now)
        return { rows: answers.shift()! }
      })
      await new Promise((r) => setImmediate(r))
    }
    await check(0)
    await check(REPLAN_AFTER_MS - 1)
    expect(reads).toEqual([0])
    expect(sizes.generation).toBe(0)
    // Table 1 is 60 rows (not a hundred more), table 2 new: nothing to plan again.
    await check(REPLAN_AFTER_MS)
    expect(sizes.generation).toBe(0)
    // 110 rows against the 10 planned with: moved. Table 2 under double its first count: not.
    await check(2 * REPLAN_AFTER_MS)
    expect(sizes.generation).toBe(1)
    // 200 against 110: under double.
    await check(3 * REPLAN_AFTER_MS)
    expect(sizes.generation).toBe(1)
    expect(reads).toEqual([0, REPLAN_AFTER_MS, 2 * REPLAN_AFTER_MS, 3 * REPLAN_AFTER_MS])
  })

  it('a failed read changes nothing and is tried again later', async () => {
    const sizes = new TableSizes()
    sizes.check(0, () => Promise.reject(new Error('connection lost')))
    await new Promise((r) => setImmediate(r))
    expect(sizes.generation).toBe(0)
    let read = false
    sizes.check(REPLAN_AFTER_MS, async () => {
      read = true
      return { rows: [] }
    })
    expect(read).toBe(true)
  })
})
