/**
 * The server's render of the app's first view (issue 28): the header, the organisation's banner and
 * the location list as the browser's first render shows them to a new visitor, from the same
 * components, so that the page paints them before any script and the browser hydrates them.
 * `npm run build` compiles this file with Vite (--ssr: dist/ssr/first-view.ssr.js, CSS modules' class
 * names as in the browser's build); the server imports that file, never Vite.
 */
import { Container } from 'inversify'
import { enableStaticRendering } from 'mobx-react-lite'
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import { browserAdaptersModule } from '../adapters/browser-adapters.module'
import { inlineAnswerKey, type InlineAnswers } from '../adapters/http/inline-answers'
import type { HttpTransport } from '../adapters/http/transport'
import { SafeStorage } from '../adapters/storage/safe-storage.adapter'
import { createRoutes } from '../ui/routes'
import { SessionViewModel } from '../ui/view-models/session.view-model'
import { LocationsViewModel } from '../ui/view-models/locations.view-model'
import { firstViewModule, firstViewUseCasesModule } from './first-view.module'
import { webConfigOf } from './browser-services'
import { appElement } from './app-element'
import { firstViewState, firstViewUrl, isAccountPath, rendersFirstView, stepClinicOf } from './first-view-state'
import { lazyModules } from './all-lazy.module'
import { prepareStepView, stepViewState } from './step-first-view'

enableStaticRendering(true)

export { firstViewUrl, rendersFirstView }

export interface FirstViewRequest {
  /** The page's path and query, e.g. '/?newAppt=true' (the markup reads firstViewUrl's part of it only). */
  url: string
  /** The Host the browser asked (the environment: local, staging or production). */
  host: string
  /** The answers the page carries (the organisation, the clinics): the location list asks nothing else. */
  answers: InlineAnswers
  /**
   * A GET of the API for the page's tenant, by path and query (`/categories?clinic=…`): the service
   * list's requests (a step). Without it a step is not rendered.
   */
  ask?: (path: string) => Promise<{ status: number; data: unknown }>
}

export interface RenderedFirstView {
  /** The markup inside the root element. */
  html: string
  /** What the browser compares with its own state before it hydrates (first-view-state.ts). */
  state: string
  /** The answers the render asked for besides the page's (a step's service list), by inlineAnswerKey: the page carries them too. */
  answers?: InlineAnswers
  /** The lazy page modules in the markup, as the build's manifest names them: the page links their stylesheets. */
  modules?: string[]
  /**
   * The markup uses the modules' own stylesheets only, not those of the chunks they import (a page's
   * loading state): fewer stylesheets before the first paint; the rest load with the page's script.
   */
  ownStylesheetsOnly?: boolean
  /**
   * Modules (manifest names) whose chunks the page's boot script fetches with the entry's and runs one
   * a task, each after its imports (public/first-view-boot.js; main.tsx waits for them before it loads
   * the page): a dynamic import runs its whole graph in one task once all of it has arrived.
   */
  runModules?: string[]
}

/** The step's page module (src/ui/routes.tsx loads it lazily). */
const STEP_PAGE_MODULE = 'src/ui/pages/booking/StepPage.tsx'
/** The customer area's page module (lazy too). */
const ACCOUNT_PAGE_MODULE = 'src/ui/pages/account/AccountPage.tsx'
/**
 * What the customer area loads after the first paint (issue 28): the container and its lazy modules
 * (browser.container.ts's prepareAccount) and the page, as the build's manifest names them.
 */
const ACCOUNT_RUN_MODULES = ['node_modules/inversify/lib/index.js', 'src/composition/lazy-ports.module.ts', 'src/composition/booking-wizard.module.ts', 'src/composition/lazy-account.module.ts', ACCOUNT_PAGE_MODULE]

const ready = () => Promise.resolve()
/** No network on the server: every request the answers do not cover fails (the app's own error paths). */
const offline = { request: () => Promise.reject(new Error('no requests in the server render')) }
/** Nothing is tapped on the server: the render reads the wizard's initial state (LazyBooking). */
const noWizard = () => Promise.reject(new Error('no booking wizard in the server render'))

/** The first view of `url` for a new visitor, or undefined where the server leaves the render to the browser. */
export async function renderFirstView({ url, host, answers, ask }: FirstViewRequest): Promise<RenderedFirstView | undefined> {
  const { pathname, search } = new URL(url, 'http://server.invalid')
  if (!rendersFirstView(pathname, search)) return undefined
  const location = firstViewUrl(pathname, search)
  const clinicId = stepClinicOf(pathname)
  if (clinicId !== undefined && !ask) return undefined
  const account = isAccountPath(pathname)
  const asked: InlineAnswers = {}
  const env = import.meta.env as Record<string, string | boolean | undefined>
  const container = new Container()
  const memory = () => new SafeStorage(() => null)
  container.load(
    browserAdaptersModule({ storage: memory(), sessionStorage: memory(), tagManager: { start: () => undefined } }),
    firstViewModule({ config: webConfigOf({ host, env }), http: {}, answers, transport: ask ? asking(ask, asked) : offline, loadBooking: noWizard }),
    firstViewUseCasesModule,
    // A step's page (the wizard) or the customer area's, as the browser binds them once its lazy modules have loaded.
    ...(clinicId !== undefined || account ? lazyModules : []),
  )
  const session = container.get(SessionViewModel)
  const locations = container.get(LocationsViewModel)
  await Promise.all([session.start(), locations.load({ autoSelect: false })])
  // Nothing to gain where the list is not there (the API refused): the browser renders its messages.
  if (!session.organisation || !locations.loaded) return undefined
  const routes = createRoutes(ready)
  const app = appElement({
    resolver: container,
    prepare: ready,
    routes,
    router: (children) => <StaticRouter location={location}>{children}</StaticRouter>,
  })
  // The customer area for a visitor the server cannot know (the token stays in the browser): the shell
  // and the page's loading state, which the browser hydrates before it shows the signed-in customer's.
  if (account) return { html: await prerendered(app), state: firstViewState(container, location), modules: [ACCOUNT_PAGE_MODULE], ownStylesheetsOnly: true, runModules: ACCOUNT_RUN_MODULES }
  if (clinicId === undefined) return { html: renderToString(app), state: firstViewState(container, location) }
  // The step: the state its page renders with (an unknown clinic, one not shown online, a list the API refused: the browser's).
  await prepareStepView(container, clinicId, {})
  const step = stepViewState(container, clinicId)
  if (!step) return undefined
  return { html: await prerendered(app), state: firstViewState(container, location, step), answers: asked, modules: [STEP_PAGE_MODULE] }
}

/**
 * The markup of a lazy page (React.lazy): prerender waits for it where renderToString would write its
 * Suspense fallback (a spinner) and leave the page to the browser (a recoverable error as it hydrates).
 */
async function prerendered(app: ReactElement): Promise<string> {
  const { prelude } = await prerender(app)
  return new Response(prelude).text()
}

/** The API through `ask`, for GETs only (the render changes nothing); each answer of 200 kept in `asked`. */
function asking(ask: NonNullable<FirstViewRequest['ask']>, asked: InlineAnswers): HttpTransport {
  return {
    request: async (request) => {
      if (request.method.toUpperCase() !== 'GET' || request.data !== undefined) return offline.request()
      const key = inlineAnswerKey(request.url, request.params)
      const reply = await ask(key)
      if (reply.status === 200) asked[key] = reply.data
      return reply
    },
  }
}
