/**
 * The web app's page (index.html) for a request (issue 28): the first view's API answers inside it
 * (the organisation, the clinics shown online, as the API answers them for the request's tenant), and,
 * where the build has the server render (dist/ssr/first-view.ssr.js, src/composition/first-view.ssr.tsx),
 * the first view's markup in the root element (header, banner, location list; on `/step/{clinic}`, that
 * clinic's service list, its answers carried too), so that the page paints
 * it before any script and the browser hydrates it. The browser's transport takes each answer from the
 * page once (src/adapters/http/inline-answers.ts); index.html's preload of the organisation is dropped.
 *
 * Each page is kept, rendered and compressed, under the tenant's catalogue version, the request's
 * host, the build (index.html's and the render's times) and the first view's URL (its path and newAppt,
 * a step's path; '*' for every other path): a page load of a known page is a version read (none on PGlite while the
 * catalogue stands) and a send of the bytes compressed once, without an API request or a render.
 */
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { getPublicOrganisation } from '../../src/contract'
import { INLINE_ANSWER_PATHS, INLINE_ANSWERS_ELEMENT_ID } from '../../src/contract/first-view-answers'
import { inlineForFirstPaint, withScriptSources } from './first-paint-inlining'

const ROOT = '<div id="root"></div>'
const PRELOAD = /\s*<!--[^>]*-->\s*(?=<link rel="preload" href="\/api\/public\/organisations")|\s*<link rel="preload" href="\/api\/public\/organisations"[^>]*>/g
/** The app's module script and its modulepreloads, as Vite writes them. */
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g
/** public/first-view-boot.js */
const BOOT = '/first-view-boot.js'
/** public/after-first-contentful-paint.js: what the boot scripts of the rendered pages share, just before each. */
export const AFTER_FIRST_PAINT = '/after-first-contentful-paint.js'

/**
 * A page with its first view rendered: the app's scripts start once it has painted (public/first-view-boot.js
 * adds the modulepreloads and imports the entry then), instead of sharing a phone's network with the
 * stylesheets before that paint. Unchanged when the page is not as Vite writes it.
 */
export function afterFirstPaint(html: string, boot = BOOT, pageChunks: readonly string[] = []): string {
  const entry = ENTRY.exec(html)
  if (!entry) return html
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!)
  const page = pageChunks.filter((href) => href !== entry[1] && !preloads.includes(href))
  const pageAttribute = page.length ? ` data-first-view-page="${attribute(page.join(' '))}"` : ''
  // A classic script where Vite's module script was (the head): it listens for taps before the first
  // paint. The snippet it starts the app's scripts with, just before it.
  const script = `<script src="${AFTER_FIRST_PAINT}"></script><script src="${boot}" data-first-view-entry="${attribute(entry[1]!)}" data-first-view-preload="${attribute(preloads.join(' '))}"${pageAttribute}></script>`
  return html.replace(MODULE_PRELOAD, '').replace(entry[0], script)
}
/** Vite's build manifest (dist/web/.vite/manifest.json): each module's chunk, its static imports and stylesheets. */
type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>

/**
 * The stylesheets of `modules` (lazy page modules in the server's markup) and of the chunks they
 * import (unless `imports` is false: markup that uses the modules' own only), as `<link>`s, leaving
 * out those the page links already: the markup is styled at its first paint, not when the page's
 * script has loaded its CSS (a layout shift). Vite's loader finds them linked.
 */
export function stylesheetsOf(manifest: BuildManifest, modules: readonly string[], html: string, imports = true): string {
  const css = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    for (const file of chunk?.css ?? []) css.add(file)
    if (imports) for (const imported of chunk?.imports ?? []) visit(imported)
  }
  modules.forEach(visit)
  return [...css]
    .map((file) => `/${file}`)
    .filter((href) => !html.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`)
    .join('\n    ')
}

/**
 * The chunks of `modules` and of every chunk they import, each after those it imports (as URLs): the
 * boot script fetches them with the entry's and runs them one a task (issue 28: a dynamic import runs
 * its whole graph in one task once all of it has arrived; the customer area's was ~100 ms of CPU on this
 * machine, x4 on a phone). Running each after its imports, a chunk's run is its own modules only.
 */
export function chunksOf(manifest: BuildManifest, modules: readonly string[]): string[] {
  const files: string[] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    for (const imported of chunk.imports ?? []) visit(imported)
    files.push(`/${chunk.file}`)
  }
  modules.forEach(visit)
  return files
}

/** Pages kept (tenants x hosts x first-view paths); the oldest goes first beyond it. */
const KEPT_PAGES = 200
/**
 * How long a page built while an answer was missing (the database away for a moment, a tenant not
 * known yet) is kept: long enough that a made-up Host costs one build a while, short enough that the
 * first view comes back soon after the database does (the catalogue version has not changed meanwhile).
 */
export const PARTIAL_PAGE_MS = 5_000

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** JSON that cannot end the script element it sits in (`</script>`, `<!--`). */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
export const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * A server render module of the current build (dist/ssr/*.js), imported again only when its file
 * changed (a rebuild); undefined when the build has none or it fails to load (`failed` is logged).
 */
export function buildRenderModule<T>(app: FastifyInstance, file: string, failed: string): () => Promise<{ mtimeMs: number; module: Promise<T | undefined> }> {
  let loaded: { mtimeMs: number; module: Promise<T | undefined> } | undefined
  return async () => {
    const mtimeMs = await stat(file).then((s) => s.mtimeMs, () => 0)
    if (loaded?.mtimeMs !== mtimeMs) {
      const module =
        mtimeMs === 0
          ? Promise.resolve(undefined)
          : (import(`${pathToFileURL(file).href}?v=${mtimeMs}`) as Promise<T>).catch((err: unknown) => {
              app.log.error({ err }, failed)
              return undefined
            })
      loaded = { mtimeMs, module }
    }
    return loaded
  }
}

/** What the server render (dist/ssr/first-view.ssr.js) exports. */
export interface FirstViewRenderer {
  rendersFirstView(pathname: string, search: string): boolean
  /** The part of the URL the markup depends on (src/composition/first-view-state.ts). */
  firstViewUrl(pathname: string, search: string): string
  renderFirstView(request: {
    url: string
    host: string
    answers: Record<string, unknown>
    /** A GET of the API for the page's tenant by path and query (a step's service list asks with it). */
    ask: (path: string) => Promise<{ status: number; data: unknown }>
  }): Promise<{ html: string; state: string; answers?: Record<string, unknown>; modules?: string[]; ownStylesheetsOnly?: boolean; runModules?: string[] } | undefined>
}

/** A page as sent: its HTML, and its compressed bodies once asked (kept with the page). */
export class FirstViewPage {
  private readonly encoded = new Map<'br' | 'gzip', Promise<Buffer>>()

  /**
   * `partial`: built while one of the API's answers was missing, one the render asked failed with a server
   * error, or the render failed (kept for PARTIAL_PAGE_MS only).
   * `scriptSources`: what the policy's script-src needs for the page's inline scripts (first-paint-inlining.ts).
   */
  constructor(readonly html: string, readonly partial = false, readonly scriptSources: readonly string[] = []) {}

  /** Compressed once, hard (off the event loop: zlib's pool), then the same bytes for every request. */
  encode(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let body = this.encoded.get(encoding)
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.html, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })
          : gzipped(this.html, { level: constants.Z_BEST_COMPRESSION })
      this.encoded.set(encoding, body)
    }
    return body
  }
}

export interface FirstViewPageOptions {
  /** What the page's answers depend on besides host and path: the tenant and its catalogue version. */
  version: (request: FastifyRequest) => Promise<string>
  /** The server render's file (default: dist/ssr/first-view.ssr.js beside webDir); none there: answers only. */
  rendererFile?: string
  /** How long a partial page is kept (default PARTIAL_PAGE_MS). */
  partialPageMs?: number
}

/** The page of `webDir`/index.html for `request`, or undefined when it has no root to put the answers beside. */
export function firstViewPage(app: FastifyInstance, webDir: string, options: FirstViewPageOptions): (request: FastifyRequest) => Promise<FirstViewPage | undefined> {
  let template: { mtimeMs: number; html: string; manifest: BuildManifest } | undefined
  const pages = new Map<string, Promise<FirstViewPage | undefined>>()
  const file = join(webDir, 'index.html')
  const rendererFile = options.rendererFile ?? join(webDir, '../ssr/first-view.ssr.js')

  /** The render of the current build, imported once a build (none when the build has none or it fails to load). */
  /** The render of the current build, imported once a build. */
  const loadRenderer = buildRenderModule<FirstViewRenderer>(app, rendererFile, 'the first view render could not be loaded; pages carry the answers only')

  const build = async (request: FastifyRequest, html: string, manifest: BuildManifest, render: FirstViewRenderer | undefined, url: string): Promise<FirstViewPage> => {
    const headers: Record<string, string> = { accept: 'application/json' }
    for (const name of ['host', 'x-tenant']) {
      const value = request.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    const answers: Record<string, unknown> = {}
    // Asked together, not one after the other: the page waits for the slower of the two only.
    const replies = await Promise.all(INLINE_ANSWER_PATHS.map((path) => app.inject({ method: 'GET', url: `/api${path}`, headers })))
    INLINE_ANSWER_PATHS.forEach((path, i) => {
      // Anything but a success (unknown tenant, database away) is left to the app's own request and its messages.
      if (replies[i]!.statusCode === 200) answers[path] = replies[i]!.json()
    })
    let partial = Object.keys(answers).length < INLINE_ANSWER_PATHS.length
    if (Object.keys(answers).length === 0) return new FirstViewPage(html, partial)
    // The host the browser asked (X-Forwarded-Host behind a trusted proxy): the environment its own render reads.
    const ask = async (path: string) => {
      const reply = await app.inject({ method: 'GET', url: `/api${path}`, headers })
      // A server error (the database busy or away a moment) says nothing lasting about the page: kept briefly, as a missing answer.
      if (reply.statusCode >= 500) partial = true
      return { status: reply.statusCode, data: reply.statusCode === 200 ? reply.json() : undefined }
    }
    const rendered = url === '*' ? undefined : await render?.renderFirstView({ url, host: request.host ?? '', answers, ask }).catch((err: unknown) => {
      app.log.error({ err, url: request.url }, 'the first view could not be rendered on the server; the browser renders it')
      // Rendered again after a while rather than sent unrendered until the catalogue changes.
      partial = true
      return undefined
    })
    const root = rendered ? `<div id="root" data-first-view="${attribute(rendered.state)}">${rendered.html}</div>` : ROOT
    // The render's own requests too (a step's service list): the browser asks nothing again before it hydrates.
    const data = `<script type="application/json" id="${INLINE_ANSWERS_ELEMENT_ID}">${scriptSafeJson({ ...answers, ...rendered?.answers })}</script>`
    const styles = rendered?.modules?.length ? stylesheetsOf(manifest, rendered.modules, html, !rendered.ownStylesheetsOnly) : ''
    const styled = styles ? html.replace('</head>', `  ${styles}\n  </head>`) : html
    const withRoot = styled.replace(ROOT, `${root}\n    ${data}`)
    const page = rendered ? afterFirstPaint(withRoot, BOOT, chunksOf(manifest, rendered.runModules ?? [])) : withRoot
    const sent = answers[getPublicOrganisation.path] === undefined ? page : page.replace(PRELOAD, '')
    if (!rendered) return new FirstViewPage(sent, partial)
    // A rendered page paints with no request after its own: its stylesheets and boot script inside it.
    const inlined = await inlineForFirstPaint(sent, webDir, [AFTER_FIRST_PAINT, BOOT])
    return new FirstViewPage(inlined.html, partial, inlined.scriptSources)
  }

  return async (request) => {
    const [{ mtimeMs }, current, version] = await Promise.all([stat(file), loadRenderer(), options.version(request)])
    if (template?.mtimeMs !== mtimeMs) template = { mtimeMs, html: await readFile(file, 'utf8'), manifest: await readManifest(webDir) }
    const { html, manifest } = template
    if (!html.includes(ROOT)) return undefined
    // A render older than the page is of another build (CSS modules' class names): answers only until it is rebuilt.
    const render = current.mtimeMs >= mtimeMs ? await current.module : undefined
    const [pathname = '/', search = ''] = request.url.split(/\?(.*)/s)
    const query = search ? `?${search}` : ''
    // Every path but the first view's has the same page; the first view's, one a URL its markup reads
    // (path and newAppt: a campaign's query does not make a page of its own).
    const url = render?.rendersFirstView(pathname, query) ? render.firstViewUrl(pathname, query) : '*'
    const key = [version, request.headers.host ?? '', request.host ?? '', request.headers['x-tenant'] ?? '', mtimeMs, current.mtimeMs, url].join('\n')
    let page = pages.get(key)
    if (!page) {
      page = build(request, html, manifest, render, url)
      pages.set(key, page)
      const kept = page
      kept.then(
        (built) => {
          if (built?.partial) setTimeout(() => pages.get(key) === kept && pages.delete(key), options.partialPageMs ?? PARTIAL_PAGE_MS).unref()
        },
        () => pages.delete(key),
      )
      if (pages.size > KEPT_PAGES) pages.delete(pages.keys().next().value!)
    }
    return page
  }
}

/** The build's manifest, or none (a build without it: a rendered lazy page's stylesheets then load with its script). */
async function readManifest(webDir: string): Promise<BuildManifest> {
  try {
    return JSON.parse(await readFile(join(webDir, '.vite/manifest.json'), 'utf8')) as BuildManifest
  } catch {
    return {}
  }
}

/**
 * Sends the page in brotli or gzip when the browser takes them (the SPA fallback is no route, so the
 * compression plugin does not see it), never stored by shared caches without Accept-Encoding.
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, page: FirstViewPage): Promise<FastifyReply> {
  const accepted = String(request.headers['accept-encoding'] ?? '')
  reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8')
  const csp = reply.getHeader('content-security-policy')
  if (page.scriptSources.length && typeof csp === 'string') reply.header('content-security-policy', withScriptSources(csp, page.scriptSources))
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(await page.encode('br'))
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await page.encode('gzip'))
  return reply.send(page.html)
}
