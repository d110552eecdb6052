import { ContainerModule } from 'inversify'
import { PORTS } from '../application/tokens'
import type { TokenStore } from '../application/ports/token-store.port'
import { GetCurrentUser, Logout } from '../application/use-cases/auth.use-case'
import { ListLocations, LoadLinks, LoadOrganisation, SelectLocation, StartTagManager } from '../application/use-cases/catalogue.use-case'
import { useCasesModule, type UseCaseClass } from '../application/use-cases.module'
import type { HttpConfig, HttpTransport } from '../adapters/http/transport'
import { customerTransport } from './first-view.graph'
import { withInlineAnswers, type InlineAnswers } from '../adapters/http/inline-answers'
import { HttpCatalogueApi, HttpLinksApi } from '../adapters/http/catalogue.adapter'
import { HttpAuthApi } from '../adapters/http/auth.adapter'
import { WEB_CONFIG, type WebConfig } from '../ui/view-models/views'
import { DeferredNavigator, NAVIGATOR } from '../ui/view-models/app-services'
import { SessionViewModel } from '../ui/view-models/session.view-model'
import { ToastViewModel } from '../ui/view-models/toast.view-model'
import type { BookingViewModel } from '../ui/view-models/booking.view-model'
import { LazyBooking } from '../ui/view-models/lazy-booking.view-model'
import { LocationsViewModel } from '../ui/view-models/locations.view-model'

/** The use cases of the first view (header, location list, sign-out); the rest load with the lazy module. */
export const firstViewUseCaseClasses: readonly UseCaseClass[] = [LoadOrganisation, StartTagManager, ListLocations, SelectLocation, GetCurrentUser, LoadLinks, Logout]
/** The API ports those use cases need (every other Http* adapter loads with the lazy module). */
export const firstViewPorts = { CatalogueApi: HttpCatalogueApi, LinksApi: HttpLinksApi, AuthApi: HttpAuthApi } as const
/** The view models of the first view (the wizard's, BookingViewModel, loads with a tap: LazyBooking). */
export const firstViewModelClasses = [SessionViewModel, ToastViewModel, LocationsViewModel] as const

export interface FirstViewOptions {
  config: WebConfig
  http: HttpConfig
  /** API answers the page arrived with (the organisation, the clinics): each answers its first request. */
  answers?: InlineAnswers
  /** The transport under the answers (default: fetch; the server's render of the first view has none). */
  transport?: HttpTransport
  /** Loads the lazy modules and makes the booking wizard (LazyBooking: on the first tap on a clinic). */
  loadBooking: () => Promise<BookingViewModel>
}

/**
 * What the location list needs: the fetch transport, the adapters and use cases above, the navigator,
 * config and the first view models (the clock comes with browserAdaptersModule). lazyModule (./lazy.module) binds everything else,
 * the booking wizard's view model among them.
 */
export function firstViewModule(options: FirstViewOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(WEB_CONFIG).toConstantValue(options.config)
    bind(NAVIGATOR).toConstantValue(new DeferredNavigator())
    bind<HttpTransport>(PORTS.HttpClient)
      .toDynamicValue((ctx) =>
        withInlineAnswers(options.transport ?? customerTransport(options.http, ctx.get<TokenStore>(PORTS.TokenStore), ctx.get(ToastViewModel)), options.answers ?? {}),
      )
      .inSingletonScope()
    for (const [port, adapter] of Object.entries(firstViewPorts)) bind(PORTS[port as keyof typeof firstViewPorts]).to(adapter).inSingletonScope()
    for (const vm of firstViewModelClasses) bind(vm as never).toSelf().inSingletonScope()
    bind(LazyBooking).toConstantValue(new LazyBooking(options.loadBooking))
  })
}

export const firstViewUseCasesModule = useCasesModule(firstViewUseCaseClasses)
