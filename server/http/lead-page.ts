/**
 * The embeddable lead form's page (lead.html, /lead) for a request (issue 28): where the build has the
 * form's server render (dist/ssr/lead.ssr.js, src/composition/lead.ssr.tsx), the form for the
 * request's query in the root element, so that the page paints it before any script and the browser
 * hydrates it (src/lead.main.tsx). The form asks the API nothing before Submit: no answers inside.
 *
 * Each page is kept, rendered and compressed (FirstViewPage, as the app's pages), under the request's
 * host and tenant, the build (lead.html's and the render's times) and what the form's markup reads of
 * the query (leadPageState): a campaign's utm_*, a redirect URL or a thank-you text make no page of
 * their own. A page load of a known page sends the bytes compressed once, without a render. As on the
 * app's rendered pages, the scripts start once the form has painted (afterFirstPaint).
 */
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AFTER_FIRST_PAINT, afterFirstPaint, attribute, buildRenderModule, FirstViewPage } from './first-view-page'
import { inlineForFirstPaint } from './first-paint-inlining'

const ROOT = '<div id="root"></div>'
/** public/lead-boot.js */
const LEAD_BOOT = '/lead-boot.js'
/** Pages kept (hosts x queries: a query is anyone's to make up); the oldest goes first beyond it. */
const KEPT_PAGES = 200

/** What the server render (dist/ssr/lead.ssr.js) exports. */
export interface LeadFormRenderer {
  /** What the form's markup reads of a query (src/composition/lead-state.ts). */
  leadPageState(search: string): string
  /** Undefined where the query is left to the browser's render. */
  renderLeadForm(request: { search: string; host: string }): { html: string; state: string } | undefined
}

export interface LeadPageOptions {
  /** The server render's file (default: dist/ssr/lead.ssr.js beside webDir); none there: lead.html as built. */
  rendererFile?: string
}

/** The page of `webDir`/lead.html for `request`, or undefined when it has no root to render into. */
export function leadPage(app: FastifyInstance, webDir: string, options: LeadPageOptions = {}): (request: FastifyRequest) => Promise<FirstViewPage | undefined> {
  let template: { mtimeMs: number; html: string } | undefined
  const pages = new Map<string, Promise<FirstViewPage>>()
  const file = join(webDir, 'lead.html')
  const rendererFile = options.rendererFile ?? join(webDir, '../ssr/lead.ssr.js')

  /** The render of the current build, imported once a build. */
  const loadRenderer = buildRenderModule<LeadFormRenderer>(app, rendererFile, 'the lead form render could not be loaded; /lead is rendered by the browser')

  const build = async (request: FastifyRequest, html: string, render: LeadFormRenderer | undefined, search: string): Promise<FirstViewPage> => {
    let rendered: { html: string; state: string } | undefined
    try {
      rendered = render?.renderLeadForm({ search, host: request.host ?? '' })
    } catch (err) {
      app.log.error({ err, url: request.url }, 'the lead form could not be rendered on the server; the browser renders it')
    }
    if (!rendered) return new FirstViewPage(html)
    // The form paints before any script: the page's scripts start once it has (public/lead-boot.js).
    // Its stylesheets and the boot script inside it: no request after the page's before it paints.
    const inlined = await inlineForFirstPaint(afterFirstPaint(html.replace(ROOT, `<div id="root" data-lead-form="${attribute(rendered.state)}">${rendered.html}</div>`), LEAD_BOOT), webDir, [AFTER_FIRST_PAINT, LEAD_BOOT])
    return new FirstViewPage(inlined.html, false, inlined.scriptSources)
  }

  return async (request) => {
    const [{ mtimeMs }, current] = await Promise.all([stat(file), loadRenderer()])
    if (template?.mtimeMs !== mtimeMs) template = { mtimeMs, html: await readFile(file, 'utf8') }
    const html = template.html
    if (!html.includes(ROOT)) return undefined
    // A render older than the page is of another build (CSS modules' class names): the browser's render until it is rebuilt.
    const render = current.mtimeMs >= mtimeMs ? await current.module : undefined
    const search = request.url.includes('?') ? `?${request.url.split(/\?(.*)/s)[1]}` : ''
    const state = render ? render.leadPageState(search) : '-'
    const key = [request.headers.host ?? '', request.host ?? '', request.headers['x-tenant'] ?? '', mtimeMs, current.mtimeMs, state].join('\n')
    let page = pages.get(key)
    if (!page) {
      page = build(request, html, render, search)
      pages.set(key, page)
      page.catch(() => pages.delete(key))
      if (pages.size > KEPT_PAGES) pages.delete(pages.keys().next().value!)
    }
    return page
  }
}
