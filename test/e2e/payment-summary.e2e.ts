// The payment step's side summary on a desktop (issue: it offered 'remove' and 'change' for a booking
// already held, and showed only the total): what the card pays now and what is left for the clinic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, release, open, paymentFrame, sharedServerUrl } from './support/browser'
import { agreeToTerms, bookToConfirm, verifiedCustomer } from './support/flows'

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
    await bookToConfirm(s, baseUrl, 'Chemical peel', customer)
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
