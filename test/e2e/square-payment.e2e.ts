/**
 * Card payments with Square (CARD_PROCESSOR=square) in the browser: the payment step shows Square's
 * card form, whose nonce pays the deposit; 'Add a card' in /app keeps the card on file.
 *
 * The machine has no internet, so two things stand in for Square:
 * - the Square API is the local mock the adapter tests use (server/square-processor/testing/square-mock.ts),
 *   reached by the server through SQUARE_API_BASE;
 * - Square's Web Payments SDK (https://sandbox.web.squarecdn.com/v1/square.js) is FAKE_SQUARE_JS below,
 *   served by page.route. It stands in for the third party's script only: a card field where Square's
 *   frame would be, and tokenize() answering Square's documented sandbox nonces (cnon:card-nonce-ok,
 *   cnon:card-nonce-rejected-cvv) for the card typed. Everything of ours is the real thing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { SquareMock, TEST_NONCES } from '../../server/square-processor/testing/square-mock'
import { SMALL_PHONE, launch, release, open } from './support/browser'
import { agreeToTerms, appointmentsOf, bookToConfirm, openPersonalDetails, signIn, verifiedCustomer, waitForThankYou } from './support/flows'
import { startServer, type ServerProcess } from './support/server-process'

const FAKE_SQUARE_JS = `(() => {
  let n = 0
  window.Square = {
    payments(applicationId, locationId) {
      if (!applicationId || !locationId) throw new Error('application and location ids are required')
      return {
        async card() {
          let box, field
          return {
            async attach(target) {
              box = document.createElement('label')
              box.textContent = 'Card number '
              field = document.createElement('input')
              field.autocomplete = 'off'
              box.appendChild(field)
              target.appendChild(box)
            },
            async tokenize() {
              const number = field.value.replace(/\\s/g, '')
              if (number.length < 12) return { status: 'Invalid', errors: [{ type: 'VALIDATION_ERROR', field: 'cardNumber', message: 'Card number is not valid' }] }
              n += 1
              return { status: 'OK', token: number.endsWith('0127') ? '${TEST_NONCES.cvv.nonce}' : '${TEST_NONCES.ok.nonce}-' + Date.now() + '-' + n }
            },
            async destroy() { box && box.remove(); return true },
          }
        },
      }
    },
  }
})()`

let browser: Browser
let mock: SquareMock
let server: ServerProcess

beforeAll(async () => {
  mock = await new SquareMock().start()
  server = await startServer({
    CARD_PROCESSOR: 'square',
    SQUARE_ACCESS_TOKEN: mock.accessToken,
    SQUARE_APPLICATION_ID: 'sandbox-sq0idb-app',
    SQUARE_LOCATION_ID: mock.locationId,
    SQUARE_WEBHOOK_SIGNATURE_KEY: mock.signatureKey,
    SQUARE_ENVIRONMENT: 'sandbox',
    SQUARE_API_BASE: mock.baseUrl,
  })
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
  await server?.stop()
  await mock?.stop()
})

async function standInForSquare(page: Page): Promise<{ scriptLoads: () => number }> {
  let loads = 0
  await page.route('https://sandbox.web.squarecdn.com/**', async (route) => {
    loads += 1
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_SQUARE_JS })
  })
  return { scriptLoads: () => loads }
}


describe('Square card form', () => {
  it('books with a deposit: a refused card shows the spec text, the next card pays and the appointment is Scheduled once', async () => {
    const customer = await verifiedCustomer(server.url, 'square-pay')
    const s = await open(browser, 'square-pay')
    const square = await standInForSquare(s.page)
    const { page } = s
    await bookToConfirm(s, server.url, 'Chemical peel', customer)
    expect(square.scriptLoads()).toBe(0)
    await agreeToTerms(s)
    const field = page.getByLabel('Card number')
    await field.waitFor({ timeout: 30_000 })
    expect(square.scriptLoads()).toBe(1)
    await s.shot('card-form')

    const who = await signIn(server.url, customer.email, customer.password)
    await field.fill('4000 0000 0000 0127')
    await page.getByRole('button', { name: 'Pay now' }).click()
    await page.getByRole('alert').filter({ hasText: 'CVV is not correct.' }).waitFor()
    expect((await appointmentsOf(server.url, who)).map((a) => a.status)).toEqual(['Pending'])

    await field.fill('4111 1111 1111 1111')
    await page.getByRole('button', { name: 'Pay now' }).click()
    await waitForThankYou(s, /\/location\?serviceBooking=true/)
    expect((await appointmentsOf(server.url, who)).map((a) => a.status)).toEqual(['Scheduled'])
    const completed = [...mock.payments.values()].filter((p) => p.status === 'COMPLETED')
    expect(completed).toHaveLength(1)
    await s.context.close()
  })

  it('keeps a card on file from /app: Square has no setup intent, the nonce goes to the cards-on-file call', async () => {
    const customer = await verifiedCustomer(server.url, 'square-card')
    const who = await signIn(server.url, customer.email, customer.password)
    const s = await open(browser, 'square-card', undefined, { token: who.token, cookiesAccepted: 'true' })
    await standInForSquare(s.page)
    const { page } = s
    await openPersonalDetails(s, server.url)
    await page.getByRole('button', { name: 'Add a card' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a card' })
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0127')
    await dialog.getByRole('button', { name: 'Save card' }).click()
    await dialog.getByRole('alert').filter({ hasText: 'CVV is not correct.' }).waitFor()
    await dialog.getByLabel('Card number').fill('4111 1111 1111 1111')
    await dialog.getByRole('button', { name: 'Save card' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 30_000 })
    await page.getByText('•••• 1111').waitFor()
    await s.shot('card-on-file')
    await s.context.close()
  })
})

describe('a deposit reloaded on its payment step (375 × 667)', () => {
  // The payment kept for a reload left out the amount: the summary lost 'To pay now' (and the card's
  // nonce would have gone with an amount of 0). The same payment comes back with its amount and is paid.
  it("Square's card form and the amount due come back, and the card pays that amount", async () => {
    const customer = await verifiedCustomer(server.url, 'square-reload')
    const s = await open(browser, 'square-payment-reload', SMALL_PHONE)
    await standInForSquare(s.page)
    const { page } = s
    await bookToConfirm(s, server.url, 'Chemical peel', customer)
    await agreeToTerms(s)
    await page.getByLabel('Card number').waitFor({ timeout: 30_000 })
    const toPayNow = async () => {
      await page.getByRole('button', { name: /view summary/ }).click()
      const text = await page.locator('#summary-sheet').getByText('To pay now', { exact: true }).locator('..').innerText({ timeout: 10_000 })
      await page.getByRole('button', { name: 'Hide summary' }).click()
      return text
    }
    const due = await toPayNow()
    const pounds = /£(\d+\.\d\d)/.exec(due)?.[1]
    expect(pounds).toBeDefined()

    await page.reload()
    await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor()
    const field = page.getByLabel('Card number')
    await field.waitFor({ timeout: 30_000 })
    expect(await toPayNow()).toBe(due)
    await s.shot('card-form-reloaded')

    const who = await signIn(server.url, customer.email, customer.password)
    await field.fill('4111 1111 1111 1111')
    await page.getByRole('button', { name: 'Pay now' }).click()
    await waitForThankYou(s, /\/location\?serviceBooking=true/)
    expect((await appointmentsOf(server.url, who)).map((a) => a.status)).toEqual(['Scheduled'])
    const paid = [...mock.payments.values()].filter((p) => p.status === 'COMPLETED').map((p) => (p.amount_money as { amount: number }).amount)
    expect(paid).toContain(Math.round(Number(pounds) * 100))
    await s.context.close()
  })
})
