/**
 * The booking flow embedded in another site's iframe, like the lead form (docs/lead-embed.md):
 * `/?embed=1` hides the header and tells the host page its height with `{ type: 'resize', height }`.
 * The flag is remembered for the frame's session, as the steps' own URLs drop the query.
 */
export interface EmbedWindow {
  location: { search: string }
  parent: unknown
  sessionStorage?: Pick<Storage, 'getItem' | 'setItem'>
}

const KEY = 'embed'

function remembered(win: EmbedWindow): boolean {
  try {
    return win.sessionStorage?.getItem(KEY) === '1'
  } catch {
    return false // storage refused (a third-party frame with storage blocked)
  }
}

/** ?embed=1 now, or earlier in this frame's session (only inside a frame: a tab of its own shows the header). */
export function isEmbedded(win: EmbedWindow): boolean {
  const framed = !Object.is(win.parent, win)
  if (new URLSearchParams(win.location.search).get(KEY) === '1') {
    if (framed) {
      try {
        win.sessionStorage?.setItem(KEY, '1')
      } catch {
        // not remembered: a reload inside the frame shows the header
      }
    }
    return true
  }
  return framed && remembered(win)
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
