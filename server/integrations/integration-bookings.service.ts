/**
 * A booking made with an API key (bookings:write): for the customer with the given email in the key's
 * tenant, created when new as the front desk would (no password: the customer sets one with
 * 'Forgot password'; mail notices on), then booked by the online booking's own rules (createBooking:
 * offered times only, deposits, the hold cap, idempotent per coherentTransactionId). An existing
 * customer's details are never changed by an integrator.
 */
import * as E from 'fp-ts/Either'
import type { IntegrationBookingBody, IntegrationBookingCreated, WebhookEventData } from '../../src/contract/integrations.routes'
import { isEmail, normaliseEmail } from '../../src/domain/validation/email'
import { isValidPhone, normalisePhone } from '../../src/domain/validation/phone'
import { createBooking, type BookingDeps } from '../booking/booking.service'
import { newId } from '../db/ids'
import type { DbOrTrx } from '../db/schema'
import { invalid, type ServiceError } from '../service-error'
import { emitWebhookEvent } from './webhooks.service'

export const INTEGRATION_MESSAGES = {
  email: 'The customer needs a valid email address.',
  phone: 'The mobile phone number is not valid.',
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

export async function bookForCustomer(deps: BookingDeps, tenant: string, body: IntegrationBookingBody): Promise<E.Either<ServiceError, IntegrationBookingCreated>> {
  const found = await findOrCreateCustomer(deps.db, tenant, body.customer)
  if (E.isLeft(found)) return found
  const customer = found.right
  const booked = await createBooking(deps, tenant, customer.id, { appointment: body.appointment, coherentTransactionId: body.coherentTransactionId ?? null })
  if (customer.created && E.isLeft(booked)) await dropUnbookedCustomer(deps.db, tenant, customer.id)
  if (customer.created && E.isRight(booked)) await emitWebhookEvent(deps.db, tenant, 'customer.created', deps.now, () => customerCreatedData(customer, 'api'))
  return E.map((booking: IntegrationBookingCreated['booking']) => ({ customerId: customer.id, customerCreated: customer.created, booking }))(booked)
}
