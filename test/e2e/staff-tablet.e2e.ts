// The desk at the widths staff use (qa20): a tablet at the desk (768 portrait, 1024 landscape) and a
// practitioner's phone (375 × 667). The day and week views' date is read whole (it ran under its calendar
// button in a 768 px tablet's third of the row), and the links a tablet or phone taps (Week view,
// Reports…, a found customer's Record) are as tall as a button, the calendar's days as big. It only reads, so it runs on its
// worker's demo server (no server of its own).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launch, release, open, sharedServerUrl, SMALL_PHONE } from './support/browser'
import { DEMO_STAFF_ADMIN } from '../../server/seed/demo.seed'

const baseUrl = sharedServerUrl()
const TABLET_PORTRAIT = { width: 768, height: 1024 }
const TABLET_LANDSCAPE = { width: 1024, height: 768 }
/** UI.md: taps at least 44 px high. */
const TAP = 44
let browser: Browser

beforeAll(async () => {
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await release(browser)
})

async function signIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/staff`)
  await page.getByLabel('Email').fill(DEMO_STAFF_ADMIN.email)
  await page.getByLabel('Password').fill(DEMO_STAFF_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Day bookings' }).waitFor()
}

/** How far (px) the typed date of the picker labelled `label` runs under its calendar button; 0 or less: it does not. */
async function dateUnderButton(page: Page, label: string): Promise<number> {
  const picker = page.getByRole('group', { name: label, exact: true }).filter({ has: page.getByRole('button', { name: 'Open the calendar' }) })
  const year = picker.getByRole('spinbutton', { name: /year/i })
  await year.waitFor()
  const [yearBox, buttonBox] = await Promise.all([year.boundingBox(), picker.getByRole('button', { name: 'Open the calendar' }).boundingBox()])
  return yearBox!.x + yearBox!.width - buttonBox!.x
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

describe('the desk on a tablet and a phone', () => {
  it.each([['tablet-portrait', TABLET_PORTRAIT], ['tablet-landscape', TABLET_LANDSCAPE], ['phone', SMALL_PHONE]] as const)('shows the whole date on the day and week views, links as tall as a tap (%s)', async (name, viewport) => {
    const s = await open(browser, `staff-tablet-${name}`, viewport, { cookiesAccepted: 'true' }, { touch: true })
    const { page } = s
    await signIn(page)
    expect(await dateUnderButton(page, 'Date')).toBeLessThanOrEqual(0)
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width)
    for (const link of ['Week view', 'New booking', 'Reports', 'Notifications & calendar', 'Settings', 'Integrations']) {
      const box = await page.getByRole('link', { name: link, exact: true }).boundingBox()
      expect(box!.height, `${link}: ${box!.height} px high`).toBeGreaterThanOrEqual(TAP)
    }
    // The calendar's days are taps too, and the month stays on the screen.
    await page.getByRole('button', { name: 'Open the calendar' }).tap()
    const calendar = page.getByRole('dialog', { name: 'Calendar' })
    const days = calendar.locator('[role="gridcell"] > :not([data-outside-month])')
    await days.first().waitFor()
    const sizes = await days.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)))
    expect(Math.min(...sizes), 'the smallest day, px').toBeGreaterThanOrEqual(TAP)
    const month = (await calendar.boundingBox())!
    expect(month.x + month.width).toBeLessThanOrEqual(viewport.width)
    await s.shot('calendar')
    await page.keyboard.press('Escape')
    await calendar.waitFor({ state: 'detached' })

    await page.getByLabel('Name, email or phone').fill('Doe')
    await page.getByRole('button', { name: 'Search', exact: true }).tap()
    const record = page.getByRole('list', { name: 'Matching customers' }).getByRole('link', { name: 'Record of Jane Doe' })
    expect((await record.boundingBox())!.height).toBeGreaterThanOrEqual(TAP)
    await s.shot('day')

    await page.getByRole('link', { name: 'Week view', exact: true }).tap()
    await page.getByRole('heading', { name: /^Week view/ }).waitFor()
    expect(await dateUnderButton(page, 'Week of')).toBeLessThanOrEqual(0)
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width)
    expect((await page.getByRole('link', { name: 'Day view' }).boundingBox())!.height).toBeGreaterThanOrEqual(TAP)
    await s.axe('week')
    await s.shot('week')
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 120_000)
})
