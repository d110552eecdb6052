import { ContainerModule } from 'inversify'
import { AddToCalendarViewModel } from '../ui/view-models/add-to-calendar.view-model'
import { MyDataViewModel } from '../ui/view-models/my-data.view-model'
import { EraseAccountViewModel } from '../ui/view-models/erase-account.view-model'
import { ThankYouCalendarViewModel } from '../ui/view-models/thank-you-calendar.view-model'
import { AccountViewModel } from '../ui/view-models/account.view-model'
import { AppointmentsTabViewModel } from '../ui/view-models/appointments-tab.view-model'
import { CoursesTabViewModel } from '../ui/view-models/courses-tab.view-model'
import { PersonalDetailsViewModel } from '../ui/view-models/personal-details.view-model'
import { CardsViewModel } from '../ui/view-models/cards.view-model'
import { PasswordViewModel } from '../ui/view-models/password.view-model'
import { ForgotPasswordViewModel } from '../ui/view-models/forgot-password.view-model'
import { SessionWatchViewModel } from '../ui/view-models/session-watch.view-model'
import { WaitlistTabViewModel } from '../ui/view-models/waitlist-tab.view-model'

/**
 * The customer area's view models (/app) and the password screens: the lazy modules' last step
 * (browser.container.ts's prepare), apart from the wizard's (lazy.module.ts): the browser evaluates
 * each group's code in a task of its own (issue 28: together with the use cases and adapters they were
 * one task of ~20-30 ms of CPU on /step, x4 on a phone: Lighthouse's TBT), and a step page, which binds
 * the wizard's only (prepareWizard), does not load them before it is interactive.
 */
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

export const accountViewModelsModule = new ContainerModule(({ bind }) => {
  for (const vm of accountViewModelClasses) bind(vm as never).toSelf().inSingletonScope()
})
