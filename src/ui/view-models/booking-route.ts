/**
 * The booking wizard follows its URL (spec section 4 'Step flow'): the step and the kept query flags.
 * The step rules are the domain's (stepForRoute); the service or course a step URL names joins the
 * basket by the domain's transition (restoreService, restoreCourse).
 */
import { stepForRoute } from '../../domain/booking/steps'
import { holdParam } from '../../domain/booking/hold'
import type { WizardMode } from '../../domain/booking/wizard'
import type { RouteState, BookingWizard } from './booking-views'

/**
 * A URL arrived: the query's view lock and flags, the active item, then the step. A step change
 * releases a login demanded by an earlier 'Book appointment' (it belongs to confirm and payment).
 */
export function applyRoute(vm: BookingWizard, route: RouteState, releaseLogin: () => void): void {
  const view = route.query.view
  const viewFromQuery = view === 'services' || view === 'courses' ? view : route.query.course === 'true' && !route.query.courseServiceBooking ? 'courses' : undefined
  const index = Number(route.query.service)
  vm.patch({
    query: route.query,
    categoryId: route.categoryId,
    viewFromQuery,
    ...(viewFromQuery ? { view: viewFromQuery } : {}),
    ...(route.query.courseServiceBooking === 'true' ? { mode: withCourseLink(vm.state.mode) } : {}),
    ...(route.query.service !== undefined && Number.isInteger(index) && index >= 0 ? { activeIndex: index } : {}),
  })
  const left = vm.step
  const { step, clear } = stepForRoute({
    ...route,
    left,
    coursePurchase: vm.isCoursePurchase,
    basketFilled: vm.basket.length > 0,
    canConfirm: vm.canConfirm,
    linkedReschedule: route.query.reschedule === '1' && vm.isReschedule && vm.isLinked,
    // A reloaded time step (its URL is the service's) names the time the wizard holds again.
    timeHeld: vm.canBook && vm.held.key !== undefined && route.query.hold === holdParam(vm.held.key),
  })
  vm.patch({ step })
  if (step !== left && step !== 'confirm' && step !== 'payment') releaseLogin()
  // The step left by browser back loses its selection (spec section 4 'Back navigation'): a time
  // chosen, or held by confirm, is released; its hold would otherwise run out on an earlier step.
  if (clear !== 'none') vm.clearTime()
}

/** courseServiceBooking=true: a course session, or the reschedule of one (its terms and thank-you page). */
function withCourseLink(mode: WizardMode): WizardMode {
  if (mode.kind === 'reschedule') return { ...mode, courseSession: true }
  return mode.kind === 'newBooking' || mode.kind === 'bookAgain' ? { kind: 'courseSession' } : mode
}
