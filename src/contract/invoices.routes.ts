import * as t from 'io-ts'
import { route } from './route'
import { bodyOf, entity, errors, IdParams, Int, Money, NonEmptyString, ObjectId } from './codecs'
import { InvoiceOrigin } from './appointments.codecs'
import { GiftVoucherReceiver, Invoice, InvoiceItemType, PaymentType } from './invoices.codecs'

/**
 * One line of a new invoice (bodies not shown in the spec; designed). Prices are computed by the
 * server from `referenceId` (course sale price, booking deposit); only a gift voucher carries its
 * chosen `value` (one of the organisation's amounts, or 50, 100, 150, 200, 250, 500).
 */
export const InvoiceItemInput = bodyOf(
  { type: InvoiceItemType, quantity: Int },
  {
    referenceId: ObjectId,
    /** clinic id */
    location: ObjectId,
    name: t.string,
    value: Money,
    onlineSale: t.boolean,
    /** absent when the voucher is for the buyer */
    giftVoucherReceiver: GiftVoucherReceiver,
  },
)
export type InvoiceItemInput = t.TypeOf<typeof InvoiceItemInput>

/**
 * POST /invoice/create: a draft invoice. A booking deposit gives `appointmentId` (the server computes
 * the deposit); a course purchase or gift voucher gives its items.
 */
export const CreateInvoiceBody = bodyOf(
  { customer: ObjectId, clinic: ObjectId },
  {
    items: t.array(InvoiceItemInput),
    appointmentId: ObjectId,
    origin: InvoiceOrigin,
    description: t.string,
    /** A course purchase's key, one per purchase: sent again, the purchase's open invoice answers (no second one); once paid, 409. */
    idempotencyKey: NonEmptyString,
  },
)
export type CreateInvoiceBody = t.TypeOf<typeof CreateInvoiceBody>

export const createInvoice = route({
  method: 'POST',
  path: '/invoice/create',
  access: 'customer',
  summary: 'Create an invoice',
  description: "An invoice for the signed-in customer: a booking's deposit, courses or gift vouchers; prices come from the server.",
  body: CreateInvoiceBody,
  responses: { 200: Invoice, ...errors(400, 401, 403, 404, 409) },
})

export const PaymentLine = bodyOf(
  { value: Money, type: PaymentType },
  {
    /** true: the payment goes through the card-payment provider (hosted page) */
    coherentPaymentFlag: t.boolean,
    discount: Money,
    /** stored card id or processor data, when paying with a saved card */
    cardData: t.UnknownRecord,
  },
)
export type PaymentLine = t.TypeOf<typeof PaymentLine>

/** Payment (spec section 3). `idempotencyKey`: a retried request with the same key never charges twice. */
export const PayInvoiceBody = bodyOf(
  { payments: t.array(PaymentLine) },
  {
    notifications: t.partial({ email: t.boolean, SMS: t.boolean }),
    /** invoice id (also in the path) */
    invoice: ObjectId,
    appointmentId: ObjectId,
    idempotencyKey: NonEmptyString,
  },
)
export type PayInvoiceBody = t.TypeOf<typeof PayInvoiceBody>

/**
 * The hosted card page to show in the payment iframe, and the transaction to poll. With Stripe,
 * clientSecret is the PaymentIntent's (for the Payment Element; docs/payments.md).
 */
export const PaymentStarted = entity('PaymentStarted', { paymentUrl: t.string, transactionId: t.string }, { clientSecret: t.string })
export type PaymentStarted = t.TypeOf<typeof PaymentStarted>

/** 409: invoice already paid or void, or the booking hold expired. */
export const payInvoice = route({
  method: 'POST',
  path: '/invoice/{id}/pay',
  access: 'customer',
  summary: 'Pay an invoice',
  description: "Starts (or completes) the card payment of the customer's invoice with a stored or new card, or the account balance.",
  params: IdParams,
  body: PayInvoiceBody,
  responses: { 200: PaymentStarted, ...errors(400, 401, 403, 404, 409) },
})

export const getInvoice = route({
  method: 'GET',
  path: '/invoices/{id}',
  access: 'customer',
  summary: "One of the customer's invoices",
  description: 'An invoice of the signed-in customer with its lines, totals and payment state.',
  params: IdParams,
  responses: { 200: Invoice, ...errors(400, 401, 403, 404) },
})

/** Not shown in the spec. Designed: whether a card payment is already under way for the invoice. */
export const PaymentIntentState = entity('PaymentIntentState', { hasPaymentIntent: t.boolean }, {
  transactionId: t.string,
  paymentUrl: t.string,
  clientSecret: t.string,
})
export type PaymentIntentState = t.TypeOf<typeof PaymentIntentState>

export const hasPaymentIntent = route({
  method: 'POST',
  path: '/invoice/{id}/has-payment-intent',
  read: true,
  access: 'customer',
  summary: 'Whether a payment is under way',
  description: "Whether a card payment has already been started for the customer's invoice.",
  params: IdParams,
  responses: { 200: PaymentIntentState, ...errors(400, 401, 403, 404) },
})

/** `status`: 'pending', 'paid', 'declined', 'refunded'...; `message`: the card error text when declined. */
export const PaymentCheck = entity('PaymentCheck', { isPaid: t.boolean }, { status: t.string, message: t.string })
export type PaymentCheck = t.TypeOf<typeof PaymentCheck>

/** Polled every 3 s by the payment step. */
export const checkPayment = route({
  method: 'GET',
  path: '/coherence/check-payment/{transactionId}',
  access: 'public',
  summary: 'The state of a card payment',
  description: 'Whether the payment with this transaction id has settled, failed or is still under way.',
  params: t.type({ transactionId: NonEmptyString }),
  responses: { 200: PaymentCheck, ...errors(400, 404) },
})
