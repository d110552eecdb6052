import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database'
import { migrate, pendingMigrations } from './database'
import { migrationProvider } from './migrations'
import { PendingMigrationsError, refusePendingMigrations } from './pending-migrations'

describe('pending migrations', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.cleanup())

  it('finds none on a migrated database, and migrating again runs none', async () => {
    expect(await pendingMigrations(database.db)).toEqual([])
    expect(await migrate(database.db)).toEqual([])
    await expect(refusePendingMigrations(database.db)).resolves.toBeUndefined()
  })

  it('names a migration whose record is missing, and the start refuses', async () => {
    const last = Object.keys(await migrationProvider.getMigrations()).sort().at(-1)!
    // As a database of the release before this one (its schema left as is: only the record matters here).
    const { rows } = await sql<{ timestamp: string }>`DELETE FROM kysely_migration WHERE name = ${last} RETURNING timestamp`.execute(database.db)
    expect(rows).toHaveLength(1)

    expect(await pendingMigrations(database.db)).toEqual([last])
    await expect(refusePendingMigrations(database.db)).rejects.toThrow(PendingMigrationsError)
    await expect(refusePendingMigrations(database.db)).rejects.toThrow(last)

    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${last}, ${rows[0]!.timestamp})`.execute(database.db)
    expect(await pendingMigrations(database.db)).toEqual([])
  })

  it('lists every migration where none has run (no migration table yet)', async () => {
    await sql`CREATE SCHEMA never_migrated`.execute(database.db)
    expect(await pendingMigrations(database.db, { schema: 'never_migrated' })).toEqual(Object.keys(await migrationProvider.getMigrations()).sort())
  })
})
