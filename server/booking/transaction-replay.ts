/**
 * A booking request whose transaction id already made a booking is answered by that booking (the
 * same request: a retry) or refused (another request, TransactionReused; another customer's id,
 * TransactionInUse), before its own checks, as Stripe compares an idempotency key's stored request
 * before it validates the new one: a reused id never answers 400 or 404 for what the new request
 * asks, and a retry is answered as the first time even where the catalogue changed since.
 * The booking's transaction finds a used id under its locks (bookerFacts' `taken`); the checks made
 * before it (the services and practitioners asked for) ask here, only when they refuse.
 */
import * as E from 'fp-ts/Either'
import { sessionRefusal, sessionStateOfHash, type SessionToCheck } from '../accounts/session.service'
import type { Db } from '../db/schema'
import { TRANSACTION_IN_USE_ERROR, transactionReused, unauthenticated, type ServiceError } from '../service-error'
import type { BookingCreated } from '../../src/contract'
import { findTransaction, transactionOwner } from './booking.repository'
import { sameRequest } from './transaction-request'

/** A booking's answer, and whether it is the answer of an earlier request with the same transaction id (nothing new was written). */
export interface BookingMade {
  booking: BookingCreated
  replayed: boolean
}

/**
 * The answer to a retried request: the booking it made; TransactionReused when the id made it for
 * another request (nothing is booked), TransactionInUse when the id is another customer's.
 */
export async function replay(db: Db, tenant: string, customerId: string, transactionId: string, requestKey: string): Promise<E.Either<ServiceError, BookingMade>> {
  const existing = await findTransaction(db, tenant, customerId, transactionId)
  if (!existing) return E.left(TRANSACTION_IN_USE_ERROR)
  if (!sameRequest(existing.request, requestKey)) return E.left(transactionReused(existing.booking.appointment.id))
  return E.right({ booking: existing.booking, replayed: true })
}

/** The key of a request its own checks could not read (a linked service without a practitioner): no booking was made by it. */
const UNREADABLE_REQUEST = ''

/**
 * A request refused by a check before the booking's transaction: when its transaction id made a
 * booking, the id's answer instead (replay's), after the customer's session (as the transaction checks
 * it first); else the refusal. `requestKey` undefined: the request could not be read into one.
 */
export async function refusedUnlessUsed(
  db: Db,
  tenant: string,
  customerId: string,
  request: { transactionId: string | null; requestKey: string | undefined; session?: SessionToCheck },
  refusal: ServiceError,
): Promise<E.Either<ServiceError, BookingMade>> {
  if (!request.transactionId) return E.left(refusal)
  const owner = await transactionOwner(db, tenant, request.transactionId)
  if (owner === undefined) return E.left(refusal)
  if (request.session) {
    const ended = sessionRefusal(await sessionStateOfHash(db, tenant, customerId, request.session.tokenHash), request.session.claims)
    if (ended) return E.left(unauthenticated(ended))
  }
  if (owner !== customerId) return E.left(TRANSACTION_IN_USE_ERROR)
  return replay(db, tenant, customerId, request.transactionId, request.requestKey ?? UNREADABLE_REQUEST)
}
