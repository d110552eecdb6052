/**
 * Integrators (issue 30): the tenant's API keys and outbound webhook endpoints, managed by an admin
 * (/admin/api-keys, /admin/webhooks), and the calls an API key opens (/integrations/..., each with its
 * scope). The key travels in the X-Api-Key header; see docs/integrations.md.
 */
import * as t from 'io-ts'
import { route, API_KEY_SCOPES } from './route'
import { AppointmentPayload, AppointmentView, BookingCreated } from './appointments.codecs'
import { Ack, bodyOf, entity, errors, IdParams, IntFromString, IsoDateTime, literals, NonEmptyString, ObjectId, queryOf, StringFromQuery } from './codecs'
import { CustomerSummary } from './admin.routes'
import { withJsonSchema } from './json-schema'

export const ApiKeyScopeCodec = literals(API_KEY_SCOPES, 'ApiKeyScope')

/** The events a webhook endpoint may subscribe to (docs/integrations.md has their payloads). */
export const WEBHOOK_EVENTS = [
  'booking.created',
  'booking.moved',
  'booking.cancelled',
  'payment.succeeded',
  'payment.refunded',
  'customer.created',
  'form.signed',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number]
export const WebhookEventTypeCodec = literals(WEBHOOK_EVENTS, 'WebhookEventType')

/**
 * The event of 'Send test event' (POST /admin/webhooks/{id}/test), like Cal.com's ping: sent to that one
 * endpoint whatever it subscribed to, signed like every event, its data naming no customer. Nobody
 * subscribes to it, so an integrator's handler of real events never mistakes it for a booking.
 */
export const WEBHOOK_TEST_EVENT = 'webhook.test'
/** Every event type a delivery may carry: the subscribable ones and the test event. */
export const DELIVERED_EVENTS = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT] as const
export type DeliveredEventType = (typeof DELIVERED_EVENTS)[number]

/** The header of a delivery's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'clinic-signature'

export const CreateApiKeyBody = bodyOf({ name: NonEmptyString, scopes: t.array(ApiKeyScopeCodec) })
export type CreateApiKeyBody = t.TypeOf<typeof CreateApiKeyBody>

export const ApiKey = entity(
  'ApiKey',
  { id: ObjectId, name: t.string, prefix: t.string, scopes: t.array(ApiKeyScopeCodec), createdAt: IsoDateTime },
  { lastUsedAt: IsoDateTime, revokedAt: IsoDateTime },
)
export type ApiKey = t.TypeOf<typeof ApiKey>

/** The key itself comes only in this answer: it is stored hashed. */
export const CreatedApiKey = t.intersection([ApiKey, t.type({ key: t.string })], 'CreatedApiKey')
export type CreatedApiKey = t.TypeOf<typeof CreatedApiKey>

export const createApiKey = route({
  method: 'POST',
  path: '/admin/api-keys',
  access: 'admin',
  summary: 'Create an API key',
  description: 'A new API key of the tenant with the given scopes. The key is in this answer only: it is stored hashed and cannot be shown again.',
  body: CreateApiKeyBody,
  responses: { 201: CreatedApiKey, ...errors(400, 401, 403) },
})

export const listApiKeys = route({
  method: 'GET',
  path: '/admin/api-keys',
  access: 'admin',
  summary: "The tenant's API keys",
  description: 'Every API key of the tenant, revoked ones too: prefix, scopes, when it was created and last used.',
  responses: { 200: t.array(ApiKey), ...errors(401, 403) },
})

export const revokeApiKey = route({
  method: 'DELETE',
  path: '/admin/api-keys/{id}',
  access: 'admin',
  summary: 'Revoke an API key',
  description: 'The key stops working at once (401). It stays in the list, marked revoked.',
  params: IdParams,
  responses: { 200: ApiKey, ...errors(400, 401, 403, 404) },
})

/** The longest webhook endpoint URL taken (as browsers and most providers cap a URL). */
export const MAX_WEBHOOK_URL_LENGTH = 2048
/** The endpoint's URL: its length limit is told to the OpenAPI document's readers; the server refuses a longer one with its own 400. */
const WebhookUrl = withJsonSchema(new t.Type<string, string, unknown>(NonEmptyString.name, NonEmptyString.is, NonEmptyString.validate, t.identity), { type: 'string', pattern: '\\S', maxLength: MAX_WEBHOOK_URL_LENGTH })

export const CreateWebhookBody = bodyOf({ url: WebhookUrl, events: t.array(WebhookEventTypeCodec) })
export type CreateWebhookBody = t.TypeOf<typeof CreateWebhookBody>

export const WebhookEndpoint = entity(
  'WebhookEndpoint',
  { id: ObjectId, url: t.string, events: t.array(WebhookEventTypeCodec), createdAt: IsoDateTime, consecutiveFailures: t.number },
  { disabledAt: IsoDateTime, disabledReason: t.string },
)
export type WebhookEndpoint = t.TypeOf<typeof WebhookEndpoint>

/** The signing secret comes only in this answer. */
export const CreatedWebhookEndpoint = t.intersection([WebhookEndpoint, t.type({ secret: t.string })], 'CreatedWebhookEndpoint')
export type CreatedWebhookEndpoint = t.TypeOf<typeof CreatedWebhookEndpoint>

export const WebhookDelivery = entity(
  'WebhookDelivery',
  {
    id: ObjectId,
    endpointId: ObjectId,
    event: literals(DELIVERED_EVENTS, 'DeliveredEventType'),
    state: literals(['delivered', 'pending', 'failed']),
    attempts: t.number,
    createdAt: IsoDateTime,
  },
  { lastStatus: t.number, lastError: t.string, deliveredAt: IsoDateTime, nextAttemptAt: IsoDateTime, failedAt: IsoDateTime },
)
export type WebhookDelivery = t.TypeOf<typeof WebhookDelivery>

export const createWebhook = route({
  method: 'POST',
  path: '/admin/webhooks',
  access: 'admin',
  summary: 'Subscribe a URL to events',
  description: `A webhook endpoint: each event it names is POSTed to the URL (https, or http on localhost outside production; at most ${MAX_WEBHOOK_URL_LENGTH} characters, 400 otherwise), signed with the secret that is in this answer only.`,
  body: CreateWebhookBody,
  responses: { 201: CreatedWebhookEndpoint, ...errors(400, 401, 403) },
})

export const listWebhooks = route({
  method: 'GET',
  path: '/admin/webhooks',
  access: 'admin',
  summary: "The tenant's webhook endpoints",
  description: 'Every webhook endpoint of the tenant with its events, failure streak and whether it was disabled.',
  responses: { 200: t.array(WebhookEndpoint), ...errors(401, 403) },
})

export const removeWebhook = route({
  method: 'DELETE',
  path: '/admin/webhooks/{id}',
  access: 'admin',
  summary: 'Remove a webhook endpoint',
  description: 'The endpoint and its delivery log are deleted; nothing more is sent to it.',
  params: IdParams,
  responses: { 200: Ack, ...errors(400, 401, 403, 404) },
})

export const enableWebhook = route({
  method: 'PUT',
  path: '/admin/webhooks/{id}/enable',
  access: 'admin',
  summary: 'Enable a disabled webhook endpoint',
  description: 'An endpoint disabled after repeated failures receives events again (its failure streak starts from zero).',
  params: IdParams,
  responses: { 200: WebhookEndpoint, ...errors(400, 401, 403, 404) },
})

export const disableWebhook = route({
  method: 'PUT',
  path: '/admin/webhooks/{id}/disable',
  access: 'admin',
  summary: 'Disable a webhook endpoint',
  description:
    'Nothing more is sent to the endpoint until it is enabled again: new events are not recorded for it and deliveries still due are kept as failed. ' +
    'Its delivery log stays. Disabling a disabled endpoint changes nothing.',
  params: IdParams,
  responses: { 200: WebhookEndpoint, ...errors(400, 401, 403, 404) },
})

export const listWebhookDeliveries = route({
  method: 'GET',
  path: '/admin/webhooks/{id}/deliveries',
  access: 'admin',
  summary: "A webhook endpoint's delivery log",
  description: 'The latest deliveries to the endpoint (newest first): delivered, pending (maybe retrying) or failed, with the tries and the last HTTP status.',
  params: IdParams,
  responses: { 200: t.array(WebhookDelivery), ...errors(400, 401, 403, 404) },
})

export const replayWebhookDelivery = route({
  method: 'POST',
  path: '/admin/webhooks/deliveries/{id}/replay',
  access: 'admin',
  summary: 'Send a delivery again',
  description: 'The same event (same id and body) is delivered again as a new delivery, freshly signed.',
  params: IdParams,
  responses: { 201: WebhookDelivery, ...errors(400, 401, 403, 404, 409) },
})

export const sendWebhookTest = route({
  method: 'POST',
  path: '/admin/webhooks/{id}/test',
  access: 'admin',
  summary: 'Send a test event to a webhook endpoint',
  description:
    `A ${WEBHOOK_TEST_EVENT} event is delivered to the endpoint (whatever events it subscribed to), signed with its secret, as a new delivery in its log. ` +
    'The answer comes once the first try is over (or after 8 seconds) and shows its outcome: delivered with the HTTP status, or failed with the error. ' +
    'A test event is tried once, never again with backoff. 409 when the endpoint is disabled.',
  params: IdParams,
  responses: { 201: WebhookDelivery, ...errors(400, 401, 403, 404, 409) },
})

export const IntegrationCustomer = bodyOf({ email: NonEmptyString, firstName: NonEmptyString, surname: NonEmptyString }, { mobilePhone: t.string })

export const IntegrationBookingBody = bodyOf(
  { customer: IntegrationCustomer, appointment: AppointmentPayload },
  { coherentTransactionId: t.union([t.string, t.null]) },
)
export type IntegrationBookingBody = t.TypeOf<typeof IntegrationBookingBody>

/**
 * POST /integrations/bookings answer. payUrl: while a deposit is due, the page where the customer pays it (also mailed
 * to them); the booking is held until booking.holdExpiresAt. A replay (same coherentTransactionId) answers the same.
 */
export const IntegrationBookingCreated = entity('IntegrationBookingCreated', { customerId: ObjectId, customerCreated: t.boolean, booking: BookingCreated }, { payUrl: t.string })
export type IntegrationBookingCreated = t.TypeOf<typeof IntegrationBookingCreated>

export const createIntegrationBooking = route({
  method: 'POST',
  path: '/integrations/bookings',
  access: 'apiKey',
  scope: 'bookings:write',
  summary: 'Book for a customer (API key)',
  description:
    "Books a time the slot grid offers for the customer with this email, created (without a password) when new. The online booking's rules apply. " +
    'A deposit due leaves the booking pending for 24 hours (booking.holdExpiresAt) and mails the customer a link to pay it (texted too where the customer takes texts), answered as payUrl too; ' +
    'paid, the booking is scheduled and confirmed; unpaid, released. Without a deposit it is scheduled at once. ' +
    'A payment that cannot be started refuses the booking (409) and leaves nothing behind (no booking, no customer made for it). ' +
    'booking.holdExpiresAt is present only while the booking is pending (held for its deposit); absent when it was scheduled at once. ' +
    'The same coherentTransactionId again answers as the first time (customerCreated, payUrl, holdExpiresAt, message), with the booking as it is now; ' +
    'the same coherentTransactionId with another request (clinic, or a service, practitioner, start or course of the appointment or a linked one) is refused with 409, naming the booking it made, and books nothing (as Stripe refuses an idempotency key reused with other parameters), before the request itself is checked (an invalid request with a used id answers this 409, not 400 or 404); ' +
    'while the first request is still answering, 409 (try again in a few seconds). ' +
    '409 when the time was taken.',
  body: IntegrationBookingBody,
  responses: { 201: IntegrationBookingCreated, ...errors(400, 401, 403, 404, 409, 429) },
})

export const getIntegrationBooking = route({
  method: 'GET',
  path: '/integrations/bookings/{id}',
  access: 'apiKey',
  scope: 'bookings:read',
  summary: 'One booking (API key)',
  description: "An appointment of the tenant by its id, with its service, practitioner, location and payment state.",
  params: IdParams,
  responses: { 200: AppointmentView, ...errors(400, 401, 403, 404, 429) },
})

/** GET /integrations/customers pages: `pageSize` customers unless the query asks fewer, never more than `max`. */
export const CUSTOMER_PAGE = { size: 50, max: 100 } as const

export const findIntegrationCustomers = route({
  method: 'GET',
  path: '/integrations/customers',
  access: 'apiKey',
  scope: 'customers:read',
  summary: 'Find customers (API key)',
  description:
    'Customers of the tenant whose id, email, name or mobile number matches the text (an empty or absent q matches every customer), ordered by surname, first name and id, ' +
    `one page at a time: \`offset\` customers skipped (default 0), at most \`pageSize\` answered (default ${CUSTOMER_PAGE.size}, at most ${CUSTOMER_PAGE.max}). ` +
    'A page shorter than pageSize is the last. 400 when a paging value is out of range.',
  query: queryOf({}, { q: StringFromQuery, offset: IntFromString, pageSize: IntFromString }),
  responses: { 200: t.array(CustomerSummary), ...errors(400, 401, 403, 429) },
})

/** An appointment as webhook events carry it (times ISO 8601, UTC). */
export const WebhookAppointment = t.type(
  { id: ObjectId, status: t.string, start: IsoDateTime, end: IsoDateTime, clinicId: ObjectId, serviceId: ObjectId, practitionerId: ObjectId, customerId: t.union([ObjectId, t.null]) },
  'WebhookAppointment',
)
const bookingData = (name: string, extra: t.Props = {}) => t.type({ appointment: WebhookAppointment, appointments: t.array(WebhookAppointment), ...extra }, name)
export const WebhookPayment = t.type(
  { transactionId: t.string, invoiceId: ObjectId, customerId: ObjectId, amount: t.number, currency: t.string, appointmentIds: t.array(ObjectId) },
  'WebhookPayment',
)

/** The `data` of each event type (docs/integrations.md). */
export const WEBHOOK_EVENT_DATA = {
  'booking.created': bookingData('BookingCreatedData'),
  'booking.moved': bookingData('BookingMovedData', { movedBy: literals(['customer', 'clinic']) }),
  'booking.cancelled': bookingData('BookingCancelledData', { cancelledBy: literals(['customer', 'clinic']) }),
  'payment.succeeded': t.type({ payment: WebhookPayment }, 'PaymentSucceededData'),
  'payment.refunded': t.type({ payment: WebhookPayment }, 'PaymentRefundedData'),
  'customer.created': t.type(
    { customer: t.type({ id: ObjectId, email: t.string, firstName: t.string, surname: t.string }, 'WebhookCustomer'), source: literals(['sign-up', 'api']) },
    'CustomerCreatedData',
  ),
  'form.signed': t.type({ form: t.type({ id: ObjectId, customerId: ObjectId, type: t.string, signedAt: IsoDateTime }, 'WebhookForm') }, 'FormSignedData'),
  [WEBHOOK_TEST_EVENT]: t.type({ endpoint: t.type({ id: ObjectId, url: t.string }, 'WebhookTestEndpoint'), message: t.string }, 'WebhookTestData'),
} satisfies Record<DeliveredEventType, t.Mixed>
export type WebhookEventData<T extends DeliveredEventType> = t.TypeOf<(typeof WEBHOOK_EVENT_DATA)[T]>

/** The body of a delivery of event `type`: the same envelope for every event. */
export function webhookEventCodec<T extends DeliveredEventType>(type: T) {
  return t.type({ id: t.string, type: literals([type]), createdAt: IsoDateTime, tenant: t.string, data: WEBHOOK_EVENT_DATA[type] }, `WebhookEvent_${type.replace('.', '_')}`)
}
