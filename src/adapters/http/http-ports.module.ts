import { ContainerModule, type ContainerModuleLoadOptions } from 'inversify'
import { PORTS } from '../../application/tokens'
import { HttpCatalogueApi, HttpLinksApi } from './catalogue.adapter'
import { HttpAvailabilityApi } from './availability.adapter'
import { HttpAppointmentsApi } from './appointments.adapter'
import { HttpSlotHoldsApi } from './slot-holds.adapter'
import { HttpAccountApi, HttpAuthApi } from './auth.adapter'
import { HttpPaymentsApi } from './payments.adapter'
import { HttpCardsApi } from './cards.adapter'
import { HttpCoursesApi } from './courses.adapter'
import { HttpFormsApi, HttpLeadsApi } from './forms.adapter'
import { HttpWaitlistApi } from './waitlist.adapter'

/** The API port adapters by port token. */
export const httpAdapterClasses = {
  CatalogueApi: HttpCatalogueApi,
  LinksApi: HttpLinksApi,
  AvailabilityApi: HttpAvailabilityApi,
  AppointmentsApi: HttpAppointmentsApi,
  SlotHoldsApi: HttpSlotHoldsApi,
  AuthApi: HttpAuthApi,
  AccountApi: HttpAccountApi,
  PaymentsApi: HttpPaymentsApi,
  CardsApi: HttpCardsApi,
  CoursesApi: HttpCoursesApi,
  FormsApi: HttpFormsApi,
  LeadsApi: HttpLeadsApi,
  WaitlistApi: HttpWaitlistApi,
} as const

export function bindHttpPorts({ bind }: Pick<ContainerModuleLoadOptions, 'bind'>): void {
  for (const [port, adapter] of Object.entries(httpAdapterClasses)) {
    bind(PORTS[port as keyof typeof httpAdapterClasses]).to(adapter).inSingletonScope()
  }
}

/**
 * Every Http* adapter on its port token, over whatever transport the composition root binds to
 * PORTS.HttpClient (fetch in the browser, axios in node): no HTTP library is imported here.
 */
export const httpPortsModule = new ContainerModule(bindHttpPorts)
