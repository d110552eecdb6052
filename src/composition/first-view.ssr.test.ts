// The server's render of the first view against the browser's own composition (ui project, jsdom):
// the state the server writes beside its markup is the state a new visitor's browser reaches with the
// same page (the condition for hydrating it), whatever that visitor has stored (issue 28: hydrated in every case).
import { afterEach, describe, expect, it } from 'vitest'
import { renderFirstView, rendersFirstView } from './first-view.ssr'
import { createBrowserContainer } from './browser.container'
import { firstViewState, firstViewUrl } from './first-view-state'
import { INLINE_ANSWERS_ELEMENT_ID } from '../contract/first-view-answers'
import { SessionViewModel } from '../ui/view-models/session.view-model'
import { LocationsViewModel } from '../ui/view-models/locations.view-model'
import { prepareStepView, stepViewState } from './step-first-view'

const id = (n: number) => n.toString(16).padStart(24, '0')
const answers = {
  '/public/organisations': {
    id: id(9), name: 'Glow', currency: 'GBP', country: 'GB', showHomeBannerText: true, homeBannerText: '<strong>Open</strong> on Sunday &amp; Monday',
    bookingDepositType: 'percentage', bookingDepositAmount: 10, bookingDepositMultipleServicesRule: 'sum',
    bookingDepositRule: 'each time', showCancelTerms: true, sellGiftVoucherOnline: true, giftVoucherValues: [50], minimiseGaps: false,
  },
  '/public-clinics': [
    { id: id(1), accountName: 'Glow Soho', address: { line1: '1 High St', city: 'London' } },
    { id: id(2), accountName: 'Glow Leeds', address: { line1: '2 Low St', city: 'Leeds' } },
  ],
}

/** A browser's first state on the page the server sent (the answers in it), as main.tsx reaches it. */
async function browserState(): Promise<string> {
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${INLINE_ANSWERS_ELEMENT_ID}">${JSON.stringify(answers)}</script>`
  const { resolver: container } = createBrowserContainer()
  await container.get(SessionViewModel).start()
  await container.get(LocationsViewModel).load({ autoSelect: false })
  return firstViewState(container, '/')
}

afterEach(() => {
  localStorage.clear()
  document.body.innerHTML = ''
})

describe('the first view rendered on the server', () => {
  it("holds the header, the banner's words and the location list, for the state a new visitor's browser reaches", async () => {
    const rendered = await renderFirstView({ url: '/', host: window.location.host, answers })
    expect(rendered?.html).toContain('Glow Online Booking')
    expect(rendered?.html).toContain('Open on Sunday &amp; Monday')
    expect(rendered?.html).toContain('Glow Soho')
    expect(rendered?.html).toContain('2 Low St, Leeds')
    // Each clinic a link to its next step: a tap before hydration navigates without any script.
    expect(rendered?.html).toMatch(new RegExp(`<a [^>]*href="/step/${id(1)}"[^>]*>(?:(?!</a>).)*Glow Soho`))
    expect(rendered?.html).toMatch(new RegExp(`<a [^>]*href="/step/${id(2)}"[^>]*>(?:(?!</a>).)*Glow Leeds`))
    expect(rendered?.state).toBe(await browserState())
  })

  it('is hydrated by a returning visitor (cookies answered) too: the state does not read the answer', async () => {
    const rendered = await renderFirstView({ url: '/', host: window.location.host, answers })
    localStorage.setItem('cookiesAccepted', 'true')
    expect(await browserState()).toBe(rendered?.state)
  })

  it('is one page for every query but newAppt=true (a campaign query renders the same markup)', async () => {
    expect(firstViewUrl('/', '?utm_source=mail&fbclid=x')).toBe('/')
    expect(firstViewUrl('/step/location', '?newAppt=true&utm_source=mail')).toBe('/step/location?newAppt=true')
    expect(firstViewUrl('/', '?newAppt=false')).toBe('/')
    const campaign = await renderFirstView({ url: '/?utm_source=mail', host: window.location.host, answers })
    const plain = await renderFirstView({ url: '/', host: window.location.host, answers })
    expect(campaign).toEqual(plain)
    const newAppointment = await renderFirstView({ url: '/?newAppt=true&utm_source=mail', host: window.location.host, answers })
    expect(newAppointment?.html).toContain('Book a new appointment')
  })

  it('renders only the location list, never the embedded flow or a redirect, and nothing without the answers', async () => {
    expect(rendersFirstView('/', '')).toBe(true)
    expect(rendersFirstView('/step/location', '?newAppt=true')).toBe(true)
    expect(rendersFirstView('/step/' + id(1), '?utm_source=mail')).toBe(true)
    for (const [path, search] of [['/step/' + id(1), '?course=true'], ['/step/' + id(1), '?embed=1'], ['/step/' + id(1) + '/' + id(5), ''], ['/step/nope', ''], ['/app/x', ''], ['/app', '?embed=1'], ['/', '?embed=1'], ['/', '?stripeRedirect=true'], ['/step/location', '?courseServiceBooking=true&course=true']]) {
      expect(rendersFirstView(path!, search!), `${path}${search}`).toBe(false)
    }
    expect(await renderFirstView({ url: '/forgot-password', host: 'localhost', answers })).toBeUndefined()
    expect(await renderFirstView({ url: '/', host: 'localhost', answers: {} })).toBeUndefined()
  })

  it("renders a clinic's service list (/step/{clinic}) from the API's answers, for the state a new visitor's browser reaches with them", async () => {
    const category = (n: number, name: string) => ({ id: id(n), name, order: n, showOnline: true, parentCategory: null, subCategories: [] })
    const service = (n: number, name: string, category: number, price: number) => ({
      id: id(n), name, onlineName: name, defaultDuration: 30, defaultPrice: price, showDurationOnline: true, showPriceOnline: true, showOnline: true,
      availability: 'BOOK_AND_SELL', category: id(category), staffs: [],
    })
    const api: Record<string, unknown> = {
      [`/categories?clinic=${id(1)}&fromCustomer=true&isFromOrg=false&offset=0&limit=1500`]: [category(20, 'Face'), category(21, 'Body')],
      [`/services/public?clinic=${id(1)}&category=${id(20)}&offset=0&pageSize=20`]: [service(30, 'Lip filler', 20, 300), service(31, 'Peel', 20, 95)],
      [`/services/public?clinic=${id(1)}&category=${id(21)}&offset=0&pageSize=20`]: [service(32, 'Massage', 21, 80)],
    }
    const asked: string[] = []
    const ask = async (path: string) => {
      asked.push(path)
      return path in api ? { status: 200, data: api[path] } : { status: 404, data: { message: 'not found' } }
    }
    const rendered = await renderFirstView({ url: `/step/${id(1)}?utm_source=mail`, host: window.location.host, answers, ask })
    expect(asked.sort()).toEqual(Object.keys(api).sort())
    expect(rendered?.answers).toEqual(api)
    for (const text of ['Glow Online Booking', 'Choose a service', 'Face', 'Lip filler', '£300.00', 'Body', 'Massage', '30 mins']) expect(rendered?.html).toContain(text)
    expect(rendered?.html).not.toContain('<!--$!-->')

    // The browser, with the page's answers (the server's and the render's): the same state, and no request of its own.
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${INLINE_ANSWERS_ELEMENT_ID}">${JSON.stringify({ ...answers, ...rendered?.answers })}</script>`
    const requests: string[] = []
    const realFetch = globalThis.fetch
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      requests.push(String(input))
      return new Response('{}', { status: 500 })
    }) as typeof fetch
    try {
      const { resolver, prepare } = createBrowserContainer()
      await resolver.get(SessionViewModel).start()
      await resolver.get(LocationsViewModel).load({ autoSelect: false })
      await prepare()
      // As main.tsx does: a task of its own per step, the same state in the end.
      let tasks = 0
      await prepareStepView(resolver, id(1), { utm_source: 'mail' }, () => {
        tasks += 1
        return new Promise((resolve) => setTimeout(resolve, 0))
      })
      expect(tasks).toBe(4)
      expect(firstViewState(resolver, `/step/${id(1)}`, stepViewState(resolver, id(1)))).toBe(rendered?.state)
      expect(requests.filter((url) => /categories|services/.test(url))).toEqual([])
    } finally {
      globalThis.fetch = realFetch
    }
  })

  it('leaves a step to the browser where the clinic is unknown or its list is refused', async () => {
    const refused = async () => ({ status: 503, data: { message: 'away' } })
    expect(await renderFirstView({ url: `/step/${id(7)}`, host: 'localhost', answers, ask: refused })).toBeUndefined()
    expect(await renderFirstView({ url: `/step/${id(1)}`, host: 'localhost', answers, ask: refused })).toBeUndefined()
    expect(await renderFirstView({ url: `/step/${id(1)}`, host: 'localhost', answers })).toBeUndefined()
  })
})

describe("the customer area's shell rendered on the server (/app)", () => {
  it('holds the header, the heading and the loading state, one page whatever the query, for the state the browser reaches', async () => {
    expect(rendersFirstView('/app', '')).toBe(true)
    expect(rendersFirstView('/app', '?stripeRedirect=true&setup_intent_client_secret=s')).toBe(true)
    expect(firstViewUrl('/app', '?stripeRedirect=true')).toBe('/app')
    const rendered = await renderFirstView({ url: '/app', host: window.location.host, answers })
    for (const text of ['Glow Online Booking', 'Log in', '<h1', 'My account', 'aria-label="Loading your account"']) expect(rendered?.html).toContain(text)
    // The page complete (prerendered), not a Suspense fallback the browser would replace with an error logged.
    expect(rendered?.html).not.toContain('<!--$!-->')
    expect(rendered?.modules).toEqual(['src/ui/pages/account/AccountPage.tsx'])
    expect(rendered?.ownStylesheetsOnly).toBe(true)
    expect(await renderFirstView({ url: '/app?stripeRedirect=true', host: window.location.host, answers })).toEqual(rendered)

    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${INLINE_ANSWERS_ELEMENT_ID}">${JSON.stringify(answers)}</script>`
    const { resolver } = createBrowserContainer()
    await resolver.get(SessionViewModel).start()
    await resolver.get(LocationsViewModel).load({ autoSelect: false })
    expect(firstViewState(resolver, '/app')).toBe(rendered?.state)
    // Two renders with the lazy modules and a browser container: ~0.5 s alone, over 5 s on a loaded 2-core machine.
  }, 20_000)
})
