import { useEffect } from 'react'

/**
 * Taps on the server's markup before React has attached to it (issue 28). public/first-view-boot.js
 * (a script in the page's head: listening before the first paint) keeps each tap on a button of the
 * root in `window.firstViewTaps` and stops its default; links navigate as links. The browser takes
 * them when it starts hydrating (React handles every tap from then on) and runs them again on the
 * hydrated buttons, before the render that shows this visitor's own state.
 */
export interface FirstViewTap {
  /** The button's place among the root's buttons, in document order. */
  index: number
  /** Its words, checked again before the tap is run (a different button is not tapped). */
  text: string
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

/** Taps again, in order, each button that is still where it was and says the same. */
export function replayTaps(root: ParentNode, taps: readonly FirstViewTap[]): void {
  for (const tap of taps) {
    const button = root.querySelectorAll('button')[tap.index]
    if (button && button.textContent === tap.text && !button.disabled) button.click()
  }
}

/** Renders nothing; once the tree it closes is hydrated (its passive effects run), replays `taps` in `root`. */
export function ReplayTaps({ root, taps }: { root: ParentNode; taps: readonly FirstViewTap[] }) {
  useEffect(() => {
    replayTaps(root, taps)
  }, [root, taps])
  return null
}
