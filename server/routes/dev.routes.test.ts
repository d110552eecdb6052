import { afterEach, describe, expect, it } from 'vitest'
import { buildTestServer, type TestServer } from '../test-support/test-server'

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('GET /dev/mailbox', () => {
  it('lists the outbox in development without a mail server', async () => {
    t = await buildTestServer({ env: 'development' })
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })
    expect(res.statusCode).toBe(200)
    expect(Array.isArray(res.json())).toBe(true)
  })

  it.each(['development', 'test'] as const)('exists in %s', async (env) => {
    t = await buildTestServer({ env })
    expect(t.app.hasRoute({ method: 'GET', url: '/api/dev/mailbox' })).toBe(true)
  })

  it('does not exist at all in production (only development and test have it)', async () => {
    t = await buildTestServer({ env: 'production' })
    expect(t.app.hasRoute({ method: 'GET', url: '/api/dev/mailbox' })).toBe(false)
  })

  it.each([
    ['in production', { env: 'production' as const }],
    ['once SMTP_URL sends real mail', { env: 'development' as const, smtpUrl: 'smtp://127.0.0.1:1' }],
  ])('is not found %s (reset links would be readable by anyone)', async (_, config) => {
    t = await buildTestServer(config)
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })
    expect(res.statusCode).toBe(404)
  })
})
