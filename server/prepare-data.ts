/**
 * Run once by `npm install` (scripts/postinstall.mjs): creates the embedded database in DATA_DIR
 * (./data), migrated and with the demo tenant, so that the first `npm start` skips PGlite's initdb
 * (the largest part of a first start). npm start does the same itself whenever this did not run.
 * Production has no demo data to prepare (and its settings need not exist at install time).
 */
import { loadConfig, type ServerConfig } from './config'
import { migrate, openDatabase } from './db/database'
import { seedDatabase } from './seed'
import { configFailureMessage } from './start-failure'

if (process.env.NODE_ENV === 'production') process.exit(0)
let config: ServerConfig
try {
  config = loadConfig()
} catch (error) {
  console.error(configFailureMessage(error))
  process.exit(1)
}
if (config.databaseUrl) process.exit(0)
const database = await openDatabase({ dataDir: config.dataDir })
try {
  await migrate(database.db)
  if (config.seedDemo) await seedDatabase(database.db, { tenant: config.defaultTenant })
} finally {
  await database.close()
}
