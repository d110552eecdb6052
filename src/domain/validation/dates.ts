import * as E from 'fp-ts/Either'
import { dateOfBirthToIso } from '../time'
import { trimmed } from './result'

/**
 * Date of birth helpers for the forms, on top of `dateOfBirthToIso` of src/domain/time.ts
 * (strict 'dd/MM/yyyy': two-digit day and month, four-digit year, a real calendar date).
 */

/**
 * A date of birth that is filled in but not a real date (31/02/1990). The spec quotes no text for
 * it; 'Date of birth is required' would tell the customer a filled field is empty. Every form
 * (sign-up, personal details, lead, desk) shows this one text through `checkFilledDateOfBirth`.
 */
export const DATE_INVALID = 'Please enter a valid date.'

/** A date of birth as sent to the server: the date at 12:00 UTC, 'yyyy-MM-ddT12:00:00.000Z'. */
export const dateOfBirthAtNoonUtc = (value: string | null | undefined): string | undefined =>
  dateOfBirthToIso(trimmed(value))

export const isDateOfBirth = (value: string | null | undefined): boolean => dateOfBirthAtNoonUtc(value) !== undefined

/** 'yyyy-MM-dd' of a 'dd/MM/yyyy' date of birth, or undefined when it is not a valid date. */
export const dateOfBirthToIsoDate = (value: string | null | undefined): string | undefined =>
  dateOfBirthAtNoonUtc(value)?.slice(0, 10)

/** A date of birth after today (spec section 5: sign-up, personal details and the lead form). */
export const DATE_OF_BIRTH_IN_FUTURE = 'Date of birth cannot be in the future.'

/**
 * Whether a date of birth ('yyyy-MM-dd', or the date at 12:00 UTC as sent to the server) is after
 * `today`, the caller's 'yyyy-MM-dd' date in Europe/London. Today itself is not in the future.
 */
export const isDateOfBirthInFuture = (isoDate: string, today: string): boolean => isoDate.slice(0, 10) > today

/**
 * The one rule for a filled-in 'dd/MM/yyyy' date of birth (sign-up and personal details; each form
 * reports an empty one its own way): left(DATE_INVALID) when it is not a real date,
 * left(DATE_OF_BIRTH_IN_FUTURE) when after `today` ('yyyy-MM-dd', Europe/London; skipped when
 * absent), else right(the date at 12:00 UTC).
 */
export const checkFilledDateOfBirth = (value: string | null | undefined, today?: string): E.Either<string, string> => {
  const atNoon = dateOfBirthAtNoonUtc(value)
  if (atNoon === undefined) return E.left(DATE_INVALID)
  if (today !== undefined && isDateOfBirthInFuture(atNoon, today)) return E.left(DATE_OF_BIRTH_IN_FUTURE)
  return E.right(atNoon)
}
