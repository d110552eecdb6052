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
import { launch, open } from './support/browser'
import { agreeToTerms, answer, api, chooseFirstLocation, chooseFirstTime, choosePractitioner, chooseService, logIn, verifiedCustomer, waitForThankYou } from './support/flows'
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
  await browser?.close()
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

interface LoginAnswer { token: string; user: { id: string } }
const login = (email: string, password: string) => api<LoginAnswer>(server.url, '/login?from=customer', { method: 'POST', body: JSON.stringify({ email, password }) })
const appointmentsOf = async (who: LoginAnswer) =>
  (await api<{ appointments: { status: string }[] }>(server.url, `/appointments/customer/${who.user.id}?pageSize=100&group=ALL`, { headers: { authorization: `Bearer ${who.token}` } })).appointments

describe('Square card form', () => {
  it('books with a deposit: a refused card shows the spec text, the next card pays and the appointment is Scheduled once', async () => {
    const customer = await verifiedCustomer(server.url, 'square-pay')
    const s = await open(browser, 'square-pay')
    const square = await standInForSquare(s.page)
    const { page } = s
    await page.goto(`${server.url}/`)
    await chooseFirstLocation(s)
    await chooseService(s, 'Chemical peel')
    await choosePractitioner(s, 'first')
    await answer(s, 'Do you want to book another service?', 'No')
    await chooseFirstTime(s)
    await page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
    await logIn(s, customer.email, customer.password)
    await page.waitForURL(/\/confirm/)
    expect(square.scriptLoads()).toBe(0)
    await agreeToTerms(s)
    const field = page.getByLabel('Card number')
    await field.waitFor({ timeout: 30_000 })
    expect(square.scriptLoads()).toBe(1)
    await s.shot('card-form')

    const who = await login(customer.email, customer.password)
    await field.fill('4000 0000 0000 0127')
    await page.getByRole('button', { name: 'Pay now' }).click()
    await page.getByRole('alert').filter({ hasText: 'CVV is not correct.' }).waitFor()
    expect((await appointmentsOf(who)).map((a) => a.status)).toEqual(['Pending'])

    await field.fill('4111 1111 1111 1111')
    await page.getByRole('button', { name: 'Pay now' }).click()
    await waitForThankYou(s, /\/location\?serviceBooking=true/)
    expect((await appointmentsOf(who)).map((a) => a.status)).toEqual(['Scheduled'])
    const completed = [...mock.payments.values()].filter((p) => p.status === 'COMPLETED')
    expect(completed).toHaveLength(1)
    await s.context.close()
  })

  it('keeps a card on file from /app: Square has no setup intent, the nonce goes to the cards-on-file call', async () => {
    const customer = await verifiedCustomer(server.url, 'square-card')
    const who = await login(customer.email, customer.password)
    const s = await open(browser, 'square-card', undefined, { token: who.token, cookiesAccepted: 'true' })
    await standInForSquare(s.page)
    const { page } = s
    await page.goto(`${server.url}/app`)
    await page.getByRole('heading', { name: 'My account' }).waitFor()
    await page.getByRole('tab', { name: 'Personal details' }).click()
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
