import { ContainerModule } from 'inversify'
import { browserFileSaver, FILE_SAVER } from '../ui/view-models/app-services'
import { BookingViewModel } from '../ui/view-models/booking.view-model'
import { LazyBooking } from '../ui/view-models/lazy-booking.view-model'

/**
 * What the wizard's steps (lazy.module.ts) and the customer area's view models (lazy-account.module.ts)
 * both take: the wizard's state (a reschedule, a course's booking, a logout start it again) and the file
 * saver (a calendar file, the customer's data). Apart from both, so that each page loads the other's
 * view models only when it needs them (browser.container.ts).
 */
export const bookingWizardModule = new ContainerModule(({ bind }) => {
  // The wizard's state, shared by its steps; the location list (first view) reads it once it is made.
  bind(BookingViewModel)
    .toSelf()
    .inSingletonScope()
    .onActivation((context, wizard) => {
      context.get(LazyBooking).made(wizard)
      return wizard
    })
  bind(FILE_SAVER).toDynamicValue(() => browserFileSaver(globalThis.document)).inSingletonScope()
})
