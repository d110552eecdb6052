import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, release, open, paymentFrame, type Session, sharedServerUrl } from './support/browser'
import { agreeToTerms, answer, chooseFirstLocation, choosePractitioner, chooseService, dayOfLabel, logIn, monthWithFreeDay, verifiedCustomer } from './support/flows'

const baseUrl = sharedServerUrl()
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

/** The first available day of the shown or next months, clicked; returns its label. */
async function firstDay(s: Session): Promise<string> {
  const [day] = await monthWithFreeDay(s)
  const label = (await day!.getAttribute('aria-label')) ?? ''
  await day!.click()
  return label
}

describe('browser back from the payment step', () => {
  it('releases the pending booking: the same time can be booked again at once', async () => {
    const customer = await verifiedCustomer(baseUrl, 'pay-back')
    const s = await open(browser, 'pay-back')
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await chooseService(s, 'Chemical peel')
    await choosePractitioner(s, 'first')
    await answer(s, 'Do you want to book another service?', 'No')
    await page.waitForSelector('h1:has-text("Choose a date and time")')
    const day = await firstDay(s)
    const chip = page.locator('ul li button[aria-pressed]:not([disabled])').last()
    await chip.waitFor()
    const time = (await chip.innerText()).trim()
    await chip.click()
    await page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
    await logIn(s, customer.email, customer.password)
    await page.waitForURL(/\/confirm/)
    await agreeToTerms(s)
    await paymentFrame(page, s.problems)

    await page.goBack()
    await page.waitForURL((url) => !url.pathname.endsWith('/confirm'))
    await page.waitForSelector('h1:has-text("Choose a practitioner"), h1:has-text("Choose a date and time")')
    expect(await page.locator('iframe[title="Card payment"]').count()).toBe(0)
    await s.shot('back-from-payment')

    // The same practitioner, day and time again: offered, and booked without 'no longer available'.
    if (await page.locator('h1:has-text("Choose a practitioner")').count()) {
      await choosePractitioner(s, 'first')
      await answer(s, 'Do you want to book another service?', 'No')
    }
    // The time step opens on the hours of the day chosen before, or on the calendar.
    await page.getByRole('grid').or(page.getByRole('button', { name: 'Change date' })).first().waitFor()
    if (await page.getByRole('grid').count()) {
      const [again] = await monthWithFreeDay(s, (date) => date === dayOfLabel(day))
      await again!.click()
    }
    const same = page.locator('ul li button[aria-pressed]:not([disabled])', { hasText: new RegExp(`^${time}$`) })
    await same.waitFor()
    await same.click()
    await page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
    await page.waitForURL(/\/confirm/)
    await agreeToTerms(s)
    await paymentFrame(page, s.problems)
    expect(await page.getByText('Sorry, this time is no longer available. Please choose another time.').count()).toBe(0)
    await s.shot('same-time-payment')
    await s.context.close()
  })
})
