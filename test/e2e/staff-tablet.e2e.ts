// The desk at the widths staff use (qa20): a tablet at the desk (768 portrait, 1024 landscape) and a
// practitioner's phone (375 × 667). The day and week views' date is read whole (it ran under its calendar
// button in a 768 px tablet's third of the row), and the links a tablet or phone taps (Week view,
// Reports…, a found customer's Record) are as tall as a button, the calendar's days as big. It only reads, so it runs on its
// worker's demo server (no server of its own).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { launch, release, open, sharedServerUrl, SMALL_PHONE } from './support/browser'
import { DEMO, DEMO_CUSTOMER, DEMO_STAFF_ADMIN } from '../../server/seed/demo.seed'
import { api } from './support/flows'

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

/** A computed colour ('rgba(r, g, b, a)' or 'color(srgb r g b / a)') as 0-255 channels, and whether it is partly transparent. */
function channels(colour: string): { rgb: number[]; translucent: boolean } {
  const n = (colour.match(/[\d.]+/g) ?? []).map(Number)
  const rgb = colour.startsWith('color(') ? n.slice(0, 3).map((v) => Math.round(v * 255)) : n.slice(0, 3)
  const alpha = n[3] ?? 1
  return { rgb, translucent: alpha > 0 && alpha < 1 }
}

/** How many lines the text of an element takes (the distinct tops of its text's boxes). */
const linesOf = (el: Locator) =>
  el.evaluate((e) => {
    const range = document.createRange()
    range.selectNodeContents(e)
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size
  })

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

  // qa25: at a tablet's width Download CSV fell under Show report, and the settings' Booking deposit
  // select spread its label away from its box beside a field with a hint; taps flashed the browser's grey.
  it.each([['tablet-portrait', TABLET_PORTRAIT], ['tablet-landscape', TABLET_LANDSCAPE], ['phone', SMALL_PHONE]] as const)('reports and settings keep their controls in line; taps flash the accent, the keyboard still gets a focus ring (%s)', async (name, viewport) => {
    const s = await open(browser, `staff-tablet-forms-${name}`, viewport, { cookiesAccepted: 'true' }, { touch: true })
    const { page } = s
    await signIn(page)
    const weekView = page.getByRole('link', { name: 'Week view', exact: true })
    const flash = await weekView.evaluate((el) => getComputedStyle(el).getPropertyValue('-webkit-tap-highlight-color'))
    const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim())
    // The accent's wash (its channels, partly transparent), not Chromium's own blue or grey.
    expect(channels(flash)).toEqual({ rgb: [1, 3, 5].map((i) => parseInt(accent.slice(i, i + 2), 16)), translucent: true })

    // A booking's card in a tablet's half of the day: its time and Checkout each on one line ('Check / out' was broken).
    const customer = await api<{ token: string; user: { id: string } }>(baseUrl, '/login?from=customer', { method: 'POST', body: JSON.stringify(DEMO_CUSTOMER) })
    const mine = await api<{ appointments: { id: string; event: { start: string } }[] }>(baseUrl, `/appointments/customer/${customer.user.id}?pageSize=100&group=ALL`, { headers: { authorization: `Bearer ${customer.token}` } })
    const start = new Date(mine.appointments.find((a) => a.id === DEMO.apptFuture)!.event.start)
    await page.goto(`${baseUrl}/staff?date=${start.toLocaleDateString('en-CA', { timeZone: 'Europe/London' })}`)
    // That booking's card by its time: other scenarios on the shared server may book Jane Doe the same day.
    const time = start.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' })
    const card = page.getByRole('region', { name: 'Dr Sarah Jones' }).getByRole('listitem', { name: new RegExp(`^Jane Doe at ${time}`) })
    const checkout = card.getByRole('button', { name: /^Checkout / })
    await checkout.waitFor()
    expect(await linesOf(checkout), 'lines of Checkout').toBe(1)
    expect(await linesOf(card.locator('p').first()), 'lines of the time').toBe(1)
    expect((await checkout.boundingBox())!.height).toBeLessThanOrEqual(TAP + 1)
    await s.shot('day')

    await page.goto(`${baseUrl}/staff/reports`)
    await page.getByRole('button', { name: 'Show report' }).tap()
    const download = page.getByRole('link', { name: 'Download CSV' })
    await download.waitFor()
    const [show, csv] = [(await page.getByRole('button', { name: 'Show report' }).boundingBox())!, (await download.boundingBox())!]
    expect(await linesOf(download), 'lines of Download CSV').toBe(1)
    expect(csv.height).toBeLessThanOrEqual(TAP + 1)
    // Side by side: the same row as Show report.
    expect(Math.abs(csv.y - show.y)).toBeLessThanOrEqual(1)
    await s.shot('reports')

    await page.goto(`${baseUrl}/staff/settings`)
    const deposit = page.getByRole('button', { name: /Booking deposit/ })
    await deposit.waitFor()
    const label = page.getByText('Booking deposit', { exact: true })
    const rules = page.getByRole('textbox', { name: 'Cancellation rules' })
    const [labelBox, selectBox, rulesBox] = [(await label.boundingBox())!, (await deposit.boundingBox())!, (await rules.boundingBox())!]
    // The label right on its select (the field's 4 px gap), the select as tall as a text box and level with its neighbour's.
    expect(selectBox.y - (labelBox.y + labelBox.height)).toBeLessThanOrEqual(6)
    expect(Math.abs(selectBox.height - rulesBox.height)).toBeLessThanOrEqual(1)
    if (viewport.width >= 768) expect(Math.abs(selectBox.y - rulesBox.y)).toBeLessThanOrEqual(1)
    await s.shot('settings')

    // The keyboard's focus still shows: a 3 px ring.
    await rules.focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineWidth)).toBe('3px')
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 120_000)
})
