import { useEffect, useState } from 'react'

let purifier: Promise<typeof import('dompurify')> | undefined

/** Once the main thread is idle (the first view rendered), at most `timeout` ms later. */
const whenIdle = (then: () => void, timeout = 2000) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(() => then(), { timeout }) : setTimeout(then, 0)

/**
 * DOMPurify, imported once `after` has resolved and the page has loaded and rendered (issue 28: a new
 * visitor's first view no longer waits on it; the HTML's words stand in meanwhile, see htmlText), at
 * once on later pages.
 */
function loadPurifier(after: Promise<unknown>): Promise<typeof import('dompurify')> {
  purifier ??= after
    .then(
      () =>
        new Promise<void>((resolve) => {
          if (typeof document === 'undefined') resolve()
          else if (document.readyState === 'complete') whenIdle(resolve)
          else window.addEventListener('load', () => whenIdle(resolve), { once: true })
        }),
    )
    .then(() => import('dompurify'))
    .catch((error: unknown) => {
      purifier = undefined // a chunk that failed to load is tried again next time
      throw error
    })
  return purifier
}

const now = Promise.resolve()

/**
 * HTML from the organisation's settings, sanitised with DOMPurify (loaded on demand, not in the first
 * view; not before `after`, e.g. the page's own content: src/ui/page-shown.ts).
 */
export function useSanitisedHtml(html: string | undefined, after: Promise<unknown> = now): string | undefined {
  const [clean, setClean] = useState<string>()
  useEffect(() => {
    if (!html) {
      setClean(undefined)
      return
    }
    let live = true
    void loadPurifier(after).then(({ default: DOMPurify }) => {
      if (live) setClean(DOMPurify.sanitize(html))
    })
    return () => {
      live = false
    }
  }, [html, after])
  return clean
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

function entity(match: string, name: string): string {
  const code = name[0] !== '#' ? undefined : name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
  if (code === undefined) return ENTITIES[name.toLowerCase()] ?? match
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match
}

/**
 * The words of some HTML, without its markup, to show in its place until DOMPurify has loaded (same
 * words, so nearly the same height: the page does not move when the HTML replaces it). Plain string
 * work, no DOM: the server renders the same words into the page as the browser's first render
 * (issue 28: hydration), and nothing of the HTML runs or loads.
 */
export function htmlText(html: string | undefined): string | undefined {
  if (!html) return undefined
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?[a-zA-Z](?:[^>"']|"[^"]*"|'[^']*')*>?/g, '')
    .replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, entity)
}

/**
 * Renders sanitised organisation HTML; `onRendered` runs once the content is in the page, or at once
 * when there is none (a new tenant's empty terms: the confirm step waits on it to let the customer agree).
 */
export function SafeHtml({ html, className, onRendered }: { html: string | undefined; className?: string; onRendered?: () => void }) {
  const clean = useSanitisedHtml(html)
  useEffect(() => {
    if (clean !== undefined || !html) onRendered?.()
  }, [clean, html, onRendered])
  return clean ? <div className={className} dangerouslySetInnerHTML={{ __html: clean }} /> : null
}
