import { ContainerModule } from 'inversify'
import { ServicesViewModel } from '../ui/view-models/services.view-model'
import { StaffViewModel } from '../ui/view-models/staff.view-model'
import { TimeViewModel } from '../ui/view-models/time.view-model'
import { SlotHoldViewModel } from '../ui/view-models/slot-hold.view-model'
import { ConfirmViewModel } from '../ui/view-models/confirm.view-model'
import { PaymentViewModel } from '../ui/view-models/payment.view-model'
import { CardPaymentViewModel } from '../ui/view-models/card-payment.view-model'
import { ThankYouViewModel } from '../ui/view-models/thank-you.view-model'
import { LoginViewModel } from '../ui/view-models/login.view-model'
import { GiftVoucherViewModel } from '../ui/view-models/gift-voucher.view-model'
import { FormViewModel } from '../ui/view-models/form.view-model'
import { FormBuilderViewModel } from '../ui/view-models/form-builder.view-model'
import { LEAD_HOST, LeadViewModel, windowLeadHost } from '../ui/view-models/lead.view-model'
import { WaitlistJoinViewModel } from '../ui/view-models/waitlist-join.view-model'
import { WaitlistOfferViewModel } from '../ui/view-models/waitlist-offer.view-model'

/** View models of the lazy pages and dialogs (wizard steps, thank-you, login, gift voucher, forms, lead). */
export const lazyViewModelClasses = [
  ServicesViewModel,
  StaffViewModel,
  SlotHoldViewModel,
  TimeViewModel,
  ConfirmViewModel,
  PaymentViewModel,
  CardPaymentViewModel,
  ThankYouViewModel,
  LoginViewModel,
  GiftVoucherViewModel,
  FormViewModel,
  FormBuilderViewModel,
  LeadViewModel,
  WaitlistJoinViewModel,
  WaitlistOfferViewModel,
] as const

/** Their bindings; the wizard's state they share is booking-wizard.module's (the customer area's view models take it too). */
export const lazyViewModelsModule = new ContainerModule(({ bind }) => {
  for (const vm of lazyViewModelClasses) bind(vm as never).toSelf().inSingletonScope()
  bind(LEAD_HOST).toDynamicValue(() => windowLeadHost(globalThis.window)).inSingletonScope()
})
