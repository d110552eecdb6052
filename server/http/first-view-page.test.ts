import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INLINE_ANSWERS_ELEMENT_ID } from '../../src/contract/first-view-answers'
import { buildTestServer, DEMO, type TestServer } from '../test-support/test-server'
import { firstViewPage } from './first-view-page'

// The app's page as Vite builds it: the organisation preloaded, an empty root.
const webDir = mkdtempSync(join(tmpdir(), 'first-view-page-'))
const preload = '<link rel="preload" href="/api/public/organisations" as="fetch" crossorigin="anonymous" />'
writeFileSync(
  join(webDir, 'index.html'),
  `<!doctype html><html><head>\n    <!-- The first paint waits for the organisation. -->\n    ${preload}\n<script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>\n    <div id="root"></div>\n  </body></html>`,
)

let t: TestServer
beforeAll(async () => {
  t = await buildTestServer({ webDir })
})
afterAll(() => t.close())

const answersIn = (html: string): Record<string, unknown> | undefined => {
  const match = new RegExp(`<script type="application/json" id="${INLINE_ANSWERS_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined
}

describe("the app's page", () => {
  it('carries the organisation and the clinics as the API answers them, instead of preloading the organisation', async () => {
    for (const url of ['/', '/step/location', `/step/${DEMO.clinicLondon}`]) {
      const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })
      expect(page.statusCode).toBe(200)
      expect(page.headers['cache-control']).toBe('no-cache')
      expect(page.headers['content-type']).toMatch(/text\/html/)
      expect(page.headers['content-encoding']).toBe('br')
      expect(page.headers.vary).toMatch(/accept-encoding/i)
      const html = brotliDecompressSync(page.rawPayload).toString()
      const organisation = (await t.app.inject({ method: 'GET', url: '/api/public/organisations' })).json()
      const clinics = (await t.app.inject({ method: 'GET', url: '/api/public-clinics' })).json()
      expect(answersIn(html)).toEqual({ '/public/organisations': organisation, '/public-clinics': clinics })
      expect(clinics).toContainEqual(expect.objectContaining({ id: DEMO.clinicLondon }))
      expect(html).not.toContain(preload)
      expect(html).not.toContain('The first paint waits')
      expect(html).toContain('<script type="module" src="/assets/index-Ab12Cd34.js">')
    }
  })

  it("cannot be broken out of by the organisation's HTML (the banner's markup stays inside the JSON), in gzip or as it is", async () => {
    const gzipped = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    const html = gunzipSync(gzipped.rawPayload).toString()
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toBe(html)
    const organisation = (await t.app.inject({ method: 'GET', url: '/api/public/organisations' })).json<{ homeBannerText?: string }>()
    expect(organisation.homeBannerText).toContain('<strong>')
    expect(html).not.toContain('<strong>')
    expect(answersIn(html)?.['/public/organisations']).toMatchObject({ homeBannerText: organisation.homeBannerText })
  })

  it("leaves out what the API refuses for the page's tenant, and keeps the preload then", async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/', headers: { 'x-tenant': 'no-such-tenant' } })).body
    const organisation = await t.app.inject({ method: 'GET', url: '/api/public/organisations', headers: { 'x-tenant': 'no-such-tenant' } })
    expect(organisation.statusCode).not.toBe(200)
    expect(answersIn(html)?.['/public/organisations']).toBeUndefined()
    expect(html).toContain(preload)
  })

  it('keeps a page built while an answer was missing (the database away a moment) only briefly: the next one carries it', async () => {
    const app = Fastify()
    let clinicsUp = false
    app.get('/api/public/organisations', async () => ({ name: 'Org' }))
    app.get('/api/public-clinics', async (_request, reply) => (clinicsUp ? [{ id: 'c1' }] : reply.code(503).send({ statusCode: 503, message: 'away' })))
    await app.ready()
    const page = firstViewPage(app, webDir, { version: async () => 'v1', rendererFile: join(webDir, 'none.js'), partialPageMs: 50 })
    const request = { url: '/', headers: { host: 'clinic.example' }, host: 'clinic.example' } as never
    const during = await page(request)
    expect(answersIn(during!.html)).toEqual({ '/public/organisations': { name: 'Org' } })
    clinicsUp = true
    // The same version, within the while: the same page (a made-up Host does not build one a request).
    expect(await page(request)).toBe(during)
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect(answersIn((await page(request))!.html)).toEqual({ '/public/organisations': { name: 'Org' }, '/public-clinics': [{ id: 'c1' }] })
    await app.close()
  })

  it("keeps a page briefly when the render's own request met a server error, or the render failed: the next one is rendered whole", async () => {
    const app = Fastify()
    let servicesUp = false
    app.get('/api/public/organisations', async () => ({ name: 'Org' }))
    app.get('/api/public-clinics', async () => [{ id: 'c1' }])
    app.get('/api/services/public', async (_request, reply) => (servicesUp ? [{ id: 's1' }] : reply.code(503).send({ statusCode: 503, message: 'busy' })))
    await app.ready()
    // A render as the build's: it asks the step's services (as the real one does) and shows what came back.
    const rendererFile = join(webDir, 'render-asking.mjs')
    writeFileSync(
      rendererFile,
      `export const rendersFirstView = () => true
      export const firstViewUrl = (pathname) => pathname
      export async function renderFirstView({ ask }) {
        if (globalThis.renderFails) throw new Error('render failed')
        const services = await ask('/services/public')
        return { html: services.status === 200 ? '<p>the services</p>' : '<p>no services</p>', state: '{}', modules: [] }
      }`,
    )
    const page = firstViewPage(app, webDir, { version: async () => 'v1', rendererFile, partialPageMs: 50 })
    const request = { url: '/step/c1', headers: { host: 'clinic.example' }, host: 'clinic.example' } as never
    const settle = () => new Promise((resolve) => setTimeout(resolve, 120))
    const during = await page(request)
    expect(during!.html).toContain('no services')
    servicesUp = true
    expect(await page(request)).toBe(during)
    await settle()
    const after = await page(request)
    expect(after!.html).toContain('the services')
    // A page rendered whole is kept (the same one again, after the while).
    await settle()
    expect(await page(request)).toBe(after)

    const failing = { url: '/step/c2', headers: { host: 'clinic.example' }, host: 'clinic.example' } as never
    const renderFails = (fails: boolean) => ((globalThis as { renderFails?: boolean }).renderFails = fails)
    renderFails(true)
    const unrendered = await page(failing)
    expect(unrendered!.html).not.toContain('the services')
    renderFails(false)
    await settle()
    expect((await page(failing))!.html).toContain('the services')
    await app.close()
  })
})
