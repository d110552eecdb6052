/**
 * What stands in for Stripe in the browser tests (the machine has no internet): Stripe.js itself
 * (https://js.stripe.com/v3) is FAKE_STRIPE_JS, served by page.route, and the browser's calls to
 * api.stripe.com go to the local mock the adapter tests use (server/stripe-processor/testing/stripe-mock.ts).
 * It stands in for the third party's script only: a card field where the Payment Element's frame would
 * be, and confirmPayment / confirmSetup posting what Stripe.js posts (publishable key, client secret,
 * the card) to the intent's confirm call; like Stripe.js it refuses a deferred intent's confirm
 * (elements made with `mode`) without elements.submit() first and the intent's client secret.
 */
import type { Page } from 'playwright-core'
import type { StripeMock } from '../../../server/stripe-processor/testing/stripe-mock'

export const FAKE_STRIPE_JS = `(() => {
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

/** Stripe's two hosts for this page: the fake Stripe.js, and the API calls forwarded to the mock. Answers how often Stripe.js was fetched. */
export async function standInForStripe(page: Page, mock: StripeMock): Promise<{ scriptLoads: () => number }> {
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
