// /staff/integrations (issue 30) in the browser against a server of its own: the owner creates an API
// key and sees its secret once, an integrator's fetch uses it against /api, and once revoked it is
// refused; a webhook endpoint pointing at a real local receiver gets the booking.created delivery
// with a valid Clinic-Signature, shows it in its delivery log and replays it; 'Send test event' gets a
// signed webhook.test there and says so, and each Replay button has a name of its own. The page fits a 375 x 667
// phone without sideways scrolling; both viewports are axe clean and screenshotted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launch, release, open, SMALL_PHONE } from './support/browser'
import { startServer, type ServerProcess } from './support/server-process'
import { DEMO, DEMO_STAFF_ADMIN } from '../../server/seed/demo.seed'
import { clearDate, londonInstant } from '../../server/test-support/dates'
import { startWebhookReceiver, type WebhookReceiver } from '../../server/test-support/webhook-receiver'

let server: ServerProcess
let browser: Browser
let receiver: WebhookReceiver

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  server = await startServer({})
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await release(browser)
  await server?.stop()
  await receiver?.close()
})

/** An integrator's call with the key, as curl would make it. */
const withKey = (key: string, path: string, init: RequestInit = {}) =>
  fetch(`${server.url}/api${path}`, { ...init, headers: { 'content-type': 'application/json', 'x-api-key': key, ...(init.headers ?? {}) } })

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/staff`)
  await page.getByLabel('Email').fill(DEMO_STAFF_ADMIN.email)
  await page.getByLabel('Password').fill(DEMO_STAFF_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe('/staff/integrations', () => {
  it('an API key shown once works against /api until revoked; a webhook reaches a local receiver, signed, replays, is disabled and enabled', async () => {
    const s = await open(browser, 'staff-integrations-desktop', DESKTOP, { cookiesAccepted: 'true' })
    const { page } = s
    await signIn(page)
    await page.getByRole('link', { name: 'Integrations' }).click()
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor()
    await page.getByText('No API keys yet.').waitFor()
    await s.axe('empty')

    // A key: the form says what is missing and keeps the name; the secret is shown once.
    const keyForm = page.getByRole('form', { name: 'New API key' })
    await keyForm.getByLabel('Key name').fill('E2E CRM')
    await keyForm.getByRole('button', { name: 'Create key' }).click()
    await keyForm.getByRole('alert').filter({ hasText: 'Choose at least one scope.' }).waitFor()
    await expect(keyForm.getByLabel('Key name').inputValue()).resolves.toBe('E2E CRM')
    for (const scope of ['Make bookings', 'Find customers']) await keyForm.getByText(scope).click()
    await keyForm.getByRole('button', { name: 'Create key' }).click()
    const shown = page.getByRole('region', { name: 'API key E2E CRM' })
    await shown.waitFor()
    await expect(shown.textContent()).resolves.toContain('shown only once')
    const key = await shown.getByLabel('API key E2E CRM').inputValue()
    expect(key.length).toBeGreaterThan(20)
    await s.shot('key-shown-once')
    await shown.getByRole('button', { name: 'I have copied it' }).click()
    await expect(page.content()).resolves.not.toContain(key)

    // The integrator's side: the key opens its scopes, and nothing else.
    const found = await withKey(key, '/integrations/customers?q=example')
    expect(found.status).toBe(200)
    expect((await withKey(key, '/integrations/bookings/000000000000000000000001')).status).toBe(403)
    await page.reload()
    const keys = page.getByRole('list', { name: 'API keys' })
    await keys.waitFor()
    await expect(keys.textContent()).resolves.not.toContain('last used never')
    await expect(page.content()).resolves.not.toContain(key)

    // A webhook endpoint at the local receiver, for booking.created; its signing secret shown once.
    const hookForm = page.getByRole('form', { name: 'New webhook endpoint' })
    await hookForm.getByLabel('Endpoint URL').fill(receiver.url)
    await hookForm.getByText('booking.created', { exact: true }).click()
    await hookForm.getByRole('button', { name: 'Add endpoint' }).click()
    const secretBox = page.getByRole('region', { name: `Signing secret of ${receiver.url}` })
    await secretBox.waitFor()
    receiver.secret = await secretBox.getByLabel(`Signing secret of ${receiver.url}`).inputValue()
    expect(receiver.secret).toMatch(/^whsec_/)
    await secretBox.getByRole('button', { name: 'I have copied it' }).click()
    const endpoints = page.getByRole('list', { name: 'Webhook endpoints' })
    await expect(endpoints.textContent()).resolves.toContain('Enabled')

    // A booking made with the key: the receiver gets booking.created, and its signature checks out.
    const day = clearDate(4, [2, 3, 4, 5])
    const booked = await withKey(key, '/integrations/bookings', {
      method: 'POST',
      body: JSON.stringify({
        customer: { email: `integrations.${Date.now()}@example.com`, firstName: 'Ines', surname: 'Costa' },
        appointment: { event: { start: londonInstant(day, '15:00'), end: londonInstant(day, '15:00') }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
      }),
    })
    expect(booked.status).toBe(201)
    const appointmentId = ((await booked.json()) as { booking: { appointment: { id: string } } }).booking.appointment.id
    await until(() => receiver.received.length >= 1, 'the booking.created delivery')
    const [first] = receiver.received
    expect([first!.verified, first!.answered, first!.event.type]).toEqual([true, 200, 'booking.created'])
    expect(first!.event.data.appointment.id).toBe(appointmentId)

    // The delivery log shows it delivered; Replay sends the same event again, freshly signed.
    await endpoints.getByRole('button', { name: 'Deliveries' }).click()
    const log = page.getByRole('list', { name: `Deliveries to ${receiver.url}` })
    await until(async () => {
      if ((await log.count()) > 0 && (await log.textContent())?.includes('Delivered')) return true
      await endpoints.getByRole('button', { name: 'Refresh' }).click()
      return false
    }, 'the delivery marked delivered')
    await expect(log.textContent()).resolves.toContain('HTTP 200')
    await log.getByRole('button', { name: /^Replay booking\.created/ }).first().click()
    await page.getByRole('status').filter({ hasText: 'The delivery was queued again.' }).waitFor()
    await until(() => receiver.received.length >= 2, 'the replayed delivery')
    const replayed = receiver.received[1]!
    expect([replayed.verified, replayed.event.id, replayed.event.type]).toEqual([true, first!.event.id, 'booking.created'])

    // Send test event: a signed webhook.test reaches the receiver; the row says how it went and the log shows it.
    await endpoints.getByRole('button', { name: `Send test event to ${receiver.url}` }).click()
    await page.getByRole('status').filter({ hasText: `The test event reached ${receiver.url} (HTTP 200).` }).waitFor()
    const tested = receiver.received.find((r) => r.event.type === 'webhook.test')
    expect([tested?.verified, tested?.answered, tested?.event.data.endpoint.url]).toEqual([true, 200, receiver.url])
    await log.getByRole('button', { name: /^Replay webhook\.test delivery of .* \(delivered\)$/ }).waitFor()
    // Each Replay button has a name of its own (a screen reader's list of buttons tells them apart).
    const names = await log.getByRole('button', { name: /^Replay / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))
    expect(names.length).toBeGreaterThanOrEqual(3)
    expect(new Set(names).size).toBe(names.length)
    await s.axe('deliveries')
    await s.shot('webhook-deliveries')

    // Disabled by hand, then enabled again.
    await endpoints.getByRole('button', { name: `Disable ${receiver.url}` }).click()
    await page.getByRole('status').filter({ hasText: 'The webhook endpoint is disabled' }).waitFor()
    await expect(endpoints.textContent()).resolves.toContain('Disabled by an admin.')
    await endpoints.getByRole('button', { name: `Enable ${receiver.url}` }).click()
    await page.getByRole('status').filter({ hasText: 'The webhook endpoint is enabled again.' }).waitFor()

    // Revoked after the confirmation: the same call is refused.
    await keys.getByRole('button', { name: 'Revoke E2E CRM' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Revoke this API key?' })
    await s.axe('revoke-dialog')
    await dialog.getByRole('button', { name: 'Revoke key' }).click()
    await page.getByRole('status').filter({ hasText: 'The key E2E CRM was revoked: it no longer works.' }).waitFor()
    await expect(keys.textContent()).resolves.toContain('Revoked')
    expect((await withKey(key, '/integrations/customers?q=example')).status).toBe(401)
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 120_000)

  it('fits a 375 x 667 phone: keys, endpoints and deliveries in one column, no sideways scroll, axe clean', async () => {
    const s = await open(browser, 'staff-integrations-phone', SMALL_PHONE, { cookiesAccepted: 'true' })
    const { page } = s
    await signIn(page)
    await page.getByRole('link', { name: 'Integrations' }).waitFor()
    await page.goto(`${server.url}/staff/integrations`)
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor()
    const endpoints = page.getByRole('list', { name: 'Webhook endpoints' })
    await endpoints.waitFor()
    await endpoints.getByRole('button', { name: 'Deliveries' }).click()
    await page.getByRole('list', { name: `Deliveries to ${receiver.url}` }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width)
    await s.axe('phone')
    await s.shot('phone')
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 60_000)
})
