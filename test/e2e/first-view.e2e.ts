// The first view as the server sends it (issue 28): a new visitor's page arrives with the header, the
// banner and the location list in its HTML and the browser hydrates that markup (React attaches to
// the server's elements, none is replaced, no hydration error in the console), whoever the visitor:
// a returning or signed-in visitor's page is hydrated too, then shows their own state; a tap on a
// clinic before hydration navigates (each clinic is a link); the embedded flow (?embed=1) is the browser's alone.
// A clinic's service list (/step/{clinic}) likewise: in the HTML, then hydrated, then a tap chooses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launch, release, open, PHONE, SMALL_PHONE, sharedServerUrl } from './support/browser'
import { api, signIn } from './support/flows'
import { DEMO, DEMO_CUSTOMER } from '../../server/seed/demo.seed'

const baseUrl = sharedServerUrl()
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
})

const STAGING_NOTE = 'This is a staging environment! It includes unstable features and all data generated may be deleted without notice.'

/** Records every element taken out of the page from its first byte on (a fresh render replaces the server's markup). */
async function watchRemovals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const removed: string[] = []
    Object.assign(window, { __removedElements: removed })
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.removedNodes) if (node.nodeType === 1) removed.push((node as Element).outerHTML.slice(0, 80))
    }).observe(document, { childList: true, subtree: true })
  })
}

const removedElements = (page: Page) => page.evaluate(() => (window as unknown as { __removedElements: string[] }).__removedElements)

/** The first clinic's link once React's handlers are on it (hydrated or rendered). */
async function firstClinicReady(page: Page) {
  const first = page.locator('section[aria-labelledby="locations-title"] ul li a').first()
  await first.waitFor()
  await page.waitForFunction(() => {
    const button = document.querySelector('section[aria-labelledby="locations-title"] ul li a')
    return !!button && Object.keys(button).some((key) => key.startsWith('__reactProps'))
  })
  return first
}

describe('the first view rendered by the server', () => {
  it("arrives in the page's HTML for a new visitor: staging note, header, banner and the tenant's clinics", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text()
    const clinics = await api<{ id: string; accountName: string }[]>(baseUrl, '/public-clinics')
    const organisation = await api<{ name: string }>(baseUrl, '/public/organisations')
    const root = /<div id="root" data-first-view="[^"]*">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html)?.[1]
    expect(root).toBeDefined()
    expect(root).toContain(STAGING_NOTE)
    expect(root).toContain(`${organisation.name} Online Booking`)
    expect(root).toContain('Choose a location')
    for (const clinic of clinics) expect(root).toContain(clinic.accountName)
  })

  it('is hydrated in the browser of a new visitor on a phone: no element replaced, no error, the list works', async () => {
    const s = await open(browser, 'first-view-hydrated', PHONE)
    await watchRemovals(s.page)
    await s.page.goto(`${baseUrl}/`)
    const first = await firstClinicReady(s.page)
    await s.page.waitForLoadState('load')
    expect(await s.page.getByRole('note').textContent()).toBe(STAGING_NOTE)
    expect(await s.page.getByRole('region', { name: 'Cookies' }).isVisible()).toBe(true)
    expect(await removedElements(s.page)).toEqual([])
    // The banner's words stand in until DOMPurify has loaded, then its HTML: the same element's row.
    await s.page.locator('#home-banner strong').waitFor()
    await first.click()
    await s.page.waitForURL(/\/step\/[0-9a-f]{24}$/)
    await s.page.getByRole('heading', { level: 1 }).waitFor()
    expect(s.problems).toEqual([])
    await s.context.close()
  })

  it('is hydrated for a returning visitor (cookies answered) and a signed-in customer too: only the sheet and "Log in" go', async () => {
    const who = await signIn(baseUrl, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
    for (const [scenario, init] of [
      ['first-view-returning', { cookiesAccepted: 'true' }],
      ['first-view-signed-in', { cookiesAccepted: 'true', token: who.token }],
    ] as const) {
      const s = await open(browser, scenario, DESKTOP, init)
      await watchRemovals(s.page)
      await s.page.goto(`${baseUrl}/`)
      await firstClinicReady(s.page)
      if ('token' in init) await s.page.getByText(/^Hi /).waitFor()
      await s.page.getByRole('region', { name: 'Cookies' }).waitFor({ state: 'detached' })
      // The server's markup stays (hydrated): what leaves it is the new visitor's cookie sheet (hidden
      // before the first paint) and, signed in, the 'Log in' button.
      const removed = await removedElements(s.page)
      for (const element of removed) expect(element, scenario).toMatch(/^<section [^>]*aria-label="Cookies"|^<button [^>]*>Log in</)
      expect(removed.some((element) => element.includes('aria-label="Cookies"')), scenario).toBe(true)
      expect(await s.page.locator('header').count()).toBe(1)
      expect(s.problems, scenario).toEqual([])
      await s.context.close()
    }
  })

  it('takes a tap on a clinic before hydration (phone, cookies answered, signed in) to that clinic\'s next step', async () => {
    const who = await signIn(baseUrl, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
    const clinics = await api<{ id: string; accountName: string }[]>(baseUrl, '/public-clinics')
    for (let run = 1; run <= 3; run += 1) {
      const s = await open(browser, `first-view-early-tap-${run}`, SMALL_PHONE, { cookiesAccepted: 'true', token: who.token }, { touch: true })
      // The app's entry arrives late (a slow phone network): the tap lands on the server's markup, not yet React's.
      await s.page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500))
        await route.continue()
      })
      await s.page.goto(`${baseUrl}/`, { waitUntil: 'commit' })
      const first = s.page.locator('section[aria-labelledby="locations-title"] ul li a').first()
      await first.waitFor()
      // textContent, not innerText: the latter reads the layout, one line where the stylesheet has not applied yet.
      const text = (await first.textContent()) ?? ''
      const clinic = clinics.find((c) => text.startsWith(c.accountName))
      expect(await first.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactProps')))).toBe(false)
      // A link: the browser itself loads the clinic's step (a document request), no script replays the tap.
      expect(await first.getAttribute('href')).toBe(`/step/${clinic?.id}`)
      const documentLoad = s.page.waitForRequest((request) => request.isNavigationRequest() && request.url() === `${baseUrl}/step/${clinic?.id}`)
      await first.tap()
      await documentLoad
      await s.page.waitForURL(`${baseUrl}/step/${clinic?.id}`)
      await s.page.getByRole('heading', { level: 1 }).waitFor()
      await s.page.getByText(/^Hi /).waitFor()
      expect(s.problems, `run ${run}`).toEqual([])
      await s.context.close()
    }
  })

  it("is hydrated in a frame that remembers the embedded flow, then drops the server's header", async () => {
    const s = await open(browser, 'first-view-framed', PHONE)
    await s.page.goto(`${baseUrl}/privacy`)
    // The embedded flow first (the plain shell; the frame's session remembers it), then the frame on '/': the server's markup.
    await s.page.evaluate((url) => {
      const frame = document.createElement('iframe')
      frame.name = 'booking'
      frame.src = url
      document.body.appendChild(frame)
    }, `${baseUrl}/?embed=1`)
    const handle = await s.page.waitForSelector('iframe[name="booking"]')
    const frame = (await handle.contentFrame())!
    await frame.locator('section[aria-labelledby="locations-title"] ul li a').first().waitFor()
    const response = await frame.goto(`${baseUrl}/`)
    // The server's markup, with its header (the server cannot know the frame).
    expect(await response?.text()).toMatch(/<div id="root" data-first-view="[^"]*">[\s\S]*<header/)
    await frame.waitForFunction(() => {
      const button = document.querySelector('section[aria-labelledby="locations-title"] ul li a')
      return !!button && Object.keys(button).some((key) => key.startsWith('__reactProps'))
    })
    await frame.locator('header').waitFor({ state: 'detached' })
    expect(await frame.locator('[data-embedded]').count()).toBe(1)
    expect(s.problems).toEqual([])
    await s.context.close()
  })

  it('is left to the browser in the embedded flow (?embed=1): no header, the list and the staging note as before', async () => {
    const html = await (await fetch(`${baseUrl}/?embed=1`)).text()
    expect(html).toContain('<div id="root"></div>')
    const s = await open(browser, 'first-view-embedded', PHONE)
    await s.page.goto(`${baseUrl}/?embed=1`)
    await firstClinicReady(s.page)
    expect(await s.page.locator('header').count()).toBe(0)
    expect(await s.page.getByRole('note').textContent()).toBe(STAGING_NOTE)
    expect(s.problems).toEqual([])
    await s.context.close()
  })
})

/** The service rows of the step once React's handlers are on them (hydrated or rendered). */
async function serviceRowsReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const row = document.querySelector('main ul li button')
    return !!row && Object.keys(row).some((key) => key.startsWith('__reactProps'))
  })
}

describe("a clinic's service list (/step/{clinic}) rendered by the server", () => {
  const stepUrl = `${baseUrl}/step/${DEMO.clinicLondon}`

  it('shows the header and the services before any script runs (JavaScript off)', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(stepUrl)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Choose a service')
    expect(await page.getByRole('note').textContent()).toBe(STAGING_NOTE)
    expect(await page.getByRole('button', { name: /^Chemical peel/ }).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { level: 2, name: 'Peels and microneedling' }).isVisible()).toBe(true)
    await context.close()
  })

  it('is hydrated for a new visitor on a phone (no element replaced, no error), and a tap on a service chooses it', async () => {
    const s = await open(browser, 'step-first-view-hydrated', PHONE)
    await watchRemovals(s.page)
    const asked: string[] = []
    s.page.on('request', (request) => {
      if (/\/api\/(categories|services\/public)/.test(request.url())) asked.push(request.url())
    })
    await s.page.goto(stepUrl)
    await serviceRowsReady(s.page)
    await s.page.waitForLoadState('load')
    expect(await removedElements(s.page)).toEqual([])
    // The list came with the page: the browser asked the API for none of it.
    expect(asked).toEqual([])
    await s.page.getByRole('button', { name: /^Chemical peel/ }).click()
    await s.page.waitForURL(new RegExp(`/step/${DEMO.clinicLondon}/${DEMO.catPeels}/[0-9a-f]{24}`))
    await s.page.waitForFunction(() => document.querySelector('h1')?.textContent !== 'Choose a service')
    expect(s.problems).toEqual([])
    await s.context.close()
  })

  it('takes a tap on a service before hydration (a slow phone network) to its next step once hydrated', async () => {
    const s = await open(browser, 'step-first-view-early-tap', SMALL_PHONE, { cookiesAccepted: 'true' }, { touch: true })
    await s.page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await s.page.goto(stepUrl, { waitUntil: 'commit' })
    const row = s.page.getByRole('button', { name: /^Chemical peel/ })
    await row.waitFor()
    expect(await row.evaluate((button) => Object.keys(button).some((key) => key.startsWith('__reactProps')))).toBe(false)
    await row.tap()
    await s.page.waitForURL(new RegExp(`/step/${DEMO.clinicLondon}/${DEMO.catPeels}/[0-9a-f]{24}`))
    expect(s.problems).toEqual([])
    await s.context.close()
  })

  it('is hydrated for a signed-in customer too: only the sheet and "Log in" go', async () => {
    const who = await signIn(baseUrl, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
    const s = await open(browser, 'step-first-view-signed-in', DESKTOP, { cookiesAccepted: 'true', token: who.token })
    await watchRemovals(s.page)
    await s.page.goto(stepUrl)
    await serviceRowsReady(s.page)
    await s.page.getByText(/^Hi /).waitFor()
    const removed = await removedElements(s.page)
    for (const element of removed) expect(element).toMatch(/^<section [^>]*aria-label="Cookies"|^<button [^>]*>Log in</)
    expect(await s.page.getByRole('heading', { level: 1 }).textContent()).toBe('Choose a service')
    expect(s.problems).toEqual([])
    await s.context.close()
  })
})
