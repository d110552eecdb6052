// Forgot and reset password through the dev mailbox (spec section 2 'Password reset screen'), in
// headless Chromium against the real server. Screenshots at 375 and 1280 px, axe on each state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { DESKTOP, launch, release, open, PHONE, sharedServerUrl } from './support/browser'
import { api, verifiedCustomer } from './support/flows'

const baseUrl = sharedServerUrl()
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

const NEUTRAL = 'If this email exists on our system, you will receive a password link - please also check your junk folder.'

async function resetLink(email: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const mails = await api<{ to: string; text: string; html?: string }[]>(baseUrl, `/dev/mailbox?to=${encodeURIComponent(email)}`)
    for (const mail of mails) {
      const link = `${mail.text} ${mail.html ?? ''}`.match(/https?:\/\/[^\s"'<>]*reset-password\/[^\s"'<>]+/)?.[0]
      if (link) return link.replace(/&amp;/g, '&')
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`no reset mail for ${email}`)
}

describe('password reset screen', () => {
  it('requests a link with a neutral answer, then resets the password from the mailed link', async () => {
    const customer = await verifiedCustomer(baseUrl, 'reset')
    const s = await open(browser, 'password-reset', PHONE, { cookiesAccepted: 'true' })
    const { page } = s
    await page.goto(`${baseUrl}/forgot-password`)
    await page.getByRole('heading', { name: 'Reset Password Request' }).waitFor()
    await s.shot('request')
    await s.axe('request mode')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await page.getByText('You must enter an email address.').waitFor()
    await s.shot('email-required')

    await page.getByLabel('Email').fill(customer.email.toUpperCase())
    await page.getByRole('button', { name: 'Reset password' }).click()
    const sent = page.getByRole('dialog', { name: 'Check your email' })
    await sent.getByText(NEUTRAL).waitFor()
    await s.shot('request-sent')
    await s.axe('request sent dialog')
    await sent.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(`${baseUrl}/`)

    const link = new URL(await resetLink(customer.email))
    await page.goto(`${baseUrl}${link.pathname}`)
    await page.getByRole('heading', { name: 'Reset Password Request' }).waitFor()
    await page.getByLabel('New password').fill('weak')
    await page.getByLabel('Confirm password').fill('weak')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.getByText('New password does not meet requirements.').waitFor()
    await page.getByLabel('New password').fill('Renewed123')
    await page.getByLabel('Confirm password').fill('Renewed12')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.getByText('Passwords do not match', { exact: true }).waitFor()
    await s.shot('reset-errors')
    await s.axe('reset mode with errors')

    await page.getByLabel('Confirm password').fill('Renewed123')
    await page.getByRole('button', { name: 'Save new password' }).click()
    const done = page.getByRole('dialog', { name: 'Password changed' })
    await done.waitFor()
    await s.shot('reset-done')
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy()
    await done.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL(`${baseUrl}/`)

    await api(baseUrl, '/login?from=customer', { method: 'POST', body: JSON.stringify({ email: customer.email, password: 'Renewed123' }) })
    await page.goto(`${baseUrl}/app`)
    await page.getByRole('heading', { name: 'My account' }).waitFor()
    expect(s.problems).toEqual([])
    await s.context.close()
  })

  it('looks right on desktop and for an unknown email stays neutral', async () => {
    const s = await open(browser, 'password-desktop', DESKTOP, { cookiesAccepted: 'true' })
    const { page } = s
    await page.goto(`${baseUrl}/forgot-password`)
    await page.getByLabel('Email').fill('nobody.here@example.com')
    await page.getByRole('button', { name: 'Reset password' }).click()
    await page.getByRole('dialog', { name: 'Check your email' }).getByText(NEUTRAL).waitFor()
    await s.shot('unknown-email')
    await page.goto(`${baseUrl}/user/reset-password/not-a-real-token`)
    await page.getByLabel('Confirm password').waitFor()
    await s.shot('reset-mode')
    await s.axe('reset mode')
    // a used or expired link says 'Please request a new one.': the page offers the way to do it
    await page.getByLabel('New password').fill('Renewed123')
    await page.getByLabel('Confirm password').fill('Renewed123')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.getByRole('alert').getByText(/request a new one/).waitFor()
    await s.shot('reset-link-refused')
    await page.getByRole('link', { name: 'Request a new link' }).click()
    await page.waitForURL(`${baseUrl}/forgot-password`)
    await page.getByRole('button', { name: 'Reset password' }).waitFor()
    await s.context.close()
  })
})
