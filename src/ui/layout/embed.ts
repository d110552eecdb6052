import type { KeyValueStorage } from '../../application/ports/storage.port'

/**
 * The booking flow embedded in another site's iframe, like the lead form (docs/lead-embed.md):
 * `/?embed=1` hides the header and tells the host page its height with `{ type: 'resize', height }`.
 * The flag is remembered for the frame's session, as the steps' own URLs drop the query (where the
 * browser refuses storage to the frame, for the page's life only: a reload there shows the header).
 */
export interface EmbedWindow {
  location: { search: string }
  parent: unknown
}

const KEY = 'embed'

/** ?embed=1 now, or earlier in this frame's session (only inside a frame: a tab of its own shows the header). */
export function isEmbedded(win: EmbedWindow, session: KeyValueStorage): boolean {
  const framed = !Object.is(win.parent, win)
  if (new URLSearchParams(win.location.search).get(KEY) === '1') {
    if (framed) session.setItem(KEY, '1')
    return true
  }
  return framed && session.getItem(KEY) === '1'
}

export type ResizeMessage = { type: 'resize'; height: number }

/** Posts each new height (rounded up) once. */
export function heightReporter(post: (message: ResizeMessage) => void): (height: number) => void {
  let last: number | undefined
  return (height) => {
    const rounded = Math.ceil(height)
    if (rounded === last || rounded <= 0) return
    last = rounded
    post({ type: 'resize', height: rounded })
  }
}
