// nock tests of `clinic admin api-key ...` and `clinic admin webhook ...`: what they send and print.
import { afterAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import { useNock } from '../../src/adapters/http/test-support'
import { runCli, tempConfigHome } from '../testing/run-cli'
import { HOST } from '../testing/fixtures'

const home = tempConfigHome()
const env = { XDG_CONFIG_HOME: home.dir }
const cli = (...args: string[]) => runCli(['--base-url', HOST, '--tenant', 'riverside', ...args], { env })

useNock()
afterAll(() => home.remove())

const KEY_ID = '0123456789abcdef01234567'
const ENDPOINT = '0123456789abcdef01234568'
const DELIVERY = '0123456789abcdef01234569'
const key = { id: KEY_ID, name: 'CRM', prefix: 'ck_live_Ab12', scopes: ['bookings:read', 'customers:read'], createdAt: '2026-11-02T10:00:00.000Z' }

describe('clinic admin api-key', () => {
  it('create sends the scopes and prints the key once; list and revoke', async () => {
    const made = nock(HOST).post('/api/admin/api-keys', { name: 'CRM', scopes: ['bookings:read', 'customers:read'] }).reply(201, { ...key, key: 'ck_live_Ab12secretsecretsecretsecret12' })
    const run = await cli('admin', 'api-key', 'create', '--scope', 'bookings:read,customers:read', '--name', 'CRM')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    made.done()
    expect(run.stdout).toContain('ck_live_Ab12secretsecretsecretsecret12')
    expect(run.stdout).toContain('X-Api-Key')

    nock(HOST).get('/api/admin/api-keys').reply(200, [{ ...key, lastUsedAt: '2026-11-03T10:00:00.000Z' }])
    const list = await cli('admin', 'api-key', 'list')
    expect(list.code).toBe(0)
    expect(list.stdout).toContain('ck_live_Ab12…')
    expect(list.stdout).toContain('bookings:read,customers:read')

    nock(HOST).delete(`/api/admin/api-keys/${KEY_ID}`).reply(200, { ...key, revokedAt: '2026-11-04T10:00:00.000Z' })
    const revoked = await cli('admin', 'api-key', 'revoke', KEY_ID)
    expect(revoked.stdout).toContain('Revoked ck_live_Ab12… (CRM).')
  })

  it('refuses an unknown scope before calling', async () => {
    const run = await cli('admin', 'api-key', 'create', '--scope', 'bookings:delete')
    expect(run.code).not.toBe(0)
    expect(run.stderr).toContain('bookings:delete')
  })
})

describe('clinic admin webhook', () => {
  const endpoint = { id: ENDPOINT, url: 'https://crm.example.com/hook', events: ['booking.created'], createdAt: '2026-11-02T10:00:00.000Z', consecutiveFailures: 0 }
  it('add prints the secret once; list, deliveries, replay, disable, enable, remove', async () => {
    nock(HOST).post('/api/admin/webhooks', { url: 'https://crm.example.com/hook', events: ['booking.created', 'booking.cancelled'] }).reply(201, { ...endpoint, events: ['booking.created', 'booking.cancelled'], secret: 'whsec_abc' })
    const add = await cli('admin', 'webhook', 'add', 'https://crm.example.com/hook', '--events', 'booking.created,booking.cancelled')
    expect(add.stderr).toBe('')
    expect(add.stdout).toContain('whsec_abc')

    nock(HOST).get('/api/admin/webhooks').reply(200, [{ ...endpoint, consecutiveFailures: 4, disabledAt: '2026-11-05T10:00:00.000Z', disabledReason: 'Every delivery failed since 2026-11-02T10:00:00.000Z.' }])
    const list = await cli('admin', 'webhook', 'list')
    expect(list.stdout).toContain('https://crm.example.com/hook')
    expect(list.stdout).toContain('Every delivery failed since')

    nock(HOST).get(`/api/admin/webhooks/${ENDPOINT}/deliveries`).reply(200, [{ id: DELIVERY, endpointId: ENDPOINT, event: 'booking.created', state: 'failed', attempts: 20, createdAt: '2026-11-02T10:00:00.000Z', lastStatus: 500, lastError: 'HTTP 500' }])
    const deliveries = await cli('admin', 'webhook', 'deliveries', ENDPOINT)
    const row = deliveries.stdout.split('\n').find((l) => l.startsWith('booking.created'))!
    expect(row).toContain('failed')
    expect(row).toContain('500')
    expect(row).toContain(DELIVERY)

    nock(HOST).post(`/api/admin/webhooks/deliveries/${DELIVERY}/replay`).reply(201, { id: '0123456789abcdef0123456a', endpointId: ENDPOINT, event: 'booking.created', state: 'pending', attempts: 0, createdAt: '2026-11-06T10:00:00.000Z' })
    expect((await cli('admin', 'webhook', 'replay', DELIVERY)).stdout).toContain('Queued again as delivery 0123456789abcdef0123456a (booking.created).')
    nock(HOST).put(`/api/admin/webhooks/${ENDPOINT}/disable`).reply(200, { ...endpoint, disabledAt: '2026-11-06T10:00:00.000Z', disabledReason: 'Disabled by an admin.' })
    expect((await cli('admin', 'webhook', 'disable', ENDPOINT)).stdout).toContain('Disabled https://crm.example.com/hook.')
    nock(HOST).put(`/api/admin/webhooks/${ENDPOINT}/enable`).reply(200, endpoint)
    expect((await cli('admin', 'webhook', 'enable', ENDPOINT)).stdout).toContain('Enabled https://crm.example.com/hook.')
    nock(HOST).delete(`/api/admin/webhooks/${ENDPOINT}`).reply(200, { message: 'The webhook endpoint was removed.' })
    expect((await cli('admin', 'webhook', 'remove', ENDPOINT)).stdout).toContain('The webhook endpoint was removed.')
  })

  it('test sends the test event and prints its outcome: delivered, or not and why', async () => {
    const delivery = { id: DELIVERY, endpointId: ENDPOINT, event: 'webhook.test', attempts: 1, createdAt: '2026-11-06T10:00:00.000Z' }
    nock(HOST).post(`/api/admin/webhooks/${ENDPOINT}/test`).reply(201, { ...delivery, state: 'delivered', lastStatus: 204, deliveredAt: '2026-11-06T10:00:01.000Z' })
    const sent = await cli('admin', 'webhook', 'test', ENDPOINT)
    expect([sent.code, sent.stderr, sent.stdout.trim()]).toEqual([0, '', `Test event delivered (HTTP 204) as delivery ${DELIVERY}.`])
    // Not delivered: the outcome on stdout (--json: the delivery) and exit 1, as a refusal.
    nock(HOST).post(`/api/admin/webhooks/${ENDPOINT}/test`).reply(201, { ...delivery, state: 'failed', lastError: 'ECONNREFUSED', failedAt: '2026-11-06T10:00:01.000Z' })
    const failed = await cli('admin', 'webhook', 'test', ENDPOINT)
    expect([failed.code, failed.stderr, failed.stdout.trim()]).toEqual([1, '', `Test event not delivered (ECONNREFUSED) as delivery ${DELIVERY}.`])
    nock(HOST).post(`/api/admin/webhooks/${ENDPOINT}/test`).reply(201, { ...delivery, state: 'failed', lastStatus: 500, lastError: 'HTTP 500', failedAt: '2026-11-06T10:00:01.000Z' })
    const failedJson = await cli('--json', 'admin', 'webhook', 'test', ENDPOINT)
    expect(failedJson.code).toBe(1)
    expect(JSON.parse(failedJson.stdout)).toMatchObject({ id: DELIVERY, state: 'failed', lastStatus: 500 })
    nock(HOST).post(`/api/admin/webhooks/${ENDPOINT}/test`).reply(409, { statusCode: 409, message: 'This endpoint is disabled: enable it first.' })
    expect((await cli('admin', 'webhook', 'test', ENDPOINT)).stderr).toContain('This endpoint is disabled: enable it first.')
  })
})
