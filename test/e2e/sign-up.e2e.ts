import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, release, open, sharedServerUrl } from './support/browser'
import { answer, chooseFirstLocation, chooseFirstTime, choosePractitioner, chooseService, logIn, PASSWORD, uniqueEmail, verificationLink } from './support/flows'

const baseUrl = sharedServerUrl()
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

describe('sign-up at the confirm step, then the verification link from the dev mailbox', () => {
  // Over 30 s on 2 loaded cores: the wizard to the time step, two refused sign-ups, the mail link and the login.
  it('creates the account, verifies it and continues to confirm', async () => {
    const s = await open(browser, 'sign-up')
    const { page } = s
    const email = uniqueEmail('signup')
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await chooseService(s, 'Free consultation')
    await choosePractitioner(s, 'first')
    await answer(s, 'Do you want to book another service?', 'No')
    await chooseFirstTime(s)
    await page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Log in to continue' })
    await dialog.getByRole('tab', { name: 'New customer' }).click()
    await dialog.getByRole('button', { name: 'Create account' }).click()
    await dialog.getByText('Name is required', { exact: true }).waitFor()
    await s.shot('sign-up-errors')
    await s.axe('sign-up errors')
    await dialog.getByLabel('Title').selectOption('Ms')
    await dialog.getByLabel('Gender').selectOption('female')
    await dialog.getByLabel('First name').fill('Jo')
    await dialog.getByLabel('Surname').fill('Tester')
    await dialog.getByLabel('Mobile').fill('07700 900123')
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await dialog.getByLabel('Confirm password').fill(PASSWORD)
    // A date of birth in the future is refused beside its field (the server's refusal showed at the top), nothing typed lost.
    await dialog.getByLabel('Date of birth').fill(`01/02/${new Date().getUTCFullYear() + 1}`)
    await dialog.getByRole('button', { name: 'Create account' }).click()
    await dialog.getByText('Date of birth cannot be in the future.', { exact: true }).waitFor()
    expect(await dialog.getByLabel('Email').inputValue()).toBe(email)
    await dialog.getByLabel('Date of birth').fill('01/02/1990')
    await dialog.getByRole('button', { name: 'Create account' }).click()
    await dialog.getByText('Your account has been created. Please check your inbox (and junk mail) to verify your email before logging in.').waitFor()
    await s.shot('account-created')
    const link = new URL(await verificationLink(baseUrl, email))
    const verify = await browser.newPage()
    await verify.goto(`${baseUrl}${link.pathname}${link.search}`)
    // The link lands on the app with the login box open and the server's words.
    const verified = verify.getByRole('dialog', { name: 'Log in to continue' })
    await verified.getByText('Your email is verified. You can now log in.', { exact: true }).waitFor()
    expect(new URL(verify.url()).searchParams.has('emailVerified')).toBe(false)
    await verify.close()
    await logIn(s, email, PASSWORD)
    await page.waitForURL(/\/confirm/)
    await page.getByText(/Your appointment will be held for/).waitFor()
    await s.shot('confirm')
  })
})
