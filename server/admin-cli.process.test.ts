/**
 * Issue 16 (operable): the operator commands of server/admin-cli.ts run as child processes, as the npm
 * scripts run them (scripts/admin.mjs: from the server's bundle).
 * - `migrate --check` lists pending migrations and exits 1; `migrate` applies and lists them; a
 *   production start refuses a database with pending migrations (MIGRATE_ON_START unset) and starts
 *   once they are applied.
 * - backup and restore round-trip the demo tenant, on PostgreSQL (pg_dump/pg_restore) and on a PGlite
 *   data directory (refused while a server runs on it): a server on the restored database answers the
 *   demo customer's appointments as the original did. A restore never goes into a non-empty target.
 */
// pg-suite: children without the database: the admin commands read only the database settings each test gives.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { migrations } from './db/migrations'
import { DEMO, DEMO_CUSTOMER } from './seed/demo.seed'
import { startServer, throwawayDatabase, type ServerProcess, type ThrowawayDatabase } from './test-support/server-process'
import { serverBundle } from './test-support/server-bundle'

const root = resolve(import.meta.dirname, '..')
const servers: ServerProcess[] = []
const databases: ThrowawayDatabase[] = []
const dirs: string[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.kill()))
  await Promise.all(databases.splice(0).map((d) => d.drop()))
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-admin-'))
  dirs.push(dir)
  return dir
}

async function database(): Promise<ThrowawayDatabase> {
  const d = await throwawayDatabase('admin_cli')
  databases.push(d)
  return d
}

async function server(env: Record<string, string>): Promise<ServerProcess> {
  const s = await startServer(env, await serverBundle())
  servers.push(s)
  return s
}

/**
 * Runs an admin command as `npm run migrate/backup/restore` do (scripts/admin.mjs: the server's bundle,
 * built first under serverBundle's lock so that no command rebuilds it beside a running server), with
 * only the given database settings; its exit code and output.
 */
async function admin(env: Record<string, string>, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  await serverBundle()
  return new Promise((done) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, NODE_ENV: _env, ...inherited } = process.env
    const child = spawn(process.execPath, ['scripts/admin.mjs', ...args], {
      cwd: root,
      env: { ...inherited, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('exit', (code) => done({ code, stdout, stderr }))
  })
}

/** The demo customer's appointments as the API answers them. */
async function demoAppointments(s: ServerProcess): Promise<unknown> {
  const login = await s.request('POST', '/api/login?from=customer', DEMO_CUSTOMER)
  expect(login.status, JSON.stringify(login.body)).toBe(200)
  const token = (login.body as { token: string }).token
  const answer = await s.get(`/api/appointments/customer/${DEMO.customerDemo}`, { authorization: `Bearer ${token}` })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}

// The order they run in (kysely sorts by name).
const ALL_MIGRATIONS = Object.keys(migrations).sort()
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://clinic.example.com',
  JWT_SECRET: 'a-production-secret-of-32-chars!!',
  SMTP_URL: 'smtp://127.0.0.1:1',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  LOG_LEVEL: 'info',
}

describe('npm run migrate', () => {
  it('--check lists pending migrations (exit 1); production refuses to start on them; migrate applies them', async () => {
    const d = await database()
    const check = await admin({ DATABASE_URL: d.url }, ['migrate', '--check'])
    expect(check.code, check.stderr).toBe(1)
    expect(check.stdout.split('\n').filter((l) => l.startsWith('  ')).map((l) => l.trim())).toEqual(ALL_MIGRATIONS)

    const refused = await server({ ...PRODUCTION, DATABASE_URL: d.url })
    expect((await refused.exited).code, refused.output()).toBe(1)
    expect(refused.output().trim()).toBe(
      `The server could not start: the database has ${ALL_MIGRATIONS.length} pending migrations (${ALL_MIGRATIONS.join(', ')}). Run \`npm run migrate\` first, or set MIGRATE_ON_START=true to apply them on start.`,
    )

    const applied = await admin({ DATABASE_URL: d.url }, ['migrate'])
    expect(applied.code, applied.stderr).toBe(0)
    expect(applied.stdout.split('\n').filter((l) => l.startsWith('  ')).map((l) => l.trim())).toEqual(ALL_MIGRATIONS)
    const again = await admin({ DATABASE_URL: d.url }, ['migrate', '--check'])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/^No pending migrations/)

    const started = await server({ ...PRODUCTION, DATABASE_URL: d.url })
    await Promise.race([started.printed(/"msg":"Clinic Online Booking is running"/), started.exited.then(() => expect.fail(started.output()))])
    expect((await started.get('/api/health')).status).toBe(200)
  }, 180_000)

  it('on a PGlite data directory a running server keeps it out, with one line', async () => {
    const dataDir = tempDir()
    const s = await server({ DATA_DIR: dataDir })
    await s.running
    const run = await admin({ DATA_DIR: dataDir }, ['migrate', '--check'])
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe(
      `Failed: the data directory ${dataDir} is in use by another server (pid ${s.child.pid}). Stop that server first, or set DATA_DIR to another directory.`,
    )
  }, 120_000) // 27-46 s at load 6-12 (~9 s of CPU): a server's first start on a new data directory (migrations, the demo seed) and an admin command's start
})

describe('npm run backup / restore', () => {
  it('PostgreSQL: the restored database serves the same appointments; a non-empty target is refused', async () => {
    const source = await database()
    const original = await server({ DATABASE_URL: source.url })
    await original.running
    const before = await demoAppointments(original)
    expect(before).not.toEqual([])

    const file = join(tempDir(), 'clinic.dump')
    const backup = await admin({ DATABASE_URL: source.url }, ['backup', file])
    expect(backup.code, backup.stderr).toBe(0)

    const intoLive = await admin({ DATABASE_URL: source.url }, ['restore', file])
    expect(intoLive.code).toBe(1)
    expect(intoLive.stderr).toMatch(/^Failed: the database of DATABASE_URL is not empty/)

    const target = await database()
    const restore = await admin({ DATABASE_URL: target.url }, ['restore', file])
    expect(restore.code, restore.stderr).toBe(0)
    const check = await admin({ DATABASE_URL: target.url }, ['migrate', '--check'])
    expect(check.code, check.stdout + check.stderr).toBe(0)

    const restored = await server({ DATABASE_URL: target.url, SEED_DEMO: 'false' })
    await restored.running
    expect(await demoAppointments(restored)).toEqual(before)
  }, 180_000)

  it('PGlite: refused while the server runs; after it stops, the restored directory serves the same appointments', async () => {
    const dataDir = tempDir()
    const original = await server({ DATA_DIR: dataDir })
    await original.running
    const before = await demoAppointments(original)
    expect(before).not.toEqual([])

    const file = join(tempDir(), 'clinic.tar.gz')
    const whileRunning = await admin({ DATA_DIR: dataDir }, ['backup', file])
    expect(whileRunning.code).toBe(1)
    expect(whileRunning.stderr.trim()).toBe(
      `Failed: the data directory ${dataDir} is in use by another server (pid ${original.child.pid}). Stop that server first, or set DATA_DIR to another directory.`,
    )
    original.child.kill('SIGTERM')
    expect(await original.exited).toEqual({ code: 0, signal: null })

    const backup = await admin({ DATA_DIR: dataDir }, ['backup', file])
    expect(backup.code, backup.stderr).toBe(0)
    const intoLive = await admin({ DATA_DIR: dataDir }, ['restore', file])
    expect(intoLive.code).toBe(1)
    expect(intoLive.stderr).toMatch(/^Failed: the data directory .* is not empty/)
    // A PostgreSQL target does not take an embedded backup.
    const target = await database()
    const wrongKind = await admin({ DATABASE_URL: target.url }, ['restore', file])
    expect(wrongKind.code).toBe(1)
    expect(wrongKind.stderr).toMatch(/is not a PostgreSQL backup/)

    const restoredDir = join(tempDir(), 'restored')
    const restore = await admin({ DATA_DIR: restoredDir }, ['restore', file])
    expect(restore.code, restore.stderr).toBe(0)
    const restored = await server({ DATA_DIR: restoredDir, SEED_DEMO: 'false' })
    await restored.running
    expect(await demoAppointments(restored)).toEqual(before)
  }, 240_000) // 25-32 s at load 9-11: two server starts on data directories (the first migrates and seeds), three admin commands, a backup and a restore
})
