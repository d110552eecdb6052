import type { ContainerModule } from 'inversify'
import { lazyPortsModules } from './lazy-ports.module'
import { accountViewModelsModule } from './lazy-account.module'
import { lazyViewModelsModule } from './lazy.module'
import { bookingWizardModule } from './booking-wizard.module'

/**
 * Every module that the browser loads lazily, into the container the first view built. The browser loads
 * them in steps (browser.container.ts: lazy-ports.module, booking-wizard.module, then lazy.module for the
 * wizard's steps, or libphonenumber and lazy-account.module for the customer area), each module's code
 * evaluated in a task of its own; the server's render and the tests take them all at once.
 */
export const lazyModules: readonly ContainerModule[] = [...lazyPortsModules, bookingWizardModule, lazyViewModelsModule, accountViewModelsModule]
