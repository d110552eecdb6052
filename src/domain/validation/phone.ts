import * as E from 'fp-ts/Either'
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js'
import { PHONE_MAX_LENGTH } from '../constants/lead-form'
import { trimmed } from './result'

/** PHONE_MAX_LENGTH (20) and PREFERRED_PHONE_COUNTRIES (gb, fr, it, es, ie) live in src/domain/constants. */

/** Default country when the organisation has none (or an unknown one). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'GB'

export type { CountryCode }

/** Phone country from the organisation country ('gb', 'GB', ...); unknown or missing gives GB. */
export const phoneCountryFor = (organisationCountry: string | null | undefined): CountryCode => {
  const code = trimmed(organisationCountry).toUpperCase()
  return code !== '' && isSupportedCountry(code) ? code : DEFAULT_PHONE_COUNTRY
}

/**
 * True when the number is written with a 0 right after the international dial code, directly or
 * after spaces, brackets or dashes: '+44 07700 900123', '+4407700900123', '+44 (0)7700 900123'.
 * National numbers ('07700 900123') are not concerned.
 */
export const hasLeadingZeroAfterDialCode = (value: string | null | undefined): boolean => {
  const text = trimmed(value)
  if (!text.startsWith('+')) return false
  const parsed = parsePhoneNumberFromString(text)
  if (!parsed) return false
  const rest = text.slice(1 + parsed.countryCallingCode.length)
  return /^[\s()\-.]*0/.test(rest)
}

export interface PhoneRules {
  /** Country used for numbers written without '+dial code'. Default GB. */
  readonly defaultCountry?: CountryCode
  /** Maximum characters; null allows long numbers (the lead form). Default 20. */
  readonly maxLength?: number | null
}

/**
 * Ofcom's range reserved for fiction and demos (07700 900000 to 07700 900999). libphonenumber-js
 * marks it invalid because it is never allocated; we accept it so demo data and tests can use it.
 */
const isOfcomDemoMobile = (callingCode: string, nationalNumber: string): boolean =>
  callingCode === '44' && /^7700900\d{3}$/.test(nationalNumber)

/**
 * Valid phone number for the country: at most 20 characters (unless long numbers are allowed), no 0
 * after the dial code, and a valid number for its country according to libphonenumber-js (plus the
 * Ofcom demo mobile range, see above). The default country applies to numbers without '+dial code'.
 */
export const isValidPhone = (value: string | null | undefined, rules: PhoneRules = {}): boolean => {
  const text = trimmed(value)
  const maxLength = rules.maxLength === undefined ? PHONE_MAX_LENGTH : rules.maxLength
  if (text === '' || (maxLength !== null && text.length > maxLength)) return false
  if (!/^\+?[\d\s()\-.]+$/.test(text)) return false
  if (hasLeadingZeroAfterDialCode(text)) return false
  const parsed = parsePhoneNumberFromString(text, rules.defaultCountry ?? DEFAULT_PHONE_COUNTRY)
  return parsed !== undefined && (parsed.isValid() || isOfcomDemoMobile(parsed.countryCallingCode, parsed.nationalNumber))
}

/** E.164 form ('+447700900123') of a valid number, else undefined. */
export const normalisePhone = (value: string | null | undefined, rules: PhoneRules = {}): string | undefined => {
  if (!isValidPhone(value, rules)) return undefined
  return parsePhoneNumberFromString(trimmed(value), rules.defaultCountry ?? DEFAULT_PHONE_COUNTRY)?.number
}

/** Single value check: right(E.164) or left(invalidMessage). An empty value is invalid too. */
export const validatePhone = (
  value: string | null | undefined,
  invalidMessage: string,
  rules: PhoneRules = {},
): E.Either<string, string> => {
  const e164 = normalisePhone(value, rules)
  return e164 === undefined ? E.left(invalidMessage) : E.right(e164)
}
