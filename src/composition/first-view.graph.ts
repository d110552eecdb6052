import type { ServiceIdentifier } from 'inversify'
import { PORTS } from '../application/tokens'
import type { KeyValueStorage } from '../application/ports/storage.port'
import { GetCurrentUser, Logout } from '../application/use-cases/auth.use-case'
import { ListLocations, LoadLinks, LoadOrganisation, SelectLocation, StartTagManager } from '../application/use-cases/catalogue.use-case'
import { LocalStorageBookingStore, LocalStorageTokenStore } from '../adapters/storage/local-storage.adapter'
import { SystemClock } from '../adapters/clock/system-clock.adapter'
import { GtmTagManager } from '../adapters/analytics/gtm-tag-manager.adapter'
import { ConsoleLogger } from '../adapters/logging/console-logger.adapter'
import { createFetchTransport, type Fetcher } from '../adapters/http/fetch-transport'
import { withBusyRetry } from '../adapters/http/busy-retry'
import { busyRetryingText } from '../application/errors'
import type { TokenStore } from '../application/ports/token-store.port'
import { withInlineAnswers, type InlineAnswers } from '../adapters/http/inline-answers'
import type { HttpConfig, HttpTransport } from '../adapters/http/transport'
import { HttpCatalogueApi, HttpLinksApi } from '../adapters/http/catalogue.adapter'
import { HttpAuthApi } from '../adapters/http/auth.adapter'
import { WEB_CONFIG, type WebConfig } from '../ui/view-models/views'
import { DeferredNavigator, NAVIGATOR } from '../ui/view-models/app-services'
import { SessionViewModel } from '../ui/view-models/session.view-model'
import { ToastViewModel } from '../ui/view-models/toast.view-model'
import { LocationsViewModel } from '../ui/view-models/locations.view-model'
import { LazyBooking } from '../ui/view-models/lazy-booking.view-model'
import type { BookingViewModel } from '../ui/view-models/booking.view-model'

export interface FirstViewGraphOptions {
  config: WebConfig
  http: HttpConfig
  answers: InlineAnswers
  storage: KeyValueStorage
  sessionStorage: KeyValueStorage
  loadBooking: () => Promise<BookingViewModel>
}

/**
 * The customer's transport: fetch, with reads (and idempotent writes) sent again after a busy server's
 * Retry-After, a toast saying so meanwhile (issue 31). The first view's module binds the same.
 */
export function customerTransport(http: HttpConfig, tokens: TokenStore, toasts: ToastViewModel, fetcher?: Fetcher): HttpTransport {
  return withBusyRetry(createFetchTransport(http, tokens, fetcher), { onWait: (seconds) => toasts.show(busyRetryingText(seconds), 'info') })
}

/** The first view's objects by the token each is bound to (first-view.module.ts, browser-adapters.module.ts). */
export type FirstViewGraph = ReadonlyMap<ServiceIdentifier, unknown>

/**
 * The objects the location list needs, made by hand (issue 28): inversify's Container is 15 KB gzip
 * of the first view's bytes and plans every graph on its first `get`, while these are a dozen
 * constructors. The bindings stay the modules' (browserAdaptersModule, firstViewModule,
 * firstViewUseCasesModule): the Container that `prepare()` builds loads them and takes each object
 * made here in place of its binding (browser.container.ts), so every one stays one. The decorators
 * still name each constructor's parameters; browser.container.test.ts checks this graph against the
 * Container's own.
 */
export function firstViewGraph(options: FirstViewGraphOptions): FirstViewGraph {
  const store = new LocalStorageBookingStore(options.storage)
  const tokens = new LocalStorageTokenStore(options.storage)
  const clock = new SystemClock()
  const tagManager = new GtmTagManager()
  const logger = new ConsoleLogger()
  const toasts = new ToastViewModel(clock)
  const http = withInlineAnswers(customerTransport(options.http, tokens, toasts), options.answers)
  const catalogue = new HttpCatalogueApi(http)
  const links = new HttpLinksApi(http)
  const auth = new HttpAuthApi(http)
  const loadOrganisation = new LoadOrganisation(catalogue, store)
  const startTagManager = new StartTagManager(tagManager)
  const listLocations = new ListLocations(catalogue, store)
  const selectLocation = new SelectLocation(store)
  const getCurrentUser = new GetCurrentUser(auth, tokens)
  const loadLinks = new LoadLinks(links, store, logger)
  const logout = new Logout(auth, tokens, store)
  const lazyBooking = new LazyBooking(options.loadBooking)
  const session = new SessionViewModel(loadOrganisation, getCurrentUser, loadLinks, logout, store, options.config, startTagManager)
  const locations = new LocationsViewModel(listLocations, lazyBooking, toasts)
  return new Map<ServiceIdentifier, unknown>([
    [PORTS.LocalStorage, options.storage],
    [PORTS.SessionStorage, options.sessionStorage],
    [PORTS.BookingStore, store],
    [PORTS.TokenStore, tokens],
    [PORTS.Clock, clock],
    [PORTS.TagManager, tagManager],
    [PORTS.Logger, logger],
    [PORTS.HttpClient, http],
    [PORTS.CatalogueApi, catalogue],
    [PORTS.LinksApi, links],
    [PORTS.AuthApi, auth],
    [WEB_CONFIG, options.config],
    [NAVIGATOR, new DeferredNavigator()],
    [LoadOrganisation, loadOrganisation],
    [StartTagManager, startTagManager],
    [ListLocations, listLocations],
    [SelectLocation, selectLocation],
    [GetCurrentUser, getCurrentUser],
    [LoadLinks, loadLinks],
    [Logout, logout],
    [ToastViewModel, toasts],
    [LazyBooking, lazyBooking],
    [SessionViewModel, session],
    [LocationsViewModel, locations],
  ])
}
