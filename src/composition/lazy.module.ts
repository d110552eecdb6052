import { ContainerModule } from 'inversify'
import { PORTS } from '../application/tokens'
import { useCaseClasses, useCasesModule } from '../application/application.module'
import { httpAdapterClasses } from '../adapters/http/http-ports.module'
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
import { AddToCalendarViewModel } from '../ui/view-models/add-to-calendar.view-model'
import { MyDataViewModel } from '../ui/view-models/my-data.view-model'
import { EraseAccountViewModel } from '../ui/view-models/erase-account.view-model'
import { ThankYouCalendarViewModel } from '../ui/view-models/thank-you-calendar.view-model'
import { browserFileSaver, FILE_SAVER } from '../ui/view-models/app-services'
import { AccountViewModel } from '../ui/view-models/account.view-model'
import { AppointmentsTabViewModel } from '../ui/view-models/appointments-tab.view-model'
import { CoursesTabViewModel } from '../ui/view-models/courses-tab.view-model'
import { PersonalDetailsViewModel } from '../ui/view-models/personal-details.view-model'
import { CardsViewModel } from '../ui/view-models/cards.view-model'
import { PasswordViewModel } from '../ui/view-models/password.view-model'
import { ForgotPasswordViewModel } from '../ui/view-models/forgot-password.view-model'
import { SessionWatchViewModel } from '../ui/view-models/session-watch.view-model'
import { firstViewPorts, firstViewUseCaseClasses } from './first-view.module'
import { WaitlistJoinViewModel } from '../ui/view-models/waitlist-join.view-model'
import { WaitlistOfferViewModel } from '../ui/view-models/waitlist-offer.view-model'
import { WaitlistTabViewModel } from '../ui/view-models/waitlist-tab.view-model'
import { BookingViewModel } from '../ui/view-models/booking.view-model'
import { LazyBooking } from '../ui/view-models/lazy-booking.view-model'

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

/** The customer area (/app) and the password screens. */
export const accountViewModelClasses = [
  AppointmentsTabViewModel,
  AddToCalendarViewModel,
  MyDataViewModel,
  EraseAccountViewModel,
  ThankYouCalendarViewModel,
  CoursesTabViewModel,
  WaitlistTabViewModel,
  PersonalDetailsViewModel,
  CardsViewModel,
  PasswordViewModel,
  SessionWatchViewModel,
  AccountViewModel,
  ForgotPasswordViewModel,
] as const

export const lazyViewModelsModule = new ContainerModule(({ bind }) => {
  // The wizard's state, shared by its steps; the location list (first view) reads it once it is made.
  bind(BookingViewModel)
    .toSelf()
    .inSingletonScope()
    .onActivation((context, wizard) => {
      context.get(LazyBooking).made(wizard)
      return wizard
    })
  for (const vm of [...lazyViewModelClasses, ...accountViewModelClasses]) bind(vm as never).toSelf().inSingletonScope()
  bind(LEAD_HOST).toDynamicValue(() => windowLeadHost(globalThis.window)).inSingletonScope()
  bind(FILE_SAVER).toDynamicValue(() => browserFileSaver(globalThis.document)).inSingletonScope()
})

/** The Http* adapters and use cases that the first view did not bind. */
const lazyPortsModule = new ContainerModule(({ bind }) => {
  for (const [port, adapter] of Object.entries(httpAdapterClasses)) {
    if (port in firstViewPorts) continue
    bind(PORTS[port as keyof typeof httpAdapterClasses]).to(adapter).inSingletonScope()
  }
})

/** Loaded on the first lazy route, into the container the first view built. */
export const lazyModules: readonly ContainerModule[] = [
  lazyPortsModule,
  useCasesModule(Object.values(useCaseClasses).filter((c) => !firstViewUseCaseClasses.includes(c))),
  lazyViewModelsModule,
]
