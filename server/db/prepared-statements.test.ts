/** Registered statements go out named on PostgreSQL (npm run test:pg); anything else as before. */
import { CompiledQuery, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { throwawayDatabase } from '../test-support/server-process'
import { openDatabase } from './database'
import { preparedStatement } from './prepared-statements'

const TWICE = preparedStatement('test_twice', 'SELECT $1::int * 2 AS twice')

describe('prepared statements', () => {
  it('refuses a second text under a registered name', () => {
    expect(preparedStatement('test_twice', 'SELECT $1::int * 2 AS twice')).toBe(TWICE)
    expect(() => preparedStatement('test_twice', 'SELECT 1')).toThrow(/another text/)
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)('runs a registered text as a named statement of the connection, and other queries and transactions as before', async () => {
    const pgdb = await throwawayDatabase('prepared')
    const database = await openDatabase({ databaseUrl: pgdb.url, poolSize: 1 })
    try {
      for (const n of [1, 2, 3]) expect((await database.db.executeQuery<{ twice: number }>(CompiledQuery.raw(TWICE, [n]))).rows).toEqual([{ twice: n * 2 }])
      const prepared = await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements`.execute(database.db)
      expect(prepared.rows).toEqual([{ name: 'test_twice', statement: TWICE }])
      const inside = await database.db.transaction().execute((trx) => trx.executeQuery<{ twice: number }>(CompiledQuery.raw(TWICE, [21])))
      expect(inside.rows).toEqual([{ twice: 42 }])
    } finally {
      await database.close()
      await pgdb.drop()
    }
  })
})
