import { useEffect } from 'react'

/**
 * Taps on the server's markup before React has attached to it (issue 28). public/first-view-boot.js
 * (a script in the page's head: listening before the first paint) keeps each tap on a button of the
 * root in `window.firstViewTaps` and stops its default; links navigate as links (the location list's
 * clinics are links: what remains for this replay are the header's and the cookie sheet's buttons, and on
 * a step the service rows). The browser takes
 * them when it starts hydrating (React handles every tap from then on) and runs them again once the
 * hydration has committed, in a task of their own (a click dispatched inside React's commit is not
 * React's to handle), on the button that says the same: by then this visitor's own state shows ('Log
 * in' is gone for a signed-in customer: that tap is dropped).
 */
export interface FirstViewTap {
  /** The button's words. */
  text: string
  /** Its place among the root's buttons with these words, in document order (0: the first). */
  nth: number
}

interface TapRecorder {
  taps: FirstViewTap[]
  closed: boolean
}

declare global {
  interface Window {
    firstViewTaps?: TapRecorder
  }
}

/** Stops the recording and returns the taps kept so far (none where the page had no boot script). */
export function takeFirstViewTaps(win: Pick<Window, 'firstViewTaps'>): FirstViewTap[] {
  const recorder = win.firstViewTaps
  if (!recorder) return []
  recorder.closed = true
  return recorder.taps.splice(0)
}

/** Taps again, in order, each button that is still there (the same words, the same place among those). */
export function replayTaps(root: ParentNode, taps: readonly FirstViewTap[]): void {
  for (const tap of taps) {
    const button = [...root.querySelectorAll('button')].filter((b) => b.textContent === tap.text)[tap.nth]
    if (button && !button.disabled) button.click()
  }
}

/** Renders nothing; once the tree it closes has committed (its passive effects run), replays `taps` in `root` in the next task. */
export function ReplayTaps({ root, taps }: { root: ParentNode; taps: readonly FirstViewTap[] }) {
  useEffect(() => {
    if (taps.length === 0) return undefined
    const timer = setTimeout(() => replayTaps(root, taps), 0)
    return () => clearTimeout(timer)
  }, [root, taps])
  return null
}
