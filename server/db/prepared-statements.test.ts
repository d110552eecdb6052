import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database'
import { prepared, runPrepared } from './prepared-statements'

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
