// Phone first (issue 17) at 375 × 667: the clinics above the fold on first load, the payment step's
// bottom bar (amount due now, never over Pay) with axe inside and outside the card frame, the
// customer area as cards with every action in view, and the booking flow embedded in a host page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { axeViolations, DESKTOP, launch, release, open, paymentFrame, payWithCard, SMALL_PHONE, sharedServerUrl } from './support/browser'
import { agreeToTerms, answer, api, chooseFirstLocation, chooseFirstTime, choosePractitioner, chooseService, logIn, verifiedCustomer, waitForThankYou } from './support/flows'
import { DEMO, DEMO_CUSTOMER } from '../../server/seed/demo.seed'

const baseUrl = sharedServerUrl()
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

type Box = { x: number; y: number; width: number; height: number }

/** The element's box lies wholly inside the viewport (no sideways or downward scrolling needed). */
function expectInView(box: Box | null, viewport: { width: number; height: number }, what: string): asserts box is Box {
  expect(box, what).not.toBeNull()
  const b = box as Box
  expect(b.x, `${what}: left edge`).toBeGreaterThanOrEqual(0)
  expect(b.y, `${what}: top edge`).toBeGreaterThanOrEqual(0)
  expect(b.x + b.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width)
  expect(b.y + b.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height)
}

/** Cumulative layout shift of the page so far (the largest-shift sum the browser recorded). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value
          }
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(total), 200)
      }),
  )
}

describe('phone (375 × 667): the first screen', () => {
  it('shows the first clinic above the fold with the cookie notice shown, a one-row header and a one-line banner', async () => {
    const s = await open(browser, 'phone-first-screen', SMALL_PHONE)
    const { page } = s
    await page.goto(`${baseUrl}/`)
    const cookies = page.getByRole('region', { name: 'Cookies' })
    await cookies.waitFor()
    const first = page.locator('ul li a').first()
    await first.waitFor()
    await page.locator('header img').first().waitFor()
    await page.waitForFunction(() => [...document.images].every((img) => img.complete))
    await s.shot('first-screen')

    const card = await first.boundingBox()
    expectInView(card, SMALL_PHONE, 'first clinic card')
    // the cookie notice is a small sheet at the bottom that leaves the first clinic uncovered
    const sheet = await cookies.boundingBox()
    expectInView(sheet, SMALL_PHONE, 'cookie notice')
    expect(sheet.height).toBeLessThan(SMALL_PHONE.height / 4)
    expect(card.y + card.height).toBeLessThanOrEqual(sheet.y)

    // one header row: the logo, the title and both actions share a line
    const logo = await page.locator('header img').first().boundingBox()
    const manage = await page.getByRole('button', { name: 'Manage appointments' }).boundingBox()
    const logIn = await page.getByRole('button', { name: 'Log in' }).boundingBox()
    expectInView(logo, SMALL_PHONE, 'logo')
    expectInView(manage, SMALL_PHONE, 'Manage appointments')
    expectInView(logIn, SMALL_PHONE, 'Log in')
    for (const b of [manage, logIn]) expect(b.y).toBeLessThan(logo.y + logo.height)
    // nothing wider than the screen, and each action's text inside its button
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    for (const name of ['Manage appointments', 'Log in']) {
      expect(await page.getByRole('button', { name }).evaluate((el) => el.scrollWidth <= el.clientWidth + 1), name).toBe(true)
    }

    // the banner on one line, whole after 'More'
    const banner = page.locator('#home-banner')
    const oneLine = await banner.evaluate((el) => el.getBoundingClientRect().height)
    const lineHeight = await banner.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5)
    expect(oneLine).toBeLessThan(lineHeight * 1.5)
    const more = page.getByRole('button', { name: 'More' })
    await more.click()
    expect(await page.getByRole('button', { name: 'Less' }).getAttribute('aria-expanded')).toBe('true')
    expect(await banner.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true)
    await s.shot('banner-open')

    // pictures: sized in the markup, loaded, and no layout shift while they arrived
    for (const img of await page.locator('header img, main img').all()) {
      expect(await img.getAttribute('width')).toMatch(/^\d+$/)
      expect(await img.getAttribute('height')).toMatch(/^\d+$/)
      expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    }
    expect(await page.locator('main ul li img').count()).toBe(2)
    expect(await layoutShift(page)).toBeLessThan(0.1)
    await s.axe('first screen with the cookie notice')
    expect(s.problems).toEqual([])
    await s.context.close()
  })
})

describe('phone (375 × 667): the header of a signed-in customer', () => {
  it('shows the site title whole beside the greeting and Manage appointments', async () => {
    const who = await api<{ token: string }>(baseUrl, '/login?from=customer', { method: 'POST', body: JSON.stringify(DEMO_CUSTOMER) })
    const s = await open(browser, 'phone-header-signed-in', SMALL_PHONE, { token: who.token, cookiesAccepted: 'true' })
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await page.getByText(/^Hi /).waitFor()
    const title = page.locator('header a > span').first()
    expect(await title.textContent()).toBe('Harley Aesthetics Online Booking')
    // neither cut at the side nor clamped below (the last line's ellipsis)
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1)).toBe(true)
    const logo = await page.locator('header img').first().boundingBox()
    for (const name of [/^Hi /, 'Manage appointments']) {
      const box = await page.locator('header nav').getByText(name).boundingBox()
      expectInView(box, SMALL_PHONE, String(name))
      expect(box.y).toBeLessThan(logo!.y + logo!.height)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await s.shot('header-signed-in')
    expect(s.problems).toEqual([])
    await s.context.close()
  })
})

describe("phone (375 × 667): a new visitor's service step", () => {
  it('keeps the cookie sheet above the bottom bar, moved there without a layout shift', async () => {
    const s = await open(browser, 'phone-step-cookies', SMALL_PHONE)
    const { page } = s
    await page.goto(`${baseUrl}/step/${DEMO.clinicLondon}`)
    const bar = page.locator('[data-bottom-bar]')
    await bar.waitFor()
    // nothing chosen yet: the bar says what to choose, not a total of £0.00
    await bar.getByText('Choose a service to see its price here.').waitFor()
    expect(await bar.getByTestId('bottom-bar-amount').count()).toBe(0)
    const cookies = page.getByRole('region', { name: 'Cookies' })
    await cookies.waitFor()
    await page.waitForTimeout(300)
    const [sheet, barBox] = [await cookies.boundingBox(), await bar.boundingBox()]
    expectInView(sheet, SMALL_PHONE, 'cookie notice')
    expect(barBox).not.toBeNull()
    expect(sheet.y + sheet.height, 'the sheet ends above the bottom bar').toBeLessThanOrEqual(barBox!.y)
    // the shifts the browser attributes to the sheet (it moved up when the bar arrived: CLS 0.023, issue 28)
    const sheetShift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
              if (entry.sources?.some((source) => source.node instanceof Element && source.node.closest('[data-cookie-sheet]'))) total += entry.value
            }
          }).observe({ type: 'layout-shift', buffered: true })
          setTimeout(() => resolve(total), 200)
        }),
    )
    expect(sheetShift).toBe(0)
    expect(s.problems).toEqual([])
    await s.context.close()
  })
})

describe('phone (375 × 667): the payment step', () => {
  it('the bottom bar reads the deposit due now and never covers Pay; the frame uses the accent; axe inside and outside the frame', async () => {
    const customer = await verifiedCustomer(baseUrl, 'phone-pay')
    const s = await open(browser, 'phone-payment', SMALL_PHONE, { cookiesAccepted: 'true' })
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await chooseFirstLocation(s)
    await chooseService(s, 'Cheek filler')
    await choosePractitioner(s, 'first')
    await answer(s, 'Do you want to book another service?', 'No')
    await page.getByRole('grid').waitFor()
    await chooseFirstTime(s)
    const bar = page.locator('[data-bottom-bar]')
    await bar.getByRole('button', { name: 'Book appointment' }).click()
    await logIn(s, customer.email, customer.password)
    await page.waitForURL(/\/confirm/)
    // Cheek filler £350.00, deposit 20 %: £70.00 is due now
    await bar.getByText('Due now · view summary').waitFor()
    expect(await bar.getByTestId('bottom-bar-amount').textContent()).toBe('£70.00')
    await agreeToTerms(s)

    const frame = await paymentFrame(page, s.problems)
    await page.getByRole('heading', { name: 'Payment' }).waitFor()
    expect(await bar.getByTestId('bottom-bar-amount').textContent()).toBe('£70.00')
    expect(await frame.locator('#submit').textContent()).toBe('Pay £70.00')
    await s.shot('payment')

    // Scrolled to the end of the page, Pay is wholly on screen and above the bottom bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await page.waitForFunction(() => Math.abs(window.scrollY + window.innerHeight - document.documentElement.scrollHeight) < 2)
    const frameBox = await page.locator('iframe[title="Card payment"]').boundingBox()
    const inner = await frame.locator('#submit').evaluate((el) => {
      const r = el.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height, overflow: document.documentElement.scrollHeight - window.innerHeight }
    })
    expect(inner.overflow, 'the card page fits its frame: nothing to scroll inside it').toBeLessThanOrEqual(0)
    const pay = { x: frameBox!.x + inner.x, y: frameBox!.y + inner.y, width: inner.width, height: inner.height }
    expectInView(pay, SMALL_PHONE, 'Pay')
    const barBox = await bar.boundingBox()
    expect(pay.y + pay.height, 'Pay ends above the bottom bar').toBeLessThanOrEqual(barBox!.y)
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.tagName, [pay.x + pay.width / 2, pay.y + pay.height / 2])).toBe('IFRAME')
    await s.shot('payment-scrolled')

    // the frame takes the app's accent
    const accent = await page.evaluate(() => {
      const probe = document.createElement('span')
      probe.style.color = 'var(--accent)'
      document.body.append(probe)
      const colour = getComputedStyle(probe).color
      probe.remove()
      return colour
    })
    expect(await frame.locator('#submit').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(accent)

    expect(await axeViolations(page), 'axe outside the payment frame').toEqual([])
    expect(await axeViolations(frame), 'axe inside the payment frame').toEqual([])

    await payWithCard(frame, '4242 4242 4242 4242')
    await waitForThankYou(s, /\/location\?serviceBooking=true/)
    await s.shot('thank-you')
    await s.context.close()
  })
})

describe('phone (375 px): the customer area', () => {
  async function signedIn(scenario: string, viewport: { width: number; height: number }) {
    const who = await api<{ token: string }>(baseUrl, '/login?from=customer', { method: 'POST', body: JSON.stringify(DEMO_CUSTOMER) })
    const s = await open(browser, scenario, viewport, { token: who.token, cookiesAccepted: 'true' })
    await s.page.goto(`${baseUrl}/app`)
    await s.page.getByRole('heading', { name: 'My account' }).waitFor()
    return s
  }

  it('shows appointments and courses as cards with every action in view, and how to contact the clinic', async () => {
    const s = await signedIn('phone-account-cards', SMALL_PHONE)
    const { page } = s
    const cards = page.locator('li[data-appointment-id]')
    await cards.first().waitFor()
    expect(await page.locator('table').count()).toBe(0)
    expect(await page.getByText('Swipe table to see options').count()).toBe(0)
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(await overflow()).toBeLessThanOrEqual(0)

    const future = page.locator(`li[data-appointment-id="${DEMO.apptFuture}"]`)
    await future.waitFor()
    expect(await future.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
    for (const text of ['Lip filler 1ml', 'Dr Sarah Jones', 'Harley Aesthetics London', 'Scheduled']) await future.getByText(text).first().waitFor()
    await s.shot('appointments')

    // every card's action (Options, Book again, or the reason it cannot be rebooked) is inside the screen's width
    const count = await cards.count()
    expect(count).toBeGreaterThan(1)
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i)
      await card.scrollIntoViewIfNeeded()
      const action = card.getByRole('button', { name: /^Options for|^Book again$/ }).or(card.getByText('Cannot be rebooked online')).first()
      const box = await action.boundingBox()
      const height = await page.evaluate(() => window.innerHeight)
      expectInView(box, { width: SMALL_PHONE.width, height }, `action of card ${i + 1}`)
    }

    // inside the late period the Options are disabled and the clinic's phone and email are given
    const soon = page.locator(`li[data-appointment-id="${DEMO.apptSoon}"]`)
    expect(await soon.getByRole('button', { name: /^Options for/ }).isDisabled()).toBe(true)
    expect(await soon.getByRole('link', { name: /^Call Harley Aesthetics London/ }).getAttribute('href')).toBe('tel:+442079460123')
    expect(await soon.getByRole('link', { name: /^Email Harley Aesthetics London/ }).getAttribute('href')).toBe('mailto:london@harley-aesthetics.example')
    await s.axe('appointment cards')

    await page.getByRole('tab', { name: 'Courses' }).click()
    const course = page.locator(`li[data-course-id="${DEMO.customerCourseDemo}"]`)
    await course.waitFor()
    const book = course.getByRole('button', { name: /^Book / })
    await book.scrollIntoViewIfNeeded()
    expectInView(await book.boundingBox(), SMALL_PHONE, 'Book')
    expect(await overflow()).toBeLessThanOrEqual(0)
    await s.shot('courses')
    await s.axe('course cards')
    expect(s.problems).toEqual([])
    await s.context.close()
  })

  it('keeps the tables on a desktop', async () => {
    const s = await signedIn('desktop-account-tables', DESKTOP)
    await s.page.locator(`tr[data-appointment-id="${DEMO.apptFuture}"]`).waitFor()
    expect(await s.page.locator('li[data-appointment-id]').count()).toBe(0)
    await s.context.close()
  })
})

describe('the booking flow embedded in a host page', () => {
  it('has no header of its own and reports its height to the host page', async () => {
    const s = await open(browser, 'booking-embed', DESKTOP, { cookiesAccepted: 'true' })
    const { page } = s
    const response = await page.request.get(`${baseUrl}/?embed=1`)
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'self'")
    await page.goto(`${baseUrl}/embed-booking-example.html`)
    const handle = await page.waitForSelector('iframe#booking-frame')
    const frame = (await handle.contentFrame())!
    await frame.locator('ul li a').first().waitFor()
    expect(await frame.locator('header').count()).toBe(0)
    const reported = async () => {
      await page.waitForFunction(() => /^\d+ px$/.test(document.getElementById('height')?.textContent ?? ''))
      return Number((await page.locator('#height').textContent())!.replace(' px', ''))
    }
    const content = () => frame.evaluate(() => Math.ceil(document.querySelector('#root > div')!.getBoundingClientRect().height))
    await expect.poll(async () => (await reported()) === (await content())).toBe(true)
    const first = await reported()
    await s.shot('embedded-locations')

    await frame.locator('ul li a').first().click()
    await frame.locator('h1:has-text("Choose a service")').waitFor()
    await frame.locator('section ul li button').first().waitFor()
    await expect.poll(async () => (await reported()) !== first && (await reported()) === (await content())).toBe(true)
    expect(await frame.locator('header').count()).toBe(0)
    await s.shot('embedded-services')
    expect(await axeViolations(page)).toEqual([])
    expect(s.problems).toEqual([])
    await s.context.close()
  })
})
