import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, release, open, sharedServerUrl } from './support/browser'
import { answer, chooseFirstLocation, chooseFirstTime, choosePractitioner, chooseService, logIn, verifiedCustomer } from './support/flows'

const baseUrl = sharedServerUrl()
/** The web app's test hook for the hold length (src/composition/browser-services.ts HOLD_SECONDS_KEY). */
const HOLD_SECONDS_KEY = 'booking.holdSeconds'
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

describe('a hold that runs out', () => {
  it("clears the chosen time and shows 'Out of time'; Ok goes back to the date picker", async () => {
    const s = await open(browser, 'hold-runs-out', undefined, { [HOLD_SECONDS_KEY]: '4' })
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await chooseService(s)
    await choosePractitioner(s, 'any')
    await answer(s, 'Do you want to book another service?', 'No')
    await chooseFirstTime(s)
    const book = page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first()
    expect(await book.isEnabled()).toBe(true)
    const dialog = page.getByRole('alertdialog', { name: 'Out of time' })
    await dialog.waitFor({ timeout: 15_000 })
    await dialog.getByText('Appointments are held for 5 minutes only.', { exact: false }).waitFor()
    await s.shot('out-of-time')
    await s.axe('out-of-time dialog')
    await dialog.getByRole('button', { name: 'Ok' }).click()
    await page.getByRole('grid').waitFor()
    expect(await page.locator('button[aria-pressed="true"]').count()).toBe(0)
    await s.shot('date-picker-again')
  })
})

describe('the confirm countdown running out', () => {
  it("ends the hold and puts the customer on the time step with 'Out of time' (issue 17)", async () => {
    const customer = await verifiedCustomer(baseUrl, 'countdown')
    const s = await open(browser, 'confirm-countdown', undefined, { [HOLD_SECONDS_KEY]: '20' })
    const { page } = s
    // The countdown's end is reached by a jump of the page's clock (fastForward below), not by waiting 20 s.
    await s.context.clock.install()
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await chooseService(s)
    await choosePractitioner(s, 'any')
    await answer(s, 'Do you want to book another service?', 'No')
    await chooseFirstTime(s)
    await page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
    await logIn(s, customer.email, customer.password)
    await page.waitForURL(/\/confirm/)
    const timer = page.getByRole('timer')
    await timer.waitFor()
    expect(await timer.innerText()).toMatch(/^Your appointment will be held for 0:\d\d$/)
    await s.shot('countdown')
    await s.context.clock.fastForward(21_000)
    const dialog = page.getByRole('alertdialog', { name: 'Out of time' })
    await dialog.waitFor({ timeout: 30_000 })
    expect(page.url()).not.toMatch(/\/app$|\/confirm/)
    await s.shot('out-of-time-on-time-step')
  })
})
