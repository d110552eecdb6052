/**
 * Card payments with Stripe (CARD_PROCESSOR=stripe) in the browser: the payment step shows Stripe's
 * Payment Element, and 'Add a card' in /app confirms a SetupIntent with it.
 *
 * The machine has no internet: Stripe.js and Stripe's API are stood in for (support/stripe-stand-in.ts,
 * the API being the local mock the adapter tests use, reached by the server through STRIPE_API_BASE).
 * Everything of ours (the app, its lazy loading of Stripe.js, the server, the adapter, the payment
 * flow) is the real thing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { StripeMock } from '../../server/stripe-processor/testing/stripe-mock'
import { DESKTOP, SHOTS_DIR, SMALL_PHONE, launch, release, open, type Session } from './support/browser'
import { agreeToTerms, appointmentsOf, bookToConfirm, openPersonalDetails, signIn, verifiedCustomer, waitForThankYou } from './support/flows'
import { startServer, type ServerProcess } from './support/server-process'
import { standInForStripe } from './support/stripe-stand-in'

let browser: Browser
let mock: StripeMock
let server: ServerProcess

beforeAll(async () => {
  mock = await new StripeMock().start()
  server = await startServer({
    CARD_PROCESSOR: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_mock',
    STRIPE_PUBLISHABLE_KEY: mock.publishableKey,
    STRIPE_WEBHOOK_SECRET: mock.webhookSecret,
    STRIPE_API_BASE: mock.baseUrl,
  })
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
  await server?.stop()
  await mock?.stop()
})

async function pay(s: Session, card: string): Promise<void> {
  const field = s.page.getByLabel('Card number')
  await field.fill(card)
  await s.page.getByRole('button', { name: 'Pay now' }).click()
}

describe('Stripe Payment Element', () => {
  it('books with a deposit: a declined card shows the spec text, the next card pays and the appointment is Scheduled once', async () => {
    const customer = await verifiedCustomer(server.url, 'stripe-pay')
    const s = await open(browser, 'stripe-pay')
    const stripe = await standInForStripe(s.page, mock)
    const { page } = s
    await bookToConfirm(s, server.url, 'Chemical peel', customer)
    await agreeToTerms(s)
    // Stripe.js is fetched on the payment step only.
    await page.getByLabel('Card number').waitFor({ timeout: 30_000 })
    expect(stripe.scriptLoads()).toBe(1)
    expect(await page.locator('iframe[title="Card payment"]').count()).toBe(0)
    await s.shot('payment-element')

    const who = await signIn(server.url, customer.email, customer.password)
    await pay(s, '4000 0000 0000 0127')
    await page.getByRole('alert').filter({ hasText: 'CVV is not correct.' }).waitFor()
    await s.shot('declined')
    expect((await appointmentsOf(server.url, who)).map((a) => a.status)).toEqual(['Pending'])

    await pay(s, '4242 4242 4242 4242')
    await waitForThankYou(s, /\/location\?serviceBooking=true/)
    const appointments = await appointmentsOf(server.url, who)
    expect(appointments.map((a) => a.status)).toEqual(['Scheduled'])
    // The one PaymentIntent: the declined attempt and the paid one, captured once.
    const intents = [...mock.intents.values()]
    expect(intents.map((i) => i.status)).toEqual(['succeeded'])
    expect(mock.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${String(intents[0].id)}/capture`)).toHaveLength(1)
    expect(s.problems.filter((p) => !p.startsWith('console:'))).toEqual([])
    await s.context.close()
  })

  it("stores a card in /app with a SetupIntent: the spec's setup result texts for a good and a refused card", async () => {
    const customer = await verifiedCustomer(server.url, 'stripe-card')
    const who = await signIn(server.url, customer.email, customer.password)
    const s = await open(browser, 'stripe-card', undefined, { token: who.token, cookiesAccepted: 'true' })
    const stripe = await standInForStripe(s.page, mock)
    const { page } = s
    await openPersonalDetails(s, server.url)
    expect(stripe.scriptLoads()).toBe(0)

    const addCard = async (number: string, makeDefault = false) => {
      await page.getByRole('button', { name: 'Add a card' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add a card' })
      await dialog.getByLabel('Card number').fill(number)
      if (makeDefault) await dialog.getByLabel('Make this my default card').check()
      await dialog.getByRole('button', { name: 'Save card' }).click()
      await dialog.waitFor({ state: 'detached', timeout: 30_000 })
    }
    const card = (last4: string) => page.locator('li', { hasText: `•••• ${last4}` })
    // The badge (exact: 'Make default' on the other cards says it too)
    const badge = (last4: string) => card(last4).getByText('Default', { exact: true })
    await addCard('4000 0000 0000 0002')
    const result = page.getByRole('dialog', { name: 'Payment method' })
    await result.getByText('Failed to process payment details. Please try another payment method.').waitFor()
    await s.shot('setup-failed')
    await result.getByRole('button', { name: 'Ok' }).click()

    await addCard('4242 4242 4242 4242')
    await result.getByText('Success! Your payment method has been saved.').waitFor()
    await s.shot('setup-succeeded')
    await result.getByRole('button', { name: 'Ok' }).click()
    await badge('4242').waitFor()

    // A second card with 'default' ticked in the dialog becomes the default once Stripe saved it.
    await addCard('5555 5555 5555 4444', true)
    await result.getByText('Success! Your payment method has been saved.').waitFor()
    await result.getByRole('button', { name: 'Ok' }).click()
    await badge('4444').waitFor()
    expect(await badge('4242').count()).toBe(0)
    const setups = [...mock.setupIntents.values()].filter((i) => (i.metadata as { customer_id?: string }).customer_id === who.user.id)
    // One SetupIntent a 'Save card', none for opening the dialog.
    expect(setups).toHaveLength(3)
    expect(stripe.scriptLoads()).toBe(1)
    await s.context.close()
  })
})

/** The summary's 'To pay now' on the payment step (a phone's summary is opened from its bottom bar first). */
async function toPayNow(s: Session, phone: boolean): Promise<string> {
  if (phone) await s.page.getByRole('button', { name: /view summary/ }).click()
  const summary = phone ? s.page.locator('#summary-sheet') : s.page.getByLabel('Booking summary')
  const line = summary.getByText('To pay now', { exact: true }).locator('..')
  await line.waitFor({ timeout: 10_000 })
  const text = await line.innerText()
  if (phone) await s.page.getByRole('button', { name: 'Hide summary' }).click()
  return text
}

describe('a deposit reloaded on its payment step', () => {
  // The payment kept for a reload left out the PaymentIntent's client secret and the amount: the card
  // form did not come back (the processor's not-connected message in its place), nor the summary's 'To pay now'.
  it.each([
    ['phone (375 × 667)', SMALL_PHONE, true],
    ['desktop', DESKTOP, false],
  ])('%s: the same PaymentIntent\'s card form and amount due come back, and paying it books', async (_name, viewport, phone) => {
    const tag = phone ? 'phone' : 'desktop'
    const customer = await verifiedCustomer(server.url, `stripe-reload-${tag}`)
    const s = await open(browser, `stripe-payment-reload-${tag}`, viewport)
    await standInForStripe(s.page, mock)
    const { page } = s
    await bookToConfirm(s, server.url, 'Chemical peel', customer)
    await agreeToTerms(s)
    await page.getByLabel('Card number').waitFor({ timeout: 30_000 })
    const due = await toPayNow(s, phone)
    expect(due).toMatch(/£\d+\.\d\d/)
    const intents = mock.intents.size

    await page.reload()
    await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor()
    await page.getByLabel('Card number').waitFor({ timeout: 30_000 })
    expect(await toPayNow(s, phone)).toBe(due)
    await s.shot('payment-element-reloaded')
    // The same PaymentIntent: none begun by the reload.
    expect(mock.intents.size).toBe(intents)

    const who = await signIn(server.url, customer.email, customer.password)
    await pay(s, '4242 4242 4242 4242')
    await waitForThankYou(s, /\/location\?serviceBooking=true/)
    expect((await appointmentsOf(server.url, who)).map((a) => a.status)).toEqual(['Scheduled'])
    expect(mock.intents.size).toBe(intents)
    // Paid: the tab keeps no client secret.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => (sessionStorage.getItem(k) ?? '').includes('_secret_')))).toEqual([])
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => (localStorage.getItem(k) ?? '').includes('_secret_')))).toEqual([])
    await s.context.close()
  })
})

describe('a deposit opened again in a second tab (phone, 375 × 667)', () => {
  // The second tab had the booking's payment (localStorage) but not the PaymentIntent's client secret
  // (the first tab's session storage only): the processor's not-connected message stood where the card
  // form should be, and the customer could not pay there.
  it("shows the same PaymentIntent's card form, begins no second payment, and paying there books", async () => {
    const customer = await verifiedCustomer(server.url, 'stripe-second-tab')
    const s = await open(browser, 'stripe-second-tab', SMALL_PHONE)
    await standInForStripe(s.page, mock)
    await bookToConfirm(s, server.url, 'Chemical peel', customer)
    const before = new Set(mock.intents.keys())
    await agreeToTerms(s)
    await s.page.getByLabel('Card number').waitFor({ timeout: 30_000 })
    const due = await toPayNow(s, true)
    const ours = () => [...mock.intents.entries()].filter(([id]) => !before.has(id)).map(([, intent]) => intent)
    expect(ours()).toHaveLength(1)

    // The same address in a new tab of the same browser: its session storage starts empty.
    const tab = await s.context.newPage()
    const second: Session = { ...s, page: tab }
    await standInForStripe(tab, mock)
    await tab.goto(s.page.url())
    await tab.getByRole('heading', { name: 'Payment', exact: true }).waitFor()
    // The card form, or a text in its place (before: 'There was an issue connecting to our Credit card handler.').
    await tab.getByLabel('Card number').or(tab.getByRole('alert')).first().waitFor({ timeout: 30_000 })
    expect(await tab.getByRole('alert').allInnerTexts()).toEqual([])
    await tab.getByLabel('Card number').waitFor()
    expect(await toPayNow(second, true)).toBe(due)
    await tab.screenshot({ path: `${SHOTS_DIR}/stripe-second-tab-payment-element.png`, fullPage: true })
    expect(ours()).toHaveLength(1)

    const who = await signIn(server.url, customer.email, customer.password)
    await pay(second, '4242 4242 4242 4242')
    await waitForThankYou(second, /\/location\?serviceBooking=true/)
    expect((await appointmentsOf(server.url, who)).map((a) => a.status)).toEqual(['Scheduled'])
    // The one PaymentIntent, paid.
    expect(ours().map((i) => i.status)).toEqual(['succeeded'])
    expect(await tab.evaluate(() => Object.keys(sessionStorage).filter((k) => (sessionStorage.getItem(k) ?? '').includes('_secret_')))).toEqual([])
    await s.context.close()
  })
  it("says what happened when the card form cannot be had, and 'Try again' brings it", async () => {
    const customer = await verifiedCustomer(server.url, 'stripe-second-tab-retry')
    const s = await open(browser, 'stripe-second-tab-retry', SMALL_PHONE)
    await standInForStripe(s.page, mock)
    await bookToConfirm(s, server.url, 'Chemical peel', customer)
    await agreeToTerms(s)
    await s.page.getByLabel('Card number').waitFor({ timeout: 30_000 })

    const tab = await s.context.newPage()
    await standInForStripe(tab, mock)
    // The server not reached for the payment's secret, once.
    let cut = true
    await tab.route('**/api/invoice/*/has-payment-intent', (route) => (cut ? ((cut = false), route.abort()) : route.continue()))
    await tab.goto(s.page.url())
    const alert = tab.getByRole('alert')
    await alert.waitFor({ timeout: 30_000 })
    expect(await alert.innerText()).toBe("We couldn't load the card form for this payment. Please check your connection and tap 'Try again'.")
    await tab.screenshot({ path: `${SHOTS_DIR}/stripe-second-tab-retry-not-loaded.png`, fullPage: true })
    await tab.getByRole('button', { name: 'Try again' }).click()
    await tab.getByLabel('Card number').waitFor({ timeout: 30_000 })
    expect(await alert.count()).toBe(0)
    await s.context.close()
  })
})
