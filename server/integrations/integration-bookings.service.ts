/**
 * A booking made with an API key (bookings:write): for the customer with the given email in the key's
 * tenant, created when new as the front desk would (no password: the customer sets one with
 * 'Forgot password'; mail notices on), then booked by the online booking's own rules (createBooking:
 * offered times only, deposits, the hold cap, idempotent per coherentTransactionId). A deposit due is
 * asked with a pay link (server/booking/pay-link.service.ts, as the desk's). An existing customer's
 * details are never changed by an integrator.
 */
import * as E from 'fp-ts/Either'
import type { IntegrationBookingBody, IntegrationBookingCreated, WebhookEventData } from '../../src/contract/integrations.routes'
import { isEmail, normaliseEmail } from '../../src/domain/validation/email'
import { isValidPhone, normalisePhone } from '../../src/domain/validation/phone'
import type { BookingCreated } from '../../src/contract'
import { makeBooking, type BookingDeps } from '../booking/booking.service'
import { LINK_HOLD_SECONDS, sendPayLink, type PayLink, type PayLinkDeps } from '../booking/pay-link.service'
import { newId } from '../db/ids'
import type { DbOrTrx } from '../db/schema'
import { transactionOwner } from '../booking/booking.repository'
import { conflict, invalid, TRANSACTION_IN_USE_ERROR, type ServiceError } from '../service-error'
import { discardRefusedBooking, firstAnswer, markAnswering, saveFirstAnswer, type FirstAnswer } from './integration-bookings.repository'
import { emitWebhookEvent } from './webhooks.service'

export const INTEGRATION_MESSAGES = {
  email: 'The customer needs a valid email address.',
  phone: 'The mobile phone number is not valid.',
  /** A replay while the first request with its coherentTransactionId is still answering (Stripe's idempotency_key_in_use). */
  inProgress: 'A request with this coherentTransactionId is still being answered. Please try again in a few seconds.',
}

/** The customer.created event's data (also sent when a customer signs up, and for a customer made at the desk). */
export function customerCreatedData(customer: { id: string; email: string; firstName: string; surname: string }, source: 'sign-up' | 'api'): WebhookEventData<'customer.created'> {
  return { customer: { id: customer.id, email: customer.email, firstName: customer.firstName, surname: customer.surname }, source }
}

/** The customer found, or made (announced only once the booking is made, see bookForCustomer). */
async function findOrCreateCustomer(db: DbOrTrx, tenant: string, customer: IntegrationBookingBody['customer']): Promise<E.Either<ServiceError, { id: string; created: boolean; email: string; firstName: string; surname: string }>> {
  if (!isEmail(customer.email)) return E.left(invalid(INTEGRATION_MESSAGES.email))
  const mobile = customer.mobilePhone?.trim()
  if (mobile && !isValidPhone(mobile, { defaultCountry: 'GB' })) return E.left(invalid(INTEGRATION_MESSAGES.phone))
  const email = normaliseEmail(customer.email)
  const firstName = customer.firstName.trim()
  const surname = customer.surname.trim()
  const existing = await db.selectFrom('customers').select('id').where('tenant_id', '=', tenant).where('email', '=', email).executeTakeFirst()
  if (existing) return E.right({ id: existing.id, created: false, email, firstName, surname })
  const id = newId()
  const inserted = await db
    .insertInto('customers')
    .values({
      id,
      tenant_id: tenant,
      email,
      // No password: it cannot sign in until the customer sets one ('Forgot password').
      password_hash: '',
      verified: false,
      title: null,
      first_name: firstName,
      surname,
      mobile_phone: mobile ? (normalisePhone(mobile, { defaultCountry: 'GB' }) ?? mobile) : null,
      marketing_types: JSON.stringify([]),
      notification_types: JSON.stringify(['Email']),
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) {
    // Created meanwhile by another request: book for that one.
    const row = await db.selectFrom('customers').select('id').where('tenant_id', '=', tenant).where('email', '=', email).executeTakeFirstOrThrow()
    return E.right({ id: row.id, created: false, email, firstName, surname })
  }
  return E.right({ id, created: true, email, firstName, surname })
}

/**
 * A customer made for a booking that was refused goes again, so that a refused request leaves nothing
 * behind (as a refused booking writes nothing); kept when a booking is theirs meanwhile (another request's).
 */
async function dropUnbookedCustomer(db: DbOrTrx, tenant: string, id: string): Promise<void> {
  await db
    .deleteFrom('customers')
    .where('tenant_id', '=', tenant)
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('appointments').select('appointments.id').whereRef('appointments.customer_id', '=', 'customers.id'))))
    .execute()
}

/**
 * POST /integrations/bookings. A deposit due: the booking is held for the pay link's time and the
 * customer is sent the link (as the desk's `--pay link`), which the answer carries too (payUrl).
 * The same coherentTransactionId again answers as the first time (the booking as it is now); while
 * the first request is still answering, 409 (inProgress), and after ANSWER_ABANDONED_MS (the first
 * stopped half-way) the replay finishes the answer itself. A refusal leaves nothing behind: neither
 * the booking (also when it was written and its payment could not be started) nor a customer made for it.
 */
export async function bookForCustomer(deps: PayLinkDeps, tenant: string, body: IntegrationBookingBody): Promise<E.Either<ServiceError, IntegrationBookingCreated>> {
  const db = deps.booking.db
  const transactionId = body.coherentTransactionId?.trim() || null
  const found = await findOrCreateCustomer(db, tenant, body.customer)
  if (E.isLeft(found)) return transactionId ? idFirst(db, tenant, body.customer.email, transactionId, found.left) : found
  const customer = found.right
  // Marked in the booking's own transaction: a replay that finds the booking finds the mark too.
  const onMade: BookingDeps['onMade'] = transactionId
    ? (trx, made) => markAnswering(trx, tenant, customer.id, transactionId, customer.created, made.holdExpiresAt ?? deps.booking.now, deps.booking.now)
    : undefined
  const made = await makeBooking({ ...deps.booking, holdSeconds: LINK_HOLD_SECONDS, onMade }, tenant, customer.id, { appointment: body.appointment, coherentTransactionId: transactionId })
  if (E.isLeft(made)) {
    if (customer.created) await dropUnbookedCustomer(db, tenant, customer.id)
    return made
  }
  if (made.right.replayed) {
    const first = await firstAnswer(db, tenant, customer.id, transactionId!)
    if (first && 'answeringSince' in first) {
      // The first request is still answering; one that stopped half-way (a crash) is finished by this one.
      if (deps.booking.now.getTime() - first.answeringSince.getTime() < ANSWER_ABANDONED_MS) return E.left(conflict(INTEGRATION_MESSAGES.inProgress))
      return finishAnswer(deps, tenant, { ...customer, created: first.customerCreated }, body.appointment.clinic, made.right.booking, transactionId)
    }
    const again = replayed(customer, made.right.booking, first)
    if (customer.created) await announceCustomer(deps, tenant, customer)
    return E.right(again)
  }
  return finishAnswer(deps, tenant, customer, body.appointment.clinic, made.right.booking, transactionId)
}

/**
 * A customer refused (an invalid email, a new customer's invalid phone) with a transaction id that another
 * customer's booking used: that id is answered first (409), as makeBooking answers a used id before its
 * own checks (server/booking/transaction-replay.ts). The id's own customer with a wrong phone keeps the 400.
 */
async function idFirst(db: DbOrTrx, tenant: string, email: string, transactionId: string, refusal: ServiceError): Promise<E.Either<ServiceError, never>> {
  const owner = await transactionOwner(db, tenant, transactionId)
  if (owner === undefined) return E.left(refusal)
  const named = isEmail(email) ? await db.selectFrom('customers').select('id').where('tenant_id', '=', tenant).where('email', '=', normaliseEmail(email)).executeTakeFirst() : undefined
  return E.left(named?.id === owner ? refusal : TRANSACTION_IN_USE_ERROR)
}

/**
 * A first request that marked its answer as being made this long ago and has not answered stopped
 * half-way: the processor's own time-outs (Stripe: 20 s, twice retried) are well within it.
 */
export const ANSWER_ABANDONED_MS = 5 * 60_000

/** The booking written: its pay link sent and the answer kept; refused (no payment started), nothing of it stays. */
async function finishAnswer(deps: PayLinkDeps, tenant: string, customer: Customer, clinicId: string, booking: BookingCreated, transactionId: string | null): Promise<E.Either<ServiceError, IntegrationBookingCreated>> {
  const db = deps.booking.db
  const answered = await answerNew(deps, tenant, customer, clinicId, booking)
  if (E.isLeft(answered)) {
    // Written, then refused (its payment could not be started): its rows go too.
    await discardRefusedBooking(db, tenant, customer.id, transactionId, booking.appointments.map((a) => a.id))
    if (customer.created) await dropUnbookedCustomer(db, tenant, customer.id)
    return answered
  }
  if (customer.created) await announceCustomer(deps, tenant, customer)
  if (transactionId) {
    const { customerCreated, payUrl, booking } = answered.right
    // Booked at once (nothing held): the column's value is never answered (replayed: only a held booking has one).
    await saveFirstAnswer(db, tenant, customer.id, transactionId, { customerCreated, payUrl: payUrl ?? null, holdExpiresAt: booking.holdExpiresAt ?? deps.booking.now.toISOString() })
  }
  return answered
}

const announceCustomer = (deps: PayLinkDeps, tenant: string, customer: Customer) =>
  emitWebhookEvent(deps.booking.db, tenant, 'customer.created', deps.booking.now, () => customerCreatedData(customer, 'api'))

type Customer = { id: string; created: boolean; email: string; firstName: string; surname: string }

/** A booking made now: held while its deposit is due, with the pay link sent (not started: released, refused). */
async function answerNew(deps: PayLinkDeps, tenant: string, customer: Customer, clinicId: string, booking: BookingCreated): Promise<E.Either<ServiceError, IntegrationBookingCreated>> {
  const answer: IntegrationBookingCreated = { customerId: customer.id, customerCreated: customer.created, booking }
  if (booking.appointment.status !== 'Pending') return E.right(answer)
  const ids = booking.appointments.map((a) => a.id)
  const held = { customer, clinicId, mainId: booking.appointment.id, ids, deposit: booking.deposit }
  const link = await sendPayLink(deps, tenant, held, `api:${booking.appointment.id}`)
  return E.map((sent: PayLink) => ({ ...answer, payUrl: sent.payUrl }))(link)
}

/** The first answer again: whether it created the customer, its pay link and hold expiry; the booking as it is now. */
function replayed(customer: Customer, booking: BookingCreated, first: FirstAnswer | undefined): IntegrationBookingCreated {
  // No first answer kept: the booking was not made with a key (the customer's own, with the same id).
  if (!first) return { customerId: customer.id, customerCreated: customer.created, booking }
  return { customerId: customer.id, customerCreated: first.customerCreated, booking: booking.deposit > 0 ? { ...booking, holdExpiresAt: first.holdExpiresAt } : booking, ...(first.payUrl ? { payUrl: first.payUrl } : {}) }
}
