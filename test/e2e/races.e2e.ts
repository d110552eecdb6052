/**
 * Issue 27's races, tried as customers do on a loaded machine: the 20-iteration loops live here
 * alone (the rest of the suite stays quick). Through the browser only, so they hold whatever shape
 * the wizard's code takes.
 * - A reload keeps the place on every step of a booking (20 reloads) while a second customer
 *   browses the same service and a busy process loads the CPU: never back on 'Choose a
 *   practitioner' with 'Do you want to book another service?', never a 4xx for the hold.
 * - The held steps (time, confirm) of multi-service, book again and course session, and a course
 *   purchase's confirm, keep their place over a reload under the same load. (Not here: reschedule,
 *   whose URL alone cannot rebuild it and falls back to the account page; a gift voucher's confirm.)
 * - A signed-in customer books again and again in the same tab on a phone (touch taps): every
 *   tapped time sticks.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launch, release, open, paymentFrame, payWithCard, SMALL_PHONE, DESKTOP, type Session, sharedServerUrl } from './support/browser'
import { agreeToTerms, answer, chooseFirstLocation, chooseFirstTime, choosePractitioner, chooseService, logIn, monthWithFreeDay, signIn, verifiedCustomer, waitForThankYou } from './support/flows'
import { DEMO, DEMO_CUSTOMER } from '../../server/seed/demo.seed'

const baseUrl = sharedServerUrl()
const ANOTHER_SERVICE = 'Do you want to book another service?'
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

/** A busy process beside the browser (the loaded machine of the reports); returns its stop. */
function loadCpu(): () => void {
  const child: ChildProcess = spawn(process.execPath, ['-e', 'const end = Date.now() + 300000; while (Date.now() < end) {}'], { stdio: 'ignore' })
  return () => void child.kill('SIGKILL')
}

/**
 * A second customer looking at the same service's times again and again (another context, no
 * hold): the staff step, the calendar, a day's times. Returns its stop, which waits for the loop.
 */
function browseAlongside(serviceUrl: string): () => Promise<void> {
  let running = true
  const loop = (async () => {
    const other = await open(browser, 'races-browser', DESKTOP, { cookiesAccepted: 'true' })
    try {
      while (running) {
        await other.page.goto(serviceUrl)
        await choosePractitioner(other, 'first')
        await answer(other, ANOTHER_SERVICE, 'No')
        const [day] = await monthWithFreeDay(other)
        await day!.click()
        await other.page.locator('ul li button[aria-pressed]').first().waitFor({ timeout: 30_000 })
      }
    } catch (e) {
      // The page closed under it at the end: only a failure while running counts.
      if (running) throw e
    } finally {
      await other.context.close()
    }
  })()
  return async () => {
    running = false
    await loop
  }
}

async function reloadTo(s: Session, title: string): Promise<void> {
  await s.page.reload()
  await s.page.waitForSelector(`h1:has-text("${title}")`)
}

/** The place kept: no step of another, no 'another service' question, the URL still names the hold. */
async function expectPlaceKept(s: Session, label: string, what: string): Promise<void> {
  const { page } = s
  await page.getByText(label, { exact: true }).first().waitFor({ state: 'attached' })
  // A restore that went wrong shows itself a moment later (the practitioner step's own load).
  await page.waitForTimeout(300)
  expect(await page.getByRole('dialog', { name: ANOTHER_SERVICE }).count(), `${what}: the another-service question`).toBe(0)
  expect(await page.locator('h1').innerText(), what).not.toBe('Choose a practitioner')
  expect(new URL(page.url()).searchParams.get('hold'), `${what}: the hold in the URL`).toMatch(/^[0-9a-f]{24}\./)
}

/** The chip of the chosen time ('10:15'), pressed. */
function chosenChip(page: Page) {
  return page.locator('ul li button[aria-pressed="true"]')
}

describe('a reload on every step, a second customer browsing the same service, the CPU loaded', () => {
  // Slow (~55 s): issue 27 asks for 20 reloads under load, 0 lost; fewer would not show a 1-in-7 race.
  it('20 reloads from the service list to the payment step: the place, the time and its hold are never lost', async () => {
    const customer = await verifiedCustomer(baseUrl, 'races-reload')
    const s = await open(browser, 'races-reload', SMALL_PHONE, { cookiesAccepted: 'true' })
    const { page } = s
    const serviceUrl = `${baseUrl}/step/${DEMO.clinicLondon}/${DEMO.catFillers}/${DEMO.sCheekFiller}`
    const stopCpu = loadCpu()
    const stopBrowsing = browseAlongside(serviceUrl)
    let reloads = 0
    try {
      await page.goto(`${baseUrl}/`)
      await chooseFirstLocation(s)
      await reloadTo(s, 'Choose a service')
      reloads++
      await chooseService(s, 'Cheek filler')
      // One practitioner: chosen at once, and the question asked; a reload asks again.
      await page.getByRole('dialog', { name: ANOTHER_SERVICE }).waitFor()
      await reloadTo(s, 'Choose a practitioner')
      reloads++
      await choosePractitioner(s, 'first')
      await answer(s, ANOTHER_SERVICE, 'No')
      await monthWithFreeDay(s)
      // Before a time is picked a reload keeps the time step (its practitioner and month), no question asked.
      await reloadTo(s, 'Choose a date and time')
      reloads++
      expect(await page.getByRole('dialog', { name: ANOTHER_SERVICE }).count(), 'time step before a pick: the another-service question').toBe(0)
      await (await monthWithFreeDay(s))[0]!.click()
      const chip = page.locator('ul li button[aria-pressed]:not([disabled])').first()
      await chip.waitFor({ timeout: 30_000 })
      const label = await chip.innerText()
      await chip.click()
      await page.getByRole('timer').waitFor()
      for (let i = 0; i < 3; i++) {
        await reloadTo(s, 'Choose a date and time')
        reloads++
        await expectPlaceKept(s, label, `time step, reload ${i + 1}`)
        await chosenChip(page).waitFor({ timeout: 30_000 })
      }
      await page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
      await logIn(s, customer.email, customer.password)
      await page.waitForURL(/\/confirm/)
      // (The old page's leaving release reaching the server after the reloaded page's read, the other
      // cause of a lost place, is not the browser's to order: server/booking/holds.routes.test.ts.)
      for (let i = 0; i < 10; i++) {
        await reloadTo(s, 'Confirm your booking')
        reloads++
        await expectPlaceKept(s, label, `confirm step, reload ${i + 1}`)
      }
      await agreeToTerms(s)
      await paymentFrame(page, s.problems)
      for (let i = 0; i < 4; i++) {
        await reloadTo(s, 'Payment')
        reloads++
        await expectPlaceKept(s, label, `payment step, reload ${i + 1}`)
        await paymentFrame(page, s.problems)
      }
      expect(reloads).toBe(20)
      await payWithCard(await paymentFrame(page, s.problems), '4242 4242 4242 4242')
      await waitForThankYou(s, /\/location\?serviceBooking=true/)
      // No request of the flow was refused (a reload of the payment step read its claimed hold: 409).
      expect(s.problems.filter((p) => /^4\d\d /.test(p))).toEqual([])
    } finally {
      stopCpu()
      await stopBrowsing()
      await s.context.close()
    }
  }, 420_000)
})

/** The summary's lines after a reload: the same services (and the course's 'Included'), the place kept. */
async function reloadKeeps(s: Session, title: string, lines: (string | RegExp)[], what: string, held = true): Promise<void> {
  await reloadTo(s, title)
  const summary = s.page.getByRole('complementary', { name: 'Booking summary' })
  try {
    for (const line of lines) await summary.getByText(line).first().waitFor({ state: 'attached' })
  } catch (e) {
    await s.shot(`lost-${what.replace(/\W+/g, '-')}`)
    throw new Error(`${what}: ${(e as Error).message}\nurl: ${s.page.url()}\nsummary: ${await summary.innerText().catch(() => '?')}`)
  }
  if (title === 'Choose a date and time') {
    await chosenChip(s.page).waitFor({ timeout: 30_000 }).catch(async (e: Error) => {
      await s.shot(`no-time-${what.replace(/\W+/g, '-')}`)
      throw new Error(`${what}: no chosen time after the reload: ${e.message}`)
    })
  }
  await s.page.waitForTimeout(300)
  expect(await s.page.getByRole('dialog', { name: ANOTHER_SERVICE }).count(), `${what}: the another-service question`).toBe(0)
  expect(await s.page.locator('h1').innerText(), what).toBe(title)
  if (held) expect(new URL(s.page.url()).searchParams.get('hold'), `${what}: the hold in the URL`).toMatch(/^[0-9a-f]{24}\./)
}

/** 'Book appointment' (enabled once the time is chosen and held); what the page shows when it is not. */
async function bookAppointment(s: Session, what: string): Promise<void> {
  const button = s.page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first()
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true).catch(async () => {
    await s.shot(`book-disabled-${what.replace(/\W+/g, '-')}`)
    const summary = await s.page.getByRole('complementary', { name: 'Booking summary' }).innerText().catch(() => '?')
    throw new Error(`${what}: 'Book appointment' stays disabled\nurl: ${s.page.url()}\nsummary: ${summary}\nproblems: ${s.problems.join(' | ')}`)
  })
  await button.click({ timeout: 15_000 }).catch(async (e: Error) => {
    await s.shot(`book-unclickable-${what.replace(/\W+/g, '-')}`)
    const urls: string[] = []
    for (let i = 0; i < 5; i++) {
      urls.push(`${s.page.url()} [${await s.page.locator('h1').innerText().catch(() => '?')}] enabled=${await button.isEnabled().catch(() => '?')}`)
      await s.page.waitForTimeout(200)
    }
    await s.shot(`book-unclickable-later-${what.replace(/\W+/g, '-')}`)
    throw new Error(`${what}: ${e.message}\n${urls.join('\n')}\nproblems: ${s.problems.join(' | ')}`)
  })
}

/** The held time's page given up at the end (a reload's grace, then the time is free for the next scenario). */
async function leave(s: Session): Promise<void> {
  await s.page.goto(`${baseUrl}/`)
  await s.context.close()
}

/** The demo customer signed in through the API (the token the web app keeps), on their account page. */
async function demoCustomer(scenario: string): Promise<Session> {
  const who = await signIn(baseUrl, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
  const s = await open(browser, scenario, DESKTOP, { token: who.token, cookiesAccepted: 'true' })
  await s.page.goto(`${baseUrl}/app`)
  await s.page.getByRole('heading', { name: 'My account' }).waitFor()
  return s
}

describe('a reload on the held steps of every other mode, a second customer browsing, the CPU loaded', () => {
  let stopCpu: () => void = () => {}
  let stopBrowsing: () => Promise<void> = async () => {}
  beforeAll(() => {
    stopCpu = loadCpu()
    stopBrowsing = browseAlongside(`${baseUrl}/step/${DEMO.clinicLondon}/${DEMO.catFillers}/${DEMO.sCheekFiller}`)
  })
  afterAll(async () => {
    stopCpu()
    await stopBrowsing()
  })

  it('multi-service: the time and confirm steps keep both services and their hold', async () => {
    const customer = await verifiedCustomer(baseUrl, 'races-multi')
    const s = await open(browser, 'races-multi', DESKTOP, { cookiesAccepted: 'true' })
    await s.page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await chooseService(s, 'Anti-wrinkle injections: 3 areas')
    await choosePractitioner(s, 'any')
    await answer(s, ANOTHER_SERVICE, 'Yes')
    await chooseService(s, 'Cheek filler')
    await choosePractitioner(s, 'any')
    await answer(s, ANOTHER_SERVICE, 'No')
    await chooseFirstTime(s)
    await s.page.getByRole('timer').waitFor()
    const lines = ['Anti-wrinkle injections: 3 areas', 'Cheek filler']
    await reloadKeeps(s, 'Choose a date and time', lines, 'multi-service time step')
    await bookAppointment(s, 'multi-service')
    await logIn(s, customer.email, customer.password)
    await s.page.waitForURL(/\/confirm/)
    await reloadKeeps(s, 'Confirm your booking', lines, 'multi-service confirm step')
    await leave(s)
  })

  it('book again: the time and confirm steps keep the service, the practitioner and the hold', async () => {
    const s = await demoCustomer('races-book-again')
    const { page } = s
    await page.locator(`[data-appointment-id="${DEMO.apptPast}"]`).getByRole('button', { name: 'Book again' }).click()
    await page.waitForSelector('h1:has-text("Choose a practitioner")')
    await page.getByRole('list', { name: 'Practitioners' }).locator('li > button', { hasText: 'James Patel' }).click()
    await answer(s, ANOTHER_SERVICE, 'No')
    await chooseFirstTime(s)
    await page.getByRole('timer').waitFor()
    const lines = [/Anti-wrinkle injections: 1 area/, /James Patel/]
    await reloadKeeps(s, 'Choose a date and time', lines, 'book again time step')
    await bookAppointment(s, 'book again')
    await page.waitForURL(/\/confirm/)
    await reloadKeeps(s, 'Confirm your booking', lines, 'book again confirm step')
    await leave(s)
  })

  it('course session: the time and confirm steps keep the session included in the course', async () => {
    const s = await demoCustomer('races-course-session')
    const { page } = s
    await page.getByRole('tab', { name: 'Courses' }).click()
    await page.locator(`tr[data-course-id="${DEMO.customerCourseDemo}"]`).getByRole('button', { name: /^Book / }).click()
    await page.waitForSelector('h1:has-text("Choose a practitioner")')
    await page.getByRole('list', { name: 'Practitioners' }).locator('li button:not([aria-label])').nth(1).click()
    await answer(s, ANOTHER_SERVICE, 'No')
    await chooseFirstTime(s)
    await page.getByRole('timer').waitFor()
    const included = /^Included in your course/
    await reloadKeeps(s, 'Choose a date and time', [included], 'course session time step')
    await bookAppointment(s, 'course session')
    await page.waitForURL(/\/confirm/)
    await reloadKeeps(s, 'Confirm your booking', [included], 'course session confirm step')
    const summary = page.getByRole('complementary', { name: 'Booking summary' })
    expect(await summary.locator('[class*="total"]').first().textContent()).toMatch(/Total\s*£0\.00/)
    await leave(s)
  })

  it('course purchase: the confirm step keeps the course', async () => {
    const customer = await verifiedCustomer(baseUrl, 'races-course')
    const s = await open(browser, 'races-course', DESKTOP, { cookiesAccepted: 'true' })
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await page.getByRole('button', { name: 'Courses', exact: true }).click()
    // The courses' list, not the services' still on screen a moment (their first button would name a service).
    await page.getByRole('heading', { name: 'Choose a course' }).waitFor()
    const course = page.locator('section ul li > button:not([aria-label])').first()
    await course.waitFor()
    const name = (await course.locator('span').first().innerText()).trim()
    await course.click()
    await answer(s, 'Do you want to add another course?', 'No')
    await page.waitForURL(/\/confirm/)
    await logIn(s, customer.email, customer.password)
    await reloadKeeps(s, 'Confirm your booking', [name], 'course purchase confirm step', false)
    await reloadKeeps(s, 'Confirm your booking', [name], 'course purchase confirm step, again', false)
    await s.context.close()
  })
})

describe('a signed-in customer books again and again in the same tab on a phone', () => {
  // Slow (~45 s): 20 whole bookings in one tab (issue 27's count), so that a 1-in-7 lost tap shows.
  it('20 bookings: every tapped time sticks (chosen, held, Book appointment enabled)', async () => {
    const customer = await verifiedCustomer(baseUrl, 'races-taps')
    const s = await open(browser, 'races-taps', SMALL_PHONE, { cookiesAccepted: 'true' }, { touch: true })
    const { page } = s
    const stopCpu = loadCpu()
    try {
      await page.goto(`${baseUrl}/`)
      await page.getByRole('button', { name: 'Log in' }).first().click()
      await logIn(s, customer.email, customer.password)
      await chooseFirstLocation(s)
      for (let run = 1; run <= 20; run++) {
        await chooseService(s, 'Free consultation')
        await choosePractitioner(s, 'any')
        await answer(s, ANOTHER_SERVICE, 'No')
        const days = await monthWithFreeDay(s)
        await days[0]!.tap()
        const chip = page.locator('ul li button[aria-pressed]:not([disabled])').first()
        await chip.waitFor({ timeout: 30_000 })
        const label = await chip.innerText()
        await chip.tap()
        const book = page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first()
        await expect.poll(async () => (await chosenChip(page).count()) === 1 && (await book.isEnabled()), { message: `run ${run}: the tapped ${label} sticks`, timeout: 15_000 }).toBe(true)
        await page.getByRole('timer').waitFor()
        expect(await chosenChip(page).innerText(), `run ${run}`).toBe(label)
        await book.tap()
        await page.waitForURL(/\/confirm/)
        await agreeToTerms(s)
        await waitForThankYou(s, /\/location\?serviceBooking=true/)
        await page.getByRole('button', { name: 'Book new appointment' }).tap()
        await page.waitForSelector('h1:has-text("Choose a service")')
      }
    } finally {
      stopCpu()
      await s.context.close()
    }
  }, 600_000)
})
