// The lead form's page (issue 28): the server's render of the query's form in lead.html's root, one
// page kept per state (a campaign's query renders nothing again), lead.html as built without a render.
import { mkdtempSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { scriptHash } from './first-paint-inlining'
import { sendPage } from './first-view-page'
import { leadPage } from './lead-page'

// lead.html as Vite writes it: the entry and its modulepreloads in the head, an empty root.
const LEAD_HTML =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/lead-Ab12.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-Cd34.js"></head><body>\n    <div id="root"></div>\n  </body></html>'

/** A build: lead.html and, unless `renderer` is undefined, a render (a module counting its renders in globalThis). */
function build(renderer: string | undefined): string {
  const dist = mkdtempSync(join(tmpdir(), 'lead-page-'))
  mkdirSync(join(dist, 'web'))
  mkdirSync(join(dist, 'ssr'))
  writeFileSync(join(dist, 'web/lead.html'), LEAD_HTML)
  if (renderer !== undefined) {
    writeFileSync(join(dist, 'ssr/lead.ssr.js'), renderer)
    // the render newer than the page (as npm run build leaves them)
    const later = new Date(Date.now() + 1000)
    utimesSync(join(dist, 'ssr/lead.ssr.js'), later, later)
  }
  return join(dist, 'web')
}

const RENDERER = `
export const leadPageState = (search) => JSON.stringify(new URLSearchParams(search).get('title') ?? 'Submit on enquiry')
export function renderLeadForm({ search }) {
  globalThis.leadRenders = (globalThis.leadRenders ?? 0) + 1
  return { html: '<h1>' + JSON.parse(leadPageState(search)).replace(/</g, '&lt;') + '</h1>', state: leadPageState(search) }
}`

let app: FastifyInstance | undefined
afterEach(async () => {
  await app?.close()
  delete (globalThis as { leadRenders?: number }).leadRenders
})

async function serve(webDir: string) {
  app = Fastify()
  const page = leadPage(app, webDir)
  app.get('/lead', async (request, reply) => sendPage(request, reply, (await page(request))!))
  return (url: string) => app!.inject({ method: 'GET', url })
}
const renders = () => (globalThis as { leadRenders?: number }).leadRenders ?? 0

describe("the lead form's page", () => {
  it("holds the query's form in the root with the state it was rendered for, compressed as the app's pages", async () => {
    const get = await serve(build(RENDERER))
    const html = (await get('/lead?title=Ask%20us')).body
    expect(html).toContain(`<div id="root" data-lead-form="&quot;Ask us&quot;"><h1>Ask us</h1></div>`)
    // The scripts start once the form has painted (public/lead-boot.js), not beside the stylesheets.
    expect(html).toContain('<script src="/lead-boot.js" data-first-view-entry="/assets/lead-Ab12.js" data-first-view-preload="/assets/react-Cd34.js"></script>')
    expect(html).not.toContain('type="module"')
    expect(html).not.toContain('modulepreload')
    const br = await app!.inject({ method: 'GET', url: '/lead?title=Ask%20us', headers: { 'accept-encoding': 'br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html)
  })

  it('holds the boot script inside it where the build has one, allowed by its hash in the policy the reply carries', async () => {
    const dir = build(RENDERER)
    const boot = ';(() => { window.leadBooted = true })()\n'
    writeFileSync(join(dir, 'lead-boot.js'), boot)
    app = Fastify()
    const page = leadPage(app, dir)
    app.get('/lead', async (request, reply) => sendPage(request, reply.header('content-security-policy', "default-src 'self';script-src 'self'"), (await page(request))!))
    const reply = await app.inject({ method: 'GET', url: '/lead?title=Ask%20us' })
    expect(reply.body).toContain(`<script data-first-view-entry="/assets/lead-Ab12.js" data-first-view-preload="/assets/react-Cd34.js">${boot}</script>`)
    expect(reply.headers['content-security-policy']).toBe(`default-src 'self';script-src 'self' ${scriptHash(boot)}`)
  })

  it('renders a state once: a query the markup does not read shares its page; another state has its own', async () => {
    const get = await serve(build(RENDERER))
    await get('/lead?title=A')
    await get('/lead?title=A&utm_source=mail')
    expect(renders()).toBe(1)
    expect((await get('/lead?title=B')).body).toContain('<h1>B</h1>')
    expect(renders()).toBe(2)
  })

  it("is lead.html as built where the build has no render, its render fails or leaves the query to the browser", async () => {
    expect((await (await serve(build(undefined)))('/lead')).body).toBe(LEAD_HTML)
    await app!.close()
    const failing = `export const leadPageState = () => 'x'\nexport function renderLeadForm() { throw new Error('boom') }`
    expect((await (await serve(build(failing)))('/lead')).body).toBe(LEAD_HTML)
    await app!.close()
    const declined = `export const leadPageState = () => 'x'\nexport function renderLeadForm() { return undefined }`
    expect((await (await serve(build(declined)))('/lead')).body).toBe(LEAD_HTML)
  })
})
