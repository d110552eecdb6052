/**
 * The web app's page (index.html) with the first view's API answers inside it (issue 28): the
 * organisation (header, banner) and the clinics shown online (the location list), as the API answers
 * them for the request's tenant (X-Tenant or the host), from the answers the server keeps under the
 * tenant's catalogue version. The browser's transport takes each from the page once
 * (src/adapters/http/inline-answers.ts; src/contract/first-view-answers.ts) instead of waiting a round trip after its scripts have run;
 * index.html's preload of the organisation is dropped then, as it would fetch it for nothing.
 */
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { getPublicOrganisation } from '../../src/contract'
import { INLINE_ANSWER_PATHS, INLINE_ANSWERS_ELEMENT_ID } from '../../src/contract/first-view-answers'

const ROOT = '<div id="root"></div>'
const PRELOAD = /\s*<!--[^>]*-->\s*(?=<link rel="preload" href="\/api\/public\/organisations")|\s*<link rel="preload" href="\/api\/public\/organisations"[^>]*>/g

/** JSON that cannot end the script element it sits in (`</script>`, `<!--`). */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The page of `webDir`/index.html for `request`, or undefined when it has no root to put the answers beside. */
export function firstViewPage(app: FastifyInstance, webDir: string): (request: FastifyRequest) => Promise<string | undefined> {
  let template: { mtimeMs: number; html: string } | undefined
  const file = join(webDir, 'index.html')
  return async (request) => {
    const { mtimeMs } = await stat(file)
    if (template?.mtimeMs !== mtimeMs) template = { mtimeMs, html: await readFile(file, 'utf8') }
    const html = template.html
    if (!html.includes(ROOT)) return undefined
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
    if (Object.keys(answers).length === 0) return html
    const data = `<script type="application/json" id="${INLINE_ANSWERS_ELEMENT_ID}">${scriptSafeJson(answers)}</script>`
    const page = html.replace(ROOT, `${ROOT}\n    ${data}`)
    return answers[getPublicOrganisation.path] === undefined ? page : page.replace(PRELOAD, '')
  }
}

/**
 * Sends the page in brotli or gzip when the browser takes them (the SPA fallback is no route, so the
 * compression plugin does not see it), never stored by shared caches without Accept-Encoding.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const accepted = String(request.headers['accept-encoding'] ?? '')
  reply.header('vary', 'accept-encoding').type('text/html; charset=utf-8')
  if (/\bbr\b/.test(accepted)) {
    const params = { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 5 }
    return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params }))
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html))
  return reply.send(html)
}
