/**
 * The booking page's moves that step back (spec section 4 'Back navigation') or take an item out of the
 * basket: parts of pageMove (page-moves.ts), apart to keep each file short.
 */
import { stepPath } from '../steps'
import type { WizardMode, WizardPractitioner, WizardService } from './state'
import type { MoveDraft, WizardPage, WizardPlaceOf } from './page'

type Draft<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf, E> = MoveDraft<S, P, L, E>

/** The Back button (spec section 4 'Back navigation'): steps back and clears the selection of the step left. */
export function back<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf, E>(d: Draft<S, P, L, E>): void {
  const s = d.state
  switch (s.step) {
    case 'staff': {
      const item = s.basket[s.activeIndex]
      const basket =
        item && item.staff === undefined && !item.anyStaff && s.mode.kind !== 'reschedule'
          ? s.basket.filter((_, at) => at !== s.activeIndex)
          : s.basket.map((i, at) => (at === s.activeIndex ? { ...i, staff: undefined, anyStaff: false } : i))
      d.patch({ basket, activeIndex: basket.length, step: 'service' })
      d.goToList()
      return
    }
    case 'time':
      d.clearTime()
      if (s.date !== undefined) return d.patch({ date: undefined })
      d.patch({ activeIndex: Math.max(0, s.basket.length - 1), step: 'staff' })
      return
    case 'confirm':
      // A gift voucher or a course purchase has no time step: back to the service list (the voucher given up, the courses kept).
      if (s.mode.kind === 'giftVoucher' || s.mode.kind === 'coursePurchase') {
        d.patch({ ...(s.mode.kind === 'giftVoucher' ? { mode: { kind: 'newBooking' } } : {}), activeIndex: s.basket.length, step: 'service' })
        d.goToList()
        return
      }
      d.clearTime()
      d.patch({ step: 'time' })
      d.goToCurrentServiceUrl()
      return
    default:
      // From the first step (service) back to the location list.
      d.go('/')
  }
}

/** The mode without the course session: the course paid for that session only (a reschedule keeps its own). */
function withoutCourseSession(mode: WizardMode): WizardMode {
  if (mode.kind === 'courseSession') return { kind: 'newBooking' }
  if (mode.kind === 'reschedule' && mode.courseSession) return { kind: 'reschedule', appointmentId: mode.appointmentId, linked: mode.linked, sources: mode.sources }
  return mode
}

/** Removes the basket's item at `index`; removing the last one resets to the service list. */
export function removeFromBasket<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf, E>(d: Draft<S, P, L, E>, index: number): void {
  const removed = d.state.basket[index]
  d.patch({ basket: d.state.basket.filter((_, at) => at !== index) })
  d.clearTime()
  const s = (): WizardPage<S, P, L> => d.state
  if (s().basket.length === 0) {
    // The list it returns to is the ordinary one (its URL drops the course query): the course no longer pays.
    d.patch({ activeIndex: 0, step: 'service', mode: withoutCourseSession(s().mode) })
    d.go(stepPath({ locationId: s().location?.id ?? '' }))
    return
  }
  d.patch({ activeIndex: Math.min(s().activeIndex, s().basket.length - 1) })
  if (removed?.courseSession && s().mode.kind === 'courseSession') {
    // The course paid for that session only: the services left are an ordinary booking (the URL drops the course query).
    d.patch({ mode: withoutCourseSession(s().mode), query: { ...s().query, course: undefined, courseServiceBooking: undefined } })
    if (s().step !== 'confirm' && s().step !== 'payment') d.goToService(s().activeIndex)
  }
  // On confirm or payment the held time (and the pending booking of payment) was for the old basket.
  if (s().step === 'confirm' || s().step === 'payment') {
    d.patch({ step: 'time' })
    d.goToCurrentServiceUrl()
  }
}
