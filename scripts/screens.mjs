#!/usr/bin/env node
// Regenerates the phone screenshots of the README (docs/screens/*.png): the demo tenant's booking flow
// at 375 × 667 in headless Chromium, from the location list to the thank-you page, then /app.
// Usage: node scripts/screens.mjs   (builds the web app when it is out of date; CHROMIUM_PATH to override)
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { startScreensDemo } from './lib/screens-demo.mjs'

const root = join(import.meta.dirname, '..')
const out = join(root, 'docs/screens')
const DEMO_CUSTOMER = { email: 'demo@example.com', password: 'Demo1234' }

const { base, browser, close } = await startScreensDemo(root)
try {
  mkdirSync(out, { recursive: true })
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 1, reducedMotion: 'reduce' })
  const page = await context.newPage()
  const shot = async (name) => {
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(out, `${name}.png`) })
    console.log(`docs/screens/${name}.png`)
  }

  // Each clinic of the location list is a link (issue 28: it works before the page has hydrated).
  const clinics = page.locator('section[aria-labelledby="locations-title"] ul li a')
  await page.goto(`${base}/`)
  await clinics.first().waitFor()
  await page.waitForFunction(() => [...document.images].every((img) => img.complete))
  await shot('1-location')

  await clinics.first().click()
  await page.locator('section ul li button', { hasText: 'Lip filler 1ml' }).first().waitFor()
  await shot('2-service')

  await page.locator('section ul li button', { hasText: 'Lip filler 1ml' }).first().click()
  const practitioners = page.getByRole('list', { name: 'Practitioners' })
  await practitioners.locator('li > button').first().waitFor()
  await page.waitForFunction(() => [...document.images].every((img) => img.complete))
  await shot('3-practitioner')

  await practitioners.locator('li > button', { hasText: 'Dr Sarah Jones' }).click()
  await page.getByRole('dialog', { name: 'Do you want to book another service?' }).getByRole('button', { name: 'No', exact: true }).click()
  await page.getByRole('grid').waitFor()
  let day = page.locator('[role="gridcell"] > :not([data-unavailable]):not([data-disabled]):not([data-outside-month])').first()
  for (let month = 0; month < 3 && !(await day.count()); month++) {
    const none = page.getByRole('dialog', { name: 'No availability' })
    if (await none.count()) await none.getByRole('button', { name: 'Ok' }).click()
    await page.getByRole('button', { name: 'Next month' }).click()
    await page.waitForTimeout(600)
    day = page.locator('[role="gridcell"] > :not([data-unavailable]):not([data-disabled]):not([data-outside-month])').first()
  }
  await day.click()
  const chip = page.locator('ul li button[aria-pressed]:not([disabled])').first()
  await chip.waitFor()
  await chip.click()
  await shot('4-time')

  await page.locator('[data-bottom-bar]').getByRole('button', { name: 'Book appointment' }).click()
  const login = page.getByRole('dialog', { name: 'Log in to continue' })
  await login.waitFor()
  await login.getByLabel('Email').fill(DEMO_CUSTOMER.email)
  await login.getByLabel('Password').fill(DEMO_CUSTOMER.password)
  await login.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL(/\/confirm/)
  await page.getByText(/Your appointment will be held for/).waitFor()
  await shot('5-confirm')

  const terms = page.getByRole('region', { name: 'Important Information' })
  await terms.evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'I understand and agree to these terms' && !b.disabled))
  await page.locator('[data-bottom-bar]').getByRole('button', { name: 'I understand and agree to these terms' }).click()
  const frame = await (await page.waitForSelector('iframe[title="Card payment"]')).contentFrame()
  await frame.waitForSelector('#cardNo')
  await frame.fill('#cardNo', '4242 4242 4242 4242')
  await frame.fill('#expDate', '12/34')
  await frame.fill('#cvv', '123')
  await frame.fill('#postCode', 'SW1A 1AA')
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await shot('6-payment')

  await frame.click('#submit')
  await page.waitForURL(/\/location\?serviceBooking=true/, { timeout: 30_000 })
  await page.getByRole('button', { name: 'Book new appointment' }).waitFor()
  await shot('7-thank-you')

  await page.goto(`${base}/app`)
  await page.locator('li[data-appointment-id]').first().waitFor()
  await shot('8-app')
  await context.close()
} finally {
  await close()
}
