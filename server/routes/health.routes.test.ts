import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { buildTestServer, type TestServer } from '../test-support/test-server'

let t: TestServer | undefined
let databaseClosed = false
afterEach(async () => {
  if (databaseClosed) {
    // The test closed the handle itself: close only the app, then remove what the database left.
    await t?.app.close()
    await t?.database.cleanup().catch(() => undefined)
  } else {
    await t?.close()
  }
  t = undefined
  databaseClosed = false
})

describe('GET /api/health', () => {
  it('answers 200 JSON whatever the host names (no tenant, no database)', async () => {
    t = await buildTestServer()
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'unknown.tenant.example.co.uk' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toEqual({ status: 'ok' })
  })
})

describe('GET /api/ready', () => {
  it('is 200 with each check ok when the database answers and every migration has run', async () => {
    t = await buildTestServer()
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ready', checks: { database: { status: 'ok' }, migrations: { status: 'ok' } } })
  })

  it('is 503 naming the database check when the database is gone', async () => {
    t = await buildTestServer()
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200)
    // Not awaited: a PostgreSQL pool ends only once the app's LISTEN client is back (afterEach). The
    // handle refuses queries from the moment close() starts; one turn of the event loop gets there.
    void t.database.close().catch(() => undefined)
    databaseClosed = true
    await new Promise((r) => setImmediate(r))
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = res.json()
    expect(body.status).toBe('unavailable')
    expect(body.checks.database).toEqual({ status: 'failed', message: 'the database cannot be reached' })
    expect(body.checks.migrations.status).toBe('failed')
    // Health is about the process only.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })

  it('is 503 naming the migrations check when a migration has not run', async () => {
    t = await buildTestServer()
    await sql`DELETE FROM kysely_migration WHERE name = '0003-booking-versions'`.execute(t.db)
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({
      status: 'unavailable',
      checks: { database: { status: 'ok' }, migrations: { status: 'failed', message: 'pending: 0003-booking-versions' } },
    })
  })
})
