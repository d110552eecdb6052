import type { Container, ServiceIdentifier } from 'inversify'
import { browserAdaptersModule } from '../adapters/browser-adapters.module'
import { firstViewModule, firstViewUseCasesModule } from './first-view.module'
import { firstViewGraph } from './first-view.graph'
import { apiBaseOf } from '../adapters/http/api-base'
import { readInlineAnswers } from '../adapters/http/inline-answers'
import { INLINE_ANSWERS_ELEMENT_ID } from '../contract/first-view-answers'
import { webConfigOf } from './browser-services'
import { safeLocalStorage, safeSessionStorage } from '../adapters/storage/safe-storage.adapter'
import type { ViewModelResolver } from '../ui/use-view-model'
import type { BookingViewModel } from '../ui/view-models/booking.view-model'
import { nextTask } from '../ui/next-task'

export interface BrowserComposition {
  /** The first view's objects at once; after `prepare()`, everything the container binds. */
  resolver: ViewModelResolver
  /** Builds the container with the lazy modules (use cases, HTTP adapters, later view models) once; safe to call often. */
  prepare: () => Promise<void>
  /** prepare, then the staff desk's module (/staff) once: its own chunk, never loaded by customers. */
  prepareStaff: () => Promise<void>
  /** The container without the customer area's view models (prepare() adds them): what the booking wizard binds. */
  prepareWizard: () => Promise<void>
  /** The container without the wizard's steps' view models (prepare() adds them): what the customer area binds. */
  prepareAccount: () => Promise<void>
}

/** `make` called once, its promise kept. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}

/**
 * The browser's composition root: the only `new Container()` of the web app. The first view (header,
 * location list) is made at once without it (first-view.graph.ts: the Container's code is not loaded
 * before the list can be used, issue 28); the Container is built, with the other use cases, HTTP
 * adapters and view models, when the first lazy route loads (spec: a lean first view), and takes the
 * first view's objects in place of their bindings. Every binding is by class or port token.
 */
export function createBrowserContainer(): BrowserComposition {
  const env = import.meta.env as Record<string, string | boolean | undefined>
  const host = window.location.host
  // Never window.localStorage itself: reading it throws in a third-party frame with storage blocked.
  const storage = safeLocalStorage()
  const sessionStorage = safeSessionStorage()
  const http = { baseUrl: apiBaseOf('', { configured: env.VITE_API_BASE as string | undefined, host }) }
  const config = webConfigOf({ host, env, storage })
  let container: Container | undefined
  // The lazy code in steps, each a task of its own: its <link rel=modulepreload>s (one a chunk:
  // inserting ~35 at once was a task of ~25 ms of CPU on /step) and then its evaluation (the whole
  // graph at once, ~30 ms). On a phone (x4) each was Lighthouse's TBT (issue 28); the steps' requests
  // follow one another, after the first paint of a page the server rendered.
  // A page loads the view models it binds only (issue 28: the scripts fetched and run before it is
  // interactive): a step page the wizard's (prepareWizard: not the customer area's 12 chunks, 43 KB gzip
  // with libphonenumber's data), the customer area its own (prepareAccount: not the wizard's steps', 17
  // chunks, 27 KB gzip); both take the wizard's state (booking-wizard.module). prepare() binds all.
  const withWizardState = once(async () => {
    const [{ Container }, { lazyPortsModules }] = await Promise.all([import('inversify'), import('./lazy-ports.module')])
    await nextTask()
    const { bookingWizardModule } = await import('./booking-wizard.module')
    await nextTask()
    const built = new Container()
    built.load(
      browserAdaptersModule({ geocoderUrl: (env.VITE_GEOCODER_URL as string | undefined) || undefined, storage, sessionStorage }),
      firstViewModule({ config, http, loadBooking }),
      firstViewUseCasesModule,
    )
    await nextTask()
    // The first view's objects stay the ones its pages hold (one session, one wizard handle).
    for (const [token, made] of graph) built.rebind(token).toConstantValue(made)
    await nextTask()
    built.load(...lazyPortsModules)
    await nextTask()
    built.load(bookingWizardModule)
    return built
  })
  const prepareWizard = once(async () => {
    const [built, { lazyViewModelsModule }] = await Promise.all([withWizardState(), import('./lazy.module')])
    await nextTask()
    built.load(lazyViewModelsModule)
    container = built
  })
  const prepareAccount = once(async () => {
    const built = await withWizardState()
    await nextTask()
    // libphonenumber and its data (the customer area's phone field; the wizard's sign-up imports it
    // when it checks a number) evaluated apart: in a profile of /step, most of this step.
    await import('../domain/validation/phone')
    await nextTask()
    const { accountViewModelsModule } = await import('./lazy-account.module')
    await nextTask()
    built.load(accountViewModelsModule)
    container = built
  })
  const prepare = once(async () => {
    await Promise.all([prepareWizard(), prepareAccount()])
  })
  const loadBooking = async (): Promise<BookingViewModel> => {
    const [{ BookingViewModel }] = await Promise.all([import('../ui/view-models/booking.view-model'), prepareWizard()])
    return resolver.get(BookingViewModel)
  }
  const graph = firstViewGraph({ config, http, answers: readInlineAnswers(document, INLINE_ANSWERS_ELEMENT_ID), storage, sessionStorage, loadBooking })
  const resolver: ViewModelResolver = {
    get<T>(token: ServiceIdentifier<T>): T {
      if (container) return container.get(token)
      if (!graph.has(token)) throw new Error(`${typeof token === 'function' ? token.name : String(token)} is bound once the lazy modules have loaded (prepare())`)
      return graph.get(token) as T
    },
  }
  let loadingStaff: Promise<void> | undefined
  const prepareStaff = (): Promise<void> => {
    loadingStaff ??= Promise.all([prepare(), import('./staff.module')]).then(([, { staffModule }]) => container?.load(staffModule(http)))
    return loadingStaff
  }
  return { resolver, prepare, prepareStaff, prepareWizard, prepareAccount }
}
