/**
 * Process-wide Prometheus metrics: Node's own (event-loop lag, heap, CPU) and the business counters
 * that the services bump with one-line calls (bookings, holds, payments). Per-app metrics (HTTP,
 * database, outbox) live in metrics.plugin.ts. docs/operations.md says what each one means.
 */
import client from 'prom-client'

/** One registry per process: the services are module functions, not per-app objects. */
export const processRegistry = new client.Registry()
client.collectDefaultMetrics({ register: processRegistry })

const bookingsCreated = new client.Counter({
  name: 'clinic_bookings_created_total',
  help: 'Bookings made online, by tenant and initial status (Pending: held for a deposit; Scheduled: booked).',
  labelNames: ['tenant', 'status'] as const,
  registers: [processRegistry],
})
const bookingsCancelled = new client.Counter({
  name: 'clinic_bookings_cancelled_total',
  help: 'Appointments cancelled by their customer, by tenant.',
  labelNames: ['tenant'] as const,
  registers: [processRegistry],
})
const bookingsRescheduled = new client.Counter({
  name: 'clinic_bookings_rescheduled_total',
  help: 'Appointments moved by their customer, by tenant.',
  labelNames: ['tenant'] as const,
  registers: [processRegistry],
})
const holdsExpired = new client.Counter({
  name: 'clinic_holds_expired_total',
  help: 'Pending holds whose time ran out, released by the hold sweeper.',
  registers: [processRegistry],
})
const payments = new client.Counter({
  name: 'clinic_payments_total',
  help: 'Card payments by outcome: paid, declined, voided (the hold was lost before capture), refunded (lost after capture).',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
})

const cardDeclines = new client.Counter({
  name: 'clinic_card_declines_total',
  help: "Cards refused by the card processor, by processor, the spec's reason (card_number, expiry, cvv, postal_code, other) and the processor's own decline code.",
  labelNames: ['processor', 'reason', 'code'] as const,
  registers: [processRegistry],
})

/** A processor's code is a label value: anything that is not a short code word is counted as 'other' (bounded label values). */
const codeLabel = (code: string | undefined, reason: string) => (code && /^[A-Za-z0-9_.-]{1,48}$/.test(code) ? code : code ? 'other' : reason)

export type PaymentOutcome = 'paid' | 'declined' | 'voided' | 'refunded'

/** The one-line calls of the services. */
export const businessMetrics = {
  bookingCreated: (tenant: string, status: string) => bookingsCreated.inc({ tenant, status }),
  bookingCancelled: (tenant: string) => bookingsCancelled.inc({ tenant }),
  bookingRescheduled: (tenant: string) => bookingsRescheduled.inc({ tenant }),
  holdsExpired: (count: number) => holdsExpired.inc(count),
  payment: (outcome: PaymentOutcome) => payments.inc({ outcome }),
  /** One refused card: a payment attempt or a card to keep on file. `code`: the processor's own (decline_code, Square's error code). */
  cardDeclined: (processor: string, reason: string, code?: string) => cardDeclines.inc({ processor, reason, code: codeLabel(code, reason) }),
}
