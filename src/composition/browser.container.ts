import { Container } from 'inversify'
import { browserAdaptersModule } from '../adapters/browser-adapters.module'
import { firstViewModule, firstViewUseCasesModule } from './first-view.module'
import { apiBaseOf } from '../adapters/http/api-base'
import { readInlineAnswers } from '../adapters/http/inline-answers'
import { INLINE_ANSWERS_ELEMENT_ID } from '../contract/first-view-answers'
import { webConfigOf } from './browser-services'
import { safeLocalStorage } from '../adapters/storage/safe-storage.adapter'

export interface BrowserComposition {
  container: Container
  /** Binds the lazy modules (use cases, HTTP adapters, later view models) once; safe to call often. */
  prepare: () => Promise<void>
  /** prepare, then the staff desk's module (/staff) once: its own chunk, never loaded by customers. */
  prepareStaff: () => Promise<void>
}

/**
 * The browser's composition root: the only `new Container()` of the web app. The first view (header,
 * location list) is bound at once; the other use cases, HTTP adapters and view models are bound, into
 * the same container, when the first lazy route loads (spec: a lean first view). Every binding is by
 * class or port token: nothing is built by hand here.
 */
export function createBrowserContainer(): BrowserComposition {
  const env = import.meta.env as Record<string, string | boolean | undefined>
  const host = window.location.host
  const container = new Container()
  // Never window.localStorage itself: reading it throws in a third-party frame with storage blocked.
  const storage = safeLocalStorage()
  let loading: Promise<void> | undefined
  const prepare = (): Promise<void> => {
    loading ??= import('./lazy.module').then(({ lazyModules }) => container.load(...lazyModules))
    return loading
  }
  const http = { baseUrl: apiBaseOf('', { configured: env.VITE_API_BASE as string | undefined, host }) }
  let loadingStaff: Promise<void> | undefined
  const prepareStaff = (): Promise<void> => {
    loadingStaff ??= Promise.all([prepare(), import('./staff.module')]).then(([, { staffModule }]) => container.load(staffModule(http)))
    return loadingStaff
  }
  container.load(
    browserAdaptersModule({ geocoderUrl: (env.VITE_GEOCODER_URL as string | undefined) || undefined, storage }),
    firstViewModule({
      config: webConfigOf({ host, env, storage }),
      http,
      answers: readInlineAnswers(document, INLINE_ANSWERS_ELEMENT_ID),
    }),
    firstViewUseCasesModule,
  )
  return { container, prepare, prepareStaff }
}
