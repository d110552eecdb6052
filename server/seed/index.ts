/**
 * Seeds applied on start: the demo tenant when it is missing. Each seed is idempotent and runs in
 * one transaction. Add a seed: append to `seeds` (it receives the transaction and the tenant).
 */
import type { Transaction } from 'kysely'
import type { CoreTables, Db } from '../db/schema'
import { refreshStatistics } from '../db/database'
import { seedDemoTenant } from './demo.seed'
import { commerceDemoSeed } from '../commerce/commerce.seed'

export type Seed = (trx: Transaction<CoreTables>, tenant: string) => Promise<void>

export const seeds: Seed[] = [
  seedDemoTenant,
  commerceDemoSeed,
]

export async function seedDatabase(db: Db, options: { tenant: string; log?: { info(msg: string): void } }): Promise<boolean> {
  const exists = await db.selectFrom('tenants').select('id').where('id', '=', options.tenant).executeTakeFirst()
  if (exists) return false
  await db.transaction().execute(async (trx) => {
    for (const seed of seeds) await seed(trx, options.tenant)
  })
  await refreshStatistics(db)
  options.log?.info(`seeded demo tenant '${options.tenant}'`)
  return true
}
