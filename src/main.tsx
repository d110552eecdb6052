import { when } from 'mobx'
import { startTransition } from 'react'
import { BrowserRouter } from 'react-router-dom'
import './ui/styles/global.css'
import { createBrowserContainer } from './composition/browser.container'
import { warmUpEngine } from './composition/engine-warm-up'
import { appElement } from './composition/app-element'
import { FIRST_VIEW_STATE_ATTRIBUTE, firstViewState, firstViewUrl, isAccountPath, stepClinicOf } from './composition/first-view-state'
import { ReplayTaps, takeFirstViewTaps } from './composition/first-view-taps'
import { createRoutes, opensLazyPage, preloadLazyPage } from './ui/routes'
import { nextTask } from './ui/next-task'
import { SessionViewModel } from './ui/view-models/session.view-model'
import { LocationsViewModel } from './ui/view-models/locations.view-model'
import { followSignedInCustomer } from './ui/view-models/session-watch.launcher'

declare global {
  interface Window {
    /** public/first-view-boot.js: settles once it has run the page's chunks (never fails). */
    firstViewPage?: Promise<void>
  }
}

// The web app. The embeddable lead form (/lead) is another page: lead.html with src/lead.main.tsx
// (the server and vite's dev server answer /lead with it).
const rootElement = document.getElementById('root') as HTMLElement
const serverState = rootElement.getAttribute(FIRST_VIEW_STATE_ATTRIBUTE)
// react-dom's module in a task of its own, as its chunk arrives (issue 28): a CommonJS module in the
// bundle runs on its first require, which was inside the entry's evaluation (one task of ~20 ms of
// CPU on a quiet machine with the rest of it: x4 on a phone, Lighthouse's TBT on /step).
const reactDomLoading = import('react-dom/client')
const { resolver, prepare, prepareStaff, prepareWizard, prepareAccount } = createBrowserContainer()
// Where the server rendered the first view (painted already, its answers in the page): the work
// after the first paint in tasks of their own (issue 28: Lighthouse's TBT; the container's bindings
// and first plan were one task of ~35 ms of CPU here, x4 on a phone, before the first view's objects
// were made without it: first-view.graph.ts). Elsewhere the organisation's request starts at once.
if (serverState !== null) await nextTask()
const session = resolver.get(SessionViewModel)
if (serverState !== null) await nextTask()
// The first view loads the organisation and the user; the links cache (and with it the lazily
// bound modules) follows once the page is up, and so does the live socket of a signed-in customer,
// on every page (it follows later logins, e.g. in the wizard, and stops on logout).
const started = session.start()
void started.then(() =>
  setTimeout(() => {
    void session.refreshLinks()
    // The customer area's bindings only (the session watch's): not the wizard's steps' on /app (issue 28).
    followSignedInCustomer(session, async () => {
      await prepareAccount()
      const { SessionWatchViewModel } = await import('./ui/view-models/session-watch.view-model')
      return resolver.get(SessionWatchViewModel)
    })
  }, 2000),
)
const routes = createRoutes(prepare, prepareStaff, { wizard: prepareWizard, account: prepareAccount })
// A lazy page's modules (react-aria, date-fns-tz) first use what the browser builds on demand: built
// now, while the network works, not in the long task that runs them after the first paint. Not on a
// page the server rendered (a step): its first view formats no date and opens no dialog (LazyDialog),
// and the first Intl.DateTimeFormat alone is a task of 30-45 ms of CPU (x4 on a phone: TBT, issue 28),
// paid by the first tap that needs one instead.
if (serverState === null && opensLazyPage(routes, window.location.pathname)) warmUpEngine()

// The first paint waits for the organisation and the user (one round trip, preloaded by index.html)
// at most FIRST_PAINT_WAIT_MS: the header's title, logo and banner then appear at once instead of
// pushing the page down as they arrive (layout shift).
// Where the server rendered the first view (the page is painted, the organisation is in it), only the
// organisation: hydration, and with it any tap kept before, does not wait for the user's request.
const FIRST_PAINT_WAIT_MS = 1500
const firstRenderReady = serverState === null ? started.catch(() => undefined) : when(() => session.organisation !== undefined || session.organisationFailed)
await Promise.race([firstRenderReady, new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS))])
// A lazy page starts loading here and the first render follows in a task of its own: started from
// that render (React.lazy), the page's <link rel=modulepreload>s (one a chunk, ~60 for /app) made it
// one long task (issue 18: Lighthouse's TBT).
// Where the boot script runs the page's chunks one a task (the customer area, first-view.ssr.tsx's
// runModules), the page's import waits for them: started before, it would run what is left in one task.
// Where the server rendered the page, it starts in a task after the session's start: the page's preload
// links with it were one task of ~30 ms of CPU on /step (issue 28: x4 on a phone, Lighthouse's TBT).
if (serverState !== null) {
  await window.firstViewPage
  await nextTask()
}
const pageLoading = preloadLazyPage(routes, window.location.pathname)
if (pageLoading) await nextTask()

const app = appElement({ resolver, prepare, routes, router: (children) => <BrowserRouter>{children}</BrowserRouter> })
// The server rendered the first view into the page (issue 28: it paints before any script). Hydrated
// for every visitor: what differs from a new visitor's (a cookie answer, a signed-in customer, a frame)
// shows in the render right after (src/ui/use-after-hydration.ts). The clinics come from the page's
// answers, at once. Taps on the server's buttons before now are run again once hydrated.
if (serverState !== null) {
  await nextTask()
  await resolver.get(LocationsViewModel).load({ autoSelect: false })
  await nextTask()
}
// A clinic's service list rendered by the server (/step/{clinic}): the wizard's modules (loading since
// preloadLazyPage) and the list's first page, from the page's answers, before hydrating it.
const stepClinic = serverState !== null ? stepClinicOf(window.location.pathname) : undefined
let pageState: unknown[] = []
if (stepClinic !== undefined) {
  // The step's page module too: hydrated with it, the list's rows are React's at once (a tap kept before is replayed on them).
  try {
    const [step] = await Promise.all([import('./composition/step-first-view'), prepareWizard(), pageLoading])
    await step.prepareStepView(resolver, stepClinic, Object.fromEntries(new URLSearchParams(window.location.search)), nextTask)
    pageState = step.stepViewState(resolver, stepClinic) ?? ['not shown']
  } catch {
    // The wizard's modules did not load (the network went): the browser's own render, and its error boundary.
    pageState = ['not shown']
  }
  await nextTask()
}
// The customer area's shell (/app): its page module hydrated with it (the page's loading state, as the
// server's); where it did not load (the network went), the browser's own render and its error boundary.
if (serverState !== null && isAccountPath(window.location.pathname)) {
  const pages = await pageLoading
  if (!Array.isArray(pages) || pages.includes(undefined)) pageState = ['not shown']
}
const { createRoot, hydrateRoot } = await reactDomLoading
const url = firstViewUrl(window.location.pathname, window.location.search)
if (serverState !== null && serverState === firstViewState(resolver, url, pageState)) {
  const taps = takeFirstViewTaps(window)
  // In a transition, so that React hydrates in slices of ~5 ms: outside one, hydrateRoot's lane is the
  // default (hydration) lane, which React renders in one task (~25 ms of CPU on this machine, x4 on a
  // phone: Lighthouse's TBT on '/'). A tap meanwhile hydrates the root at once (React's own replay).
  startTransition(() => {
    hydrateRoot(
      rootElement,
      <>
        {app}
        <ReplayTaps root={rootElement} taps={taps} />
      </>,
      { onRecoverableError: (error) => console.error('The first view could not be hydrated:', error) },
    )
  })
} else {
  // Another build's or tenant's page (the server keeps neither long): its markup and taps are dropped.
  takeFirstViewTaps(window)
  const root = createRoot(rootElement)
  // A transition: React renders the first view in slices of ~5 ms instead of one task (the shell and
  // header alone were a ~20 ms task after the first paint on /app; issue 18: TBT).
  startTransition(() => root.render(app))
}
