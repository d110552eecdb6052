import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, release, open, paymentFrame, payWithCard, sharedServerUrl } from './support/browser'
import { agreeToTerms, answer, chooseFirstLocation, chooseFirstTime, choosePractitioner, chooseService, logIn, verifiedCustomer, waitForThankYou } from './support/flows'

const baseUrl = sharedServerUrl()
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

describe("a multi-service booking with 'Any practitioner'", () => {
  it('two services chained, any practitioner, paid deposit', async () => {
    const customer = await verifiedCustomer(baseUrl, 'multi')
    const s = await open(browser, 'multi-service')
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await chooseService(s, 'Anti-wrinkle injections: 3 areas')
    await choosePractitioner(s, 'any')
    await answer(s, 'Do you want to book another service?', 'Yes')
    await page.waitForSelector('h1:has-text("Choose a service")')
    await chooseService(s, 'Cheek filler')
    await choosePractitioner(s, 'any')
    await s.shot('second-practitioner')
    await answer(s, 'Do you want to book another service?', 'No')
    const summary = page.getByRole('complementary', { name: 'Booking summary' })
    await summary.getByText('Anti-wrinkle injections: 3 areas').waitFor()
    await summary.getByText('Cheek filler').waitFor()
    expect(await summary.getByText('Any practitioner', { exact: false }).count()).toBeGreaterThan(0)
    await chooseFirstTime(s)
    await s.shot('time')
    await s.axe('time with two services')
    await page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
    await logIn(s, customer.email, customer.password)
    await page.waitForURL(/\/confirm/)
    await s.shot('confirm')
    await agreeToTerms(s)
    const frame = await paymentFrame(page, s.problems)
    await payWithCard(frame, '4242 4242 4242 4242')
    await waitForThankYou(s, /\/location\?serviceBooking=true/)
    await s.shot('thank-you')
  })
})
