/**
 * Test support for the commerce services on their own (no core tables): a migrated database with
 * only the commerce tables, on PGlite in memory, or on the PostgreSQL server named by
 * TEST_DATABASE_URL (a fresh schema per call). The route tests use the core's harness instead.
 */
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { pgliteDialect } from '../../db/pglite-dialect'
import { commerceMigration } from '../commerce.migration'
import { paymentChecksMigration } from '../payment-checks.migration'
import { processorsMigration } from '../processors.migration'
import { tenantIdMigration } from '../../db/migrations/0103-tenant-id.migration'
import type { AllTables } from '../../db/schema'

let counter = 0

export async function commerceTestDb(): Promise<{ db: Kysely<AllTables>; close: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const schema = `commerce_unit_${process.pid}_${Date.now()}_${counter++}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE SCHEMA ${schema}`)
    await admin.end()
    const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` })
    const db = new Kysely<AllTables>({ dialect: new PostgresDialect({ pool }) })
    await commerceMigration.up(db)
    await paymentChecksMigration.up(db)
    await processorsMigration.up(db)
    await tenantIdMigration.up(db)
    return {
      db,
      close: async () => {
        await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(db)
        await db.destroy()
      },
    }
  }
  const lite = await PGlite.create()
  const db = new Kysely<AllTables>({ dialect: pgliteDialect(lite) })
  await commerceMigration.up(db)
  await paymentChecksMigration.up(db)
  await processorsMigration.up(db)
  await tenantIdMigration.up(db)
  return { db, close: () => db.destroy() }
}
