/**
 * A URL arrived in the running wizard (spec section 4 'Step flow'): a click's, a reload's, browser back
 * or forward. One move: the query's view lock and flags, the active item, then the step the URL stands
 * for given what the wizard holds (stepForRoute), and what the step left loses.
 */
import { holdParam } from '../hold'
import { stepForRoute } from '../steps'
import type { WizardMode, WizardPractitioner, WizardService } from './state'
import { basketOfCourses, basketTimed, heldOf, isLinkedReschedule, pageCanConfirm, type MoveDraft, type WizardPlaceOf, type WizardRoute } from './page'

/** courseServiceBooking=true: a course session, or the reschedule of one (its terms and thank-you page). */
function withCourseLink(mode: WizardMode): WizardMode {
  if (mode.kind === 'reschedule') return { ...mode, courseSession: true }
  return mode.kind === 'newBooking' || mode.kind === 'bookAgain' ? { kind: 'courseSession' } : mode
}

/**
 * The step a URL names; a step change releases a login demanded by an earlier 'Book appointment'
 * (it belongs to confirm and payment). The step left by browser back loses its selection (spec
 * section 4 'Back navigation'): a time chosen, or held by confirm, is released; its hold would
 * otherwise run out on an earlier step.
 */
export function routeArrived<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf, E>(d: MoveDraft<S, P, L, E>, route: WizardRoute): void {
  const { query } = route
  const viewFromQuery = query.view === 'services' || query.view === 'courses' ? query.view : query.course === 'true' && !query.courseServiceBooking ? 'courses' : undefined
  const index = Number(query.service)
  d.patch({
    route,
    query,
    categoryId: route.categoryId,
    viewFromQuery,
    ...(viewFromQuery ? { view: viewFromQuery } : {}),
    ...(query.courseServiceBooking === 'true' ? { mode: withCourseLink(d.state.mode) } : {}),
    ...(query.service !== undefined && Number.isInteger(index) && index >= 0 ? { activeIndex: index } : {}),
  } as Parameters<typeof d.patch>[0])
  const s = d.state
  const left = s.step
  const key = heldOf(s).key
  const { step, clear } = stepForRoute({
    ...route,
    left,
    coursePurchase: basketOfCourses(s),
    basketFilled: s.basket.length > 0,
    canConfirm: pageCanConfirm(s),
    linkedReschedule: query.reschedule === '1' && isLinkedReschedule(s),
    // A reloaded time step (its URL is the service's) names the time the wizard holds again.
    timeHeld: basketTimed(s) && key !== undefined && query.hold === holdParam(key),
  })
  d.patch({ step })
  if (step !== left && step !== 'confirm' && step !== 'payment') d.effect({ kind: 'releaseLogin' })
  if (clear !== 'none') d.clearTime()
}
