import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database'
import { prepared, preparedUnread, REPLAN_AFTER_MS, runPrepared, TableSizes, tableMoved } from './prepared-statements'

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

describe("a transaction's first statement, unread, sent with the next one", () => {
  const LOCKS = preparedUnread('SELECT pg_advisory_xact_lock(hashtextextended(k.key, 0)) FROM unnest($1::text[]) AS k(key)')
  const HELD = "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted"
  const FAILING = preparedUnread('SELECT 1 / $1::int AS n FROM unnest($2::text[]) AS k(key)')
  const READ = 'SELECT $1::text AS said'

  it('runs before the next statement, prepared or not: its locks are held there; the transaction answers as before', async () => {
    // Ten times over the pool: the first times on a connection nothing is parsed there yet (each goes
    // out on its own), then the locks go out with the BEGIN and the next statement.
    let deferred = 0
    for (let i = 0; i < 10; i++) {
      const seen = await database.db.transaction().execute(async (trx) => {
        const locks = await runPrepared(trx, LOCKS, [[`unread-${i}-a`, `unread-${i}-b`]])
        // Deferred, it answers no rows at once; sent on its own (not parsed on this connection yet), its own.
        if (locks.rows.length === 0) deferred++
        const read = await runPrepared<{ said: string }>(trx, READ, [`read-${i}`])
        const held = (await sql<{ n: number }>`${sql.raw(HELD)}`.execute(trx)).rows[0].n
        return { read: read.rows, held }
      })
      expect({ i, ...seen }).toEqual({ i, read: [{ said: `read-${i}` }], held: 2 })
      // Followed by a statement that is not a marked text (kysely's own).
      const plainHeld = await database.db.transaction().execute(async (trx) => {
        await runPrepared(trx, LOCKS, [[`unread-${i}-c`]])
        return (await sql<{ n: number }>`${sql.raw(HELD)}`.execute(trx)).rows[0].n
      })
      expect({ i, plainHeld }).toEqual({ i, plainHeld: 1 })
    }
    // On PostgreSQL the pool's connections have parsed it after the first few: most went out with the
    // next statement (PGlite runs each statement as it comes).
    if (database.kind === 'postgres') expect(deferred).toBeGreaterThan(5)
    else expect(deferred).toBe(0)
  })

  it('holds its locks against another transaction until the commit', async () => {
    for (let i = 0; i < 4; i++) {
      const order: string[] = []
      let release!: () => void
      const released = new Promise<void>((r) => (release = r))
      let locked!: () => void
      const lockedNow = new Promise<void>((r) => (locked = r))
      const first = database.db.transaction().execute(async (trx) => {
        await runPrepared(trx, LOCKS, [[`contended-${i}`]])
        await runPrepared(trx, READ, ['first'])
        order.push('first locked')
        locked()
        await released
        order.push('first commits')
      })
      await lockedNow
      const second = database.db.transaction().execute(async (trx) => {
        await runPrepared(trx, LOCKS, [[`contended-${i}`]])
        await runPrepared(trx, READ, ['second'])
        order.push('second locked')
      })
      await new Promise((r) => setTimeout(r, 50))
      release()
      await Promise.all([first, second])
      expect({ i, order }).toEqual({ i, order: ['first locked', 'first commits', 'second locked'] })
    }
  })

  it('answers its error at the next statement or at the COMMIT; a ROLLBACK drops it; the connection usable after', async () => {
    for (let i = 0; i < 6; i++) {
      const atNext = await database.db
        .transaction()
        .execute(async (trx) => {
          await runPrepared(trx, FAILING, [i < 2 ? 1 : 0, ['x']])
          return (await runPrepared<{ said: string }>(trx, READ, ['after'])).rows
        })
        .then((rows) => rows, (error: Error) => error.message)
      expect({ i, atNext }).toEqual({ i, atNext: i < 2 ? [{ said: 'after' }] : 'division by zero' })
      const atCommit = await database.db
        .transaction()
        .execute(async (trx) => {
          await runPrepared(trx, FAILING, [i < 2 ? 1 : 0, ['x']])
          return 'committed'
        })
        .catch((error: Error) => error.message)
      expect({ i, atCommit }).toEqual({ i, atCommit: i < 2 ? 'committed' : 'division by zero' })
      const rolledBack = await database.db
        .transaction()
        .execute(async (trx) => {
          await runPrepared(trx, FAILING, [0, ['x']])
          throw new Error('undo')
        })
        .catch((error: Error) => error.message)
      // On PostgreSQL a rollback drops it unsent (the transaction never went out: one after another, the
      // transactions take the pool's last idle connection, where the statement is parsed by now); PGlite ran it at once.
      expect(rolledBack).toBe(database.kind === 'postgres' ? 'undo' : 'division by zero')
    }
    const { rows } = await runPrepared<{ said: string }>(database.db, READ, ['still'])
    expect(rows).toEqual([{ said: 'still' }])
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
