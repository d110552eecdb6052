import { dateOfBirthToIso } from '../time'
import { trimmed } from './result'

/**
 * Date of birth helpers for the forms, on top of `dateOfBirthToIso` of src/domain/time.ts
 * (strict 'dd/MM/yyyy': two-digit day and month, four-digit year, a real calendar date).
 */

/**
 * A date of birth that is filled in but not a real date (31/02/1990). The spec quotes no text for
 * it; 'Date of birth is required' would tell the customer a filled field is empty.
 */
export const DATE_INVALID = 'Please enter a valid date.'

/** A date of birth as sent to the server: the date at 12:00 UTC, 'yyyy-MM-ddT12:00:00.000Z'. */
export const dateOfBirthAtNoonUtc = (value: string | null | undefined): string | undefined =>
  dateOfBirthToIso(trimmed(value))

export const isDateOfBirth = (value: string | null | undefined): boolean => dateOfBirthAtNoonUtc(value) !== undefined

/** 'yyyy-MM-dd' of a 'dd/MM/yyyy' date of birth, or undefined when it is not a valid date. */
export const dateOfBirthToIsoDate = (value: string | null | undefined): string | undefined =>
  dateOfBirthAtNoonUtc(value)?.slice(0, 10)
