import { useEffect } from 'react'

let markShown: () => void = () => undefined

/**
 * Resolves once the routed page inside AppShell has been committed: rendered, or on a page the server
 * rendered, hydrated. React hydrates the shell (header, banners) first and the page's Suspense
 * boundary after it, so code the shell would start in its effects (DOMPurify for the header's banner)
 * waits for this instead of competing with the location list for the network (issue 28).
 */
export const pageShown: Promise<void> = new Promise((resolve) => {
  markShown = resolve
})

/** Rendered after the page inside its Suspense boundary: its effect runs when the page has committed. */
export function PageShown(): null {
  useEffect(() => markShown(), [])
  return null
}
