/**
 * The front desk's calendar (issue 29): a practitioner's week (bookings, blocks of time, working
 * hours), blocks of time (spec appointment types Break, Block, Leave) and the checkout of an
 * appointment (its balance paid by card, card terminal, cash or gift voucher; the deposit refunded).
 */
import * as t from 'io-ts'
import { route } from './route'
import { Ack, bodyOf, emptyAsUndefined, entity, errors, IdParams, IsoDate, IsoDateTime, literals, Money, NonEmptyString, ObjectId, queryOf, StringFromQuery } from './codecs'
import { DayBooking } from './admin.routes'
import { Invoice, PaymentType } from './invoices.codecs'
import { REPEAT_EVERY } from '../domain/desk/block-series'

/** Spec section 9's appointment types that block a practitioner's time (not 'Appointment'). */
export const BLOCK_TYPES = ['Break', 'Block', 'Leave'] as const
export const BlockType = literals(BLOCK_TYPES, 'BlockType')
export type BlockType = t.TypeOf<typeof BlockType>

export const TimeBlock = entity(
  'TimeBlock',
  { id: ObjectId, type: BlockType, start: IsoDateTime, end: IsoDateTime, practitionerId: ObjectId, practitioner: t.string, locationId: ObjectId, location: t.string },
  { note: t.string, /** the repeating series the block belongs to (POST /admin/blocks/series) */ seriesId: ObjectId },
)
export type TimeBlock = t.TypeOf<typeof TimeBlock>

/** practitioner and location: a slug, an id or a name; location defaults to where the practitioner works that day. */
export const CreateBlockBody = bodyOf(
  { practitioner: NonEmptyString, type: BlockType, start: IsoDateTime, end: IsoDateTime },
  { location: NonEmptyString, note: t.string },
)
export type CreateBlockBody = t.TypeOf<typeof CreateBlockBody>

export const createBlock = route({
  method: 'POST',
  path: '/admin/blocks',
  access: 'staff',
  summary: 'Block time',
  description:
    "A break, a block (meeting) or leave for a practitioner, at most 7 days long: availability stops offering the time at once. 409 when it overlaps a booking or another block. A practitioner blocks only their own time.",
  body: CreateBlockBody,
  responses: { 201: TimeBlock, ...errors(400, 401, 403, 409) },
})

/** How a repeating block repeats: every day, every weekday (Monday to Friday) or every week on its weekday. */
export const RepeatEvery = literals(REPEAT_EVERY, 'RepeatEvery')

/** A block and how it repeats, until a London date (included). */
export const CreateBlockSeriesBody = bodyOf(
  { practitioner: NonEmptyString, type: BlockType, start: IsoDateTime, end: IsoDateTime, every: RepeatEvery, until: IsoDate },
  { location: NonEmptyString, note: t.string },
)
export type CreateBlockSeriesBody = t.TypeOf<typeof CreateBlockSeriesBody>

export const createBlockSeries = route({
  method: 'POST',
  path: '/admin/blocks/series',
  access: 'staff',
  summary: 'Block time that repeats',
  description:
    'The same London times (a block within one day) on every day, weekday or week from the first block to the last date, at most 100 blocks: all written or none. 409 names the first date that overlaps a booking or another block. A practitioner blocks only their own time.',
  body: CreateBlockSeriesBody,
  responses: { 201: t.array(TimeBlock), ...errors(400, 401, 403, 409) },
})

export const BlocksQuery = queryOf({ from: IsoDate, to: IsoDate }, { practitioner: emptyAsUndefined(StringFromQuery) })
export type BlocksQuery = t.TypeOf<typeof BlocksQuery>

export const listBlocks = route({
  method: 'GET',
  path: '/admin/blocks',
  access: 'staff',
  summary: 'Blocks of time',
  description: 'The blocks of time (breaks, blocks, leave) that start on London dates from..to (both included), by start. A practitioner sees their own.',
  query: BlocksQuery,
  responses: { 200: t.array(TimeBlock), ...errors(400, 401, 403) },
})

/** What goes with a block of a repeating series: it alone (default), the whole series, or it and the later ones. */
export const REMOVE_SCOPES = ['block', 'series', 'following'] as const
export const RemoveScope = literals(REMOVE_SCOPES, 'RemoveScope')
export type RemoveScope = t.TypeOf<typeof RemoveScope>
export const RemoveBlockQuery = queryOf({}, { scope: emptyAsUndefined(RemoveScope) })
export type RemoveBlockQuery = t.TypeOf<typeof RemoveBlockQuery>

export const removeBlock = route({
  method: 'DELETE',
  path: '/admin/blocks/{id}',
  access: 'staff',
  summary: 'Remove a block of time',
  description:
    "The time is offered again at once. scope: 'block' (default) this block only; 'series' every block of its repeating series; 'following' this block and the series' later ones (400 for a block of no series). A practitioner removes only their own blocks.",
  params: IdParams,
  query: RemoveBlockQuery,
  responses: { 200: Ack, ...errors(400, 401, 403, 404) },
})

/** A practitioner's working time on one London date at one location (weekly hours less breaks). */
export const WorkingHours = t.type({ date: IsoDate, start: IsoDateTime, end: IsoDateTime, locationId: ObjectId, location: t.string }, 'WorkingHours')
export type WorkingHours = t.TypeOf<typeof WorkingHours>

export const PractitionerWeek = t.type(
  {
    practitioner: t.type({ id: ObjectId, name: t.string }),
    /** the Monday of the week and the Sunday after it (London dates) */
    from: IsoDate,
    to: IsoDate,
    hours: t.array(WorkingHours),
    /** weekly breaks, one entry per date */
    breaks: t.array(WorkingHours),
    /** London dates the practitioner is on holiday or the clinic is closed */
    daysOff: t.array(IsoDate),
    bookings: t.array(DayBooking),
    blocks: t.array(TimeBlock),
  },
  'PractitionerWeek',
)
export type PractitionerWeek = t.TypeOf<typeof PractitionerWeek>

/** practitioner: a slug, an id or a name; date: any day of the week (Monday to Sunday, Europe/London). */
export const WeekQuery = queryOf({ practitioner: StringFromQuery, date: IsoDate })
export type WeekQuery = t.TypeOf<typeof WeekQuery>

export const getPractitionerWeek = route({
  method: 'GET',
  path: '/admin/week',
  access: 'staff',
  summary: "A practitioner's week",
  description: "The week (Monday to Sunday, London) holding the date: the practitioner's bookings, blocks of time, working hours and breaks. A practitioner sees their own week.",
  query: WeekQuery,
  responses: { 200: PractitionerWeek, ...errors(400, 401, 403) },
})

/** How the desk takes a part of the balance. */
export const CHECKOUT_METHODS = ['card', 'terminal', 'cash', 'voucher'] as const
export const CheckoutMethod = literals(CHECKOUT_METHODS, 'CheckoutMethod')
export type CheckoutMethod = t.TypeOf<typeof CheckoutMethod>

export const CheckoutPaymentInput = entity('CheckoutPaymentInput', { method: CheckoutMethod, amount: Money }, { cardId: NonEmptyString, voucherCode: NonEmptyString })
export type CheckoutPaymentInput = t.TypeOf<typeof CheckoutPaymentInput>

export const CheckoutPayment = entity(
  'CheckoutPayment',
  { type: PaymentType, amount: Money, status: t.string, invoiceCode: t.string, at: IsoDateTime },
  { voucherCode: t.string, transactionId: t.string },
)
export type CheckoutPayment = t.TypeOf<typeof CheckoutPayment>

/** What is due on an appointment: its price, what was paid (deposit, earlier checkout), less refunds. */
export const Checkout = entity(
  'Checkout',
  {
    appointmentId: ObjectId,
    service: t.string,
    customer: t.string,
    currency: t.string,
    price: Money,
    paid: Money,
    balance: Money,
    /** the paid online (or desk) deposit that can still be refunded; 0 when none */
    refundableDeposit: Money,
    payments: t.array(CheckoutPayment),
  },
  {
    customerId: ObjectId,
    invoice: Invoice,
    /** why the booking has nothing to check out (pending, cancelled: the checkout's refusal); absent when it may be checked out */
    notChargeable: t.string,
  },
)
export type Checkout = t.TypeOf<typeof Checkout>

export const getCheckout = route({
  method: 'GET',
  path: '/admin/appointments/{id}/checkout',
  access: 'admin',
  summary: "An appointment's balance",
  description: 'Its price, what was paid and by what (deposit, earlier payments), the balance left and the refundable deposit.',
  params: IdParams,
  responses: { 200: Checkout, ...errors(400, 401, 403, 404) },
})

export const CheckoutBody = bodyOf({ payments: t.array(CheckoutPaymentInput) })
export type CheckoutBody = t.TypeOf<typeof CheckoutBody>

export const checkoutAppointment = route({
  method: 'POST',
  path: '/admin/appointments/{id}/checkout',
  access: 'admin',
  summary: 'Take the balance',
  description:
    "Pays the appointment's balance: the payments must add up to it (card: the customer's stored card through the processor; terminal: a card paid at the desk; cash; voucher: a gift voucher code). Writes the checkout invoice (the service, less the deposit paid) with its payments. 409 when nothing is due, a card is declined or a voucher cannot pay.",
  params: IdParams,
  body: CheckoutBody,
  responses: { 200: Checkout, ...errors(400, 401, 403, 404, 409) },
})

export const refundDeposit = route({
  method: 'POST',
  path: '/admin/appointments/{id}/refund-deposit',
  access: 'admin',
  summary: 'Refund the deposit',
  description: "Gives the appointment's paid deposit back (card payments through the processor) and tells the customer. 409 when there is no deposit to refund.",
  params: IdParams,
  responses: { 200: Checkout, ...errors(400, 401, 403, 404, 409) },
})
