import { Container } from 'inversify'
import { browserPortsModule } from './browser-ports.module'
import { firstViewModule } from './ui.module'
import { apiBaseOf, browserTicker, webConfigOf } from './browser-services'

export interface BrowserComposition {
  container: Container
  /** Binds the lazy modules (use cases, HTTP adapters, later view models) once; safe to call often. */
  prepare: () => Promise<void>
}

/**
 * The browser's composition root: the only `new Container()` of the web app. The first view (header,
 * location list) is bound at once; the application's use cases, every HTTP adapter and the later
 * view models load with the first lazy route (spec: a lean first view).
 */
export function createBrowserContainer(): BrowserComposition {
  const env = import.meta.env as Record<string, string | boolean | undefined>
  const host = window.location.host
  const http = { baseUrl: apiBaseOf(host, env.VITE_API_BASE as string | undefined) }
  const container = new Container()
  let loading: Promise<void> | undefined
  const prepare = (): Promise<void> => {
    loading ??= import('./lazy.module').then(({ lazyModules }) => container.load(...lazyModules(http)))
    return loading
  }
  container.load(
    browserPortsModule({ geocoderUrl: (env.VITE_GEOCODER_URL as string | undefined) || undefined }),
    firstViewModule({
      config: webConfigOf({ host, env, storage: window.localStorage }),
      ticker: browserTicker,
      http,
      resolve: async <T,>(token: symbol) => {
        await prepare()
        return container.get<T>(token)
      },
    }),
  )
  return { container, prepare }
}
