/**
 * What a server-rendered page needs before its first paint, put inside the page (issue 28: a new
 * customer's phone, Lighthouse's first visit). Each stylesheet linked in the head and the boot script
 * (public/first-view-boot.js, public/lead-boot.js) was a request of its own after the document's, on a
 * connection of its own (HTTP/1.1): a round trip and a TCP handshake more before the first paint on a
 * slow network, and the page's few KB of CSS fit in the document's first round trip compressed.
 *
 * - A stylesheet becomes a `<style>` with its text where its link was (the cascade's order kept), and
 *   the link stays, `disabled`: a disabled stylesheet link is not fetched (HTML's "explicitly enabled"),
 *   and Vite's loader, which looks for a `link[rel=stylesheet]` of a lazy chunk's CSS before it adds
 *   one, finds it and adds no second copy of rules that would then come later in the cascade.
 * - The boot script, and the snippet before it that it shares with the other page's boot
 *   (public/after-first-contentful-paint.js), become inline scripts with the same attributes (the boot
 *   reads them through document.currentScript); the policy allows each by its hash (`scriptSources`,
 *   for script-src), not by 'unsafe-inline'.
 * Anything that cannot be inlined as it is (a file missing, text that would end its element) keeps its link.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g

export interface InlinedPage {
  html: string
  /** CSP script-src sources for the inline scripts (their hashes). */
  scriptSources: string[]
}

/**
 * `html` with its stylesheets and the classic scripts `scriptPaths` (the boot script and the snippet it
 * uses, public/after-first-contentful-paint.js) inside it, each script's hash in `scriptSources`; files
 * are read from `webDir`.
 */
export async function inlineForFirstPaint(html: string, webDir: string, scriptPaths: readonly string[]): Promise<InlinedPage> {
  const read = (path: string) => readFile(join(webDir, path), 'utf8').catch(() => undefined)
  const sheets = [...new Set([...html.matchAll(STYLESHEET)].map((m) => m[1]!))]
  const texts = new Map(await Promise.all(sheets.map(async (href) => [href, await read(href)] as const)))
  let page = html.replace(STYLESHEET, (link, href: string) => {
    const css = texts.get(href)
    if (css === undefined || /<\/style/i.test(css)) return link
    return `<style>${css}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`
  })
  const scriptSources: string[] = []
  for (const path of scriptPaths) {
    const tag = new RegExp(`<script src="${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"([^>]*)></script>`).exec(page)
    const script = tag ? await read(path) : undefined
    if (!tag || script === undefined || /<\/script|<!--/i.test(script)) continue
    page = page.replace(tag[0], () => `<script${tag[1]}>${script}</script>`)
    scriptSources.push(scriptHash(script))
  }
  return { html: page, scriptSources }
}

/** The CSP source that allows an inline script of exactly `text`. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/** `csp` with `sources` added to its script-src (made from default-src where it has none). */
export function withScriptSources(csp: string, sources: readonly string[]): string {
  if (sources.length === 0) return csp
  const added = sources.join(' ')
  if (/(^|;)\s*script-src\s/.test(csp)) return csp.replace(/((?:^|;)\s*script-src\s[^;]*)/, `$1 ${added}`)
  const defaults = /(?:^|;)\s*default-src\s([^;]*)/.exec(csp)?.[1]?.trim()
  return `${csp}${csp.trim().endsWith(';') || csp === '' ? '' : ';'}script-src ${defaults ? `${defaults} ` : ''}${added}`
}
