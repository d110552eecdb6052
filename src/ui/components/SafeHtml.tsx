import { useEffect, useState } from 'react'

/** HTML from the organisation's settings, sanitised with DOMPurify (loaded on demand, not in the first view). */
export function useSanitisedHtml(html: string | undefined): string | undefined {
  const [clean, setClean] = useState<string>()
  useEffect(() => {
    if (!html) {
      setClean(undefined)
      return
    }
    let live = true
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (live) setClean(DOMPurify.sanitize(html))
    })
    return () => {
      live = false
    }
  }, [html])
  return clean
}

/** Renders sanitised organisation HTML; `onRendered` runs once the content is in the page. */
export function SafeHtml({ html, className, onRendered }: { html: string | undefined; className?: string; onRendered?: () => void }) {
  const clean = useSanitisedHtml(html)
  useEffect(() => {
    if (clean !== undefined) onRendered?.()
  }, [clean, onRendered])
  return clean ? <div className={className} dangerouslySetInnerHTML={{ __html: clean }} /> : null
}
