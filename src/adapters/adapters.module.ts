import { ContainerModule } from 'inversify'
import type { AxiosInstance } from 'axios'
import { PORTS } from '../application/tokens'
import type { TokenStore } from '../application/ports/token-store.port'
import { createHttpClient, type HttpConfig } from './http/http-client'
import { HttpCatalogueApi, HttpLinksApi } from './http/catalogue.adapter'
import { HttpAvailabilityApi } from './http/availability.adapter'
import { HttpAppointmentsApi } from './http/appointments.adapter'
import { HttpAccountApi, HttpAuthApi } from './http/auth.adapter'
import { HttpPaymentsApi } from './http/payments.adapter'
import { HttpCardsApi } from './http/cards.adapter'
import { HttpCoursesApi } from './http/courses.adapter'
import { HttpFormsApi, HttpLeadsApi } from './http/forms.adapter'
import { LocalStorageBookingStore, LocalStorageTokenStore } from './storage/local-storage.adapter'
import { SystemClock } from './clock/system-clock.adapter'
import { BrowserLiveEvents } from './realtime/browser-live-events.adapter'
import { NominatimGeocoder } from './geocoder/nominatim-geocoder.adapter'
import { GtmTagManager } from './analytics/gtm-tag-manager.adapter'
import { ConsoleLogger } from './logging/console-logger.adapter'

export type { HttpConfig }

/** The API port adapters by port token. */
export const httpAdapterClasses = {
  CatalogueApi: HttpCatalogueApi,
  LinksApi: HttpLinksApi,
  AvailabilityApi: HttpAvailabilityApi,
  AppointmentsApi: HttpAppointmentsApi,
  AuthApi: HttpAuthApi,
  AccountApi: HttpAccountApi,
  PaymentsApi: HttpPaymentsApi,
  CardsApi: HttpCardsApi,
  CoursesApi: HttpCoursesApi,
  FormsApi: HttpFormsApi,
  LeadsApi: HttpLeadsApi,
} as const

/**
 * Binds the axios client (PORTS.HttpClient: base URL, timeout, X-Tenant, the TokenStore's token as
 * 'Bearer') and every Http* adapter to its port token. The TokenStore itself comes from a storage
 * module (browser or node) or the composition root.
 */
export function httpAdaptersModule(config: HttpConfig = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<AxiosInstance>(PORTS.HttpClient)
      .toDynamicValue((context) => createHttpClient(config, context.get<TokenStore>(PORTS.TokenStore)))
      .inSingletonScope()
    for (const [port, adapter] of Object.entries(httpAdapterClasses)) {
      bind(PORTS[port as keyof typeof httpAdapterClasses]).to(adapter).inSingletonScope()
    }
  })
}

export interface BrowserAdaptersConfig {
  /** A Nominatim-compatible search URL for the thank-you map (default OpenStreetMap's). */
  geocoderUrl?: string
  storage?: Storage
}

export const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org/search'

/** The browser's local ports: localStorage stores, system clock, WebSocket, geocoder, tag manager, console. */
export function browserAdaptersModule(config: BrowserAdaptersConfig = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(PORTS.TokenStore).toDynamicValue(() => new LocalStorageTokenStore(config.storage)).inSingletonScope()
    bind(PORTS.BookingStore).toDynamicValue(() => new LocalStorageBookingStore(config.storage)).inSingletonScope()
    bind(PORTS.Clock).toConstantValue(new SystemClock())
    bind(PORTS.LiveEvents).toDynamicValue(() => new BrowserLiveEvents()).inSingletonScope()
    bind(PORTS.Geocoder).toConstantValue(new NominatimGeocoder({ url: config.geocoderUrl ?? DEFAULT_GEOCODER_URL }))
    bind(PORTS.TagManager).toDynamicValue(() => new GtmTagManager()).inSingletonScope()
    bind(PORTS.Logger).toConstantValue(new ConsoleLogger())
  })
}
