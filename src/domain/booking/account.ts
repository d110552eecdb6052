/**
 * Customer area appointment list (spec §4 "Appointment status values seen in the account: deleted,
 * incomplete, pending (hidden from the customer list), scheduled; cancelled appointments are filtered
 * out"; §2 "Row actions: Options menu (cancel, reschedule), or 'Book again' (or 'Cannot be rebooked
 * online' if the service is not shown online at that clinic)").
 */
import { appointmentActions, type AppointmentActionsView, type CancellationSettings, type PolicyAppointment } from '../policy/cancellation'

export const HIDDEN_ACCOUNT_STATUSES = ['pending', 'cancelled'] as const
export const BOOK_AGAIN_LABEL = 'Book again'
export const CANNOT_REBOOK_LABEL = 'Cannot be rebooked online'

type ClinicRef = string | { id?: string; _id?: string } | null | undefined

export interface RebookService {
  showOnline?: boolean | null
  locations?: readonly { clinic: ClinicRef; showOnline?: boolean | null }[] | null
}

export interface AccountAppointment extends PolicyAppointment {
  clinic: { id: string }
  service: RebookService
}

const clinicId = (ref: ClinicRef): string | undefined => (typeof ref === 'string' ? ref : (ref?.id ?? ref?._id))

/** Appointments the account list shows: pending are hidden, cancelled are filtered out. */
export function visibleAccountAppointments<T extends { status: string }>(appointments: readonly T[]): T[] {
  return appointments.filter((a) => !(HIDDEN_ACCOUNT_STATUSES as readonly string[]).includes(a.status.toLowerCase()))
}

/** True when the service is shown online at the appointment's clinic. */
export function canRebookOnline(service: RebookService, clinic: string): boolean {
  if (service.showOnline === false) return false
  return (service.locations ?? []).some((l) => clinicId(l.clinic) === clinic && l.showOnline !== false)
}

export type RebookAction = { kind: 'bookAgain'; label: 'Book again' } | { kind: 'cannotRebook'; label: 'Cannot be rebooked online' }

export function rebookAction(service: RebookService, clinic: string): RebookAction {
  return canRebookOnline(service, clinic) ? { kind: 'bookAgain', label: BOOK_AGAIN_LABEL } : { kind: 'cannotRebook', label: CANNOT_REBOOK_LABEL }
}

export type AccountRowAction = { kind: 'options'; view: Exclude<AppointmentActionsView, { kind: 'hidden' }> } | RebookAction

/** The Actions cell: the Options menu (possibly disabled) when the policy shows it, else the rebook action. */
export function accountRowAction(appointment: AccountAppointment, now: Date, settings: CancellationSettings): AccountRowAction {
  const view = appointmentActions(appointment, now, settings)
  if (view.kind !== 'hidden') return { kind: 'options', view }
  return rebookAction(appointment.service, appointment.clinic.id)
}
