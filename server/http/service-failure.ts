/**
 * The one mapping of service refusals (server/service-error.ts) to HTTP: a status, and the text the
 * client shows for the refusals that carry none.
 */
import * as E from 'fp-ts/Either'
import type { ServiceError } from '../service-error'
import { ok, type Failure, type Result } from './results'
import { SLOT_TAKEN } from '../../src/contract/refusal-texts'

// The client tells a taken time by this text: it lives in the contract.
export { SLOT_TAKEN }
export const TOO_MANY_HOLDS = 'You have too many bookings waiting for payment. Please pay for or release one of them first.'
export const TRANSACTION_IN_USE = 'This transaction id belongs to another booking. Please try again.'
/** The same transaction id sent with another booking request (a retry sends the same request; a new booking needs a new id). */
export const transactionReusedText = (appointmentId: string): string =>
  `This transaction id was already used for another booking request (appointment ${appointmentId}: a different time, service, practitioner or location). Nothing was booked. A retry must send the same request; a new booking needs a new transaction id.`
export const TOO_MANY_SLOT_HOLDS = 'You are holding too many times at once. Please book or release one of them first.'
/** The refusal of a slot hold made too soon after many others (a rate limit per address and per customer). */
export const holdingTooFast = (seconds: number): string =>
  `You have chosen many times in a short while. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`
export const CHANGED_MEANWHILE = 'This appointment has just changed. Please reload it.'

export function failureOf(error: ServiceError): Failure {
  switch (error._tag) {
    case 'Invalid':
      return { _tag: 'BadRequest', message: error.message }
    case 'Unauthenticated':
      return { _tag: 'Unauthorized', message: error.message }
    case 'NotAllowed':
      return { _tag: 'Forbidden', message: error.message }
    case 'NotFound':
      return { _tag: 'NotFound', message: error.message }
    case 'Conflict':
      return { _tag: 'Conflict', message: error.message }
    case 'SlotTaken':
      return { _tag: 'Conflict', message: SLOT_TAKEN }
    case 'ChangedMeanwhile':
      return { _tag: 'Conflict', message: CHANGED_MEANWHILE }
    case 'TransactionInUse':
      return { _tag: 'Conflict', message: TRANSACTION_IN_USE }
    case 'TransactionReused':
      return { _tag: 'Conflict', message: transactionReusedText(error.appointmentId) }
    case 'TooManyHolds':
      return { _tag: 'TooManyRequests', message: TOO_MANY_HOLDS }
    case 'TooManySlotHolds':
      return { _tag: 'TooManyRequests', message: TOO_MANY_SLOT_HOLDS }
    case 'HoldingTooFast':
      return { _tag: 'TooManyRequests', message: holdingTooFast(error.retryAfterSeconds) }
  }
}

/** A service's Either as the route's Result (optionally with another success status). */
export function answer<T>(result: E.Either<ServiceError, T>, status?: number): Result<T> {
  return E.isRight(result) ? ok(result.right, status) : failureOf(result.left)
}
