// Issue 27: the booking flow embedded in another site's page (/?embed=1) where the browser refuses
// the third-party frame its storage (Chrome incognito, Brave, Safari): reading window.localStorage
// throws "Access is denied for this document". The flow keeps its state in memory and the URL, and
// a customer books and pays to the thank-you page inside the frame.
import { createServer, type Server } from 'node:http'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Frame, Page } from 'playwright-core'
import { launch, release, open, paymentFrame, payWithCard, type Session } from './support/browser'
import { agreeToTerms, answer, api, chooseFirstLocation, chooseFirstTime, choosePractitioner, chooseService, logIn, verifiedCustomer, waitForThankYou } from './support/flows'
import { startServer, type ServerProcess } from './support/server-process'
import { DEMO_STAFF_ADMIN } from '../../server/seed/demo.seed'

const PUBLIC = join(import.meta.dirname, '../../public')
let browser: Browser
let app: ServerProcess
let host: Server
let hostUrl: string

/** The example host page (public/embed-booking-example.html) on an origin of its own, framing the app's. */
function startHost(appUrl: string): Promise<Server> {
  const page = readFileSync(join(PUBLIC, 'embed-booking-example.html'), 'utf8').replace('src="/?embed=1"', `src="${appUrl}/?embed=1"`)
  const files: Record<string, [string, string]> = {
    '/': ['text/html', page],
    '/embed-example.js': ['text/javascript', readFileSync(join(PUBLIC, 'embed-example.js'), 'utf8')],
    '/embed-example.css': ['text/css', readFileSync(join(PUBLIC, 'embed-example.css'), 'utf8')],
    '/favicon.ico': ['image/x-icon', ''],
  }
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://host').pathname]
    response.writeHead(file ? 200 : 404, { 'content-type': file?.[0] ?? 'text/plain' }).end(file?.[1] ?? 'not found')
  })
  return new Promise((resolve) => server.listen(0, 'localhost', () => resolve(server)))
}

/** The tenant lists the host page's origin in embedHosts, so the app (and its card page) may be framed there. */
async function allowHost(appUrl: string, origin: string): Promise<void> {
  const staff = await api<{ token: string }>(appUrl, '/staff/login', { method: 'POST', body: JSON.stringify(DEMO_STAFF_ADMIN) })
  const headers = { authorization: `Bearer ${staff.token}` }
  const document = await api<{ organisation: { settings: Record<string, unknown> } }>(appUrl, '/admin/setup', { headers })
  document.organisation.settings.embedHosts = [origin]
  await api(appUrl, '/admin/setup', { method: 'POST', headers, body: JSON.stringify({ document, dryRun: false }) })
}

beforeAll(async () => {
  app = await startServer({})
  host = await startHost(app.url)
  // localhost and 127.0.0.1 are different sites: the app's frame is third-party to the host page.
  hostUrl = `http://localhost:${(host.address() as AddressInfo).port}`
  await allowHost(app.url, hostUrl)
  browser = await launch()
})
afterAll(async () => {
  await release(browser)
  await new Promise((resolve) => host?.close(resolve))
  await app?.stop()
})

/** A context whose frames are refused storage as a browser blocking third-party storage refuses them. */
async function storageDenied(scenario: string): Promise<Session> {
  const s = await open(browser, scenario)
  await s.context.addInitScript(() => {
    if (window.top === window) return
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException(`Failed to read the '${name}' property from 'Window': Access is denied for this document.`, 'SecurityError')
        },
      })
    }
  })
  return s
}

describe('the embedded booking flow with third-party storage blocked', () => {
  it('books and pays to the thank-you page inside the frame on another origin', async () => {
    const customer = await verifiedCustomer(app.url, 'embed-no-storage')
    const s = await storageDenied('embed-no-storage')
    await s.page.goto(`${hostUrl}/`)
    const frame = (await (await s.page.waitForSelector('iframe#booking-frame')).contentFrame()) as Frame
    expect(new URL(frame.url()).origin).toBe(app.url)
    expect(await frame.evaluate(() => {
      try {
        return typeof window.localStorage
      } catch (e) {
        return (e as DOMException).name
      }
    })).toBe('SecurityError')
    // The flow's helpers, run in the frame (a Frame has every Page method they call).
    const inFrame: Session = { ...s, page: frame as unknown as Page }

    await chooseFirstLocation(inFrame)
    expect(await frame.locator('header').count()).toBe(0)
    await s.shot('services')
    await chooseService(inFrame, 'Cheek filler')
    await choosePractitioner(inFrame, 'first')
    await answer(inFrame, 'Do you want to book another service?', 'No')
    await chooseFirstTime(inFrame)
    await frame.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
    await logIn(inFrame, customer.email, customer.password)
    await frame.waitForURL(/\/confirm/)
    await frame.getByText(/Your appointment will be held for \d:\d\d/).waitFor()
    await s.shot('confirm')
    await agreeToTerms(inFrame)

    const card = await paymentFrame(frame as unknown as Page, s.problems)
    await s.shot('payment')
    await payWithCard(card, '4242 4242 4242 4242', { submitWith: 'enter' })
    await waitForThankYou(inFrame, /\/location\?serviceBooking=true/)
    await frame.getByRole('button', { name: 'Book new appointment' }).waitFor()
    await s.shot('thank-you')
    expect(s.page.url()).toBe(`${hostUrl}/`)

    // Nothing reached the app's storage: the token and the booking lived in the frame's memory.
    const own = await s.context.newPage()
    await own.goto(`${app.url}/`)
    expect(await own.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('lastClinicId'), sessionStorage.getItem('embed')])).toEqual([null, null, null])
    expect(s.problems.filter((p) => !p.includes('ERR_NAME_NOT_RESOLVED'))).toEqual([])
    await s.context.close()
  })
})
