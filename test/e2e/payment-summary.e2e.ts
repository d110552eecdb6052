// The payment step's side summary on a desktop (issue: it offered 'remove' and 'change' for a booking
// already held, and showed only the total): what the card pays now and what is left for the clinic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, release, open, paymentFrame, sharedServerUrl } from './support/browser'
import { agreeToTerms, answer, chooseFirstLocation, choosePractitioner, chooseService, logIn, verifiedCustomer } from './support/flows'

const baseUrl = sharedServerUrl()
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

describe("the payment step's summary (desktop)", () => {
  it('shows the deposit to pay now and the rest left for the clinic, and no remove or change links', async () => {
    const customer = await verifiedCustomer(baseUrl, 'pay-summary')
    const s = await open(browser, 'pay-summary')
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await chooseService(s, 'Chemical peel')
    await choosePractitioner(s, 'first')
    await answer(s, 'Do you want to book another service?', 'No')
    await page.waitForSelector('h1:has-text("Choose a date and time")')
    for (let month = 0; month < 3; month++) {
      await page.waitForTimeout(600)
      const day = page.locator('[role="gridcell"] > :not([data-unavailable]):not([data-disabled]):not([data-outside-month])').first()
      if (await day.count()) {
        await day.click()
        break
      }
      const none = page.getByRole('dialog', { name: 'No availability' })
      if (await none.count()) await none.getByRole('button', { name: 'Ok' }).click()
      await page.getByRole('button', { name: 'Next month' }).click()
    }
    const chip = page.locator('ul li button[aria-pressed]:not([disabled])').last()
    await chip.waitFor()
    await chip.click()
    await page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
    await logIn(s, customer.email, customer.password)
    await page.waitForURL(/\/confirm/)
    const summary = page.getByRole('complementary', { name: 'Booking summary' })
    expect(await summary.getByRole('button', { name: 'remove' }).count()).toBe(1)
    await agreeToTerms(s)
    await paymentFrame(page, s.problems)

    await summary.getByText('To pay now').waitFor()
    const text = (await summary.textContent()) ?? ''
    const total = /Total\s*£([\d,.]+)/.exec(text)?.[1]
    const now = /To pay now\s*£([\d,.]+)/.exec(text)?.[1]
    const atClinic = /Left to pay at the clinic\s*£([\d,.]+)/.exec(text)?.[1]
    expect(total && now && atClinic, text).toBeTruthy()
    expect(Number(now) + Number(atClinic)).toBeCloseTo(Number(total), 2)
    expect(Number(now)).toBeLessThan(Number(total))
    expect(await summary.getByRole('button', { name: 'remove' }).count()).toBe(0)
    expect(await summary.getByRole('button', { name: 'change' }).count()).toBe(0)
    await s.shot('payment-summary')
    await s.axe('payment step')
    expect(s.problems).toEqual([])
  })
})
