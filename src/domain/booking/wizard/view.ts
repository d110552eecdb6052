/**
 * What the booking pages read of the wizard (issue 27): every derived value as one pure function of
 * the page's state, viewOf(state). The view model exposes it as its one `view`; nothing here changes
 * the state.
 */
import { stepPath, type BookingStep } from '../steps'
import type { HeldTimeKey } from '../hold'
import type { CurrentTime } from '../reschedule'
import { bookLabel, courseServiceBooking, type CourseContext, type GiftVoucher, type ServiceViewKind, type WizardItem, type WizardPractitioner, type WizardService } from './state'
import { canChangeItems, canRemoveItems, lockedView } from './items'
import { round2 } from '../../pricing/money'
import { priceOf } from './request'
import { basketOfCourses, basketTimed, giftVouchersOf, heldOf, isLinkedReschedule, isViewLocked, keptQueryOf, pageCanConfirm, pagePractitionersChosen, type WizardPage, type WizardPlaceOf } from './page'

export interface WizardView<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf> {
  location?: L
  step: BookingStep
  basket: WizardItem<S, P>[]
  activeIndex: number
  activeItem?: WizardItem<S, P>
  /** the service list's view: services, courses or gift vouchers */
  serviceView: ServiceViewKind
  /** the time step's sub-step: the hour list while a day is picked */
  timeStep: 'date' | 'hours'
  date?: string
  outOfTime: boolean
  askAnotherService: boolean
  askAnotherCourse: boolean
  /** the item 'Remove' asks about */
  removing?: number
  removeTitle: string
  giftVouchers: GiftVoucher[]
  courseContext?: CourseContext
  /** a course's Book link: a course session, or the reschedule of one (its terms and thank-you page) */
  courseServiceBooking: boolean
  isReschedule: boolean
  isBookAgain: boolean
  /** book again: the basket's services come from the past appointment and still need their online details */
  servicesToRefresh: boolean
  isLinked: boolean
  rescheduleAppointmentId?: string
  /** the appointments being rescheduled with their current times (when the account page knows them) */
  rescheduleSources: CurrentTime[]
  /** true while what a step URL names (clinic, service, course) is fetched from the server */
  restoring: boolean
  isCoursePurchase: boolean
  isGiftVoucherPurchase: boolean
  /** Services / Courses lock (spec section 4 'View lock'); a gift voucher chosen locks its own view */
  lockedView?: ServiceViewKind
  isViewLocked: (view: ServiceViewKind) => boolean
  startTime?: string
  canBook: boolean
  /** confirm needs what the earlier steps chose: a time for every appointment (the hold), a course purchase or a gift voucher */
  canConfirm: boolean
  /** a session booked from a bought course: the course pays for it (nothing to pay, £0.00 in the summary) */
  isCourseSession: boolean
  /** the summary's 'change': not for course purchases (spec section 2), nor in a linked reschedule, nor on the payment step */
  canChangeItems: boolean
  /** the summary's 'remove': not in a reschedule (spec section 2), nor on the payment step */
  canRemoveItems: boolean
  /** what the basket and the gift vouchers cost in all (a course session nothing) */
  total: number
  /** whether the course pays for this item: the session its Book link opened (a service added to it is paid) */
  isCoveredByCourse: (item: WizardItem<S, P>) => boolean
  /** the basket's items that are paid for (all but a course session) */
  paidItems: WizardItem<S, P>[]
  /** what an item costs now: a course its sale price, a service its practitioner's; a course session nothing */
  priceOf: (item: WizardItem<S, P>) => number
  /** 'Add another service' and its question (spec section 2): not in a reschedule */
  canAddAnother: boolean
  bookLabel: string
  /** every appointment has its practitioner (one, or 'Any practitioner'): the time step can offer times */
  practitionersChosen: boolean
  /** the server's hold of the chosen time (issue 17): its key and expiry */
  held: { readonly key?: HeldTimeKey; readonly expiresAt?: number }
  /** nothing chosen yet (no service, course or gift voucher): what to choose, which the phone's bar says instead of a total of £0.00 */
  choiceHint?: string
  /** query parameters kept across the wizard's URLs; `hold` names the held time */
  keptQuery: Record<string, string | undefined>
  /** the kept query as a search string ('' or '?…') */
  queryString: string
}

/** What the phone's bar asks for while nothing is chosen, by the service list's view. */
export const CHOICE_HINTS: Record<ServiceViewKind, string> = {
  services: 'Choose a service to see its price here.',
  courses: 'Choose a course to see its price here.',
  giftVoucher: 'Choose a gift voucher to see its price here.',
}

export function viewOf<S extends WizardService, P extends WizardPractitioner, L extends WizardPlaceOf>(state: WizardPage<S, P, L>): WizardView<S, P, L> {
  const { mode, basket, dialog } = state
  const removing = dialog?.kind === 'remove' ? dialog.index : undefined
  const giftVouchers = giftVouchersOf(state)
  const isReschedule = mode.kind === 'reschedule'
  const isCourseSession = courseServiceBooking(state) && !isReschedule
  const isCoveredByCourse = (item: WizardItem<S, P>): boolean => isCourseSession && item.courseSession === true
  const keptQuery = keptQueryOf(state)
  return {
    location: state.location,
    step: state.step,
    basket,
    activeIndex: state.activeIndex,
    activeItem: basket[state.activeIndex],
    serviceView: state.view,
    timeStep: state.date === undefined ? 'date' : 'hours',
    date: state.date,
    outOfTime: dialog?.kind === 'outOfTime',
    askAnotherService: dialog?.kind === 'anotherService',
    askAnotherCourse: dialog?.kind === 'anotherCourse',
    removing,
    removeTitle: basket[removing ?? -1]?.kind === 'course' ? 'Remove this course?' : 'Remove this appointment?',
    giftVouchers,
    courseContext: state.courseContext,
    courseServiceBooking: courseServiceBooking(state),
    isReschedule,
    isBookAgain: mode.kind === 'bookAgain',
    servicesToRefresh: mode.kind === 'bookAgain' && mode.servicesToRefresh === true,
    isLinked: isLinkedReschedule(state),
    rescheduleAppointmentId: mode.kind === 'reschedule' ? mode.appointmentId : undefined,
    rescheduleSources: mode.kind === 'reschedule' ? mode.sources : [],
    restoring: state.restoring === true,
    isCoursePurchase: basketOfCourses(state),
    isGiftVoucherPurchase: giftVouchers.length > 0,
    lockedView: lockedView(state),
    isViewLocked: (view) => isViewLocked(state, view),
    startTime: basket[0]?.start,
    canBook: basketTimed(state),
    canConfirm: pageCanConfirm(state),
    isCourseSession,
    canChangeItems: canChangeItems(state),
    canRemoveItems: canRemoveItems(state),
    total: round2(basket.reduce((sum, i) => sum + priceOf(state, i), 0) + giftVouchers.reduce((sum, v) => sum + v.value, 0)),
    isCoveredByCourse,
    paidItems: basket.filter((i) => !isCoveredByCourse(i)),
    priceOf: (item) => priceOf(state, item),
    canAddAnother: !isReschedule,
    bookLabel: bookLabel(state),
    practitionersChosen: pagePractitionersChosen(state),
    held: heldOf(state),
    choiceHint: basket.length === 0 && giftVouchers.length === 0 ? CHOICE_HINTS[state.view] : undefined,
    keptQuery,
    queryString: stepPath({ locationId: '', query: keptQuery }).replace(/^[^?]*/, ''),
  }
}
