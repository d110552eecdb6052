// 'Book again' from the customer area in headless Chromium against the real server and the demo
// tenant: the demo customer logs in, opens /app, books again the past appointment, pays the deposit
// with the sandbox card 4242 4242 4242 4242 and reaches the thank-you page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, release, open, paymentFrame, payWithCard, sharedServerUrl } from './support/browser'
import { agreeToTerms, answer, chooseFirstTime, waitForThankYou } from './support/flows'
import { DEMO, DEMO_CUSTOMER } from '../../server/seed/demo.seed'

const baseUrl = sharedServerUrl()
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

describe('book again from the customer area', () => {
  it('logs in, books the past appointment again, pays by card and reaches the thank-you page', async () => {
    const s = await open(browser, 'book-again', undefined, { cookiesAccepted: 'true' })
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await page.getByRole('button', { name: 'Log in' }).first().click()
    const login = page.getByRole('dialog').first()
    await login.getByLabel('Email').fill(DEMO_CUSTOMER.email)
    await login.getByLabel('Password').fill(DEMO_CUSTOMER.password)
    await login.getByRole('button', { name: 'Log in' }).click()
    await page.getByText(/^Hi /).first().waitFor()

    await page.getByRole('link', { name: 'Manage appointments' }).or(page.getByRole('button', { name: 'Manage appointments' })).first().click()
    await page.getByRole('heading', { name: 'My account' }).waitFor()
    await page.locator(`tr[data-appointment-id="${DEMO.apptPast}"]`).getByRole('button', { name: 'Book again' }).click()
    await page.waitForURL(new RegExp(`/step/${DEMO.clinicLondon}/${DEMO.catAntiWrinkle}/${DEMO.sAntiWrinkle1}`))
    await page.waitForSelector('h1:has-text("Choose a practitioner")')
    await page.getByRole('list', { name: 'Practitioners' }).locator('li > button', { hasText: 'James Patel' }).click()
    await answer(s, 'Do you want to book another service?', 'No')
    await chooseFirstTime(s)
    await page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
    await page.waitForURL(/\/confirm/)
    await agreeToTerms(s)

    const frame = await paymentFrame(page, s.problems)
    // A customer takes a few seconds to type the card: the status is polled meanwhile.
    await page.waitForTimeout(4000)
    await payWithCard(frame, '4242 4242 4242 4242', { expDate: '12/34', cvv: '123', postCode: 'SW1A 1AA' })
    // (The card page's 'Payment complete' may be replaced by the app's own status at the next check.)
    await waitForThankYou(s, /\/location\?serviceBooking=true/)
    await page.getByRole('heading', { name: 'Thank you' }).waitFor()
    await page.getByRole('heading', { name: 'How to find us' }).waitFor()
    await s.shot('thank-you')
    expect(s.problems.filter((p) => !p.startsWith('console:'))).toEqual([])
    await s.context.close()
  })
})
