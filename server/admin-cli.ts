/**
 * Operator commands (docs/operations.md), on the database of the server's own settings
 * (DATABASE_URL, else DATA_DIR):
 *   npm run migrate [-- --check]     apply pending migrations / list them, exit 1 when any
 *   npm run backup -- <file>         the whole database into one file
 *   npm run restore -- <file>        that file into an EMPTY database or data directory
 * A problem the operator fixes is one line on stderr and exit 1 (as npm start does).
 */
import { Command, CommanderError } from 'commander'
import { sql } from 'kysely'
import { AdminError, backupPGlite, backupPostgres, restorePGlite, restorePostgres } from './admin/backup'
import { loadConfig, type ServerConfig } from './config'
import { DataDirInUseError } from './db/data-dir-lock'
import { migrate, openDatabase, pendingMigrations, refreshStatistics, withStartupLock } from './db/database'
import { startFailureMessage } from './start-failure'

function where(config: ServerConfig): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`
  const url = new URL(config.databaseUrl)
  return `the PostgreSQL database ${url.pathname.slice(1)} on ${url.hostname}:${url.port || '5432'}`
}

async function migrateCommand(config: ServerConfig, check: boolean): Promise<number> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 })
  try {
    // Under the start-up lock: never at the same time as a starting instance's own migrations.
    return await withStartupLock(database, async () => {
      const pending = await pendingMigrations(database.db)
      if (check) {
        if (pending.length === 0) {
          console.log(`No pending migrations in ${where(config)}.`)
          return 0
        }
        console.log(`${pending.length} pending migration${pending.length === 1 ? '' : 's'} in ${where(config)}:`)
        for (const name of pending) console.log(`  ${name}`)
        return 1
      }
      const ran = await migrate(database.db)
      if (ran.length === 0) console.log(`No pending migrations in ${where(config)}: nothing to do.`)
      else {
        console.log(`Applied ${ran.length} migration${ran.length === 1 ? '' : 's'} to ${where(config)}:`)
        for (const name of ran) console.log(`  ${name}`)
      }
      return 0
    })
  } finally {
    await database.close()
  }
}

async function backupCommand(config: ServerConfig, file: string): Promise<number> {
  if (config.databaseUrl) await backupPostgres(config.databaseUrl, file)
  else await backupPGlite(config.dataDir, file)
  console.log(`Backed up ${where(config)} to ${file}.`)
  return 0
}

async function restoreCommand(config: ServerConfig, file: string): Promise<number> {
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 })
    const tableCount = async () => {
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`.execute(database.db)
      return Number(rows[0].n)
    }
    try {
      await restorePostgres(file, config.databaseUrl, tableCount)
      // pg_restore writes no planner statistics: without them every plan is a guess until autovacuum.
      await refreshStatistics(database.db)
    } finally {
      await database.close()
    }
  } else {
    await restorePGlite(file, config.dataDir)
  }
  console.log(`Restored ${file} into ${where(config)}. Run \`npm run migrate\` if this version has newer migrations, then start the server.`)
  return 0
}

/** One line for the operator: our own messages as they are, the rest as npm start words them. */
function failureLine(error: unknown, config: ServerConfig | undefined): string {
  if (error instanceof AdminError || error instanceof DataDirInUseError) return `Failed: ${error.message}`
  if (config) return startFailureMessage(error, config).replace(/^The server could not start:/, 'Failed:')
  return `Failed: ${error instanceof Error ? error.message : String(error)}`
}

export async function main(argv: string[]): Promise<number> {
  let config: ServerConfig | undefined
  let code = 0
  const program = new Command('clinic-admin')
    .description('Operator commands on the database of DATABASE_URL (else the embedded one in DATA_DIR)')
    .exitOverride()
  program
    .command('migrate')
    .description('apply the pending migrations and list them')
    .option('--check', 'only list the pending migrations; exit 1 when there are any (deploy pipelines)')
    .action(async (options: { check?: boolean }) => {
      config = loadConfig()
      code = await migrateCommand(config, options.check === true)
    })
  program
    .command('backup')
    .argument('<file>', 'the backup file to write')
    .description('back up the whole database into one file (embedded: stop the server first)')
    .action(async (file: string) => {
      config = loadConfig()
      code = await backupCommand(config, file)
    })
  program
    .command('restore')
    .argument('<file>', 'a file written by backup')
    .description('restore a backup into an empty database (DATABASE_URL) or an empty data directory (DATA_DIR)')
    .action(async (file: string) => {
      config = loadConfig()
      code = await restoreCommand(config, file)
    })
  try {
    await program.parseAsync(argv, { from: 'user' })
    return code
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2
    console.error(failureLine(error, config))
    return 1
  }
}

// An explicit exit: a database pool left open by a failed command must not keep the process alive.
process.exit(await main(process.argv.slice(2)))
