import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildServer } from '../app'
import { testConfig } from '../config'
import { DEMO_CUSTOMER } from '../test-support/test-server'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database'
import type { FastifyInstance } from 'fastify'
import { requestIdOf } from './request-log'

/** Every line the server's logger wrote, parsed: the log is JSON lines, nothing else. */
const lines: string[] = []
const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>)
let app: FastifyInstance
let database: TestDatabase

beforeAll(async () => {
  let pending = ''
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString('utf8')
      const parts = pending.split('\n')
      pending = parts.pop()!
      lines.push(...parts.filter((p) => p !== ''))
      done()
    },
  })
  database = await createTestDatabase()
  app = await buildServer(testConfig({ logLevel: 'info' }), { database, logStream: stream })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await database.cleanup()
})

/** The request line of one request id (written once the answer has gone, so it is waited for). */
async function requestLine(reqId: string): Promise<Record<string, unknown>> {
  return vi.waitFor(() => {
    const found = records().filter((r) => r.reqId === reqId && r.msg === 'request')
    expect(found).toHaveLength(1)
    return found[0]
  })
}

describe('request log lines', () => {
  it('carry tenant, route pattern, status, duration and the signed-in customer; never the raw URL', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login?from=customer', payload: DEMO_CUSTOMER, headers: { 'x-request-id': 'login-1' } })
    expect(login.statusCode).toBe(200)
    const token = login.json().token as string
    const me = await app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}`, 'x-request-id': 'me-1' } })
    expect(me.statusCode).toBe(200)
    const customerId = me.json().id as string

    const line = await requestLine('me-1')
    expect(line).toMatchObject({ level: 30, tenant: 'demo', method: 'GET', route: '/api/user/me', status: 200, customer: customerId })
    expect(typeof line.durationMs).toBe('number')
    expect(await requestLine('login-1')).toMatchObject({ route: '/api/login', status: 200 })
    expect(await requestLine('login-1')).not.toHaveProperty('customer')
  })

  it('name the pattern of a path that carries personal data, not the path', async () => {
    const email = 'nobody.private@example.com'
    await app.inject({ method: 'POST', url: `/api/user/forgot-password/${email}?token=secret-query-value`, headers: { 'x-request-id': 'secret-1' } })
    expect(await requestLine('secret-1')).toMatchObject({ route: '/api/user/forgot-password/:email' })
    const all = lines.join('\n')
    expect(all).not.toContain('nobody.private')
    expect(all).not.toContain('secret-query-value')
  })

  it('takes X-Request-Id from the caller, sanitised and capped, and echoes it; makes one otherwise', async () => {
    const given = await app.inject({ method: 'GET', url: '/api/public/organisations', headers: { 'x-request-id': 'abc-123' } })
    expect(given.headers['x-request-id']).toBe('abc-123')

    const hostile = await app.inject({ method: 'GET', url: '/api/public/organisations', headers: { 'x-request-id': `evil"}\n{"admin":true} ${'x'.repeat(200)}` } })
    const echoed = String(hostile.headers['x-request-id'])
    expect(echoed).toMatch(/^[A-Za-z0-9._:-]{1,64}$/)
    expect(echoed.startsWith('evil')).toBe(true)
    expect(await requestLine(echoed)).toMatchObject({ status: 200 })

    const none = await app.inject({ method: 'GET', url: '/api/public/organisations' })
    expect(String(none.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/)
    expect(none.headers['x-request-id']).not.toBe(hostile.headers['x-request-id'])
  })

  it('are JSON, every one of them', () => {
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow()
  })
})

describe('requestIdOf', () => {
  it.each([
    ['abc', 'abc'],
    [' a b\tc ', 'abc'],
    [['first', 'second'], 'first'],
    ['x'.repeat(100), 'x'.repeat(64)],
  ])('%j becomes %j', (header, expected) => {
    expect(requestIdOf(header as string | string[])).toBe(expected)
  })

  it('makes a UUID when nothing usable is given', () => {
    expect(requestIdOf(undefined)).toMatch(/^[0-9a-f-]{36}$/)
    expect(requestIdOf('"<>{}')).toMatch(/^[0-9a-f-]{36}$/)
  })
})
