import { ContainerModule } from 'inversify'
import type { TokenStore } from '../application/ports/token-store.port'
import type { KeyValueStorage } from '../application/ports/storage.port'
import { PORTS } from '../application/tokens'
import { ADMIN_PORTS } from '../application/admin.tokens'
import { ADMIN_USE_CASES } from '../application/use-cases/admin.use-case'
import { HttpStaffCalendarApi } from '../adapters/http/staff-calendar.adapter'
import { STAFF_CALENDAR_USE_CASES } from '../application/use-cases/staff-calendar.use-case'
import { StaffNotificationsViewModel } from '../ui/view-models/staff-notifications.view-model'
import { DESK_PORTS } from '../application/desk.tokens'
import { DESK_USE_CASES } from '../application/use-cases/desk-calendar.use-case'
import { HttpDeskCalendarApi } from '../adapters/http/desk-calendar.adapter'
import { DESK_BOOKING_USE_CASES } from '../application/use-cases/desk.use-case'
import { HttpDeskApi } from '../adapters/http/desk.adapter'
import { DeskBookingViewModel } from '../ui/view-models/desk-booking.view-model'
import { CustomerRecordViewModel } from '../ui/view-models/customer-record.view-model'
import { StaffCustomerPrivacyViewModel } from '../ui/view-models/staff-customer-privacy.view-model'
import { HttpAdminApi, OPERATOR_HTTP_CLIENT, operatorConfig, STAFF_HTTP_CLIENT, type OperatorTransport } from '../adapters/http/admin.adapter'
import { InMemoryTokenStore } from '../adapters/storage/in-memory.adapter'
import { createFetchTransport } from '../adapters/http/fetch-transport'
import type { HttpConfig } from '../adapters/http/transport'
import { LocalStorageStaffTokenStore } from '../adapters/storage/staff-token-store.adapter'
import { StaffDeskViewModel } from '../ui/view-models/staff-desk.view-model'
import { StaffCustomersViewModel } from '../ui/view-models/staff-customers.view-model'
import { StaffForgotPasswordViewModel } from '../ui/view-models/staff-forgot-password.view-model'
import { StaffReportsViewModel } from '../ui/view-models/staff-reports.view-model'
import { StaffWeekViewModel } from '../ui/view-models/staff-week.view-model'
import { StaffCheckoutViewModel } from '../ui/view-models/staff-checkout.view-model'
import { StaffSettingsViewModel } from '../ui/view-models/staff-settings.view-model'
import { SaveSetup } from '../application/use-cases/save-setup.use-case'
import { HttpStaffWaitlistApi } from '../adapters/http/staff-waitlist.adapter'
import { STAFF_WAITLIST_USE_CASES } from '../application/use-cases/staff-waitlist.use-case'
import { StaffWaitlistViewModel } from '../ui/view-models/staff-waitlist.view-model'
import { HttpIntegrationsApi } from '../adapters/http/integrations.adapter'
import { INTEGRATION_USE_CASES } from '../application/use-cases/integrations.use-case'
import { StaffIntegrationsViewModel } from '../ui/view-models/staff-integrations.view-model'

/**
 * The staff desk's bindings (/staff), loaded with its route only: the staff token store (on the
 * device's storage that browserAdaptersModule bound), a fetch transport that carries the staff token
 * (never the customer's) and one for the operator key, the admin adapter, its use cases
 * the view models of the desk and its forgot-password page, and the integrations page's (API keys,
 * webhooks) adapter and use cases.
 */
export function staffModule(http: HttpConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<TokenStore>(ADMIN_PORTS.StaffTokenStore)
      .toDynamicValue((ctx) => new LocalStorageStaffTokenStore(ctx.get<KeyValueStorage>(PORTS.LocalStorage)))
      .inSingletonScope()
    bind(STAFF_HTTP_CLIENT)
      .toDynamicValue((ctx) => createFetchTransport(http, ctx.get<TokenStore>(ADMIN_PORTS.StaffTokenStore)))
      .inSingletonScope()
    // Tenant creation: the operator key and no token (an empty store) on a transport of its own.
    bind<OperatorTransport>(OPERATOR_HTTP_CLIENT).toConstantValue((key) => createFetchTransport(operatorConfig(http, key), new InMemoryTokenStore()))
    bind(ADMIN_PORTS.AdminApi).to(HttpAdminApi).inSingletonScope()
    for (const useCase of ADMIN_USE_CASES) bind(useCase as never).toSelf().inSingletonScope()
    bind(ADMIN_PORTS.StaffCalendarApi).to(HttpStaffCalendarApi).inSingletonScope()
    for (const useCase of STAFF_CALENDAR_USE_CASES) bind(useCase as never).toSelf().inSingletonScope()
    bind(DESK_PORTS.DeskCalendarApi).to(HttpDeskCalendarApi).inSingletonScope()
    for (const useCase of DESK_USE_CASES) bind(useCase as never).toSelf().inSingletonScope()
    bind(DESK_PORTS.DeskApi).to(HttpDeskApi).inSingletonScope()
    for (const useCase of DESK_BOOKING_USE_CASES) bind(useCase as never).toSelf().inSingletonScope()
    bind(DeskBookingViewModel).toSelf().inSingletonScope()
    bind(CustomerRecordViewModel).toSelf().inSingletonScope()
    bind(StaffCustomerPrivacyViewModel).toSelf().inSingletonScope()
    bind(ADMIN_PORTS.StaffWaitlistApi).to(HttpStaffWaitlistApi).inSingletonScope()
    for (const useCase of STAFF_WAITLIST_USE_CASES) bind(useCase as never).toSelf().inSingletonScope()
    bind(StaffWaitlistViewModel).toSelf().inSingletonScope()
    bind(StaffDeskViewModel).toSelf().inSingletonScope()
    bind(StaffCustomersViewModel).toSelf().inSingletonScope()
    bind(StaffForgotPasswordViewModel).toSelf().inSingletonScope()
    bind(StaffReportsViewModel).toSelf().inSingletonScope()
    bind(StaffNotificationsViewModel).toSelf().inSingletonScope()
    // One checkout a page (the day view's and the week view's): each page hears its own payments.
    bind(StaffCheckoutViewModel).toSelf().inTransientScope()
    bind(StaffWeekViewModel).toSelf().inSingletonScope()
    bind(SaveSetup).toSelf().inSingletonScope()
    bind(StaffSettingsViewModel).toSelf().inSingletonScope()
    bind(ADMIN_PORTS.IntegrationsApi).to(HttpIntegrationsApi).inSingletonScope()
    for (const useCase of INTEGRATION_USE_CASES) bind(useCase as never).toSelf().inSingletonScope()
    bind(StaffIntegrationsViewModel).toSelf().inSingletonScope()
  })
}
