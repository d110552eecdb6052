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
