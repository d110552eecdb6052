import { useSyncExternalStore } from 'react'

const nothingToWatch = () => () => undefined

/**
 * `client` in the browser, but `server` in the server's render of the first view and in the browser's
 * render that hydrates it (issue 28): what depends on this browser (a cookie answer, a signed-in
 * customer, a frame) reads as the server rendered it while React attaches to the server's markup,
 * then as it is, in the render right after (React's own server snapshot). A fresh render (no server
 * markup) reads `client` at once. Only for values compared with Object.is (booleans, strings).
 */
export function useAfterHydration<T>(client: T, server: T): T {
  return useSyncExternalStore(
    nothingToWatch,
    () => client,
    () => server,
  )
}
