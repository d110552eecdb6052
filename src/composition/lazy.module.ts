import { ContainerModule } from 'inversify'
import { applicationModule } from '../application/application.module'
import { httpAdaptersModule, type HttpConfig } from '../adapters/adapters.module'
import { ServicesViewModel } from '../ui/view-models/services.view-model'
import { StaffViewModel } from '../ui/view-models/staff.view-model'
import { TimeViewModel } from '../ui/view-models/time.view-model'
import { ConfirmViewModel } from '../ui/view-models/confirm.view-model'
import { PaymentViewModel } from '../ui/view-models/payment.view-model'
import { ThankYouViewModel } from '../ui/view-models/thank-you.view-model'
import { LoginViewModel } from '../ui/view-models/login.view-model'
import { GiftVoucherViewModel } from '../ui/view-models/gift-voucher.view-model'
import { FormViewModel } from '../ui/view-models/form.view-model'
import { FormBuilderViewModel } from '../ui/view-models/form-builder.view-model'
import { LEAD_HOST, LeadViewModel, windowLeadHost } from '../ui/view-models/lead.view-model'
import { accountAreaModule } from '../ui/view-models/account.view-model'

/** View models of the lazy pages and dialogs (wizard steps, thank-you, login, gift voucher). */
export const lazyViewModelClasses = [
  ServicesViewModel,
  StaffViewModel,
  TimeViewModel,
  ConfirmViewModel,
  PaymentViewModel,
  ThankYouViewModel,
  LoginViewModel,
  GiftVoucherViewModel,
  FormViewModel,
  FormBuilderViewModel,
  LeadViewModel,
] as const

export const lazyViewModelsModule = new ContainerModule(({ bind }) => {
  for (const vm of lazyViewModelClasses) bind(vm as never).toSelf().inSingletonScope()
  bind(LEAD_HOST).toDynamicValue(() => windowLeadHost(globalThis.window)).inSingletonScope()
})

/** Loaded on the first lazy route: every HTTP adapter, every use case, the lazy view models. */
export function lazyModules(http: HttpConfig): ContainerModule[] {
  return [httpAdaptersModule(http), applicationModule, lazyViewModelsModule, accountAreaModule]
}
