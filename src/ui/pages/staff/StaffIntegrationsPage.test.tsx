// /staff/integrations in jsdom: the real page, view model, use cases, HTTP adapters and codecs;
// nock plays the server.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { Container } from 'inversify'
import { ContainerProvider } from '../../use-view-model'
import { useNock } from '../../../adapters/http/test-support'
import { INTEGRATION_TEXTS, StaffIntegrationsViewModel } from '../../view-models/staff-integrations.view-model'
import { CREATED, hexId, integrationsServer, opening, staffIntegrationsViewModel } from '../../view-models/staff-integrations.test-support'
import StaffIntegrationsPage from './StaffIntegrationsPage'

useNock()
afterEach(cleanup)

function renderPage(vm: StaffIntegrationsViewModel) {
  const container = new Container()
  container.bind(StaffIntegrationsViewModel).toConstantValue(vm)
  render(
    <MemoryRouter initialEntries={['/staff/integrations']}>
      <ContainerProvider resolver={container}>
        <StaffIntegrationsPage />
      </ContainerProvider>
    </MemoryRouter>,
  )
}

describe('StaffIntegrationsPage', () => {
  it('creates a key (a missing scope said first), shows its secret once with Copy, and revokes it after asking', async () => {
    const user = userEvent.setup()
    opening()
    renderPage(staffIntegrationsViewModel())
    await screen.findByText('No API keys yet.')
    const form = screen.getByRole('form', { name: 'New API key' })
    await user.type(within(form).getByLabelText('Key name'), 'Website')
    await user.click(within(form).getByRole('button', { name: 'Create key' }))
    expect(within(form).getByRole('alert').textContent).toBe(INTEGRATION_TEXTS.keyScopes)

    await user.click(within(form).getByRole('checkbox', { name: /Make bookings/ }))
    const made = { id: hexId(3), name: 'Website', prefix: 'ck_live_ab12', scopes: ['bookings:write'], createdAt: CREATED, key: 'ck_live_ab12_secret' }
    integrationsServer().post('/api/admin/api-keys', { name: 'Website', scopes: ['bookings:write'] }).reply(201, made)
    await user.click(within(form).getByRole('button', { name: 'Create key' }))
    const secret = await screen.findByRole('region', { name: 'API key Website' })
    expect(secret.textContent).toContain('shown only once')
    expect((within(secret).getByLabelText('API key Website') as HTMLInputElement).value).toBe('ck_live_ab12_secret')
    await user.click(within(secret).getByRole('button', { name: 'Copy' }))
    expect(within(secret).getByRole('status').textContent).toBe('Copied.')
    await expect(navigator.clipboard.readText()).resolves.toBe('ck_live_ab12_secret')
    await user.click(within(secret).getByRole('button', { name: 'I have copied it' }))
    expect(screen.queryByRole('region', { name: 'API key Website' })).toBeNull()
    expect(document.body.textContent).not.toContain('ck_live_ab12_secret')

    const keys = screen.getByRole('list', { name: 'API keys' })
    expect(keys.textContent).toContain('ck_live_ab12')
    expect(keys.textContent).toContain('last used never')
    await user.click(within(keys).getByRole('button', { name: 'Revoke Website' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this API key?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    await user.click(within(keys).getByRole('button', { name: 'Revoke Website' }))
    const { key: _key, ...listed } = made
    integrationsServer().delete(`/api/admin/api-keys/${made.id}`).reply(200, { ...listed, revokedAt: '2026-11-29T06:00:00.000Z' })
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke key' }))
    expect((await screen.findByText(INTEGRATION_TEXTS.keyRevoked('Website'))).getAttribute('role')).toBe('status')
    expect(keys.textContent).toContain('Revoked 29/11/2026 06:00')
    expect(within(keys).queryByRole('button', { name: 'Revoke Website' })).toBeNull()
  }, 20_000)

  it("keeps a refused endpoint's URL and events with the server's reason, and lists deliveries with Replay", async () => {
    const user = userEvent.setup()
    const endpoint = { id: hexId(2), url: 'https://crm.example.com/hooks', events: ['booking.created'], createdAt: CREATED, consecutiveFailures: 0 }
    opening({ endpoints: [endpoint] })
    renderPage(staffIntegrationsViewModel())
    const form = await screen.findByRole('form', { name: 'New webhook endpoint' })
    await user.type(within(form).getByLabelText('Endpoint URL'), 'ftp://crm.example.com')
    await user.click(within(form).getByRole('checkbox', { name: 'booking.cancelled' }))
    const refusal = 'The URL must be an https:// address (http:// only on localhost, outside production).'
    integrationsServer().post('/api/admin/webhooks', { url: 'ftp://crm.example.com', events: ['booking.cancelled'] }).reply(400, { statusCode: 400, message: refusal })
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }))
    expect((await within(form).findByRole('alert')).textContent).toBe(refusal)
    expect((within(form).getByLabelText('Endpoint URL') as HTMLInputElement).value).toBe('ftp://crm.example.com')
    expect(within(form).getByRole('checkbox', { name: 'booking.cancelled' })).toHaveProperty('checked', true)

    const delivery = { id: hexId(10), endpointId: endpoint.id, event: 'booking.created', state: 'delivered', attempts: 1, createdAt: CREATED, lastStatus: 200, deliveredAt: CREATED }
    integrationsServer().get(`/api/admin/webhooks/${endpoint.id}/deliveries`).reply(200, [delivery])
    await user.click(screen.getByRole('button', { name: 'Deliveries' }))
    const list = await screen.findByRole('list', { name: 'Deliveries to https://crm.example.com/hooks' })
    expect(list.textContent).toContain('Delivered')
    expect(list.textContent).toContain('01/11/2026 09:00 · 1 try · HTTP 200')
    integrationsServer().post(`/api/admin/webhooks/deliveries/${hexId(10)}/replay`).reply(201, { ...delivery, id: hexId(11), state: 'pending', attempts: 0, lastStatus: undefined, deliveredAt: undefined })
    integrationsServer().get(`/api/admin/webhooks/${endpoint.id}/deliveries`).reply(200, [{ ...delivery, id: hexId(11), state: 'pending', attempts: 0 }, delivery])
    await user.click(within(list).getByRole('button', { name: /^Replay booking.created/ }))
    await screen.findByText(INTEGRATION_TEXTS.replayed)
    await waitFor(() => expect(within(screen.getByRole('list', { name: /^Deliveries to/ })).getAllByRole('listitem')).toHaveLength(2))
  }, 20_000)

  it("sends a test event from the endpoint's row and says how it went; Replay buttons have names of their own", async () => {
    const user = userEvent.setup()
    const endpoint = { id: hexId(2), url: 'https://crm.example.com/hooks', events: ['booking.created'], createdAt: CREATED, consecutiveFailures: 0 }
    opening({ endpoints: [endpoint] })
    renderPage(staffIntegrationsViewModel())
    const test = { id: hexId(20), endpointId: endpoint.id, event: 'webhook.test', state: 'failed', attempts: 1, createdAt: CREATED, lastStatus: 500, lastError: 'HTTP 500', failedAt: CREATED }
    const earlier = { ...test, id: hexId(21) }
    integrationsServer().post(`/api/admin/webhooks/${endpoint.id}/test`).reply(201, test)
    integrationsServer().get(`/api/admin/webhooks/${endpoint.id}/deliveries`).reply(200, [test, earlier])
    await user.click(await screen.findByRole('button', { name: 'Send test event to https://crm.example.com/hooks' }))
    await screen.findByText('The test event did not reach https://crm.example.com/hooks: HTTP 500.')
    const list = await screen.findByRole('list', { name: 'Deliveries to https://crm.example.com/hooks' })
    expect(within(list).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Replay webhook.test delivery of 01/11/2026 09:00 (failed), 1 of 2',
      'Replay webhook.test delivery of 01/11/2026 09:00 (failed), 2 of 2',
    ])
  }, 20_000)

  it('tells a practitioner the page is for admins', async () => {
    opening({ role: 'practitioner' })
    renderPage(staffIntegrationsViewModel())
    await screen.findByText('Integrations are for admins only.')
  })
})
