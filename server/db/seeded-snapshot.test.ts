/**
 * A server on an in-memory database started with seededSnapshotStart (the test servers', from
 * PGLITE_SEEDED_SNAPSHOT): the first start writes its migrated and seeded database, later ones start
 * from it, each a database of its own, and nothing of one start's own (its JWT secret, what it was
 * asked to do) is in the file.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildServer } from '../app'
import { testConfig } from '../config'
import { openPGlite } from './pglite'
import { pendingMigrations } from './database'
import { loadSeededSnapshot, seededSnapshotFile, seededSnapshotStart } from './seeded-snapshot'

const dir = mkdtempSync(join(tmpdir(), 'seeded-snapshot-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('seededSnapshotFile', () => {
  it('is off without PGLITE_SEEDED_SNAPSHOT, and names what the start seeds', () => {
    expect(seededSnapshotFile('demo', {})).toBeUndefined()
    expect(seededSnapshotFile('demo', { PGLITE_SEEDED_SNAPSHOT: '/c/seeded-1' })).toBe('/c/seeded-1-seed-demo.tar')
    expect(seededSnapshotFile('other', { PGLITE_SEEDED_SNAPSHOT: '/c/seeded-1' })).toBe('/c/seeded-1-seed-other.tar')
    expect(seededSnapshotFile(undefined, { PGLITE_SEEDED_SNAPSHOT: '/c/seeded-1' })).toBe('/c/seeded-1-unseeded.tar')
  })

  it('a file not there (yet, or removed by another run) loads as nothing', () => {
    expect(loadSeededSnapshot(join(dir, 'none.tar'))).toBeUndefined()
  })
})

describe('seededSnapshotStart', () => {
  const env = { PGLITE_SEEDED_SNAPSHOT: join(dir, 'start-v1') }
  const memory = { databaseUrl: undefined, dataDir: 'memory://', seedDemo: true, defaultTenant: 'demo' }

  it('is only for an in-memory database with PGLITE_SEEDED_SNAPSHOT', () => {
    expect(seededSnapshotStart(memory, {})).toBeUndefined()
    expect(seededSnapshotStart({ ...memory, dataDir: join(dir, 'data') }, env)).toBeUndefined()
    expect(seededSnapshotStart({ ...memory, databaseUrl: 'postgres://localhost/clinic' }, env)).toBeUndefined()
  })

  it('without the file yet: nothing to load, and the file is written once migrated', () => {
    const start = seededSnapshotStart(memory, env)
    expect(start?.loadDataDir).toBeUndefined()
    expect(start?.migrated).toBeTypeOf('function')
  })
})

describe('a server on an in-memory database with a seeded snapshot', () => {
  // Over 30 s at load 15: two server starts, the first migrating and seeding, and a PGlite of the file.
  it('the first start writes it (migrated, seeded, no JWT secret); the next starts from it, a database of its own', async () => {
    const env = { PGLITE_SEEDED_SNAPSHOT: join(dir, 'seeded-v1') }
    const file = join(dir, 'seeded-v1-seed-demo.tar')
    const config = testConfig({ jwtSecret: undefined })
    const first = await buildServer(config, { start: seededSnapshotStart(config, env) })
    expect(existsSync(file)).toBe(true)
    const orgs = (await first.inject({ method: 'GET', url: '/api/public/organisations', headers: { host: 'demo.localhost' } })).json()
    await first.deps.db.updateTable('tenants').set({ name: 'Changed by the first' }).where('id', '=', 'demo').execute()
    const firstSecret = await secretOf(first)
    await first.close()

    const inFile = await openPGlite({ loadDataDir: loadSeededSnapshot(file) })
    expect((await inFile.query('SELECT id FROM tenants')).rows).toEqual([{ id: 'demo' }])
    expect((await inFile.query("SELECT key FROM install_settings WHERE key = 'jwt_secret'")).rows).toEqual([])
    await inFile.close()

    const start = seededSnapshotStart(config, env)
    expect(start?.loadDataDir).toBeDefined()
    const second = await buildServer(config, { start })
    expect(await pendingMigrations(second.deps.db)).toEqual([])
    expect((await second.inject({ method: 'GET', url: '/api/public/organisations', headers: { host: 'demo.localhost' } })).json()).toEqual(orgs)
    const tenant = await second.deps.db.selectFrom('tenants').select('name').where('id', '=', 'demo').executeTakeFirstOrThrow()
    expect(tenant.name).not.toBe('Changed by the first')
    expect(await secretOf(second)).not.toBe(firstSecret)
    await second.close()
  })
})

async function secretOf(app: Awaited<ReturnType<typeof buildServer>>): Promise<string> {
  return (await app.deps.db.selectFrom('install_settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow()).value
}
