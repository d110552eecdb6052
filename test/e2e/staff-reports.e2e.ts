// /staff/reports (issue 29) in the browser on the demo tenant: the desk's admin opens Reports from
// the desk, sees this month's figures per clinic and practitioner as the API gives them (phone and
// desktop, no sideways scroll of the page, axe clean) and downloads the same report as CSV. On a tablet
// at the desk (768 portrait, 1024 landscape) and a desktop every table fits its box.
// It only reads, so it runs on its worker's demo server (no server of its own): what earlier files
// booked there is in the API's figures too, which the page is compared with.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { DESKTOP, launch, release, open, PHONE, sharedServerUrl } from './support/browser'
import { api } from './support/flows'
import { DEMO_STAFF_ADMIN } from '../../server/seed/demo.seed'
import type { Report } from '../../src/contract/reports.routes'

const baseUrl = sharedServerUrl()
const TABLET_PORTRAIT = { width: 768, height: 1024 }
const TABLET_LANDSCAPE = { width: 1024, height: 768 }
let browser: Browser

beforeAll(async () => {
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await release(browser)
})

describe('/staff/reports', () => {
  it.each([['phone', PHONE], ['tablet-portrait', TABLET_PORTRAIT], ['tablet-landscape', TABLET_LANDSCAPE], ['desktop', DESKTOP]] as const)('shows an admin the month per clinic and practitioner and downloads it as CSV (%s)', async (name, viewport) => {
    const s = await open(browser, `staff-reports-${name}`, viewport)
    const { page } = s
    await page.goto(`${baseUrl}/staff`)
    await page.getByLabel('Email').fill(DEMO_STAFF_ADMIN.email)
    await page.getByLabel('Password').fill(DEMO_STAFF_ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('link', { name: 'Reports' }).click()
    await page.getByRole('heading', { name: 'Reports' }).waitFor()
    await page.getByRole('table', { name: 'Bookings by clinic' }).waitFor()

    const staff = await api<{ token: string }>(baseUrl, '/staff/login', { method: 'POST', body: JSON.stringify(DEMO_STAFF_ADMIN) })
    const shown = (await page.getByText(/^London dates /).textContent())!.match(/(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/)!
    const report = await api<Report>(baseUrl, `/admin/reports?from=${shown[1]}&to=${shown[2]}`, { headers: { authorization: `Bearer ${staff.token}` } })
    const bookings = page.getByRole('table', { name: 'Bookings by clinic' })
    for (const clinic of report.clinics) {
      await expect(bookings.getByRole('row', { name: new RegExp(`^${clinic.name} ${clinic.bookings} ${clinic.completed} ${clinic.cancelled} `) }).count()).resolves.toBe(1)
    }
    await expect(bookings.getByRole('row', { name: new RegExp(`^Total ${report.totals.bookings} `) }).count()).resolves.toBe(1)
    await expect(page.getByRole('table', { name: /Practitioners/ }).getByRole('row').count()).resolves.toBe(Math.max(report.practitioners.length, 1) + 1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    if (name === 'phone') {
      // Each table is wider than the phone: it says that more columns follow, and its first column stays in view.
      await expect.poll(() => page.getByText('Swipe the table to see every column').count()).toBe(3)
      const box = page.getByRole('region', { name: 'Bookings by clinic' })
      await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
      const [boxAt, totalAt] = await Promise.all([box.boundingBox(), bookings.getByRole('rowheader', { name: 'Total' }).boundingBox()])
      expect(Math.abs(totalAt!.x - boxAt!.x)).toBeLessThanOrEqual(2)
      await s.shot('report-scrolled')
      await box.evaluate((el) => el.scrollTo({ left: 0 }))
    } else {
      // From a tablet's 768 px on every table fits its box (UI.md: tablet 768-1199, desktop from 1200 px):
      // no sideways scroll, no hint; the practitioners' twelve columns too (the headings break at soft hyphens).
      for (const label of ['Bookings by clinic', 'Takings by clinic', 'Practitioners']) {
        const region = page.getByRole('region', { name: label, exact: true })
        const [scroll, client] = await region.evaluate((el) => [el.scrollWidth, el.clientWidth])
        expect(scroll, `${label}: ${scroll} px of table in ${client} px`).toBeLessThanOrEqual(client)
      }
      expect(await page.getByText('Swipe the table to see every column').count()).toBe(0)
      if (name !== 'tablet-portrait') {
        // With room (1024 px and up) no heading breaks inside a word ('Com-pleted'), only at a space or its own hyphen ('No-shows').
        const broken = await page.getByRole('table', { name: /Practitioners/ }).locator('thead th').evaluateAll((ths) => ths.flatMap((th) => {
          const range = document.createRange()
          range.selectNodeContents(th)
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
          const words = (th.textContent ?? '').split(/[ -]/).length
          return lines > words ? [`${th.textContent}: ${lines} lines`] : []
        }))
        expect(broken).toEqual([])
      }
      if (name === 'desktop') {
        // With room to spare the figures' columns take what they need and each name stays on one line.
        const lines = await page.getByRole('table', { name: /Practitioners/ }).locator('tbody th').evaluateAll((ths) => ths.map((th) => {
          const range = document.createRange()
          range.selectNodeContents(th)
          return `${th.textContent}: ${new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size}`
        }))
        expect(lines).toEqual(report.practitioners.map((p) => `${p.name}: 1`))
      }
    }
    await s.axe('report')
    await s.shot('report')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()])
    expect(download.suggestedFilename()).toBe(`report-${shown[1]}-to-${shown[2]}.csv`)
    const lines = readFileSync((await download.path())!, 'utf8').trimEnd().split('\r\n')
    expect(lines[0]!.startsWith('Row,Clinic,Practitioner,Bookings,')).toBe(true)
    expect(lines.filter((l) => l.startsWith('Clinic,'))).toHaveLength(report.clinics.length)
    expect(lines.at(-1)!.startsWith(`Total,,,${report.totals.bookings},${report.totals.completed},`)).toBe(true)
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 120_000)
})
