// nock tests of a busy server as the CLI meets it (issue 31): 503 with Retry-After.
import { afterAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import { useNock } from '../src/adapters/http/test-support'
import { runCli, tempConfigHome } from './testing/run-cli'
import { HOST, customer, organisation } from './testing/fixtures'

const home = tempConfigHome()
const env = { XDG_CONFIG_HOME: home.dir }
const cli = (...args: string[]) => runCli(['--base-url', HOST, '--tenant', 'demo', ...args], { env })
const api = () => nock(HOST, { reqheaders: { 'x-tenant': 'demo' } })
const BUSY = { statusCode: 503, message: 'The service is temporarily unavailable. Please try again in a moment.' }

useNock()
afterAll(() => home.remove())

describe('a busy server (503 + Retry-After)', () => {
  it('a read: the wait printed, the request sent again after it, the answer printed', async () => {
    api().get('/api/public/organisations').reply(503, BUSY, { 'Retry-After': '1' })
    api().get('/api/public/organisations').reply(200, organisation)
    const started = performance.now()
    const run = await cli('org')
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('The service is busy. Trying again in 1 second…\n')
    expect(run.stdout).toMatch(/^Name: +Glow Clinics$/m)
    expect(performance.now() - started).toBeGreaterThanOrEqual(900)
  })

  it('a write (login): sent once, the wait printed, exit 1', async () => {
    api().post('/api/login').query({ from: 'customer' }).reply(503, BUSY, { 'Retry-After': '5' })
    const run = await cli('login', '--email', customer.email, '--password', 'Secret-123')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('error: The service is busy. Please try again in 5 seconds.\n')
  })
})
