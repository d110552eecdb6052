import { ContainerModule } from 'inversify'
import type { TokenStore } from '../application/ports/token-store.port'
import type { KeyValueStorage } from '../application/ports/storage.port'
import { PORTS } from '../application/tokens'
import { ADMIN_PORTS } from '../application/admin.tokens'
import { ADMIN_USE_CASES } from '../application/use-cases/admin.use-case'
import { HttpAdminApi, OPERATOR_HTTP_CLIENT, operatorConfig, STAFF_HTTP_CLIENT, type OperatorTransport } from '../adapters/http/admin.adapter'
import { InMemoryTokenStore } from '../adapters/storage/in-memory.adapter'
import { createFetchTransport } from '../adapters/http/fetch-transport'
import type { HttpConfig } from '../adapters/http/transport'
import { LocalStorageStaffTokenStore } from '../adapters/storage/staff-token-store.adapter'
import { StaffDeskViewModel } from '../ui/view-models/staff-desk.view-model'
import { StaffCustomersViewModel } from '../ui/view-models/staff-customers.view-model'
import { StaffForgotPasswordViewModel } from '../ui/view-models/staff-forgot-password.view-model'
import { StaffReportsViewModel } from '../ui/view-models/staff-reports.view-model'
import { HttpStaffWaitlistApi } from '../adapters/http/staff-waitlist.adapter'
import { STAFF_WAITLIST_USE_CASES } from '../application/use-cases/staff-waitlist.use-case'
import { StaffWaitlistViewModel } from '../ui/view-models/staff-waitlist.view-model'

/**
 * The staff desk's bindings (/staff), loaded with its route only: the staff token store (on the
 * device's storage that browserAdaptersModule bound), a fetch transport that carries the staff token
 * (never the customer's) and one for the operator key, the admin adapter, its use cases
 * and the view models of the desk and its forgot-password page.
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
    bind(ADMIN_PORTS.StaffWaitlistApi).to(HttpStaffWaitlistApi).inSingletonScope()
    for (const useCase of STAFF_WAITLIST_USE_CASES) bind(useCase as never).toSelf().inSingletonScope()
    bind(StaffWaitlistViewModel).toSelf().inSingletonScope()
    bind(StaffDeskViewModel).toSelf().inSingletonScope()
    bind(StaffCustomersViewModel).toSelf().inSingletonScope()
    bind(StaffForgotPasswordViewModel).toSelf().inSingletonScope()
    bind(StaffReportsViewModel).toSelf().inSingletonScope()
  })
}
