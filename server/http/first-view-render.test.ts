// The app's page with the first view rendered in it (issue 28: the location list, and a clinic's
// service list, paint before any script), against the real build: dist/web and the server render dist/ssr/first-view.ssr.js, built
// here when older than their sources (scripts/lib/web-build.mjs, as npm start and the browser tests).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildWebSync, webBuildState } from '../../scripts/lib/web-build.mjs'
import { buildTestServer, DEMO, type TestServer } from '../test-support/test-server'

const root = resolve(import.meta.dirname, '..', '..')
let t: TestServer

beforeAll(async () => {
  if (webBuildState(root).stale && !buildWebSync(root)) throw new Error('vite build failed')
  t = await buildTestServer({ webDir: resolve(root, 'dist/web') })
})
afterAll(() => t?.close())

const page = async (url: string, headers: Record<string, string> = {}) => {
  const reply = await t.app.inject({ method: 'GET', url, headers })
  expect(reply.statusCode).toBe(200)
  return reply
}
/** The markup in the root element, and the state the server rendered it for. */
const rootOf = (html: string) => {
  const match = /<div id="root"(?: data-first-view="([^"]*)")?>([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html)
  return { state: match?.[1], markup: match?.[2] ?? '' }
}
const clinicNames = async () => (await t.app.inject({ method: 'GET', url: '/api/public-clinics' })).json<{ accountName: string }[]>().map((c) => c.accountName)

describe("the app's page with the first view rendered by the server", () => {
  it("holds the header, the banner's words and the tenant's location list, for / and /step/location", async () => {
    const organisation = (await t.app.inject({ method: 'GET', url: '/api/public/organisations' })).json<{ name: string }>()
    const names = await clinicNames()
    expect(names.length).toBeGreaterThan(1)
    for (const url of ['/', '/step/location', '/?newAppt=true']) {
      const { state, markup } = rootOf((await page(url)).body)
      expect(state, url).toBeDefined()
      expect(markup).toContain(`${organisation.name} Online Booking`)
      expect(markup).toContain('Winter offer:')
      expect(markup).not.toContain('<strong>')
      expect(markup).toContain(url === '/?newAppt=true' ? 'Book a new appointment' : 'Choose a location')
      for (const name of names) expect(markup).toContain(name)
      // The build's own CSS modules' class names (the stylesheet styles the markup before any script).
      expect(markup).toMatch(/<ul class="_list_[a-z0-9]+_\d+">/)
    }
    // The app's scripts start after the first paint (public/first-view-boot.js): its entry and chunks, as Vite wrote them.
    const built = readFileSync(resolve(root, 'dist/web/index.html'), 'utf8')
    const entry = /<script type="module" crossorigin src="([^"]+)">/.exec(built)![1]
    const chunks = [...built.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
    expect(chunks.length).toBeGreaterThan(0)
    const html = (await page('/')).body
    // A classic script in the head, inside the page (first-paint-inlining.ts): it listens for taps before the first paint.
    const head = html.slice(0, html.indexOf('</head>'))
    const boot = /<script data-first-view-entry="([^"]+)" data-first-view-preload="([^"]+)">([\s\S]*?)<\/script>/.exec(head)
    expect(boot?.slice(1)).toEqual([entry, chunks.join(' '), readFileSync(resolve(root, 'dist/web/first-view-boot.js'), 'utf8')])
    // Just before it, the snippet it shares with the lead form's boot (public/after-first-contentful-paint.js).
    expect(head).toContain(`<script>${readFileSync(resolve(root, 'dist/web/after-first-contentful-paint.js'), 'utf8')}</script><script data-first-view-entry=`)
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).not.toContain(`src="${entry}"`)
  })

  it('paints with no request after its own: its stylesheets and boot script inside it, the policy allowing that script by its hash', async () => {
    const built = readFileSync(resolve(root, 'dist/web/index.html'), 'utf8')
    const linked = [...built.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]!)
    expect(linked.length).toBeGreaterThan(0)
    for (const url of ['/', `/step/${DEMO.clinicLondon}`, '/app']) {
      const reply = await page(url)
      const head = reply.body.slice(0, reply.body.indexOf('</head>'))
      // Every stylesheet's text where its link was, the link kept disabled (not fetched) for Vite's loader to find.
      for (const href of linked) {
        const css = readFileSync(resolve(root, `dist/web${href}`), 'utf8')
        expect(head, url).toContain(`<style>${css}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`)
      }
      expect(head, url).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/)
      expect(head, url).not.toMatch(/<script src=/)
      const boot = /<script data-first-view-entry[^>]*>([\s\S]*?)<\/script>/.exec(head)![1]!
      const hash = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`
      const scriptSrc = String(reply.headers['content-security-policy']).split(';').find((d) => d.trim().startsWith('script-src '))
      expect(scriptSrc?.split(' '), url).toContain(hash)
    }
    // A page the browser renders links its stylesheets and allows no inline script.
    const other = await page('/forgot-password')
    expect(other.body).toContain(`<link rel="stylesheet" crossorigin href="${linked[0]}">`)
    expect(String(other.headers['content-security-policy'])).not.toContain('sha256-')
  })

  it('is kept, compressed, until the catalogue changes: a write to it is in the next page', async () => {
    const first = await page('/', { 'accept-encoding': 'br' })
    const again = await page('/', { 'accept-encoding': 'br' })
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true)
    // A campaign's query is the same page (the markup reads the path and newAppt only): the same bytes, not a render of its own.
    const campaign = await page('/?utm_source=mail&fbclid=x', { 'accept-encoding': 'br' })
    expect(campaign.rawPayload.equals(first.rawPayload)).toBe(true)
    await t.db.updateTable('clinics').set({ account_name: 'Harley Street Rooms' }).where('id', '=', DEMO.clinicLondon).execute()
    const changed = rootOf(brotliDecompressSync((await page('/', { 'accept-encoding': 'br' })).rawPayload).toString())
    expect(changed.markup).toContain('Harley Street Rooms')
    expect(changed.state).toContain(DEMO.clinicLondon)
  })

  it("holds a clinic's service list on /step/{clinic}, with the answers it was rendered from (the browser asks nothing again)", async () => {
    const html = (await page(`/step/${DEMO.clinicLondon}`)).body
    const { state, markup } = rootOf(html)
    expect(state).toContain(DEMO.clinicLondon)
    expect(markup).toContain('Choose a service')
    expect(markup).toContain('Harley Aesthetics Online Booking')
    const answers = JSON.parse(/<script type="application\/json" id="first-view-answers">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>
    const categories = Object.keys(answers).find((key) => key.startsWith('/categories?'))
    expect(categories).toContain(`clinic=${DEMO.clinicLondon}`)
    // Every service the page lists is one of the answers it carries, and its name and price are in the markup.
    const services = Object.entries(answers)
      .filter(([key]) => key.startsWith('/services/public?'))
      .flatMap(([, list]) => list as { id: string; onlineName?: string; name: string; showOnline?: boolean; availability?: string }[])
      .filter((s) => s.showOnline !== false && s.availability !== 'BOOK_ONLY')
    expect(services.length).toBeGreaterThan(3)
    for (const service of services) expect(markup).toContain(service.onlineName ?? service.name)
    expect(markup).toContain('From £150.00')
    // The step page's code is lazy in the browser: its Suspense boundary is complete in the server's markup.
    expect(markup).toContain('<!--$-->')
    expect(markup).not.toContain('<!--$!-->')
    // The step's own stylesheets (its chunk's and its imports', from the build's manifest) are in the head (inline): styled at the first paint.
    const manifest = JSON.parse(readFileSync(resolve(root, 'dist/web/.vite/manifest.json'), 'utf8')) as Record<string, { css?: string[] }>
    const stepCss = manifest['src/ui/pages/booking/StepPage.tsx']?.css ?? []
    expect(stepCss.length).toBeGreaterThan(0)
    const head = html.slice(0, html.indexOf('</head>'))
    for (const file of stepCss) expect(head).toContain(`<link rel="stylesheet" crossorigin href="/${file}" disabled>`)
    expect(head.match(/rel="stylesheet"[^>]*href="([^"]+)"/g)?.length).toBe(new Set(head.match(/rel="stylesheet"[^>]*href="([^"]+)"/g)).size)
    expect((await page('/')).body).not.toContain(stepCss[0])
    // The same page for a campaign's query; the scripts start after the first paint as on '/'.
    const campaign = await page(`/step/${DEMO.clinicLondon}?utm_source=mail`, { 'accept-encoding': 'br' })
    expect(brotliDecompressSync(campaign.rawPayload).toString()).toBe(html)
    expect(html).toContain('<script data-first-view-entry=')
  })

  it("holds the customer area's shell for every visitor of /app: header, heading, the page's loading state, its stylesheet", async () => {
    const html = (await page('/app')).body
    const { state, markup } = rootOf(html)
    expect(state).toBeDefined()
    for (const text of ['Online Booking', 'My account', 'aria-label="Loading your account"', '<!--$-->']) expect(markup).toContain(text)
    expect(markup).not.toContain('<!--$!-->')
    // The page's own stylesheet is in the head, not those of the dialogs and fields it imports (not in its loading state):
    // fewer requests before the first paint.
    const manifest = JSON.parse(readFileSync(resolve(root, 'dist/web/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[]; imports?: string[] }>
    const head = html.slice(0, html.indexOf('</head>'))
    const account = manifest['src/ui/pages/account/AccountPage.tsx']!
    expect(account.css?.length).toBeGreaterThan(0)
    for (const file of account.css ?? []) expect(head).toContain(`<link rel="stylesheet" crossorigin href="/${file}" disabled>`)
    const dialogCss = manifest[account.imports!.find((key) => key.includes('Dialog'))!]?.css ?? []
    expect(dialogCss.length).toBeGreaterThan(0)
    for (const file of dialogCss) expect(head).not.toContain(file)
    expect(head).toContain('<script data-first-view-entry=')
    // The boot script runs the page's chunks one a task (each after its imports), the container's, the
    // customer area's view models and the page's, none of the entry's twice; the location list's page has none.
    const boot = /<script( data-first-view-entry[^>]*)>/.exec(head)![1]!
    const entryChunks = /data-first-view-preload="([^"]*)"/.exec(boot)![1]!.split(' ')
    const pageChunks = /data-first-view-page="([^"]*)"/.exec(boot)![1]!.split(' ')
    expect(pageChunks.at(-1)).toBe(`/${account.file}`)
    expect(pageChunks).toContain(`/${manifest['src/composition/lazy-account.module.ts']!.file}`)
    // The wizard's view models are not the customer area's: /app does not run them (they load when a booking starts).
    expect(pageChunks).not.toContain(`/${manifest['src/composition/lazy.module.ts']!.file}`)
    for (const chunk of pageChunks) expect(entryChunks).not.toContain(chunk)
    expect((await page('/')).body).not.toContain('data-first-view-page="')
    // One page whatever the query (a card set-up's return reads it after hydration).
    expect((await page('/app?stripeRedirect=true')).body).toBe(html)
  })

  it('leaves the other pages, the embedded flow and an unknown tenant to the browser (the answers only, or nothing)', async () => {
    for (const url of [
      '/forgot-password',
      '/app?embed=1',
      '/?embed=1',
      '/?stripeRedirect=true',
      // an unknown clinic, one not shown online, a step the wizard reads the query of, a later step
      '/step/ffffffffffffffffffffffff',
      `/step/${DEMO.clinicHeadOffice}`,
      `/step/${DEMO.clinicLondon}?course=true`,
      `/step/${DEMO.clinicLondon}?embed=1`,
      `/step/${DEMO.clinicLondon}?stripeRedirect=true`,
      `/step/${DEMO.clinicLondon}/${DEMO.catFace}`,
    ]) {
      const html = (await page(url)).body
      expect(rootOf(html), url).toEqual({ state: undefined, markup: '' })
      expect(html).toContain('id="first-view-answers"')
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/)
      expect(html).not.toContain('first-view-boot')
    }
    const unknown = (await page('/', { 'x-tenant': 'no-such-tenant' })).body
    expect(unknown).toContain('<div id="root"></div>')
    expect(unknown).not.toContain('id="first-view-answers"')
  })
})
