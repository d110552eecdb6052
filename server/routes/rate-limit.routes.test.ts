/**
 * Rate limits hold across server instances sharing one database (the counters live there), and a
 * failed login is logged (warn) with the account email and the client address.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../app'
import { testConfig } from '../config'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database'
import { DEMO_CUSTOMER } from '../test-support/test-server'

const MAX = 3
const lines: Record<string, unknown>[] = []
let database: TestDatabase
let first: FastifyInstance
let second: FastifyInstance
beforeAll(async () => {
  database = await createTestDatabase()
  const config = testConfig({ rateLimitMax: MAX, logLevel: 'warn' })
  const logStream = { write: (line: string) => void lines.push(JSON.parse(line)) }
  first = await buildServer(config, { database, logStream })
  second = await buildServer(config, { database, logStream })
  await Promise.all([first.ready(), second.ready()])
})
afterAll(async () => {
  await second.close()
  await first.close()
  await database.cleanup()
})

const login = (app: FastifyInstance, email: string, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/login?from=customer', payload: { email, password: 'Wrong1234' }, remoteAddress })

describe('rate limits across instances', () => {
  it('counts the requests of one client on every instance against one limit', async () => {
    const statuses: number[] = []
    // Alternating instances: with a counter per process each would allow MAX.
    for (let i = 0; i < 2 * MAX; i++) statuses.push((await login(i % 2 === 0 ? first : second, 'a@example.com')).statusCode)
    expect(statuses).toEqual([...Array(MAX).fill(401), ...Array(MAX).fill(429)])
    // Another client and another limited route have their own counters.
    expect((await login(second, 'a@example.com', '198.51.100.9')).statusCode).toBe(401)
    const forgot = await first.inject({ method: 'POST', url: '/api/user/forgot-password/a@example.com', remoteAddress: '203.0.113.7' })
    expect(forgot.statusCode).toBe(200)
  })

  it('holds under parallel requests: exactly MAX pass', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 * MAX }, (_, i) => login(i % 2 === 0 ? first : second, 'b@example.com', '192.0.2.44')),
    )
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(MAX)
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(3 * MAX)
  })

  it('logs a failed login (warn) with the email and client address, never the password', async () => {
    await login(first, DEMO_CUSTOMER.email, '198.51.100.23')
    const line = lines.find((l) => l.msg === 'failed login' && l.clientAddress === '198.51.100.23')
    expect(line).toMatchObject({ level: 40, email: DEMO_CUSTOMER.email, clientAddress: '198.51.100.23', reason: 'Unauthorized' })
    expect(JSON.stringify(lines)).not.toContain('Wrong1234')
  })
})
