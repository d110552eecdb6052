/**
 * Result shapes shared by every validator in src/domain/validation and src/domain/forms.
 *
 * - A single value (an email, a phone number, a password) is validated to `Either<string, T>`:
 *   `left(message)` holds the spec's text to show inline, `right(value)` the normalised value.
 * - A form is validated to `Either<FieldErrors<K>, T>`: `left(errors)` maps each failing field name
 *   to its message (only failing fields are present, never an empty record), `right(payload)` is
 *   the normalised payload ready to send.
 */
import * as E from 'fp-ts/Either'

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>

export type FormResult<K extends string, T> = E.Either<FieldErrors<K>, T>

/** True when the record holds at least one message. */
export const hasErrors = <K extends string>(errors: FieldErrors<K>): boolean =>
  Object.values(errors).some((message) => typeof message === 'string' && message.length > 0)

/** Turns collected errors into a form result: left when any error exists, else right(payload()). */
export const toFormResult = <K extends string, T>(errors: FieldErrors<K>, payload: () => T): FormResult<K, T> =>
  hasErrors(errors) ? E.left(errors) : E.right(payload())

/** The errors of a form result (empty when valid), for UIs that only show messages. */
export const errorsOf = <K extends string, T>(result: FormResult<K, T>): FieldErrors<K> =>
  E.isLeft(result) ? result.left : {}

/** Trimmed string of an optional input; undefined and null become ''. */
export const trimmed = (value: string | null | undefined): string => (value ?? '').trim()

/** Errors clear when the field is edited: a copy of the errors without that field. */
export const clearFieldError = <K extends string>(errors: FieldErrors<K>, field: K): FieldErrors<K> => {
  const { [field]: _removed, ...rest } = errors
  return rest as FieldErrors<K>
}
