// /staff/integrations' view model over the real use cases, HTTP adapters and contract codecs; nock
// plays the server (src/contract/integrations.routes.ts).
import { describe, expect, it } from 'vitest'
import { useNock } from '../../adapters/http/test-support'
import { INTEGRATION_TEXTS } from './staff-integrations.view-model'
import { TEST_EVENT_TEXTS } from './webhook-delivery-views'
import { ADMIN, CREATED, hexId, integrationsServer, opening, staffIntegrationsViewModel } from './staff-integrations.test-support'

useNock()

const KEY = { id: hexId(1), name: 'CRM', prefix: 'ck_live_ab12', scopes: ['bookings:read'], createdAt: CREATED, lastUsedAt: '2026-11-20T10:00:00.000Z' }
const ENDPOINT = { id: hexId(2), url: 'https://crm.example.com/hooks', events: ['booking.created'], createdAt: CREATED, consecutiveFailures: 0 }
const URL_REFUSED = 'The URL must be an https:// address (http:// only on localhost, outside production).'

describe('StaffIntegrationsViewModel', () => {
  it("loads an admin's keys and endpoints; asks nothing signed out, and no lists for a practitioner", async () => {
    opening({ keys: [KEY], endpoints: [ENDPOINT] })
    const vm = staffIntegrationsViewModel()
    await vm.enter()
    expect([vm.staff?.displayName, vm.isAdmin, vm.loading, vm.error]).toEqual([ADMIN.displayName, true, false, undefined])
    expect(vm.keys.map((k) => k.name)).toEqual(['CRM'])
    expect(vm.endpoints.map((e) => e.url)).toEqual(['https://crm.example.com/hooks'])

    const signedOut = staffIntegrationsViewModel(null)
    await signedOut.enter()
    expect(signedOut.signedIn).toBe(false)

    opening({ role: 'practitioner' })
    const practitioner = staffIntegrationsViewModel()
    await practitioner.enter()
    expect([practitioner.isAdmin, practitioner.keys]).toEqual([false, []])
  })

  it('checks the key form before sending, keeps it when the server refuses, then shows the secret once', async () => {
    opening()
    const vm = staffIntegrationsViewModel()
    await vm.enter()
    await vm.submitKey()
    expect(vm.keyError).toBe(INTEGRATION_TEXTS.keyName)
    vm.setKeyName('  Website  ')
    expect(vm.keyError).toBeUndefined()
    await vm.submitKey()
    expect(vm.keyError).toBe(INTEGRATION_TEXTS.keyScopes)
    // clicked in any order, sent in the list's order
    vm.setKeyScope('bookings:write', true)
    vm.setKeyScope('catalogue:read', true)
    vm.setKeyScope('customers:read', true)
    vm.setKeyScope('customers:read', false)

    integrationsServer().post('/api/admin/api-keys', { name: 'Website', scopes: ['catalogue:read', 'bookings:write'] }).reply(403, { statusCode: 403, message: 'Admins only.' })
    await vm.submitKey()
    expect(vm.keyError).toBe('Admins only.')
    expect(vm.keyDraft).toEqual({ name: '  Website  ', scopes: ['catalogue:read', 'bookings:write'] })
    expect(vm.createdKey).toBeUndefined()

    const made = { ...KEY, id: hexId(3), name: 'Website', scopes: ['catalogue:read', 'bookings:write'], lastUsedAt: undefined, key: 'ck_live_secret123' }
    integrationsServer().post('/api/admin/api-keys', { name: 'Website', scopes: ['catalogue:read', 'bookings:write'] }).reply(201, made)
    await vm.submitKey()
    expect([vm.keyError, vm.keyBusy, vm.createdKey?.key]).toEqual([undefined, false, 'ck_live_secret123'])
    expect(vm.keyDraft).toEqual({ name: '', scopes: [] })
    expect(vm.keys.map((k) => k.name)).toEqual(['Website'])
    vm.dismissCreatedKey()
    expect(vm.createdKey).toBeUndefined()
    expect(JSON.stringify(vm.keys)).not.toContain('ck_live_secret123')
  })

  it('revokes a key only after the confirmation, and marks it revoked in the list', async () => {
    opening({ keys: [KEY] })
    const vm = staffIntegrationsViewModel()
    await vm.enter()
    vm.askRevoke(vm.keys[0]!)
    vm.closeRevoke()
    expect(vm.revoking).toBeUndefined()
    await vm.confirmRevoke()
    vm.askRevoke(vm.keys[0]!)
    expect(vm.revoking?.name).toBe('CRM')
    integrationsServer().delete(`/api/admin/api-keys/${KEY.id}`).reply(200, { ...KEY, revokedAt: '2026-11-29T06:00:00.000Z' })
    await vm.confirmRevoke()
    expect([vm.revoking, vm.keys[0]?.revokedAt, vm.notice]).toEqual([undefined, '2026-11-29T06:00:00.000Z', INTEGRATION_TEXTS.keyRevoked('CRM')])
  })

  it("adds an endpoint (the server's refusal of the URL shown, the form kept), shows its secret, enables, disables and deletes", async () => {
    opening({ endpoints: [{ ...ENDPOINT, consecutiveFailures: 12, disabledAt: CREATED, disabledReason: '12 failed deliveries in a row' }] })
    const vm = staffIntegrationsViewModel()
    await vm.enter()
    await vm.submitHook()
    expect(vm.hookError).toBe(INTEGRATION_TEXTS.hookUrl)
    vm.setHookUrl('http://crm.example.com/in')
    await vm.submitHook()
    expect(vm.hookError).toBe(INTEGRATION_TEXTS.hookEvents)
    vm.setHookEvent('payment.succeeded', true)
    vm.setHookEvent('booking.created', true)
    integrationsServer().post('/api/admin/webhooks', { url: 'http://crm.example.com/in', events: ['booking.created', 'payment.succeeded'] }).reply(400, { statusCode: 400, message: URL_REFUSED })
    await vm.submitHook()
    expect(vm.hookError).toBe(URL_REFUSED)
    expect(vm.hookDraft).toEqual({ url: 'http://crm.example.com/in', events: ['booking.created', 'payment.succeeded'] })

    vm.setHookUrl('https://crm.example.com/in')
    const added = { id: hexId(4), url: 'https://crm.example.com/in', events: ['booking.created', 'payment.succeeded'], createdAt: CREATED, consecutiveFailures: 0, secret: 'whsec_abc' }
    integrationsServer().post('/api/admin/webhooks', { url: 'https://crm.example.com/in', events: ['booking.created', 'payment.succeeded'] }).reply(201, added)
    await vm.submitHook()
    expect(vm.createdSecret).toEqual({ url: 'https://crm.example.com/in', secret: 'whsec_abc' })
    expect(vm.endpoints.map((e) => e.url)).toEqual(['https://crm.example.com/hooks', 'https://crm.example.com/in'])
    expect(JSON.stringify(vm.endpoints)).not.toContain('whsec_abc')
    vm.dismissSecret()
    expect(vm.createdSecret).toBeUndefined()

    integrationsServer().put(`/api/admin/webhooks/${ENDPOINT.id}/enable`).reply(200, ENDPOINT)
    await vm.enable(vm.endpoints[0]!)
    expect([vm.endpoints[0]?.disabledAt, vm.notice]).toEqual([undefined, INTEGRATION_TEXTS.hookEnabled])
    integrationsServer().put(`/api/admin/webhooks/${ENDPOINT.id}/disable`).reply(200, { ...ENDPOINT, disabledAt: CREATED, disabledReason: 'Disabled by an admin.' })
    await vm.disable(vm.endpoints[0]!)
    expect([vm.endpoints[0]?.disabledReason, vm.notice]).toEqual(['Disabled by an admin.', INTEGRATION_TEXTS.hookDisabled])
    integrationsServer().put(`/api/admin/webhooks/${hexId(9)}/disable`).reply(404, { statusCode: 404, message: 'Webhook endpoint not found.' })
    await vm.disable({ ...vm.endpoints[0]!, id: hexId(9) })
    expect([vm.error, vm.notice]).toEqual(['Webhook endpoint not found.', undefined])

    vm.askRemove(vm.endpoints[1]!)
    integrationsServer().delete(`/api/admin/webhooks/${hexId(4)}`).reply(200, { message: 'The webhook endpoint was removed.' })
    await vm.confirmRemove()
    expect(vm.endpoints.map((e) => e.id)).toEqual([ENDPOINT.id])
    expect(vm.notice).toBe(INTEGRATION_TEXTS.hookRemoved)
  })

  it("lists an endpoint's deliveries and replays one; a refused replay says why", async () => {
    opening({ endpoints: [ENDPOINT] })
    const vm = staffIntegrationsViewModel()
    await vm.enter()
    const failed = { id: hexId(10), endpointId: ENDPOINT.id, event: 'booking.created', state: 'failed', attempts: 12, createdAt: CREATED, lastStatus: 500, failedAt: CREATED }
    integrationsServer().get(`/api/admin/webhooks/${ENDPOINT.id}/deliveries`).reply(200, [failed])
    await vm.showDeliveries(ENDPOINT.id)
    expect(vm.openEndpoint).toBe(ENDPOINT.id)
    expect(vm.deliveries.map((d) => [d.state, d.lastStatus])).toEqual([['failed', 500]])

    const copy = { ...failed, id: hexId(11), state: 'pending', attempts: 0, lastStatus: undefined, failedAt: undefined }
    integrationsServer().post(`/api/admin/webhooks/deliveries/${hexId(10)}/replay`).reply(201, copy)
    integrationsServer().get(`/api/admin/webhooks/${ENDPOINT.id}/deliveries`).reply(200, [copy, failed])
    await vm.replayDelivery(vm.deliveries[0]!)
    expect(vm.notice).toBe(INTEGRATION_TEXTS.replayed)
    expect(vm.deliveries.map((d) => d.state)).toEqual(['pending', 'failed'])

    integrationsServer().post(`/api/admin/webhooks/deliveries/${hexId(10)}/replay`).reply(409, { statusCode: 409, message: 'This endpoint is disabled: enable it first.' })
    await vm.replayDelivery(vm.deliveries[1]!)
    expect(vm.deliveriesError).toBe('This endpoint is disabled: enable it first.')
    vm.hideDeliveries()
    expect([vm.openEndpoint, vm.deliveries]).toEqual([undefined, []])
  })

  it("sends a test event: the outcome after its first try shown by its endpoint, and the deliveries opened with it", async () => {
    opening({ endpoints: [ENDPOINT] })
    const vm = staffIntegrationsViewModel()
    await vm.enter()
    const test = { id: hexId(20), endpointId: ENDPOINT.id, event: 'webhook.test', state: 'delivered', attempts: 1, createdAt: CREATED, lastStatus: 204, deliveredAt: CREATED }
    integrationsServer().post(`/api/admin/webhooks/${ENDPOINT.id}/test`).reply(201, test)
    integrationsServer().get(`/api/admin/webhooks/${ENDPOINT.id}/deliveries`).reply(200, [test])
    const sending = vm.sendTestEvent(vm.endpoints[0]!)
    expect(vm.testing).toBe(ENDPOINT.id)
    await sending
    expect(vm.testing).toBeUndefined()
    expect(vm.testResult).toEqual({ endpointId: ENDPOINT.id, delivered: true, text: TEST_EVENT_TEXTS.delivered(ENDPOINT.url, 204) })
    expect(vm.testResult?.text).toBe('The test event reached https://crm.example.com/hooks (HTTP 204).')
    expect([vm.openEndpoint, vm.deliveries.map((d) => [d.event, d.state])]).toEqual([ENDPOINT.id, [['webhook.test', 'delivered']]])

    const failed = { ...test, id: hexId(21), state: 'failed', lastStatus: 500, lastError: 'HTTP 500', failedAt: CREATED, deliveredAt: undefined }
    integrationsServer().post(`/api/admin/webhooks/${ENDPOINT.id}/test`).reply(201, failed)
    integrationsServer().get(`/api/admin/webhooks/${ENDPOINT.id}/deliveries`).reply(200, [failed, test])
    await vm.sendTestEvent(vm.endpoints[0]!)
    expect(vm.testResult).toEqual({ endpointId: ENDPOINT.id, delivered: false, text: 'The test event did not reach https://crm.example.com/hooks: HTTP 500.' })
    integrationsServer().post(`/api/admin/webhooks/${ENDPOINT.id}/test`).reply(201, { ...failed, lastStatus: undefined, lastError: 'ECONNREFUSED' })
    integrationsServer().get(`/api/admin/webhooks/${ENDPOINT.id}/deliveries`).reply(200, [failed, test])
    await vm.sendTestEvent(vm.endpoints[0]!)
    expect(vm.testResult?.text).toBe('The test event did not reach https://crm.example.com/hooks: ECONNREFUSED.')

    integrationsServer().post(`/api/admin/webhooks/${ENDPOINT.id}/test`).reply(409, { statusCode: 409, message: 'This endpoint is disabled: enable it first.' })
    await vm.sendTestEvent(vm.endpoints[0]!)
    expect(vm.testResult).toEqual({ endpointId: ENDPOINT.id, delivered: false, text: 'This endpoint is disabled: enable it first.' })
  })

  it("names each delivery's Replay button differently, even for deliveries alike in event, minute and state", async () => {
    opening({ endpoints: [ENDPOINT] })
    const vm = staffIntegrationsViewModel()
    await vm.enter()
    const at = (id: number, createdAt: string, state = 'delivered', event = 'booking.created') => ({ id: hexId(id), endpointId: ENDPOINT.id, event, state, attempts: 1, createdAt })
    const rows = [
      at(30, '2026-11-20T14:02:40.000Z'),
      at(31, '2026-11-20T14:02:10.000Z', 'failed'),
      at(32, '2026-11-20T14:02:05.000Z'),
      at(33, '2026-11-20T14:02:01.000Z', 'delivered', 'booking.cancelled'),
      at(34, '2026-11-20T13:58:00.000Z'),
    ]
    integrationsServer().get(`/api/admin/webhooks/${ENDPOINT.id}/deliveries`).reply(200, rows)
    await vm.showDeliveries(ENDPOINT.id)
    const names = vm.deliveries.map((d) => vm.replayLabels.get(d.id))
    expect(names).toEqual([
      'Replay booking.created delivery of 20/11/2026 14:02 (delivered), 1 of 2',
      'Replay booking.created delivery of 20/11/2026 14:02 (failed)',
      'Replay booking.created delivery of 20/11/2026 14:02 (delivered), 2 of 2',
      'Replay booking.cancelled delivery of 20/11/2026 14:02 (delivered)',
      'Replay booking.created delivery of 20/11/2026 13:58 (delivered)',
    ])
    expect(new Set(names).size).toBe(rows.length)
  })
})
