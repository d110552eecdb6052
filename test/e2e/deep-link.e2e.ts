// The booking wizard started from the URL alone (spec sections 2 and 4, 'The step derives from the
// URL'): a reload on the service step and on the practitioner/time step, a shared step link in a
// fresh browser, and links that cannot be rebuilt falling back to the nearest earlier valid step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, release, open, type Session, sharedServerUrl } from './support/browser'
import { agreeToTerms, answer, api, chooseFirstLocation, chooseFirstTime, choosePractitioner, chooseService, waitForThankYou } from './support/flows'
import { DEMO, DEMO_CUSTOMER } from '../../server/seed/demo.seed'

const baseUrl = sharedServerUrl()
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

const SERVICE = 'Anti-wrinkle injections: 1 area'
const staffPath = `/step/${DEMO.clinicLondon}/${DEMO.catAntiWrinkle}/${DEMO.sAntiWrinkle1}`

/** The staff step of SERVICE, rebuilt: heading, the service named, its practitioners, the summary. */
async function expectStaffStep(s: Session): Promise<void> {
  const { page } = s
  await page.waitForSelector('h1:has-text("Choose a practitioner")', { timeout: 15_000 })
  await page.getByText(`For ${SERVICE}`).waitFor({ timeout: 15_000 })
  const practitioners = page.getByRole('list', { name: 'Practitioners' })
  await practitioners.locator('li > button', { hasText: 'Any practitioner' }).waitFor()
  expect(await practitioners.locator('li > button', { hasText: 'James Patel' }).count()).toBe(1)
  const summary = page.getByRole('complementary', { name: 'Booking summary' })
  await summary.getByText('Harley Aesthetics London').first().waitFor()
  await summary.getByText(SERVICE).first().waitFor()
}

describe('the wizard started from the URL alone', () => {
  it('a reload on the service step shows the service list of the clinic', async () => {
    const s = await open(browser, 'deep-link-service', undefined, { cookiesAccepted: 'true' })
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    const url = page.url()
    await page.reload()
    await page.waitForSelector('h1:has-text("Choose a service")', { timeout: 15_000 })
    await page.locator('section ul li button', { hasText: SERVICE }).first().waitFor({ timeout: 15_000 })
    expect(page.url()).toBe(url)
    await s.shot('service-reloaded')
    // The rebuilt list works: a service leads to the practitioners.
    await chooseService(s, SERVICE)
    await expectStaffStep(s)
    expect(s.problems).toEqual([])
    await s.context.close()
  })

  it('a reload on the practitioner/time step rebuilds the service and continues to a time', async () => {
    const s = await open(browser, 'deep-link-time', undefined, { cookiesAccepted: 'true' })
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await chooseService(s, SERVICE)

    // On the practitioner step.
    const staffUrl = page.url()
    expect(staffUrl).toContain(staffPath)
    await page.reload()
    await expectStaffStep(s)
    expect(page.url()).toBe(staffUrl)
    await s.shot('staff-reloaded')

    // On the time step (same URL), no time picked: the practitioner chosen is not in the URL, the tab
    // keeps it (session storage), so the time step shows again rather than the practitioners.
    await choosePractitioner(s, 'first')
    await answer(s, 'Do you want to book another service?', 'No')
    await page.getByRole('grid').waitFor()
    await page.reload()
    await page.waitForSelector('h1:has-text("Choose a date and time")', { timeout: 15_000 })
    await page.getByRole('grid').waitFor()
    expect(await page.getByRole('list', { name: 'Practitioners' }).count()).toBe(0)
    expect(page.url()).toBe(staffUrl)
    await s.shot('time-reloaded')
    await chooseFirstTime(s)
    const book = page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first()
    await expect.poll(() => book.isEnabled()).toBe(true)
    expect(s.problems).toEqual([])
    await s.context.close()
  })

  it('a shared step link opens in a fresh browser; a confirm link without a held time falls back to the practitioners', async () => {
    const s = await open(browser, 'deep-link-shared', undefined, { cookiesAccepted: 'true' })
    const { page } = s
    await page.goto(`${baseUrl}${staffPath}?service=0`)
    await expectStaffStep(s)

    await page.goto(`${baseUrl}${staffPath}/confirm?service=0`)
    await page.waitForURL(`${baseUrl}${staffPath}?service=0`, { timeout: 15_000 })
    await expectStaffStep(s)
    expect(await page.getByRole('dialog', { name: 'Log in to continue' }).count()).toBe(0)
    expect(s.problems).toEqual([])
    await s.context.close()
  })

  it('a link naming an unknown service or clinic falls back to the services or the location list', async () => {
    const s = await open(browser, 'deep-link-unknown', undefined, { cookiesAccepted: 'true' })
    const { page } = s
    await page.goto(`${baseUrl}/step/${DEMO.clinicLondon}/${DEMO.catAntiWrinkle}/5e00000000000000000000ff?service=0`)
    await page.waitForURL(`${baseUrl}/step/${DEMO.clinicLondon}`, { timeout: 15_000 })
    await page.waitForSelector('h1:has-text("Choose a service")')
    await page.locator('section ul li button', { hasText: SERVICE }).first().waitFor({ timeout: 15_000 })

    await page.goto(`${baseUrl}/step/c100000000000000000000ff/${DEMO.catAntiWrinkle}/${DEMO.sAntiWrinkle1}`)
    await page.waitForURL(`${baseUrl}/`, { timeout: 15_000 })
    await page.waitForSelector('h1:has-text("Choose a location")')
    await page.getByText('Harley Aesthetics London').first().waitFor()
    await s.context.close()
  })

  it('a course session booked through /step/location, reloaded on the practitioner step, is booked against the course', async () => {
    const who = await api<{ token: string; user: { id: string } }>(baseUrl, '/login?from=customer', { method: 'POST', body: JSON.stringify(DEMO_CUSTOMER) })
    const reserved = async () => {
      const courses = await api<{ id: string; reserved: number }[]>(baseUrl, `/course/customer-course?customerId=${who.user.id}&clinic=all&excludeExpired=false`, {
        headers: { authorization: `Bearer ${who.token}` },
      })
      return courses.find((c) => c.id === DEMO.customerCourseDemo)?.reserved
    }
    const before = await reserved()
    const s = await open(browser, 'deep-link-course', undefined, { token: who.token, cookiesAccepted: 'true' })
    const { page } = s
    const query = `preselectedCategory=${DEMO.catLaser}&preselectedService=${DEMO.sLaserSmall}&course=true&courseServiceBooking=true`
    await page.goto(`${baseUrl}/step/location?${query}`)
    await page.waitForSelector('h1:has-text("Choose a location")')
    await page.locator('ul li a', { hasText: 'Harley Aesthetics Manchester' }).click()
    const staffUrl = `${baseUrl}/step/${DEMO.clinicManchester}/${DEMO.catLaser}/${DEMO.sLaserSmall}?course=true&courseServiceBooking=true`
    await page.waitForURL(staffUrl)
    await page.waitForSelector('h1:has-text("Choose a practitioner")')
    await page.reload()
    await page.waitForSelector('h1:has-text("Choose a practitioner")', { timeout: 15_000 })
    await page.getByText('For Laser hair removal: small area').waitFor({ timeout: 15_000 })
    expect(page.url()).toBe(staffUrl)
    await s.shot('course-staff-reloaded')
    await choosePractitioner(s, 'first')
    await answer(s, 'Do you want to book another service?', 'No')
    await chooseFirstTime(s)
    await page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
    await page.waitForURL(/\/confirm/)
    await agreeToTerms(s)
    await waitForThankYou(s, /\/location\?courseServiceBooking=true/)
    await expect.poll(reserved, { timeout: 15_000 }).toBe((before ?? 0) + 1)
    expect(s.problems).toEqual([])
    await s.context.close()
  })
})
