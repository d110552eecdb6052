import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { openDatabase, type Database } from '../db/database'
import { pgliteQueue } from '../db/pglite-dialect'

let database: Database
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' })
})
afterAll(() => database.close())

it("PGlite's one connection: in use while a transaction holds it, queries queued behind it are waiting", async () => {
  const lite = database.lite!
  expect(pgliteQueue(lite)).toEqual({ inUse: 0, waiting: 0 })
  let finish!: () => void
  const held = new Promise<void>((resolve) => (finish = resolve))
  let entered!: () => void
  const inside = new Promise<void>((resolve) => (entered = resolve))
  const transaction = database.db.transaction().execute(async (trx) => {
    await sql`SELECT 1`.execute(trx)
    entered()
    await held
  })
  await inside
  const queued = [sql`SELECT 2`.execute(database.db), sql`SELECT 3`.execute(database.db)]
  await vi.waitFor(() => expect(pgliteQueue(lite)).toEqual({ inUse: 1, waiting: 2 }))
  finish()
  await Promise.all([transaction, ...queued])
  expect(pgliteQueue(lite)).toEqual({ inUse: 0, waiting: 0 })
})
