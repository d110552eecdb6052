/**
 * An appointment of the customer as the booking wizard's input: reschedule (the customer area's
 * Options menu, or a reschedule step reloaded) and book again start from it.
 */
import type { AppointmentView, LinkedAppointmentView } from '../../contract/appointments.codecs'
import type { RescheduleInput } from './booking-views'
import type { ClinicView, PractitionerView, ServiceView } from './views'

/** Statuses of an appointment that no longer takes place (Deleted: a released hold). */
const GONE_STATUSES = new Set(['cancelled', 'deleted'])

/**
 * An appointment as a basket item. When it is moved, its practitioner carries what the appointment
 * costs and lasts (the server keeps both unless another practitioner is chosen), so the summary
 * shows its own price and length rather than the service's defaults.
 */
function toWizardItem(a: AppointmentView | LinkedAppointmentView, moving: boolean): { service: ServiceView; staff?: PractitionerView } {
  const service: ServiceView = {
    id: a.service.id,
    name: a.service.name,
    onlineName: a.service.onlineName,
    categoryId: a.service.category,
    defaultDuration: a.service.defaultDuration ?? 0,
    defaultPrice: a.service.defaultGrossPrice ?? a.grossPrice ?? a.price ?? 0,
  }
  const staff: PractitionerView = { id: a.practitioner.id, displayName: a.practitioner.displayName }
  if (moving) {
    const price = a.grossPrice ?? a.price
    const minutes = Math.round((Date.parse(a.event.end) - Date.parse(a.event.start)) / 60_000)
    if (price !== undefined) staff.grossPrice = price
    if (minutes > 0) staff.duration = minutes
  }
  return { service, staff }
}

/** `moving`: a reschedule, whose appointments keep their price and length (book again takes today's). */
export function wizardInputOf(appointment: AppointmentView, clinic: ClinicView, moving: boolean): RescheduleInput {
  // A service of the visit cancelled on its own is no longer part of it: the server moves only the
  // others (and book again should not bring it back).
  const linked = (appointment.linkedAppointments ?? []).filter((l) => !GONE_STATUSES.has(l.status.toLowerCase()))
  return {
    appointmentId: appointment.id,
    clinic,
    items: [appointment, ...linked].map((a) => toWizardItem(a, moving)),
    linked: Boolean(appointment.isLinked) || linked.length > 0,
  }
}
