/**
 * Card payments with Stripe (CARD_PROCESSOR=stripe) in the browser: the payment step shows Stripe's
 * Payment Element, and 'Add a card' in /app confirms a SetupIntent with it.
 *
 * The machine has no internet, so two things stand in for Stripe:
 * - the Stripe API is the local mock the adapter tests use (server/stripe-processor/testing/stripe-mock.ts),
 *   which the server reaches through STRIPE_API_BASE and the browser through page.route on api.stripe.com;
 * - Stripe.js itself (https://js.stripe.com/v3) is FAKE_STRIPE_JS below, served by page.route. It stands
 *   in for the third party's script only: a card field where the Payment Element's frame would be, and
 *   confirmPayment / confirmSetup posting what Stripe.js posts (publishable key, client secret, the card)
 *   to the intent's confirm call; like Stripe.js it refuses a deferred intent's confirm (elements made
 *   with `mode`) without elements.submit() first and the intent's client secret. Everything of ours (the app, its lazy loading of Stripe.js, the server,
 *   the adapter, the payment flow) is the real thing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { StripeMock } from '../../server/stripe-processor/testing/stripe-mock'
import { launch, release, open, type Session } from './support/browser'
import { agreeToTerms, appointmentsOf, bookToConfirm, openPersonalDetails, signIn, verifiedCustomer, waitForThankYou } from './support/flows'
import { startServer, type ServerProcess } from './support/server-process'

const FAKE_STRIPE_JS = `(() => {
  window.Stripe = function (key) {
    let field
    const incomplete = () => (field && field.value.replace(/\\s/g, '') ? undefined : { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' })
    async function confirm(resource, answerKey, options) {
      // As Stripe.js: elements made before the intent (mode) are submitted first, and the intent's secret comes with the confirm.
      if (options.elements.mode && (!options.elements.submitted || !options.clientSecret)) throw new Error('IntegrationError: elements.submit() and clientSecret are required with a deferred intent')
      const error = incomplete()
      if (error) return { error }
      const number = field.value.replace(/\\s/g, '')
      const secret = options.clientSecret || options.elements.clientSecret
      const body = new URLSearchParams({ key, client_secret: secret, 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': number, return_url: options.confirmParams.return_url })
      const response = await fetch('https://api.stripe.com/v1/' + resource + '/' + secret.split('_secret_')[0] + '/confirm', { method: 'POST', body })
      const json = await response.json()
      return json.error ? { error: json.error } : { [answerKey]: json }
    }
    return {
      elements(options) {
        return {
          clientSecret: options.clientSecret,
          mode: options.mode,
          submitted: false,
          create() {
            const ready = []
            let box
            return {
              mount(target) {
                box = document.createElement('label')
                box.textContent = 'Card number '
                field = document.createElement('input')
                field.autocomplete = 'off'
                box.appendChild(field)
                target.appendChild(box)
                setTimeout(() => ready.forEach((f) => f({})), 0)
              },
              on(event, handler) { if (event === 'ready') ready.push(handler) },
              destroy() { box && box.remove() },
            }
          },
          async submit() {
            this.submitted = true
            const error = incomplete()
            return error ? { error } : {}
          },
        }
      },
      confirmPayment: (options) => confirm('payment_intents', 'paymentIntent', options),
      confirmSetup: (options) => confirm('setup_intents', 'setupIntent', options),
    }
  }
})()`

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

/** Stripe's two hosts for this page: the fake Stripe.js, and the API calls forwarded to the mock. Answers how often Stripe.js was fetched. */
async function standInForStripe(page: Page): Promise<{ scriptLoads: () => number }> {
  let loads = 0
  await page.route('https://js.stripe.com/**', async (route) => {
    loads += 1
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS })
  })
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request()
    const response = await fetch(`${mock.baseUrl}${new URL(request.url()).pathname}`, {
      method: request.method(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: request.postData() ?? undefined,
    })
    await route.fulfill({ status: response.status, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: await response.text() })
  })
  return { scriptLoads: () => loads }
}


async function pay(s: Session, card: string): Promise<void> {
  const field = s.page.getByLabel('Card number')
  await field.fill(card)
  await s.page.getByRole('button', { name: 'Pay now' }).click()
}

describe('Stripe Payment Element', () => {
  it('books with a deposit: a declined card shows the spec text, the next card pays and the appointment is Scheduled once', async () => {
    const customer = await verifiedCustomer(server.url, 'stripe-pay')
    const s = await open(browser, 'stripe-pay')
    const stripe = await standInForStripe(s.page)
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
    const stripe = await standInForStripe(s.page)
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
