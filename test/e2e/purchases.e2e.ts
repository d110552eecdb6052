import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, release, open, paymentFrame, payWithCard, sharedServerUrl, SHOTS_DIR, type Session } from './support/browser'
import { agreeToTerms, answer, chooseFirstLocation, logIn, verifiedCustomer, waitForThankYou } from './support/flows'
import { TEXT } from '../../src/application/errors'

const UNREACHABLE = TEXT.unreachable

const baseUrl = sharedServerUrl()
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

describe('a course purchase', () => {
  it('Courses, a course, no other course, confirm, pay, thank-you', async () => {
    const customer = await verifiedCustomer(baseUrl, 'course')
    const s = await open(browser, 'course-purchase')
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await page.getByRole('button', { name: 'Courses', exact: true }).click()
    // The courses' list, not the services' still on screen a moment (their first button would name a service).
    await page.getByRole('heading', { name: 'Choose a course' }).waitFor()
    const course = page.locator('section ul li > button:not([aria-label])').first()
    await course.waitFor()
    await s.shot('courses')
    await s.axe('courses')
    await course.click()
    await page.getByRole('dialog', { name: 'Do you want to add another course?' }).waitFor()
    await s.shot('another-course')
    await answer(s, 'Do you want to add another course?', 'No')
    await page.waitForURL(/\/confirm/)
    await logIn(s, customer.email, customer.password)
    await s.shot('confirm')
    await s.axe('course confirm')
    await agreeToTerms(s)
    const frame = await paymentFrame(page, s.problems)
    await payWithCard(frame, '4242 4242 4242 4242')
    await waitForThankYou(s, /\/location\?coursePurchase=true/)
    await page.getByText('Thank you for buying a course', { exact: false }).waitFor()
    await s.shot('thank-you')
  })
})

describe('a course purchase reloaded on its payment step (375 × 667)', () => {
  // Its payment step shares confirm's URL (/step/{clinic}/{category}/{course}/confirm?course=true): a
  // reload there came back to confirm, and agreeing again began a second payment. It comes back to the
  // same payment, which is paid.
  it('stays on the payment step with its course, begins no second payment, and is paid there', async () => {
    const customer = await verifiedCustomer(baseUrl, 'course-pay-reload')
    const s = await open(browser, 'course-payment-reload', { width: 375, height: 667 })
    const { page } = s
    await agreedToCourse(s, customer)
    await paymentFrame(page, s.problems)
    const url = page.url()
    const begun = paymentsBegun(page)
    await page.reload()
    await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor()
    expect(await page.getByRole('heading', { name: 'Confirm your booking' }).count()).toBe(0)
    expect(page.url()).toBe(url)
    const frame = await paymentFrame(page, s.problems)
    await s.shot('course-payment-reloaded')
    // The same payment: nothing was asked of the server to begin another.
    expect(begun).toEqual([])
    await payWithCard(frame, '4242 4242 4242 4242')
    await waitForThankYou(s, /\/location\?coursePurchase=true/)
    await page.getByText('Thank you for buying a course', { exact: false }).waitFor()
    await s.context.close()
  })
})

/** From the location list to a course's payment step: the first course, no other, logged in, terms agreed. */
async function agreedToCourse(s: Session, customer: { email: string; password: string }): Promise<void> {
  const { page } = s
  await page.goto(`${baseUrl}/`)
  await chooseFirstLocation(s)
  await page.getByRole('button', { name: 'Courses', exact: true }).click()
  // The courses' list, not the services' still on screen a moment (their first button would name a service).
  await page.getByRole('heading', { name: 'Choose a course' }).waitFor()
  const course = page.locator('section ul li > button:not([aria-label])').first()
  await course.waitFor()
  await course.click()
  await answer(s, 'Do you want to add another course?', 'No')
  await page.waitForURL(/\/confirm/)
  await logIn(s, customer.email, customer.password)
  await agreeToTerms(s)
}

/** The invoices, payments and voucher purchases the page begins from now on (a second payment would show here). */
function paymentsBegun(page: Session['page']): string[] {
  const begun: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/(invoice\/(create|[^/]+\/pay)|gift-vouchers\/purchase)$/.test(new URL(r.url()).pathname)) begun.push(r.url())
  })
  return begun
}

/** The phone summary's 'To pay now' line (opened from its bottom bar, then closed). */
async function toPayNow(page: Session['page']): Promise<string> {
  await page.getByRole('button', { name: /view summary/ }).click()
  const line = page.locator('#summary-sheet').getByText('To pay now', { exact: true }).locator('..')
  await line.waitFor({ timeout: 10_000 })
  const text = await line.innerText()
  await page.getByRole('button', { name: 'Hide summary' }).click()
  return text
}

describe('a course purchase opened in a new tab on its payment step (375 × 667)', () => {
  // A new tab has none of the first tab's session storage: it showed the course's confirm, whose
  // 'agree' began a second invoice for the same course. It takes up the payment the server still has open.
  it('shows the same payment and amount, begins no second one, and is paid there', async () => {
    const customer = await verifiedCustomer(baseUrl, 'course-new-tab')
    const s = await open(browser, 'course-payment-new-tab', { width: 375, height: 667 })
    const { page } = s
    await agreedToCourse(s, customer)
    const first = await paymentFrame(page, s.problems)
    const due = await toPayNow(page)
    expect(due).toMatch(/£\d+\.\d\d/)

    // The same address in a new tab of the same browser: its session storage starts empty.
    const tab = await s.context.newPage()
    const begun = paymentsBegun(tab)
    await tab.goto(page.url())
    await tab.getByRole('heading', { name: 'Payment', exact: true }).waitFor()
    expect(await tab.getByRole('heading', { name: 'Confirm your booking' }).count()).toBe(0)
    const frame = await paymentFrame(tab, s.problems)
    expect(frame.url()).toBe(first.url())
    expect(await toPayNow(tab)).toBe(due)
    await tab.screenshot({ path: `${SHOTS_DIR}/course-payment-new-tab.png`, fullPage: true })
    expect(begun).toEqual([])

    await payWithCard(frame, '4242 4242 4242 4242')
    const second: Session = { ...s, page: tab }
    await waitForThankYou(second, /\/location\?coursePurchase=true/)
    await tab.getByText('Thank you for buying a course', { exact: false }).waitFor()
    await s.context.close()
  })
})

describe('a course purchase opened in a new tab while the server cannot be reached (375 × 667)', () => {
  // Its open payment could not be asked of the server there: the page fell back to confirm (no error,
  // no way to retry), whose 'agree' would begin a second invoice. It shows the wizard's failure and
  // 'Try again', which takes up the open payment once the server answers.
  it("shows the failure and 'Try again', never confirm; 'Try again' takes up the same payment", async () => {
    const customer = await verifiedCustomer(baseUrl, 'course-new-tab-down')
    const s = await open(browser, 'course-payment-new-tab-down', { width: 375, height: 667 })
    const { page } = s
    await agreedToCourse(s, customer)
    const first = await paymentFrame(page, s.problems)

    const tab = await s.context.newPage()
    const begun = paymentsBegun(tab)
    const openPayment = /\/api\/invoice\/[^/]+\/has-payment-intent$/
    await tab.route(openPayment, (route) => route.abort('internetdisconnected'))
    await tab.goto(page.url())
    const failure = tab.locator('section[aria-labelledby="step-title"] [role="alert"]')
    await failure.getByText(UNREACHABLE, { exact: true }).waitFor()
    const tryAgain = tab.getByRole('button', { name: 'Try again' })
    expect(await tryAgain.isVisible()).toBe(true)
    expect(await tab.getByRole('heading', { name: 'Confirm your booking' }).count()).toBe(0)
    expect(await tab.getByRole('button', { name: 'I understand and agree to these terms' }).count()).toBe(0)
    // No summary of a basket that is not rebuilt while the payment is unknown ('Nothing selected yet' on a payment step).
    const summary = tab.locator('aside[aria-label="Booking summary"]')
    expect(await summary.count()).toBe(0)
    expect(await tab.getByText('Nothing selected yet').count()).toBe(0)
    expect(await tab.getByText('Choose a course to see its price here.').count()).toBe(0)
    await tab.waitForTimeout(150)
    await tab.screenshot({ path: `${SHOTS_DIR}/course-payment-new-tab-unreachable.png`, fullPage: true })
    await tab.setViewportSize({ width: 1280, height: 800 })
    await tab.screenshot({ path: `${SHOTS_DIR}/course-payment-new-tab-unreachable-desktop.png`, fullPage: true })
    await tab.setViewportSize({ width: 375, height: 667 })

    await tab.unroute(openPayment)
    await tryAgain.click()
    await tab.getByRole('heading', { name: 'Payment', exact: true }).waitFor()
    const frame = await paymentFrame(tab, s.problems)
    expect(frame.url()).toBe(first.url())
    expect(await failure.count()).toBe(0)
    await summary.waitFor({ state: 'attached' })
    expect(begun).toEqual([])
    await tab.screenshot({ path: `${SHOTS_DIR}/course-payment-new-tab-recovered.png`, fullPage: true })
    await s.context.close()
  })
})

describe('a gift voucher for someone else', () => {
  // Over 30 s on 2 loaded cores: a voucher through validation, a reload on confirm and the payment.
  it('amount, someone else with validation, confirm (reloaded), pay, thank-you', async () => {
    const customer = await verifiedCustomer(baseUrl, 'voucher')
    const s = await open(browser, 'gift-voucher')
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await page.getByRole('button', { name: 'Gift voucher', exact: true }).click()
    const amounts = page.getByRole('list', { name: 'Gift voucher amounts' })
    await amounts.locator('button').first().waitFor()
    await s.shot('amounts')
    await s.axe('gift voucher amounts')
    await amounts.locator('button').nth(1).click()
    const dialog = page.getByRole('dialog', { name: /Gift voucher/ })
    await dialog.waitFor()
    await dialog.getByText('For someone else').click()
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByText('Name is required', { exact: true }).waitFor()
    await dialog.getByLabel('Name').fill('Sam Friend')
    await dialog.getByLabel('Email', { exact: true }).fill('sam.friend@example.com')
    await dialog.getByLabel('Confirm email').fill('someone@example.com')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByText('Email addresses do not match').waitFor()
    await s.shot('voucher-errors')
    await s.axe('gift voucher dialog')
    await dialog.getByLabel('Confirm email').fill('sam.friend@example.com')
    await dialog.getByLabel('Message').fill('Happy birthday!')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(/\/confirm/)
    await logIn(s, customer.email, customer.password)
    await s.shot('confirm')
    // A reload there keeps the voucher and its receiver (its URL names neither: the service list showed).
    await page.reload()
    await page.getByRole('heading', { name: 'Confirm your booking' }).waitFor()
    await page.getByText('For Sam Friend').first().waitFor({ state: 'attached' })
    await agreeToTerms(s)
    const frame = await paymentFrame(page, s.problems)
    await payWithCard(frame, '4242 4242 4242 4242')
    await waitForThankYou(s, /\/location\?giftVoucherPurchase=true/)
    await page.getByText('The gift voucher has been sent by email', { exact: false }).waitFor()
    await s.shot('thank-you')
  })
})

describe('a gift voucher reloaded on its payment step (375 × 667)', () => {
  // Its payment step shares confirm's URL (/step/{clinic}/confirm): a reload there came back to confirm,
  // and agreeing again began a second payment. It comes back to the same payment, which is paid.
  it('stays on the payment step with its voucher, and is paid there', async () => {
    const customer = await verifiedCustomer(baseUrl, 'voucher-pay-reload')
    const s = await open(browser, 'gift-voucher-payment-reload', { width: 375, height: 667 })
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await page.getByRole('button', { name: 'Gift voucher', exact: true }).click()
    const amounts = page.getByRole('list', { name: 'Gift voucher amounts' })
    await amounts.locator('button').nth(1).click()
    const dialog = page.getByRole('dialog', { name: /Gift voucher/ })
    await dialog.getByText('For someone else').click()
    await dialog.getByLabel('Name').fill('Sam Friend')
    await dialog.getByLabel('Email', { exact: true }).fill('sam.friend@example.com')
    await dialog.getByLabel('Confirm email').fill('sam.friend@example.com')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(/\/confirm/)
    await logIn(s, customer.email, customer.password)
    await agreeToTerms(s)
    await paymentFrame(page, s.problems)
    const transactions: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/invoice\/(create|[^/]+\/pay)$/.test(new URL(r.url()).pathname)) transactions.push(r.url())
    })
    await page.reload()
    await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor()
    await page.getByText('For Sam Friend').first().waitFor({ state: 'attached' })
    expect(await page.getByRole('heading', { name: 'Confirm your booking' }).count()).toBe(0)
    const frame = await paymentFrame(page, s.problems)
    await s.shot('voucher-payment-reloaded')
    // The same payment: nothing was asked of the server to begin another.
    expect(transactions).toEqual([])
    await payWithCard(frame, '4242 4242 4242 4242')
    await waitForThankYou(s, /\/location\?giftVoucherPurchase=true/)
    await s.context.close()
  })
})

describe('a gift voucher opened in a new tab on its payment step (375 × 667)', () => {
  // Its URL (/step/{clinic}/confirm) names no voucher, and a new tab has none of the first tab's session
  // storage: the voucher and its receiver come back from the invoice of the payment the server has open.
  it('shows the same payment with its receiver, begins no second one, and is paid there', async () => {
    const customer = await verifiedCustomer(baseUrl, 'voucher-new-tab')
    const s = await open(browser, 'gift-voucher-payment-new-tab', { width: 375, height: 667 })
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await page.getByRole('button', { name: 'Gift voucher', exact: true }).click()
    await page.getByRole('list', { name: 'Gift voucher amounts' }).locator('button').nth(1).click()
    const dialog = page.getByRole('dialog', { name: /Gift voucher/ })
    await dialog.getByText('For someone else').click()
    await dialog.getByLabel('Name').fill('Sam Friend')
    await dialog.getByLabel('Email', { exact: true }).fill('sam.friend@example.com')
    await dialog.getByLabel('Confirm email').fill('sam.friend@example.com')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(/\/confirm/)
    await logIn(s, customer.email, customer.password)
    await agreeToTerms(s)
    const first = await paymentFrame(page, s.problems)
    const due = await toPayNow(page)

    const tab = await s.context.newPage()
    const begun = paymentsBegun(tab)
    await tab.goto(page.url())
    await tab.getByRole('heading', { name: 'Payment', exact: true }).waitFor()
    await tab.getByText('For Sam Friend').first().waitFor({ state: 'attached' })
    const frame = await paymentFrame(tab, s.problems)
    expect(frame.url()).toBe(first.url())
    expect(await toPayNow(tab)).toBe(due)
    await tab.screenshot({ path: `${SHOTS_DIR}/gift-voucher-payment-new-tab.png`, fullPage: true })
    expect(begun).toEqual([])
    await payWithCard(frame, '4242 4242 4242 4242')
    await waitForThankYou({ ...s, page: tab }, /\/location\?giftVoucherPurchase=true/)
    await s.context.close()
  })
})

describe("a gift voucher for a receiver with a long unbroken name", () => {
  it('the side summary wraps the name and keeps the prices and the total inside the card', async () => {
    const s = await open(browser, 'gift-voucher-long-name')
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await page.getByRole('button', { name: 'Gift voucher', exact: true }).click()
    const amounts = page.getByRole('list', { name: 'Gift voucher amounts' })
    await amounts.locator('button').first().click()
    const dialog = page.getByRole('dialog', { name: /Gift voucher/ })
    await dialog.getByText('For someone else').click()
    await dialog.getByLabel('Name').fill(`Sam ${'x'.repeat(200)}`)
    await dialog.getByLabel('Email', { exact: true }).fill('sam.friend@example.com')
    await dialog.getByLabel('Confirm email').fill('sam.friend@example.com')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(/\/confirm/)
    // the summary card (the aside's one child): before the fix the name pushed the prices past its right edge
    const card = page.locator('aside[aria-label="Booking summary"] > div').first()
    await card.getByText(/^For Sam x+$/).waitFor()
    await s.shot('long-name-summary')
    const inside = await card.evaluate((el) => {
      const box = el.getBoundingClientRect()
      return [...el.querySelectorAll('span, strong, p')].every((child) => child.getBoundingClientRect().right <= box.right + 0.5)
    })
    expect(inside).toBe(true)
  })
})
