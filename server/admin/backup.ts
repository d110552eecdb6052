/**
 * Backup and restore of the whole database (docs/operations.md, "Back up and restore").
 * - Embedded PGlite: a gzipped tarball of the data directory (PGlite's dumpDataDir). The data
 *   directory has one owner at a time (data-dir-lock.ts), so the server must be stopped: opening it
 *   here takes its lock, and a running server makes that fail with one clear line. A copy taken
 *   through a running server would need it to pause writes; a stop of seconds is the robust way.
 * - PostgreSQL: pg_dump's custom format and pg_restore (the client tools of the server's major
 *   version on PATH). The servers may keep running: pg_dump reads one consistent snapshot.
 * A restore goes into an EMPTY target only (a new data directory, a new database): it never merges
 * into or overwrites live data.
 */
import { spawn } from 'node:child_process'
import { existsSync, fchmodSync, openSync, readdirSync, readFileSync, readSync, closeSync, statSync, writeFileSync, renameSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { LOCK_FILE } from '../db/data-dir-lock'
import { openDatabase } from '../db/database'

/** A problem the operator fixes (the CLI prints its message as one line, exit 1). */
export class AdminError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AdminError'
  }
}

const GZIP_MAGIC = [0x1f, 0x8b]
const PG_DUMP_MAGIC = 'PGDMP'

/** What a backup file holds, from its first bytes. */
export function backupKind(file: string): 'pglite' | 'postgres' | 'unknown' {
  if (!existsSync(file)) throw new AdminError(`the backup file ${file} does not exist.`)
  const fd = openSync(file, 'r')
  const head = Buffer.alloc(5)
  try {
    readSync(fd, head, 0, 5, 0)
  } finally {
    closeSync(fd)
  }
  if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) return 'pglite'
  if (head.toString('latin1') === PG_DUMP_MAGIC) return 'postgres'
  return 'unknown'
}

/**
 * The temporary file a backup is written to, created empty and readable by its owner only (0600,
 * whatever the umask; also one left by a failed run): a backup holds every customer's details, forms
 * and signatures. Renamed over the target, it replaces an older backup's file and mode.
 */
function ownerOnlyTemporary(file: string): string {
  const tmp = `${file}.${process.pid}.tmp`
  const fd = openSync(tmp, 'w', 0o600)
  try {
    fchmodSync(fd, 0o600)
  } finally {
    closeSync(fd)
  }
  return tmp
}

/** Written next to the target, then renamed: a failed backup never leaves half a file under its name. */
function writeAtomically(file: string, data: Uint8Array): void {
  const tmp = ownerOnlyTemporary(file)
  writeFileSync(tmp, data)
  renameSync(tmp, file)
}

/** The backup file's folder exists (checked before the dump, so the failure names it, not a temporary file). */
function checkTarget(file: string): void {
  const folder = dirname(file)
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new AdminError(`the folder ${folder} of the backup file does not exist. Create it first, or give another path.`)
}

export async function backupPGlite(dataDir: string, file: string): Promise<void> {
  checkTarget(file)
  if (!existsSync(dataDir) || readdirSync(dataDir).filter((f) => f !== LOCK_FILE).length === 0) {
    throw new AdminError(`the data directory ${dataDir} holds no database. Set DATA_DIR to the server's data directory.`)
  }
  // Takes the data-directory lock: refuses (DataDirInUseError) while a server runs on it.
  const database = await openDatabase({ dataDir })
  try {
    const dump = await database.lite!.dumpDataDir('gzip')
    writeAtomically(file, new Uint8Array(await dump.arrayBuffer()))
  } finally {
    await database.close()
  }
}

export async function restorePGlite(file: string, dataDir: string): Promise<void> {
  if (dataDir === 'memory://') throw new AdminError('DATA_DIR is memory://: set it to the directory to restore into.')
  if (backupKind(file) !== 'pglite') throw new AdminError(`${file} is not a backup of the embedded database (a PostgreSQL backup restores with DATABASE_URL set).`)
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new AdminError(`the data directory ${dataDir} is not empty. Restore into a new directory (move the old one aside first), then point DATA_DIR at it.`)
  }
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(file)]) })
  try {
    // Proves the files are a database, and writes them out before the lock goes.
    await database.lite!.query('SELECT 1')
  } catch (error) {
    await database.close().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  await database.close()
}

/** libpq settings of a postgres:// URL, the password in PGPASSWORD: never on a command line (ps shows it). */
export function libpqEnvironment(databaseUrl: string): { env: Record<string, string>; url: string } {
  const url = new URL(databaseUrl)
  const env: Record<string, string> = {}
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password)
  url.password = ''
  return { env, url: url.toString() }
}

const CLIENT_TOOLS_HINT =
  'Install the PostgreSQL client tools of your server\'s major version (Debian/Ubuntu: apt-get install postgresql-client-15), or put them on PATH.'

function run(tool: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'pipe'] })
    let errors = ''
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new AdminError(`${tool} was not found on PATH. ${CLIENT_TOOLS_HINT}`) : error)
    })
    child.on('exit', (code) => {
      if (code === 0) return resolve()
      const password = env.PGPASSWORD
      const text = (password ? errors.split(password).join('***') : errors).trim()
      reject(new AdminError(`${tool} failed (exit ${code}): ${text.split('\n').slice(0, 3).join(' ')}`))
    })
  })
}

export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  checkTarget(file)
  const { env, url } = libpqEnvironment(databaseUrl)
  // pg_dump writes into the file as it is (its mode kept).
  const tmp = ownerOnlyTemporary(file)
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${tmp}`, `--dbname=${url}`], env)
    renameSync(tmp, file)
  } finally {
    rmSync(tmp, { force: true })
  }
}

export async function restorePostgres(file: string, databaseUrl: string, tableCount: () => Promise<number>): Promise<void> {
  if (backupKind(file) !== 'postgres') throw new AdminError(`${file} is not a PostgreSQL backup (pg_dump custom format); a backup of the embedded database restores with DATA_DIR set and DATABASE_URL unset.`)
  const tables = await tableCount()
  if (tables > 0) {
    throw new AdminError(`the database of DATABASE_URL is not empty (${tables} tables). Restore into a new, empty database (createdb), then point DATABASE_URL at it.`)
  }
  const { env, url } = libpqEnvironment(databaseUrl)
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file], env)
}
