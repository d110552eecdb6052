/**
 * The server's render of the app's first view (issue 28): the header, the organisation's banner and
 * the location list as the browser's first render shows them to a new visitor, from the same
 * components, so that the page paints them before any script and the browser hydrates them.
 * `npm run build` compiles this file with Vite (--ssr: dist/ssr/first-view.ssr.js, CSS modules' class
 * names as in the browser's build); the server imports that file, never Vite.
 */
import { Container } from 'inversify'
import { enableStaticRendering } from 'mobx-react-lite'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'
import { browserAdaptersModule } from '../adapters/browser-adapters.module'
import type { InlineAnswers } from '../adapters/http/inline-answers'
import { SafeStorage } from '../adapters/storage/safe-storage.adapter'
import { createRoutes } from '../ui/routes'
import { SessionViewModel } from '../ui/view-models/session.view-model'
import { LocationsViewModel } from '../ui/view-models/locations.view-model'
import { firstViewModule, firstViewUseCasesModule } from './first-view.module'
import { webConfigOf } from './browser-services'
import { appElement } from './app-element'
import { firstViewState, firstViewUrl, rendersFirstView } from './first-view-state'

enableStaticRendering(true)

export { firstViewUrl, rendersFirstView }

export interface FirstViewRequest {
  /** The page's path and query, e.g. '/?newAppt=true' (the markup reads firstViewUrl's part of it only). */
  url: string
  /** The Host the browser asked (the environment: local, staging or production). */
  host: string
  /** The answers the page carries (the organisation, the clinics): the render asks nothing else. */
  answers: InlineAnswers
}

export interface RenderedFirstView {
  /** The markup inside the root element. */
  html: string
  /** What the browser compares with its own state before it hydrates (first-view-state.ts). */
  state: string
}

const ready = () => Promise.resolve()
/** No network on the server: every request the answers do not cover fails (the app's own error paths). */
const offline = { request: () => Promise.reject(new Error('no requests in the server render')) }
/** Nothing is tapped on the server: the render reads the wizard's initial state (LazyBooking). */
const noWizard = () => Promise.reject(new Error('no booking wizard in the server render'))

/** The first view of `url` for a new visitor, or undefined where the server leaves the render to the browser. */
export async function renderFirstView({ url, host, answers }: FirstViewRequest): Promise<RenderedFirstView | undefined> {
  const { pathname, search } = new URL(url, 'http://server.invalid')
  if (!rendersFirstView(pathname, search)) return undefined
  const location = firstViewUrl(pathname, search)
  const env = import.meta.env as Record<string, string | boolean | undefined>
  const container = new Container()
  const memory = () => new SafeStorage(() => null)
  container.load(
    browserAdaptersModule({ storage: memory(), sessionStorage: memory(), tagManager: { start: () => undefined } }),
    firstViewModule({ config: webConfigOf({ host, env }), http: {}, answers, transport: offline, loadBooking: noWizard }),
    firstViewUseCasesModule,
  )
  const session = container.get(SessionViewModel)
  const locations = container.get(LocationsViewModel)
  await Promise.all([session.start(), locations.load({ autoSelect: false })])
  // Nothing to gain where the list is not there (the API refused): the browser renders its messages.
  if (!session.organisation || !locations.loaded) return undefined
  const html = renderToString(
    appElement({
      resolver: container,
      prepare: ready,
      routes: createRoutes(ready),
      router: (children) => <StaticRouter location={location}>{children}</StaticRouter>,
    }),
  )
  return { html, state: firstViewState(container, location) }
}
