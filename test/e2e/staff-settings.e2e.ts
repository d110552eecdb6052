// /staff/settings (issue 29) in the browser on the demo tenant: the owner opens Settings from the desk,
// gives the London clinic weekday opening hours (closed at weekends) and changes the Microneedling
// price; both saves go through the one set-up engine, and the customer side shows them at once (the
// service list's price in the browser; no Saturday left in London's days for a Saturday service).
// The page fits a phone without sideways scrolling and is axe clean on both. The owner adds a course
// (a service's sessions, price, validity) on the desktop; it is there after a reload, and the Courses
// tab fits a 375x667 phone, axe clean. Two admins saving at once: the later one is told and keeps what
// was typed. A staff login added on its tab comes with its set-password link. Archiving an item with
// upcoming bookings names their count and goes ahead only on a second confirmation (desktop, 375x667).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launch, release, open, PHONE, SMALL_PHONE } from './support/browser'
import { api, chooseFirstLocation } from './support/flows'
import { startServer, type ServerProcess } from './support/server-process'
import { DEMO_STAFF_ADMIN } from '../../server/seed/demo.seed'

let server: ServerProcess
let browser: Browser
/** before any change (a retry of the test finds the hours already saved) */
let saturdaysBefore: string[] = []

beforeAll(async () => {
  server = await startServer({})
  browser = await launch()
  saturdaysBefore = await londonSaturdays()
}, 180_000)

afterAll(async () => {
  await release(browser)
  await server?.stop()
})

interface Named { id: string; name?: string; accountName?: string }

/** The Saturdays of next month with a free Vitamin B12 time in London (Tom works there on Saturdays). */
async function londonSaturdays(): Promise<string[]> {
  const clinics = await api<Named[]>(server.url, '/public-clinics')
  const london = clinics.find((c) => c.accountName === 'Harley Aesthetics London')!
  const services = await api<Named[]>(server.url, `/services/public?clinic=${london.id}&offset=0&limit=100`)
  const b12 = services.find((s) => s.name === 'Vitamin B12 injection')!
  const now = new Date()
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  const days = await api<{ date: string }[]>(server.url, '/appointments/days-available-by-month', {
    method: 'POST',
    body: JSON.stringify([{ service: b12.id, month: next.getUTCMonth() + 1, year: next.getUTCFullYear(), location: london.id, practitioner: null, withHolidays: true }]),
  })
  return days.map((d) => d.date.slice(0, 10)).filter((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 6)
}

const staffToken = async () => (await api<{ token: string }>(server.url, '/staff/login', { method: 'POST', body: JSON.stringify(DEMO_STAFF_ADMIN) })).token

async function signInToSettings(page: Page): Promise<void> {
  await page.goto(`${server.url}/staff`)
  await page.getByLabel('Email').fill(DEMO_STAFF_ADMIN.email)
  await page.getByLabel('Password').fill(DEMO_STAFF_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('heading', { name: 'Settings' }).waitFor()
  await page.getByRole('tab', { name: 'Organisation' }).waitFor()
}

describe('/staff/settings', () => {
  // About 30 s on 2 loaded cores: /staff/settings edits, then the customer's wizard in a second browser to see them.
  it("the owner changes a clinic's hours and a service's price; the customer side shows them", async () => {
    expect(saturdaysBefore.length).toBeGreaterThan(0)
    const s = await open(browser, 'staff-settings-desktop', DESKTOP, { cookiesAccepted: 'true' })
    const { page } = s
    await signInToSettings(page)
    await s.axe('organisation')

    await page.getByRole('tab', { name: 'Clinics' }).click()
    const clinic = page.getByRole('form', { name: 'Clinic', exact: true })
    await expect(clinic.getByLabel('Account name', { exact: true }).inputValue()).resolves.toBe('Harley Aesthetics London')
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await clinic.getByLabel(day, { exact: true }).fill('09:00-18:00')
    await clinic.getByRole('button', { name: 'Save clinic' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved: change clinic london (openingHours).' }).waitFor()
    await s.axe('clinics')
    await s.shot('clinics')

    await page.getByRole('tab', { name: 'Services' }).click()
    // the react-aria select's button is named by its value and its label
    await page.getByRole('button', { name: /Service$/ }).click()
    await page.getByRole('option', { name: 'Microneedling' }).click()
    const service = page.getByRole('form', { name: 'Service', exact: true })
    await expect(service.getByLabel('Price', { exact: true }).inputValue()).resolves.toBe('180')
    await service.getByLabel('Price', { exact: true }).fill('lots')
    await service.getByRole('button', { name: 'Save service' }).click()
    await page.getByRole('alert').filter({ hasText: /services\[\d+\]\.price: must be a number/ }).waitFor()
    await service.getByLabel('Price', { exact: true }).fill('175')
    await service.getByRole('button', { name: 'Save service' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved: change service microneedling (price).' }).waitFor()
    expect(s.problems).toEqual([])
    await s.context.close()

    // The customer side: no Saturday in London any more, and the new price in the service list.
    expect(await londonSaturdays()).toEqual([])
    const customer = await open(browser, 'staff-settings-customer', DESKTOP, { cookiesAccepted: 'true' })
    await customer.page.goto(`${server.url}/`)
    await chooseFirstLocation(customer)
    const row = customer.page.locator('section ul li button', { hasText: 'Microneedling' }).first()
    for (let i = 0; i < 10 && (await row.count()) === 0; i++) await customer.page.mouse.wheel(0, 4000)
    await expect(row.textContent()).resolves.toContain('£175.00')
    await customer.context.close()
  }, 120_000)

  it('fits a phone: tabs and forms in one column, no sideways scroll, axe clean', async () => {
    const s = await open(browser, 'staff-settings-phone', PHONE, { cookiesAccepted: 'true' })
    const { page } = s
    await signInToSettings(page)
    await page.getByRole('tab', { name: 'Practitioners' }).click()
    await page.getByRole('form', { name: 'Practitioner', exact: true }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await s.axe('practitioners-phone')
    await s.shot('practitioners-phone')
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 60_000)

  // About 30 s on 2 loaded cores: a course form filled in, a reload, then the Courses tab in a 375x667 browser, both checked with axe.
  it('the owner adds a course on the desktop; after a reload it is there, and the Courses tab fits a 375x667 phone', async () => {
    const s = await open(browser, 'staff-settings-course', DESKTOP, { cookiesAccepted: 'true' })
    const { page } = s
    await signInToSettings(page)
    await page.getByRole('tab', { name: 'Courses' }).click()
    const add = page.getByRole('form', { name: 'New course', exact: true })
    await add.getByLabel("New course's name", { exact: true }).fill('Microneedling course')
    await add.getByRole('button', { name: /New course's service$/ }).click()
    await page.getByRole('option', { name: 'Microneedling' }).click()
    await add.getByLabel("New course's sessions", { exact: true }).fill('3')
    await add.getByLabel("New course's price", { exact: true }).fill('480')
    await add.getByLabel("New course's validity (months)", { exact: true }).fill('9')
    await add.getByRole('button', { name: 'Add course' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved: create course microneedling-course.' }).waitFor()
    const course = page.getByRole('form', { name: 'Course', exact: true })
    await expect(course.getByLabel('Course name', { exact: true }).inputValue()).resolves.toBe('Microneedling course')
    await s.axe('courses')
    await s.shot('courses')
    expect(s.problems).toEqual([])
    await s.context.close()

    const phone = await open(browser, 'staff-settings-course-phone', SMALL_PHONE, { cookiesAccepted: 'true' })
    await signInToSettings(phone.page)
    await phone.page.getByRole('tab', { name: 'Courses' }).click()
    await phone.page.getByRole('button', { name: /Course$/ }).click()
    await phone.page.getByRole('option', { name: 'Microneedling course' }).click()
    const saved = phone.page.getByRole('form', { name: 'Course', exact: true })
    await expect(saved.getByLabel('Course price', { exact: true }).inputValue()).resolves.toBe('480')
    await expect(saved.getByLabel('Validity (months)', { exact: true }).inputValue()).resolves.toBe('9')
    await expect(saved.getByLabel('Sessions of Microneedling', { exact: true }).inputValue()).resolves.toBe('3')
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width)
    await phone.axe('courses-small-phone')
    await phone.shot('courses-small-phone')
    expect(phone.problems).toEqual([])
    await phone.context.close()
  }, 120_000)

  it('two admins at once: the later save is refused with the text and keeps what was typed; Reload shows the other change', async () => {
    const a = await open(browser, 'staff-settings-admin-a', DESKTOP, { cookiesAccepted: 'true' })
    const b = await open(browser, 'staff-settings-admin-b', DESKTOP, { cookiesAccepted: 'true' })
    await signInToSettings(a.page)
    await signInToSettings(b.page)
    const formA = a.page.getByRole('form', { name: 'Organisation', exact: true })
    const formB = b.page.getByRole('form', { name: 'Organisation', exact: true })
    await formA.getByLabel('Thank-you text (HTML)', { exact: true }).fill('<p>Thank you from A</p>')
    await formA.getByRole('button', { name: 'Save organisation' }).click()
    await a.page.getByRole('status').filter({ hasText: /^Saved: change organisation / }).waitFor()

    await formB.getByLabel('Terms and conditions (HTML)', { exact: true }).fill('<p>Terms by B</p>')
    await formB.getByRole('button', { name: 'Save organisation' }).click()
    await b.page.getByRole('alert').filter({ hasText: 'These settings were changed by someone else since you opened them. Reload to see the changes; your edit was not saved.' }).waitFor()
    await expect(formB.getByLabel('Terms and conditions (HTML)', { exact: true }).inputValue()).resolves.toBe('<p>Terms by B</p>')
    await b.axe('changed-elsewhere')
    await b.page.getByRole('button', { name: 'Reload the settings' }).click()
    await expect.poll(() => formB.getByLabel('Thank-you text (HTML)', { exact: true }).inputValue()).toBe('<p>Thank you from A</p>')
    expect(a.problems).toEqual([])
    // the page saw the change in its fresh read before sending (the server's own check is in setup-version.routes.test.ts)
    expect(b.problems).toEqual([])
    await a.context.close()
    await b.context.close()
  }, 120_000)

  it('the owner adds a practitioner login on the Staff logins tab and is shown the set-password link, makes it an admin, then removes it; axe clean', async () => {
    const s = await open(browser, 'staff-settings-staff', DESKTOP, { cookiesAccepted: 'true' })
    const { page } = s
    await signInToSettings(page)
    await page.getByRole('tab', { name: 'Staff logins' }).click()
    await page.getByRole('region', { name: 'Staff logins' }).getByText(DEMO_STAFF_ADMIN.email).waitFor()
    const add = page.getByRole('form', { name: 'New staff login', exact: true })
    await add.getByLabel('Their email', { exact: true }).fill('new.practitioner@example.com')
    await add.getByLabel('Their name', { exact: true }).fill('New Practitioner')
    await add.getByRole('button', { name: 'Add staff login' }).click()
    await page.getByRole('status').filter({ hasText: 'Staff login added for new.practitioner@example.com (practitioner).' }).waitFor()
    await page.getByText(/We have emailed new\.practitioner@example\.com a link to choose their password\. The same one-time link, to pass on yourself: http\S+\/staff\/set-password/).waitFor()
    const logins = page.getByRole('region', { name: 'Staff logins' })
    await logins.getByText('new.practitioner@example.com').waitFor()
    await s.axe('staff-logins')
    // Made an admin in place, then removed after a confirmation; the owner's own login offers no Remove.
    await logins.getByRole('button', { name: /Role of New Practitioner/ }).click()
    await page.getByRole('option', { name: 'Admin (desk, settings and reports)' }).click()
    await page.getByRole('status').filter({ hasText: 'New Practitioner is now an admin.' }).waitFor()
    expect(await logins.getByRole('button', { name: /^Remove .*admin@/ }).count()).toBe(0)
    await logins.getByRole('button', { name: 'Remove New Practitioner (new.practitioner@example.com)' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Remove this staff login?' })
    await confirm.getByText('New Practitioner (new.practitioner@example.com) can no longer sign in').waitFor()
    await s.axe('staff-logins-remove')
    await confirm.getByRole('button', { name: 'Remove login' }).click()
    await page.getByRole('status').filter({ hasText: 'Removed the staff login of New Practitioner (new.practitioner@example.com).' }).waitFor()
    await logins.getByText('new.practitioner@example.com').waitFor({ state: 'detached' })
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 90_000)

  // Last in the file: it archives a demo service the other scenarios may read.
  it('archiving an item with upcoming bookings: the dialog names their count, and only Archive anyway archives it (desktop, then a 375x667 phone)', async () => {
    const KEPT = (name: string) => new RegExp(`^${name} has \\d+ upcoming bookings?\\. (They are|It is) kept: archiving only hides ${name} online and from these settings\\.$`)
    // Desktop: Dr Sarah Jones has bookings to come; asked again with their count, Keep it leaves her as she is.
    const s = await open(browser, 'staff-settings-archive-desktop', DESKTOP, { cookiesAccepted: 'true' })
    await signInToSettings(s.page)
    await s.page.getByRole('tab', { name: 'Practitioners' }).click()
    await s.page.getByRole('button', { name: /Practitioner$/ }).click()
    await s.page.getByRole('option', { name: 'Dr Sarah Jones' }).click()
    await s.page.getByRole('button', { name: 'Archive Dr Sarah Jones' }).click()
    const asked = s.page.getByRole('alertdialog', { name: 'Archive this practitioner?' })
    await asked.getByRole('button', { name: 'Archive', exact: true }).click()
    await asked.getByText(KEPT('Dr Sarah Jones')).waitFor()
    await asked.getByText(/^Move or cancel (those bookings first if they|that booking first if it) should not go ahead\.$/).waitFor()
    await s.axe('archive-with-bookings')
    await s.shot('archive-with-bookings')
    await asked.getByRole('button', { name: 'Keep it' }).click()
    await asked.waitFor({ state: 'detached' })
    await s.page.getByRole('button', { name: 'Archive Dr Sarah Jones' }).waitFor()
    expect(await s.page.getByRole('status').filter({ hasText: /^Saved:/ }).count()).toBe(0)
    // the first Archive's 409 (the server's refusal, the dialog's question) is the only problem
    expect(s.problems.filter((p) => !/409/.test(p))).toEqual([])
    await s.context.close()

    // A phone: Lip filler 1ml (the demo's booking 10 days ahead) is archived only by Archive anyway.
    const phone = await open(browser, 'staff-settings-archive-phone', SMALL_PHONE, { cookiesAccepted: 'true' })
    await signInToSettings(phone.page)
    await phone.page.getByRole('tab', { name: 'Services' }).click()
    await phone.page.getByRole('button', { name: /Service$/ }).click()
    await phone.page.getByRole('option', { name: 'Lip filler 1ml' }).click()
    await phone.page.getByRole('button', { name: 'Archive Lip filler 1ml' }).click()
    const service = phone.page.getByRole('alertdialog', { name: 'Archive this service?' })
    await service.getByRole('button', { name: 'Archive', exact: true }).click()
    await service.getByText(KEPT('Lip filler 1ml')).waitFor()
    await service.getByText(/^Move or cancel (those bookings first if they|that booking first if it) should not go ahead\.$/).waitFor()
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width)
    await phone.axe('archive-with-bookings-phone')
    await phone.shot('archive-with-bookings-phone')
    await service.getByRole('button', { name: 'Archive anyway' }).click()
    await phone.page.getByRole('status').filter({ hasText: /^Saved: .*archive service lip-filler/ }).waitFor()
    const setup = await api<{ services: { name: string }[] }>(server.url, '/admin/setup', { headers: { authorization: `Bearer ${await staffToken()}` } })
    expect(setup.services.map((x) => x.name)).not.toContain('Lip filler 1ml')
    expect(phone.problems.filter((p) => !/409/.test(p))).toEqual([])
    await phone.context.close()
  }, 120_000)
})
