import { lazy, Suspense, useState } from 'react'
import type { AppDialogProps } from './Dialog'

const loadDialog = () => import('./Dialog')
const AppDialog = lazy(() => loadDialog().then((m) => ({ default: m.AppDialog })))

/**
 * Fetches and runs the dialog's code when the browser is idle, for a page whose next tap opens one
 * (the practitioner step's another-service question): on a busy phone the question would otherwise
 * come up a few hundred ms after the choice, over a page that looks ready for taps.
 */
export function preloadDialog(): void {
  const run = () => void loadDialog()
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 })
  else setTimeout(run, 0)
}

/**
 * AppDialog whose code (react-aria, ~74 KB) loads when it first opens: a closed dialog renders
 * nothing, and react-aria's modules build its default locale as they run (Intl's
 * supportedLocalesOf, 25-35 ms of CPU in chromium, one task: x4 on a phone). For the dialogs of a
 * page the server renders (the wizard's service step, issue 28: Lighthouse's TBT); once opened it
 * stays mounted, so its closing animation and focus restore are AppDialog's own.
 */
export function LazyDialog(props: AppDialogProps) {
  const [opened, setOpened] = useState(props.isOpen)
  // Updating state while rendering (React's documented pattern): the first open mounts AppDialog in the same render.
  if (props.isOpen && !opened) setOpened(true)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <AppDialog {...props} />
    </Suspense>
  )
}
