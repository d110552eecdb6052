/**
 * The `data` of each webhook event (docs/integrations.md shows them). Ids, times and states: enough
 * for an integrator to fetch the rest with its key; the customer's name and email only where the
 * event is about the customer (customer.created).
 */
import type { WebhookEventData } from '../../src/contract/integrations.routes'
import type { DbOrTrx } from '../db/schema'

type BookingData = WebhookEventData<'booking.created'>

/** The columns a booking event's `appointment` is made of (what `bookingsData` reads or an UPDATE returns). */
export const BOOKING_EVENT_COLUMNS = ['id', 'status', 'starts_at', 'ends_at', 'clinic_id', 'service_id', 'practitioner_id', 'customer_id'] as const

export interface BookingEventRow {
  id: string
  status: string
  starts_at: Date | string
  ends_at: Date | string
  clinic_id: string
  service_id: string | null
  practitioner_id: string
  customer_id: string | null
}

/** One appointment as the events show it; undefined for a block of time (no service since 0125): no integrator's event. */
export function bookingEventAppointment(r: BookingEventRow): BookingData['appointment'] | undefined {
  if (r.service_id === null) return undefined
  return {
    id: r.id,
    status: r.status,
    start: new Date(r.starts_at).toISOString(),
    end: new Date(r.ends_at).toISOString(),
    clinicId: r.clinic_id,
    serviceId: r.service_id,
    practitionerId: r.practitioner_id,
    customerId: r.customer_id,
  }
}

export async function appointmentsData<const E extends object = {}>(db: DbOrTrx, tenant: string, ids: readonly string[], extra?: E): Promise<(BookingData & E) | undefined> {
  if (ids.length === 0) return undefined
  const rows = await db
    .selectFrom('appointments')
    .select([...BOOKING_EVENT_COLUMNS])
    .where('tenant_id', '=', tenant)
    .where('id', 'in', [...ids])
    .orderBy('is_linked')
    .orderBy('starts_at')
    .execute()
  const appointments = rows.flatMap((r) => bookingEventAppointment(r) ?? [])
  if (appointments.length === 0) return undefined
  return { appointment: appointments[0], appointments, ...(extra ?? ({} as E)) }
}

export function paymentData(payment: { transactionId: string; invoiceId: string; customerId: string; amount: number; currency: string; appointmentIds: readonly string[] }): WebhookEventData<'payment.succeeded'> {
  return { payment: { ...payment, appointmentIds: [...payment.appointmentIds] } }
}
