/**
 * Issue 11 (faults): server processes on PostgreSQL when the database server misbehaves.
 * - Two instances started together on an empty database both come up (migrations and the demo seed
 *   under an advisory lock; the second used to crash on tenants_pkey).
 * - Every connection terminated by the server (pg_terminate_backend, as in a restart or failover):
 *   both processes live on (they used to exit 1 on an unhandled 'error' of the pool), requests
 *   succeed again without a restart, and the live-events LISTEN connection reconnects: a
 *   'logout-customer' published on one instance reaches a socket on the other.
 * - The database away (connections cut, new ones refused): requests answer 503 with a message, not
 *   500; back: 200, same process.
 * - The database closed to connections (ALTER DATABASE ... ALLOW_CONNECTIONS false, SQLSTATE 55000):
 *   503 with Retry-After too (issue 31: it was a 500).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE } from './app'
import { DEMO, DEMO_CUSTOMER } from './seed/demo.seed'
import { adminQuery, adminUrl, backendsOf, startServer, throwawayDatabase, waitUntil, type ServerProcess, type ThrowawayDatabase } from './test-support/server-process'
import { serverBundle } from './test-support/server-bundle'
import { liveSocket } from './test-support/live-socket'
import { tcpProxy, type TcpProxy } from './test-support/tcp-proxy'

const servers: ServerProcess[] = []
const databases: ThrowawayDatabase[] = []
const proxies: TcpProxy[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.kill()))
  await Promise.all(proxies.splice(0).map((p) => p.close()))
  await Promise.all(databases.splice(0).map((d) => d.drop()))
})

async function database(): Promise<ThrowawayDatabase> {
  const d = await throwawayDatabase('faults')
  databases.push(d)
  return d
}

async function server(env: Record<string, string>): Promise<ServerProcess> {
  const s = await startServer({ REFERENCE_CACHE_MS: '0', ...env }, await serverBundle())
  servers.push(s)
  return s
}

const alive = (s: ServerProcess) => s.child.exitCode === null && s.child.signalCode === null
const organisations = (s: ServerProcess) => s.get('/api/public/organisations')

/** The answers until one is 200: each of the others must be the 503 of an unavailable database. */
async function recovers(s: ServerProcess): Promise<void> {
  await waitUntil(async () => {
    const answer = await organisations(s)
    if (answer.status === 200) return true
    expect(answer).toEqual({ status: 503, body: { statusCode: 503, message: DATABASE_UNAVAILABLE } })
    return false
  })
}

/** The instances' LISTEN connections that have completed their LISTEN. */
async function listeners(name: string): Promise<number> {
  return (await backendsOf(name)).filter((b) => b.state === 'idle' && b.query.startsWith('LISTEN ')).length
}

async function login(s: ServerProcess): Promise<string> {
  const answer = await s.request('POST', '/api/login?from=customer', DEMO_CUSTOMER)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return (answer.body as { token: string }).token
}

describe('two instances on one PostgreSQL database', () => {
  it('started together on an empty database, both come up', async () => {
    const d = await database()
    const [a, b] = await Promise.all([server({ DATABASE_URL: d.url }), server({ DATABASE_URL: d.url })])
    await Promise.all([a.running, b.running])
    for (const s of [a, b]) expect((await organisations(s)).status).toBe(200)
  }, 120_000)

  it('survive the termination of every database connection; live events cross instances again', async () => {
    const d = await database()
    const a = await server({ DATABASE_URL: d.url })
    await a.running
    const b = await server({ DATABASE_URL: d.url })
    await b.running
    for (const s of [a, b]) expect((await organisations(s)).status).toBe(200)
    const token = await login(a)
    const onB = await liveSocket(b, token)
    await onB.next('connected')

    expect(await d.terminateAll()).toBeGreaterThanOrEqual(2)
    await recovers(a)
    await recovers(b)
    expect(alive(a), a.output()).toBe(true)
    expect(alive(b), b.output()).toBe(true)

    // Both LISTEN again; then a password change on A reaches the customer's socket on B.
    await waitUntil(async () => (await listeners(d.name)) === 2)
    // A token carries whole seconds: the change must fall in a later second than the login.
    const loggedInAt = Math.floor(Date.now() / 1000)
    await waitUntil(() => Math.floor(Date.now() / 1000) > loggedInAt)
    const changed = await a.request(
      'PUT',
      '/api/user/change-password',
      { userId: DEMO.customerDemo, currentPassword: DEMO_CUSTOMER.password, newPassword: 'Changed1234' },
      { authorization: `Bearer ${token}` },
    )
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(await onB.next('logout-customer')).toEqual({ from: 'logout-customer', customerId: DEMO.customerDemo })
  }, 120_000)
})

describe('the database away', () => {
  it('requests answer 503 with a message while it is away, and 200 when it is back, without a restart', async () => {
    const d = await database()
    const pgServer = new URL(adminUrl())
    const proxy = await tcpProxy({ host: pgServer.hostname, port: Number(pgServer.port || 5432) })
    proxies.push(proxy)
    const url = new URL(d.url)
    url.host = `127.0.0.1:${proxy.port}`
    const s = await server({ DATABASE_URL: url.toString() })
    await s.running
    const token = await login(s)
    expect((await organisations(s)).status).toBe(200)

    await proxy.down()
    const unavailable = { statusCode: 503, message: DATABASE_UNAVAILABLE }
    expect(await organisations(s)).toEqual({ status: 503, body: unavailable })
    expect(await s.get('/api/user/me', { authorization: `Bearer ${token}` })).toEqual({ status: 503, body: unavailable })
    expect(await s.request('POST', '/api/login?from=customer', DEMO_CUSTOMER)).toEqual({ status: 503, body: unavailable })
    expect(alive(s), s.output()).toBe(true)

    await proxy.up()
    await recovers(s)
    expect((await s.get('/api/user/me', { authorization: `Bearer ${token}` })).status).toBe(200)
    // The live-events listener is back too.
    await waitUntil(async () => (await listeners(d.name)) === 1)
    expect(alive(s)).toBe(true)
  }, 120_000)

  it('closed to connections (ALTER DATABASE ... ALLOW_CONNECTIONS false): 503 with Retry-After, then 200', async () => {
    const d = await database()
    const s = await server({ DATABASE_URL: d.url })
    await s.running
    expect((await organisations(s)).status).toBe(200)

    await adminQuery(`ALTER DATABASE ${d.name} ALLOW_CONNECTIONS false`)
    // Every pooled connection gone: each request needs a new one, which the server refuses (55000).
    await d.terminateAll()
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${s.base}/api/public/organisations`)
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBe('5')
      expect(await response.json()).toEqual({ statusCode: 503, message: DATABASE_UNAVAILABLE })
    }
    expect(alive(s), s.output()).toBe(true)

    await adminQuery(`ALTER DATABASE ${d.name} ALLOW_CONNECTIONS true`)
    await recovers(s)
  }, 120_000)
})
