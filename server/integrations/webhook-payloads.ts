/**
 * The `data` of each webhook event (docs/integrations.md shows them). Ids, times and states: enough
 * for an integrator to fetch the rest with its key; the customer's name and email only where the
 * event is about the customer (customer.created).
 */
import type { WebhookEventData } from '../../src/contract/integrations.routes'
import type { DbOrTrx } from '../db/schema'

type BookingData = WebhookEventData<'booking.created'>

export async function appointmentsData<const E extends object = {}>(db: DbOrTrx, tenant: string, ids: readonly string[], extra?: E): Promise<(BookingData & E) | undefined> {
  if (ids.length === 0) return undefined
  const rows = await db
    .selectFrom('appointments')
    .select(['id', 'status', 'starts_at', 'ends_at', 'clinic_id', 'service_id', 'practitioner_id', 'customer_id', 'group_id', 'is_linked'])
    .where('tenant_id', '=', tenant)
    .where('id', 'in', [...ids])
    .orderBy('is_linked')
    .orderBy('starts_at')
    .execute()
  // Bookings only: a block of time (no service since 0125) is no integrator's event.
  const bookings = rows.filter((r): r is typeof r & { service_id: string } => r.service_id !== null)
  if (bookings.length === 0) return undefined
  const appointments = bookings.map((r) => ({
    id: r.id,
    status: r.status,
    start: new Date(r.starts_at).toISOString(),
    end: new Date(r.ends_at).toISOString(),
    clinicId: r.clinic_id,
    serviceId: r.service_id,
    practitionerId: r.practitioner_id,
    customerId: r.customer_id,
  }))
  return { appointment: appointments[0], appointments, ...(extra ?? ({} as E)) }
}

export function paymentData(payment: { transactionId: string; invoiceId: string; customerId: string; amount: number; currency: string; appointmentIds: readonly string[] }): WebhookEventData<'payment.succeeded'> {
  return { payment: { ...payment, appointmentIds: [...payment.appointmentIds] } }
}
