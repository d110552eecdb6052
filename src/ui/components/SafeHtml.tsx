import { useEffect, useState } from 'react'

let purifier: Promise<typeof import('dompurify')> | undefined

/** Once the main thread is idle (the first view rendered), at most `timeout` ms later. */
const whenIdle = (then: () => void, timeout = 2000) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(() => then(), { timeout }) : setTimeout(then, 0)

/**
 * DOMPurify, imported once the page has loaded and rendered (issue 28: a new visitor's first view no
 * longer waits on it; the HTML's words stand in meanwhile, see htmlText), at once on later pages.
 */
function loadPurifier(): Promise<typeof import('dompurify')> {
  purifier ??= new Promise<void>((resolve) => {
    if (typeof document === 'undefined') resolve()
    else if (document.readyState === 'complete') whenIdle(resolve)
    else window.addEventListener('load', () => whenIdle(resolve), { once: true })
  })
    .then(() => import('dompurify'))
    .catch((error: unknown) => {
      purifier = undefined // a chunk that failed to load is tried again next time
      throw error
    })
  return purifier
}

/** HTML from the organisation's settings, sanitised with DOMPurify (loaded on demand, not in the first view). */
export function useSanitisedHtml(html: string | undefined): string | undefined {
  const [clean, setClean] = useState<string>()
  useEffect(() => {
    if (!html) {
      setClean(undefined)
      return
    }
    let live = true
    void loadPurifier().then(({ default: DOMPurify }) => {
      if (live) setClean(DOMPurify.sanitize(html))
    })
    return () => {
      live = false
    }
  }, [html])
  return clean
}

/**
 * The text of some HTML, without its markup, to show in its place until DOMPurify has loaded (same
 * words, so nearly the same height: the page does not move when the HTML replaces it). DOMParser's
 * document is inert: no script runs and no image loads.
 */
export function htmlText(html: string | undefined): string | undefined {
  if (!html || typeof DOMParser === 'undefined') return undefined
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? undefined
}

/** Renders sanitised organisation HTML; `onRendered` runs once the content is in the page. */
export function SafeHtml({ html, className, onRendered }: { html: string | undefined; className?: string; onRendered?: () => void }) {
  const clean = useSanitisedHtml(html)
  useEffect(() => {
    if (clean !== undefined) onRendered?.()
  }, [clean, onRendered])
  return clean ? <div className={className} dangerouslySetInnerHTML={{ __html: clean }} /> : null
}
