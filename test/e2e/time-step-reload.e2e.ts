import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, open, release, sharedServerUrl } from './support/browser'
import { agreeToTerms, answer, appointmentsOf, chooseFirstLocation, choosePractitioner, chooseService, logIn, monthWithFreeDay, signIn, verifiedCustomer, waitForThankYou } from './support/flows'

/**
 * A reload on the time step before a time is picked (its URL is the service's, as the staff step's
 * is; no hold names it yet): the time step shows again with the same practitioner, the month moved to
 * and the day picked, and the booking goes on from there. On a phone (375 × 667).
 */
const baseUrl = sharedServerUrl()
const PHONE_SE = { width: 375, height: 667 }
const TIME_STEP = 'h1:has-text("Choose a date and time")'
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

describe('a reload on the time step before a time is picked (phone)', () => {
  // Over 30 s on 2 loaded cores: the wizard to the time step, two reloads (each a fresh load and hydration), then the booking to its thank-you page.
  it('stays on the time step with the practitioner, month and day, and books from there', async () => {
    const customer = await verifiedCustomer(baseUrl, 'time-step-reload')
    const s = await open(browser, 'time-step-reload', PHONE_SE)
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await chooseService(s, 'Free consultation')
    await choosePractitioner(s, 'first')
    const practitioner = await page.getByRole('list', { name: 'Practitioners' }).locator('li > button[data-selected="true"]').innerText()
    await answer(s, 'Do you want to book another service?', 'No')
    await page.waitForSelector(TIME_STEP)
    const stepUrl = page.url()
    expect(new URL(stepUrl).searchParams.get('hold')).toBeNull()

    // The calendar moved on a month, no day picked: a reload opens it on that month again.
    const heading = page.getByRole('application', { name: /Choose a date/ }).getByRole('heading')
    await monthWithFreeDay(s)
    const opened = await heading.innerText()
    await page.getByRole('button', { name: 'Next month' }).click()
    await expect.poll(() => heading.innerText()).not.toBe(opened)
    const moved = await heading.innerText()
    await page.reload()
    await page.waitForSelector(TIME_STEP)
    await page.getByRole('grid').waitFor()
    expect(await heading.innerText()).toBe(moved)
    expect(await page.getByRole('list', { name: 'Practitioners' }).count()).toBe(0)
    expect(page.url()).toBe(stepUrl)
    await s.shot('month-reloaded')

    // A day picked, no time yet: a reload shows that day's times again.
    const [day] = await monthWithFreeDay(s)
    await day!.click()
    const times = page.locator('ul li button[aria-pressed]:not([disabled])')
    await times.first().waitFor({ timeout: 30_000 })
    const dayShown = await page.getByText(/^\w+day \d/).first().innerText()
    await page.reload()
    await page.waitForSelector(TIME_STEP)
    await times.first().waitFor({ timeout: 30_000 })
    expect(await page.getByText(/^\w+day \d/).first().innerText()).toBe(dayShown)
    expect(await page.locator('ul li button[aria-pressed="true"]').count()).toBe(0)
    expect(await page.getByRole('dialog', { name: 'Do you want to book another service?' }).count()).toBe(0)
    expect(page.url()).toBe(stepUrl)
    await s.shot('day-reloaded')
    await s.axe('time step reloaded')

    // On from there: a time, the login, confirm, and the booking (a free consultation owes no deposit).
    const label = await times.first().innerText()
    await times.first().click()
    await page.getByRole('timer').waitFor()
    await page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
    await logIn(s, customer.email, customer.password)
    await page.waitForURL(/\/confirm/)
    await page.getByText(label, { exact: true }).first().waitFor({ state: 'attached' })
    await agreeToTerms(s)
    await waitForThankYou(s, /\/location\?serviceBooking=true/)
    await s.shot('booked')
    const booked = (await appointmentsOf(baseUrl, await signIn(baseUrl, customer.email, customer.password))) as unknown as { status: string; practitioner: { displayName: string } }[]
    expect(booked).toHaveLength(1)
    expect(booked[0]!.status.toLowerCase()).toBe('scheduled')
    expect(practitioner).toContain(booked[0]!.practitioner.displayName)
    expect(s.problems, s.problems.join('\n')).toEqual([])
    await s.context.close()
  })
})

describe('a reload on the time step after the price changed (phone)', () => {
  // The tab keeps the time step's basket with the prices it showed: the reload shows the server's
  // prices of the service and practitioner (the clinic changed them meanwhile), not the kept ones.
  it("shows the server's new price, not the one kept", async () => {
    const s = await open(browser, 'time-step-reload-price', PHONE_SE)
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await chooseService(s, 'Cheek filler')
    await choosePractitioner(s, 'first')
    await answer(s, 'Do you want to book another service?', 'No')
    await page.waitForSelector(TIME_STEP)
    const amount = page.locator('[data-bottom-bar]').getByTestId('bottom-bar-amount')
    await amount.waitFor()
    const before = await amount.innerText()
    expect(before).not.toBe('£412.50')

    // The clinic's new price, as the catalogue and the practitioner list now answer it.
    const repriced = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(repriced)
        : typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, /price$/i.test(k) && typeof v === 'number' ? 412.5 : repriced(v)]))
          : value
    await page.route(/\/api\/(services\/public\/[^/?]+|practitioners\/public)(\?|$)/, async (route) => {
      const response = await route.fetch()
      await route.fulfill({ response, json: repriced(await response.json()) })
    })
    await page.reload()
    await page.waitForSelector(TIME_STEP)
    await expect.poll(() => amount.innerText()).toBe('£412.50')
    expect(await page.getByRole('list', { name: 'Practitioners' }).count()).toBe(0)
    await s.shot('price-reloaded')
    await s.context.close()
  })
})
