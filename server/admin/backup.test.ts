import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AdminError, backupKind, backupPGlite, backupPostgres, libpqEnvironment } from './backup'
import { openDatabase } from '../db/database'
import { throwawayDatabase } from '../test-support/server-process'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
function file(content: Buffer | string): string {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-backup-'))
  dirs.push(dir)
  const path = join(dir, 'backup')
  writeFileSync(path, content)
  return path
}

describe('backupKind', () => {
  it('tells a PGlite tarball (gzip) from a pg_dump archive, and neither', () => {
    expect(backupKind(file(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0])))).toBe('pglite')
    expect(backupKind(file('PGDMP\u0001\u000e'))).toBe('postgres')
    expect(backupKind(file('hello'))).toBe('unknown')
    expect(() => backupKind('/nonexistent/backup')).toThrow(new AdminError('the backup file /nonexistent/backup does not exist.'))
  })
})

describe('libpqEnvironment', () => {
  it('moves the password out of the URL (a command line shows in ps) into PGPASSWORD', () => {
    const { env, url } = libpqEnvironment('postgres://clinic:s%40cret@db.internal:5433/clinic?sslmode=require')
    expect(env).toEqual({ PGPASSWORD: 's@cret' })
    expect(url).toBe('postgres://clinic@db.internal:5433/clinic?sslmode=require')
    expect(libpqEnvironment('postgres://clinic@db/clinic').env).toEqual({})
  })
})

describe('backupPostgres', () => {
  it('says how to get pg_dump when it is not on PATH', async () => {
    const path = process.env.PATH
    process.env.PATH = '/nonexistent'
    try {
      await expect(backupPostgres('postgres://clinic@127.0.0.1:1/clinic', join(tmpdir(), 'never-written.dump'))).rejects.toThrow(
        /^pg_dump was not found on PATH\. Install the PostgreSQL client tools of your server's major version \(Debian\/Ubuntu: apt-get install postgresql-client-15\)/,
      )
    } finally {
      process.env.PATH = path
    }
  })
})

describe('a backup into a folder that does not exist', () => {
  it('names the folder (not a temporary file) before dumping anything, for both databases', async () => {
    const expected = new AdminError('the folder /nonexistent-folder of the backup file does not exist. Create it first, or give another path.')
    const dataDir = mkdtempSync(join(tmpdir(), 'clinic-data-'))
    dirs.push(dataDir)
    await expect(backupPGlite(dataDir, '/nonexistent-folder/clinic.tar.gz')).rejects.toThrow(expected)
    await expect(backupPostgres('postgres://clinic@127.0.0.1:1/clinic', '/nonexistent-folder/clinic.dump')).rejects.toThrow(expected)
  })
})

// A backup holds every customer's details, forms and signatures: like the data directory it copies,
// it is for the account that runs the server, not for every user of the machine (umask 022 would
// make it world-readable), also when it replaces an older backup that was.
describe('a backup file is readable by its owner only', () => {
  const older = (dir: string, name: string) => {
    const path = join(dir, name)
    writeFileSync(path, 'an older backup', { mode: 0o644 })
    return path
  }

  it('PGlite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-backup-'))
    dirs.push(dir)
    const dataDir = join(dir, 'data')
    await (await openDatabase({ dataDir })).close()
    // The data directory itself: its owner's only, as PostgreSQL's (PGlite writes its files 0666).
    expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700')
    for (const target of [join(dir, 'new.tar.gz'), older(dir, 'older.tar.gz')]) {
      await backupPGlite(dataDir, target)
      expect(backupKind(target)).toBe('pglite')
      expect((statSync(target).mode & 0o777).toString(8)).toBe('600')
    }
  }, 60_000)

  it('PostgreSQL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-backup-'))
    dirs.push(dir)
    const database = await throwawayDatabase('backup_mode')
    try {
      for (const target of [join(dir, 'new.dump'), older(dir, 'older.dump')]) {
        await backupPostgres(database.url, target)
        expect(backupKind(target)).toBe('postgres')
        expect((statSync(target).mode & 0o777).toString(8)).toBe('600')
      }
    } finally {
      await database.drop()
    }
  }, 60_000)
})
