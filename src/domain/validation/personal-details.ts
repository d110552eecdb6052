import * as E from 'fp-ts/Either'
import { DEFAULT_COUNTRY } from '../constants/people'
import { checkFilledDateOfBirth } from './dates'
import { type CountryCode, isValidPhone, normalisePhone } from './phone'
import { type FormResult, trimmed } from './result'

export const PERSONAL_DETAILS_REQUIRED_PREFIX = 'The following field is required:'
export const PERSONAL_DETAILS_PHONE_INVALID = 'Need to add a valid phone number'
/** Unsaved-changes dialog, saving with an invalid form: title and text. */
export const MISSING_REQUIRED_FIELDS_TITLE = 'Missing required fields.'
export const MISSING_REQUIRED_FIELDS_TEXT = 'Fill all the required fields before proceeding'

export interface CountryOption {
  readonly value: string
  readonly label: string
}

/** Required fields with their labels, in the order they are checked (the first missing one is reported). */
export const PERSONAL_DETAILS_REQUIRED = [
  ['title', 'Title'],
  ['firstName', 'First name'],
  ['surname', 'Surname'],
  ['gender', 'Gender'],
  ['dateOfBirth', 'Date of birth'],
  ['address1', 'Address line 1'],
  ['city', 'City'],
  ['postCode', 'Postcode'],
  ['country', 'Country'],
  ['mobilePhone', 'Mobile phone'],
] as const

export type PersonalDetailsRequiredField = (typeof PERSONAL_DETAILS_REQUIRED)[number][0]

export interface PersonalDetailsInput {
  readonly title: string
  readonly firstName: string
  readonly middleName?: string
  readonly surname: string
  readonly gender: string
  /** 'dd/MM/yyyy' */
  readonly dateOfBirth: string
  readonly address1: string
  readonly address2?: string
  readonly city: string
  readonly county?: string
  readonly postCode: string
  readonly country?: CountryOption | null
  readonly mobilePhone: string
}

export interface PersonalDetailsPayload extends Omit<PersonalDetailsInput, 'country'> {
  readonly country: CountryOption
  /** 'yyyy-MM-ddT12:00:00.000Z' */
  readonly dateOfBirth: string
  /** E.164 */
  readonly mobilePhone: string
}

/** 'The following field is required: First name' */
export const requiredFieldMessage = (label: string): string => `${PERSONAL_DETAILS_REQUIRED_PREFIX} ${label}`

const isCustom = (value: string): boolean => value.trim().toLowerCase() === 'custom'
/** Title options for personal details: the shared titles without 'custom'. */
export const personalDetailsTitles = <T extends string>(titles: readonly T[]): T[] => titles.filter((t) => !isCustom(t))
/** Gender options for personal details: the shared genders without 'Custom'. */
export const personalDetailsGenders = <T extends string>(genders: readonly T[]): T[] =>
  genders.filter((g) => !isCustom(g))

const isMissing = (input: PersonalDetailsInput, field: PersonalDetailsRequiredField): boolean => {
  if (field === 'country') return input.country !== undefined && trimmed(input.country?.value) === ''
  const value = trimmed(input[field])
  if (field === 'dateOfBirth') return value === ''
  if (field === 'title' || field === 'gender') return value === '' || value === 'Not selected' || isCustom(value)
  return value === ''
}

/** The first missing required field and its label, or undefined when none is missing. */
export const firstMissingPersonalDetail = (
  input: PersonalDetailsInput,
): (typeof PERSONAL_DETAILS_REQUIRED)[number] | undefined =>
  PERSONAL_DETAILS_REQUIRED.find(([field]) => isMissing(input, field))

/**
 * Personal details (customer area). left({ [field]: message }) holds ONE entry: the FIRST missing field in the
 * order of PERSONAL_DETAILS_REQUIRED ('The following field is required: <label>'), or the phone
 * error 'Need to add a valid phone number' when every field is present but the mobile is invalid.
 * A missing country (undefined) defaults to United Kingdom (GB); an empty country value is missing.
 */
export const validatePersonalDetails = (
  input: PersonalDetailsInput,
  phoneCountry?: CountryCode,
  /** the caller's 'yyyy-MM-dd' date in Europe/London: a date of birth after it is refused, as the server does */
  today?: string,
): FormResult<PersonalDetailsRequiredField, PersonalDetailsPayload> => {
  const missing = firstMissingPersonalDetail(input)
  if (missing) return E.left({ [missing[0]]: requiredFieldMessage(missing[1]) })
  const checked = checkFilledDateOfBirth(input.dateOfBirth, today)
  if (E.isLeft(checked)) return E.left({ dateOfBirth: checked.left })
  const dateOfBirth = checked.right
  const rules = { defaultCountry: phoneCountry }
  if (!isValidPhone(input.mobilePhone, rules)) return E.left({ mobilePhone: PERSONAL_DETAILS_PHONE_INVALID })
  return E.right({
    ...input,
    title: trimmed(input.title),
    firstName: trimmed(input.firstName),
    surname: trimmed(input.surname),
    gender: trimmed(input.gender),
    address1: trimmed(input.address1),
    city: trimmed(input.city),
    postCode: trimmed(input.postCode),
    country: input.country ?? DEFAULT_COUNTRY,
    dateOfBirth,
    mobilePhone: normalisePhone(input.mobilePhone, rules) as string,
  })
}
