import { ContainerModule } from 'inversify'
import type { AxiosInstance } from 'axios'
import { PORTS } from '../application/tokens'
import type { BookingStore } from '../application/ports/booking-store.port'
import type { TokenStore } from '../application/ports/token-store.port'
import type { TagManager } from '../application/ports/tag-manager.port'
import { GetCurrentUser } from '../application/use-cases/auth.use-case'
import { ListLocations, LoadOrganisation } from '../application/use-cases/catalogue.use-case'
import type { HttpConfig } from '../adapters/http/http-client'
import { HttpCatalogueApi } from '../adapters/http/catalogue.adapter'
import { HttpAuthApi } from '../adapters/http/auth.adapter'
import { BOOKING_GATEWAY, LOCAL_SETTINGS, TICKER, WEB_CONFIG, type Ticker, type WebConfig } from '../ui/view-models/booking-gateway'
import { DeferredNavigator, NAVIGATOR } from '../ui/view-models/app-services'
import { SessionViewModel } from '../ui/view-models/session.view-model'
import { ToastViewModel } from '../ui/view-models/toast.view-model'
import { BookingViewModel } from '../ui/view-models/booking.view-model'
import { LocationsViewModel } from '../ui/view-models/locations.view-model'
import { FIRST_VIEW_USE_CASES, LAZY_RESOLVER, UseCaseBookingGateway, type FirstViewUseCases, type LazyResolver } from './use-case-booking-gateway'
import { bookingStoreSettings } from './browser-services'
import { createFetchRequester } from './fetch-requester'

/** The view models of the first view (header, location list) and of the wizard's shared state. */
export const firstViewModelClasses = [SessionViewModel, ToastViewModel, BookingViewModel, LocationsViewModel] as const

export interface FirstViewOptions {
  config: WebConfig
  ticker: Ticker
  http: HttpConfig
  resolve: LazyResolver
}

/**
 * What the location list needs, without the application and adapter modules: the first view's
 * three use cases on a fetch transport (no axios yet), the gateway, navigator, timers, config and the first
 * view models. Everything else is bound by lazyModules() (./lazy.module) on the first lazy route.
 */
export function firstViewModule(options: FirstViewOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(WEB_CONFIG).toConstantValue(options.config)
    bind(TICKER).toConstantValue(options.ticker)
    bind(NAVIGATOR).toConstantValue(new DeferredNavigator())
    bind(LAZY_RESOLVER).toConstantValue(options.resolve)
    bind(LOCAL_SETTINGS).toDynamicValue((ctx) => bookingStoreSettings(ctx.get<BookingStore>(PORTS.BookingStore))).inSingletonScope()
    bind<FirstViewUseCases>(FIRST_VIEW_USE_CASES)
      .toDynamicValue((ctx) => {
        const tokens = ctx.get<TokenStore>(PORTS.TokenStore)
        const store = ctx.get<BookingStore>(PORTS.BookingStore)
        const http: AxiosInstance = createFetchRequester(options.http, tokens)
        const catalogue = new HttpCatalogueApi(http)
        return {
          loadOrganisation: new LoadOrganisation(catalogue, store, ctx.get<TagManager>(PORTS.TagManager)),
          listLocations: new ListLocations(catalogue, store),
          getCurrentUser: new GetCurrentUser(new HttpAuthApi(http), tokens),
        }
      })
      .inSingletonScope()
    bind(BOOKING_GATEWAY).to(UseCaseBookingGateway).inSingletonScope()
    for (const vm of firstViewModelClasses) bind(vm as never).toSelf().inSingletonScope()
  })
}
