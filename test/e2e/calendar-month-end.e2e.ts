import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { formatInTimeZone } from 'date-fns-tz'
import { launch, release, open, sharedServerUrl, SMALL_PHONE } from './support/browser'
import { answer, chooseFirstLocation, chooseService, dayOfLabel, freeDays } from './support/flows'

const baseUrl = sharedServerUrl()
const LONDON = 'Europe/London'
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

/**
 * Noon on the last day of the month before the server's: the page's clock is at a month's end whose
 * days the server (on its own clock, later) has none left of, as on the 30th with the day fully booked.
 */
function lastDayOfPreviousMonth(): Date {
  const [y, m] = formatInTimeZone(new Date(), LONDON, 'yyyy-MM').split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, 1) - 12 * 3_600_000)
}

describe('the time step at a month end (phone)', () => {
  it("opens on the month of the practitioner's next free day, not on the empty month with 'No availability'", async () => {
    const s = await open(browser, 'calendar-month-end', SMALL_PHONE, undefined, { touch: true })
    const { page } = s
    const pageNow = lastDayOfPreviousMonth()
    await s.context.clock.install({ time: pageNow })
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await chooseService(s)

    // The practitioner step promises the next free time ('Next: Tue 1 Dec, 10:15').
    const list = page.getByRole('list', { name: 'Practitioners' })
    const row = list.locator('li > button:not([aria-label])', { hasNotText: 'Any practitioner' }).first()
    await row.getByText(/^Next: /).waitFor({ timeout: 30_000 })
    const next = (await row.getByText(/^Next: /).innerText()).match(/^Next: \w+ (\d{1,2}) (\w{3})/)
    expect(next, 'the Next line names a day').not.toBeNull()
    await s.shot('practitioner-next')
    await row.click()
    await answer(s, 'Do you want to book another service?', 'No')

    await page.getByRole('grid').waitFor()
    const none = page.getByRole('dialog', { name: 'No availability' })
    await freeDays(page).first().or(none).first().waitFor({ timeout: 30_000 })
    expect(await none.count(), "no 'No availability' on the way to a free day").toBe(0)
    const shownMonth = formatInTimeZone(pageNow, LONDON, 'MMMM yyyy')
    expect(await page.getByRole('heading', { name: shownMonth }).count(), 'not the empty month of the page clock').toBe(0)
    // The first free day offered is the one the practitioner step named.
    const first = dayOfLabel((await freeDays(page).first().getAttribute('aria-label')) ?? '')
    const [, day, month] = next!
    expect(Number(first.slice(8))).toBe(Number(day))
    expect(formatInTimeZone(new Date(`${first}T12:00:00Z`), LONDON, 'MMM')).toBe(month)
    await s.shot('calendar-opened-on-next-month')
    await s.axe('calendar opened on the next month')

    // The month before (without a free day), opened by the customer: the dialog, word for word.
    await page.getByRole('button', { name: 'Previous month' }).click()
    await none.waitFor()
    await none.getByText('There is no availability for your selection this month.', { exact: true }).waitFor()
    await none.getByText("Please go back and select 'Any staff' and/or remove services.", { exact: true }).waitFor()
    await s.shot('previous-month-no-availability')
    await none.getByRole('button', { name: 'Ok' }).click()
    await none.waitFor({ state: 'detached' })
    expect(s.problems).toEqual([])
  })
})
