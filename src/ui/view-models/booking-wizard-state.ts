/**
 * The booking view model's fields read as the domain's one wizard state (issue 27), so that confirm
 * builds its request and deposit with the domain's toBookingRequest and depositOf. Read only: it
 * changes nothing of the view model. It goes when the view model keeps that state itself.
 */
import { dropUndefined, type WizardMode, type WizardState } from '../../domain/booking/wizard'
import type { BookingViewModel } from './booking.view-model'
import type { PractitionerView, ServiceView } from './views'

/** The one mode of the view model's flags, in the order confirm has always decided the booking's kind. */
function modeOf(b: BookingViewModel): WizardMode {
  if (b.isReschedule) return { kind: 'reschedule', appointmentId: b.rescheduleAppointmentId ?? '', linked: b.isLinked, sources: b.rescheduleSources, ...(b.courseServiceBooking ? { courseSession: true as const } : {}) }
  if (b.isGiftVoucherPurchase) return { kind: 'giftVoucher', vouchers: b.giftVouchers }
  if (b.isCoursePurchase) return { kind: 'coursePurchase' }
  if (b.courseServiceBooking) return { kind: 'courseSession' }
  return b.isBookAgain ? { kind: 'bookAgain' } : { kind: 'newBooking' }
}

export function wizardStateOf(b: BookingViewModel): WizardState<ServiceView, PractitionerView> {
  const key = b.held.key
  const expiresAt = b.held.expiresAt
  return dropUndefined({
    mode: modeOf(b),
    locationId: b.location?.id,
    basket: b.basket.map((i) => dropUndefined({ kind: i.kind, service: i.service, staff: i.staff, anyStaff: i.anyStaff, start: i.start, end: i.end, courseSession: i.courseSession, bookedStaff: i.bookedStaff })),
    activeIndex: b.activeIndex,
    step: b.step,
    date: b.date,
    hold: key ? { status: 'held' as const, key, expiresAt: expiresAt ?? 0 } : b.canBook ? { status: 'pending' as const } : undefined,
    view: b.view,
    viewFromQuery: b.viewFromQuery === 'services' || b.viewFromQuery === 'courses' ? b.viewFromQuery : undefined,
    courseContext: b.courseContext,
    submitting: false,
  })
}
