import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launch, release, open, PHONE, sharedServerUrl } from './support/browser'
import { SEED_FORM_IDS, SEED_FORM_PASSWORD } from '../../server/commerce/commerce.seed'

const baseUrl = sharedServerUrl()
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

/** Draws a signature on the dialog's canvas with the mouse. */
async function drawSignature(page: Page): Promise<void> {
  const canvas = page.getByTestId('signature-canvas')
  await canvas.waitFor()
  await page.waitForTimeout(300) // signature_pad loads lazily
  const box = await canvas.boundingBox()
  if (!box) throw new Error('no canvas')
  expect(Math.round(box.height)).toBe(300)
  await page.mouse.move(box.x + 30, box.y + 200)
  await page.mouse.down()
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 18, box.y + 200 - Math.sin(i / 2) * 80, { steps: 3 })
  await page.mouse.up()
}

/** Accepts the cookie banner (it sits over the page's corner until then), like a visitor would. */
async function acceptCookies(page: Page): Promise<void> {
  const gotIt = page.getByRole('button', { name: 'Got it!' })
  if (await gotIt.isVisible()) {
    await gotIt.click()
    await page.getByRole('region', { name: 'Cookies' }).waitFor({ state: 'detached' })
  }
}

async function dialogText(page: Page, text: string): Promise<void> {
  await page.getByRole('alertdialog', { name: text }).waitFor({ timeout: 15_000 })
}

describe('form page', () => {
  it('signs a consent form by drawing on the canvas (phone)', async () => {
    const s = await open(browser, 'form-consent', PHONE)
    const { page } = s
    await page.goto(`${baseUrl}/form/${SEED_FORM_IDS.consent}`)
    await page.getByRole('heading', { name: 'Treatment consent' }).waitFor()
    await acceptCookies(page)
    await expect(page.getByText('Date of birth')).toBeTruthy()
    const save = page.getByRole('button', { name: 'Save', exact: true })
    expect(await save.isDisabled()).toBe(true)
    await s.shot('consent')
    await s.axe('consent')

    // saving an empty canvas simply closes the dialog
    await page.getByRole('button', { name: /^Tap to sign/ }).click()
    await page.getByTestId('signature-canvas').waitFor()
    await s.shot('signature-dialog')
    await s.axe('signature dialog')
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByTestId('signature-canvas').waitFor({ state: 'detached' })
    expect(await page.getByRole('button', { name: /^Tap to sign/ }).isVisible()).toBe(true)
    expect(await save.isDisabled()).toBe(true)

    await page.getByRole('button', { name: /^Tap to sign/ }).click()
    await drawSignature(page)
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('img', { name: 'Signature: signed' }).waitFor()
    expect(await save.isDisabled()).toBe(false)
    await s.shot('signed')
    await save.click()
    await dialogText(page, 'Thank you for completing your form.')
    await s.shot('thank-you')
    await s.axe('thank-you dialog')
    await page.getByRole('alertdialog').locator('button:has-text("Close")').click()
    await page.waitForURL(`${baseUrl}/`)

    await page.goto(`${baseUrl}/form/${SEED_FORM_IDS.consent}`)
    await dialogText(page, 'Consent form already signed. Redirecting to home page')
    await s.shot('already-signed')
    expect(s.problems).toEqual([])
    await s.context.close()
  })

  it('fills a medical form with required fields missing first (desktop)', async () => {
    const s = await open(browser, 'form-medical', DESKTOP)
    const { page } = s
    await page.goto(`${baseUrl}/form/${SEED_FORM_IDS.medical}`)
    await page.getByRole('heading', { name: 'Medical history', level: 1 }).waitFor()
    await acceptCookies(page)
    const save = page.getByRole('button', { name: 'Save', exact: true })
    expect(await save.isDisabled()).toBe(true)
    await s.shot('empty')
    await s.axe('medical form')

    // some answers only: the rest stay required, with their messages tied to the fields
    await page.getByLabel('GP name and surgery').fill('Dr Who, Baker Street')
    await page.getByLabel('GP name and surgery').fill('')
    await page.getByLabel('GP name and surgery').blur()
    const gpError = page.getByText('field GP name and surgery is required').first()
    await gpError.waitFor()
    expect(await page.getByLabel('GP name and surgery').getAttribute('aria-invalid')).toBe('true')
    await page.getByLabel('GP name and surgery').fill('Dr Who, Baker Street')
    await page.getByRole('group', { name: /Have you had surgery/ }).getByLabel('Yes').check()
    await page.getByText('field Have you had surgery in the last 12 months? is required').first().waitFor()
    expect(await save.isDisabled()).toBe(true)
    await page.getByRole('link', { name: 'I have read the pre-treatment advice: This field must be checked to proceed', exact: true }).waitFor()
    await s.shot('missing-required')
    await s.axe('medical form with messages')

    // autocomplete: at most 10 items, chips for the chosen ones
    const allergies = page.getByRole('combobox', { name: /Known drug allergies/ })
    await allergies.click()
    await allergies.fill('pen')
    await page.getByRole('option', { name: 'Penicillin' }).click()
    await page.getByRole('button', { name: 'Remove Penicillin' }).waitFor()

    await page.getByLabel('Please give details').fill('Knee arthroscopy in March')
    await page.getByLabel(/I have read the pre-treatment advice/).check()
    await page.getByRole('group', { name: /Are you pregnant/ }).getByLabel('No').check()
    await page.getByRole('group', { name: /Do you take any medication/ }).getByLabel('No').check()
    await page.getByRole('group', { name: /Do you have any medical conditions/ }).getByLabel('No').check()
    await page.getByLabel('Skin type').selectOption('3')
    expect(await save.isDisabled()).toBe(true)
    await page.getByRole('button', { name: /^Tap to sign: Patient signature/ }).click()
    await drawSignature(page)
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('img', { name: 'Patient signature: signed' }).waitFor()
    expect(await save.isDisabled()).toBe(false)
    await s.shot('complete')
    await save.click()
    await dialogText(page, 'Thank you for completing your form.')
    await s.shot('thank-you')
    expect(s.problems).toEqual([])
    await s.context.close()
  })

  it('a password form needs its password; an unknown form says it was not found', async () => {
    const s = await open(browser, 'form-password', PHONE)
    const { page } = s
    await page.goto(`${baseUrl}/form/${SEED_FORM_IDS.protectedGeneral}`)
    // Without its password the page asks for it (not 'Form not found', not yet 'not correct'); a wrong one says so.
    await page.getByRole('heading', { name: 'Password required', level: 1 }).waitFor()
    await page.getByText('This form is protected. Enter the password you were given to open it.').waitFor()
    expect(await page.getByRole('alert').filter({ hasText: 'The password for this form is not correct.' }).count()).toBe(0)
    await s.shot('no-password')
    await s.axe('password prompt')
    await page.getByLabel('Password').fill('Wrong1234')
    await page.getByRole('button', { name: 'Open form' }).click()
    await page.getByRole('alert').filter({ hasText: 'The password for this form is not correct.' }).waitFor()
    await page.getByLabel('Password').fill(SEED_FORM_PASSWORD)
    await page.getByRole('button', { name: 'Open form' }).click()
    await page.getByRole('heading', { name: 'Aftercare feedback' }).waitFor()
    await page.goto(`${baseUrl}/form/${SEED_FORM_IDS.protectedGeneral}?password=${SEED_FORM_PASSWORD}`)
    await page.getByRole('heading', { name: 'Aftercare feedback' }).waitFor()
    await s.shot('with-password')
    await page.goto(`${baseUrl}/form/0123456789abcdef01234567`)
    await dialogText(page, 'Form not found. Redirecting to home page')
    await s.axe('not found dialog')
    await page.getByRole('alertdialog').locator('button:has-text("Close")').click()
    await page.waitForURL(`${baseUrl}/`)
    await s.context.close()
  })
})

describe('form builder page', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`edits a definition next to its preview (${viewport.width} px)`, async () => {
      const s = await open(browser, `form-builder-${viewport.width}`, viewport)
      const { page } = s
      await page.goto(`${baseUrl}/form-builder`)
      await page.getByRole('heading', { name: 'Form builder' }).waitFor()
      await acceptCookies(page)
      await s.shot('builder')
      await s.axe('builder')

      // drug list in the preview: WHO essential medicines, at most 10 items
      const medication = page.getByRole('combobox', { name: /Current medication/ })
      await medication.click()
      await medication.fill('a')
      await page.getByRole('option').first().waitFor()
      expect(await page.getByRole('option').count()).toBeLessThanOrEqual(10)
      await medication.fill('amoxi')
      await page.getByRole('option', { name: 'amoxicillin', exact: true }).click()
      await page.getByRole('button', { name: 'Remove amoxicillin' }).waitFor()

      const widgets = page.getByRole('list', { name: 'Widgets' }).locator(':scope > li')
      const before = await widgets.count()
      await page.getByRole('button', { name: '+ Select' }).click()
      expect(await widgets.count()).toBe(before + 1)
      // a select without options is the one problem of the definition
      await page.getByRole('button', { name: 'Check definition' }).click()
      await page.getByText('1 problem to fix.').waitFor()
      const addOption = await page.getByRole('button', { name: 'Add option' }).boundingBox()
      expect(addOption && addOption.height).toBeLessThan(50) // one line, not squeezed beside the option field
      await page.getByRole('button', { name: 'Add option' }).click()
      await page.getByText("Can't add empty option").waitFor()
      await page.getByLabel('New option').fill('Left')
      await page.getByRole('button', { name: 'Add option' }).click()
      await page.getByLabel('New option').fill('Left')
      await page.getByRole('button', { name: 'Add option' }).click()
      await page.getByText('Option already insert').waitFor()
      await s.shot('editing')

      await page.getByRole('button', { name: 'Delete Select' }).click()
      await page.getByRole('alertdialog', { name: 'Are you sure you want to delete this block?' }).waitFor()
      await s.axe('delete dialog')
      await page.getByRole('button', { name: 'Delete', exact: true }).click()
      expect(await widgets.count()).toBe(before)

      await page.getByLabel('Read-only').check()
      expect(await page.getByRole('button', { name: '+ Select' }).isDisabled()).toBe(true)
      expect(s.problems).toEqual([])
      await s.context.close()
    })
  }
})

describe('registration screen', () => {
  it("sets the page background from the base64 'form' parameter (bc)", async () => {
    const s = await open(browser, 'registration', PHONE)
    const { page } = s
    const form = Buffer.from('bc=ffeecc&name=demo').toString('base64')
    await page.goto(`${baseUrl}/registration?form=${encodeURIComponent(form)}&setup=1`)
    await page.getByTestId('registration').waitFor({ state: 'attached' })
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(255, 238, 204)', undefined, { timeout: 5_000 })
    expect(await page.getByTestId('registration').getAttribute('data-setup')).toBe('1')
    await s.context.close()
  })
})
