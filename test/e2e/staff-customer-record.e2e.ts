// A customer's record at the desk (/staff/customers/:id) on a practitioner's phone and a tablet (qa20):
// a signed form opens over the page, whole on the screen, and Close closes it. Drawn as a bare Modal it
// went after the footer, below the screen, with the page's scroll locked: a tap on Open showed nothing.
// The form is signed here, so the file has a server of its own (forms.e2e signs the shared one's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, release, open, SMALL_PHONE } from './support/browser'
import { api } from './support/flows'
import { startServer, type ServerProcess } from './support/server-process'
import { DEMO_STAFF_ADMIN } from '../../server/seed/demo.seed'
import { SEED_FORM_IDS } from '../../server/commerce/commerce.seed'

const TABLET_PORTRAIT = { width: 768, height: 1024 }
/** A 1 × 1 PNG: the customer's signature. */
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  server = await startServer({})
  browser = await launch()
  await api(server.url, `/forms/user-form/sign/${SEED_FORM_IDS.consent}/public`, { method: 'POST', body: JSON.stringify({ signature: SIGNATURE }) })
}, 180_000)

afterAll(async () => {
  await release(browser)
  await server?.stop()
})

describe("a customer's record on a phone and a tablet", () => {
  it.each([['phone', SMALL_PHONE], ['tablet-portrait', TABLET_PORTRAIT]] as const)('opens a signed form over the page and closes it (%s)', async (name, viewport) => {
    const s = await open(browser, `staff-record-${name}`, viewport, { cookiesAccepted: 'true' }, { touch: true })
    const { page } = s
    await page.goto(`${server.url}/staff`)
    await page.getByLabel('Email').fill(DEMO_STAFF_ADMIN.email)
    await page.getByLabel('Password').fill(DEMO_STAFF_ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).tap()
    await page.getByLabel('Name, email or phone').fill('Doe')
    await page.getByRole('button', { name: 'Search', exact: true }).tap()
    await page.getByRole('link', { name: 'Record of Jane Doe' }).tap()
    await page.getByRole('heading', { name: 'Forms' }).waitFor()

    await page.getByRole('button', { name: 'Open Treatment consent' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Treatment consent' })
    await dialog.getByText(/^Signed on /).waitFor()
    const box = (await dialog.boundingBox())!
    expect(box.y, 'the form starts on the screen').toBeGreaterThanOrEqual(0)
    expect(box.y + box.height, 'the form ends on the screen').toBeLessThanOrEqual(viewport.height + 1)
    const close = dialog.getByRole('button', { name: 'Close', exact: true }).last()
    const closeBox = (await close.boundingBox())!
    expect(closeBox.y + closeBox.height).toBeLessThanOrEqual(viewport.height)
    await s.axe('form')
    await s.shot('form')
    await close.tap()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Open Treatment consent' }).waitFor()
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 120_000)
})
