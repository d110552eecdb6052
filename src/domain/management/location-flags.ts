/**
 * Location flags (spec §5 "Location flags: a boolean cannot be turned on if the organisation has it
 * off: 'You cannot activate '{name}'. This feature is not enabled in the organisation.' Allow negative
 * stock: '"Allow negative stock" cannot be saved. It must first be selected in Organisation
 * Settings.'"). Management-data rules the server applies when a location's settings are saved.
 */
import * as E from 'fp-ts/Either'

export type LocationFlagError =
  | { _tag: 'FeatureNotEnabledInOrganisation'; flag: string; message: string }
  | { _tag: 'NegativeStockNotAllowed'; message: string }

export const NEGATIVE_STOCK_MESSAGE = '"Allow negative stock" cannot be saved. It must first be selected in Organisation Settings.'

export function featureNotEnabledMessage(name: string): string {
  return `You cannot activate '${name}'. This feature is not enabled in the organisation.`
}

/**
 * Checks every flag the location turns on against the organisation's flags. A flag missing or false
 * at organisation level cannot be true at the location. `labels` gives the display name of a flag
 * (defaults to the flag key). Returns the location flags unchanged when all are allowed.
 */
export function validateLocationFlags<F extends Record<string, boolean | null | undefined>>(
  organisationFlags: Readonly<Record<string, boolean | null | undefined>>,
  locationFlags: F,
  labels: Readonly<Record<string, string>> = {},
): E.Either<LocationFlagError, F> {
  for (const [flag, on] of Object.entries(locationFlags)) {
    if (on === true && organisationFlags[flag] !== true) {
      return E.left({ _tag: 'FeatureNotEnabledInOrganisation', flag, message: featureNotEnabledMessage(labels[flag] ?? flag) })
    }
  }
  return E.right(locationFlags)
}

/** 'Allow negative stock' at a location requires it at organisation level. */
export function validateAllowNegativeStock(organisationAllows: boolean, locationAllows: boolean): E.Either<LocationFlagError, boolean> {
  return locationAllows && !organisationAllows ? E.left({ _tag: 'NegativeStockNotAllowed', message: NEGATIVE_STOCK_MESSAGE }) : E.right(locationAllows)
}
