/**
 * A booking request's key: what identifies the booking it asks for, kept with the rows its transaction
 * id made (appointments.transaction_request, migration 0165). A retry (same id, same key) answers the
 * first booking; the same id with another key is refused (TransactionReused, 409), as Stripe refuses an
 * idempotency key sent again with other parameters. Incidental fields (prices, end times the server
 * computes, the slot hold the time was picked with, payment details) are left out, so that a client's
 * retry is recognised whatever it recomputed. Starts compare as instants (any ISO spelling).
 */
export interface RequestedItem {
  readonly serviceId: string
  readonly practitionerId: string
  readonly start: Date
  readonly courseId: string | null
}

/** The key of a booking of the customer web app or an API key: clinic, and each service in order. */
export function bookingRequestKey(clinicId: string, items: readonly RequestedItem[]): string {
  return JSON.stringify({ clinic: clinicId, items: items.map((i) => [i.serviceId, i.practitionerId, i.start.getTime(), i.courseId]) })
}

/**
 * The key of the front desk's booking, as staff chose it (a practitioner or any): a retry of "any"
 * would find the first booking's practitioner busy and be given another one.
 */
export function deskRequestKey(location: string, start: string, services: readonly { service: string; practitioner?: string }[]): string {
  return JSON.stringify({ desk: location, start: Date.parse(start), services: services.map((s) => [s.service, s.practitioner ?? null]) })
}

/** Whether a request with `key` may answer the booking its transaction id made (`stored`: null for rows written before 0165). */
export function sameRequest(stored: string | null, key: string): boolean {
  return stored === null || stored === key
}
