/**
 * Run once by `npm install` (scripts/postinstall.mjs): creates the embedded database in DATA_DIR
 * (./data), migrated and with the demo tenant, so that the first `npm start` skips PGlite's initdb
 * (the largest part of a first start). npm start does the same itself whenever this did not run.
 */
import { loadConfig } from './config'
import { migrate, openDatabase } from './db/database'
import { seedDatabase } from './seed'

const config = loadConfig()
if (config.databaseUrl) process.exit(0)
const database = await openDatabase({ dataDir: config.dataDir })
try {
  await migrate(database.db)
  if (config.seedDemo) await seedDatabase(database.db, { tenant: config.defaultTenant })
} finally {
  await database.close()
}
