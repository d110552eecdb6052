import type { ViewModelResolver } from '../ui/use-view-model'
import { BookingViewModel } from '../ui/view-models/booking.view-model'
import { LocationsViewModel } from '../ui/view-models/locations.view-model'
import { ServicesViewModel } from '../ui/view-models/services.view-model'

/**
 * The wizard's first step for a new visitor, `/step/{clinic}` (issue 28): the clinic's service list,
 * rendered by the server and hydrated by the browser. Both reach the state the step page renders
 * with the same calls, before rendering (the page's own effects then find it made): the URL arrives,
 * the clinic is restored from the location list, and the service step opens the clinic's first page
 * of services. The browser loads this module (and the wizard's) only on a page the server rendered so.
 * `between` runs between the steps: the browser's next task (each step is a few ms of CPU, together
 * one task of ~35 ms on this machine, x4 on a phone: Lighthouse's TBT, issue 28); nothing on the server.
 */
export async function prepareStepView(resolver: ViewModelResolver, clinicId: string, query: Record<string, string>, between: () => Promise<void> = async () => undefined): Promise<void> {
  const booking = resolver.get<BookingViewModel>(BookingViewModel)
  await between()
  const services = resolver.get<ServicesViewModel>(ServicesViewModel)
  await between()
  const route = { locationId: clinicId, categoryId: undefined, serviceId: undefined, confirm: false, query }
  booking.syncRoute(route)
  await between()
  await services.restoreRoute(route, resolver.get<LocationsViewModel>(LocationsViewModel))
  await between()
  if (booking.view.location?.id === clinicId && booking.view.step === 'service' && !booking.view.restoring) await services.open(clinicId)
}

/**
 * What the step's markup depends on besides the first view's state (first-view-state.ts): undefined
 * where the service list is not shown (a clinic unknown or not online, a list the API refused): the
 * server leaves that page to the browser.
 */
export function stepViewState(resolver: ViewModelResolver, clinicId: string): unknown[] | undefined {
  const booking = resolver.get<BookingViewModel>(BookingViewModel)
  const services = resolver.get<ServicesViewModel>(ServicesViewModel)
  const view = booking.view
  if (view.location?.id !== clinicId || view.step !== 'service' || view.restoring || services.failed || services.loading) return undefined
  return [
    view.step,
    view.serviceView,
    view.basket.length,
    services.categories.map((c) => c.id).join(','),
    services.services.map((s) => s.id).join(','),
    services.exhausted,
  ]
}
