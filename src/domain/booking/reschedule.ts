/**
 * Reschedule (spec §4 "Reschedule starts at the time step if the appointment is linked or has linked
 * ones, otherwise at the staff step" and "Confirm action: if rescheduling, each non-linked
 * appointment is rescheduled with a time offset relative to the first").
 */
import type { BookingStep } from './steps'

export interface RescheduleSource {
  isLinked?: boolean | null
  linkedAppointments?: readonly unknown[] | null
}

/** 'time' for a linked appointment or one with linked ones, else 'staff'. */
export function rescheduleStartStep(appointment: RescheduleSource): Extract<BookingStep, 'time' | 'staff'> {
  return appointment.isLinked || (appointment.linkedAppointments?.length ?? 0) > 0 ? 'time' : 'staff'
}

export interface TimedAppointment {
  event: { start: Date; end: Date }
  isLinked?: boolean | null
}

/**
 * Moves every non-linked appointment so that the first starts at `newFirstStart`, keeping each
 * one's offset from the first and its duration. Linked appointments are left out (they move with
 * their parent on the server).
 */
export function rescheduleWithOffset<T extends TimedAppointment>(appointments: readonly T[], newFirstStart: Date): T[] {
  if (appointments.length === 0) return []
  const shift = newFirstStart.getTime() - appointments[0].event.start.getTime()
  return appointments
    .filter((a) => !a.isLinked)
    .map((a) => ({ ...a, event: { start: new Date(a.event.start.getTime() + shift), end: new Date(a.event.end.getTime() + shift) } }))
}

/** An appointment the account page hands to reschedule or book again: the first, then its linked ones. */
export interface ModeAppointment<S extends { id: string; categoryId?: string; defaultPrice: number }, P extends { id: string; grossPrice?: number }> {
  service: S
  staff?: P
  appointmentId?: string
  isLinked?: boolean
  /** its current time, when known */
  event?: { start: string; end: string }
}

/** An appointment being rescheduled with its current time and price (the staff's, else the service's). */
export interface CurrentTime {
  appointmentId: string
  isLinked?: boolean
  start: string
  end: string
  serviceId: string
  practitionerId?: string
  price?: number
}

/** The wizard state reschedule or book again starts from (spec §4 "Reschedule", "Book again"). */
export interface ModeStart<S, P> {
  /** same services and practitioners, no time yet */
  basket: { kind: 'service'; service: S; staff?: P; anyStaff: false }[]
  /** reschedule: the appointments moved, with their current times; book again: none */
  sources: CurrentTime[]
  /** reschedule: time when linked, else staff; book again: staff */
  step: Extract<BookingStep, 'time' | 'staff'>
  /** the first service's step URL parts (stepPath) */
  path: { locationId: string; categoryId?: string; serviceId?: string; query: Record<string, string> }
}

/** Reschedule (linked: from the time step) or book again (from the staff step) of `items` at `clinicId`. */
export function modeStart<S extends { id: string; categoryId?: string; defaultPrice: number }, P extends { id: string; grossPrice?: number }>(
  mode: { reschedule: false } | { reschedule: true; linked: boolean },
  clinicId: string,
  items: readonly ModeAppointment<S, P>[],
): ModeStart<S, P> {
  const basket = items.map((i) => ({ kind: 'service' as const, service: i.service, staff: i.staff, anyStaff: false as const }))
  const sources = mode.reschedule
    ? items.flatMap((i) =>
        i.appointmentId && i.event
          ? [{ appointmentId: i.appointmentId, isLinked: i.isLinked, start: i.event.start, end: i.event.end, serviceId: i.service.id, practitionerId: i.staff?.id, price: i.staff?.grossPrice ?? i.service.defaultPrice }]
          : [],
      )
    : []
  const first = items[0]?.service
  const query: Record<string, string> = mode.reschedule ? { service: '0', reschedule: '1' } : { service: '0' }
  return {
    basket,
    sources,
    step: mode.reschedule ? rescheduleStartStep({ isLinked: mode.linked }) : 'staff',
    path: { locationId: clinicId, categoryId: first?.categoryId, serviceId: first?.id, query },
  }
}
