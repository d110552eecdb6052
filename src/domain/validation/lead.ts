import * as E from 'fp-ts/Either'
import { DATE_INVALID, DATE_OF_BIRTH_IN_FUTURE, dateOfBirthToIsoDate, isDateOfBirthInFuture } from './dates'
import { isEmail, normaliseEmail } from './email'
import type { LeadField, LeadFormConfig } from './lead-query'
import { type CountryCode, isValidPhone, normalisePhone } from './phone'
import { type FieldErrors, type FormResult, toFormResult, trimmed } from './result'

export * from './lead-query'

export const LEAD_MESSAGES = {
  title: 'Select title',
  firstName: 'First name is required',
  surname: 'Surname is required',
  email: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  gender: 'Gender is required',
  mobilePhone: 'Phone is required',
  mobilePhoneInvalid: 'Enter a valid mobile number',
  dateOfBirth: 'Date of birth is required',
  /** A filled-in date of birth that is not a real date. */
  dateOfBirthInvalid: DATE_INVALID,
  /** A date of birth after today (as sign-up and personal details refuse it). */
  dateOfBirthInFuture: DATE_OF_BIRTH_IN_FUTURE,
} as const

export type LeadMarketingType = 'SMS' | 'Email'

export interface LeadInput {
  readonly title?: string
  readonly firstName?: string
  readonly surname?: string
  readonly email?: string
  readonly gender?: string
  /** 'dd/MM/yyyy' */
  readonly dateOfBirth?: string
  readonly mobilePhone?: string
  readonly referralSource?: string
  readonly interested?: readonly string[]
  /** The 'How should we contact you?' checkboxes. */
  readonly contactBySms?: boolean
  readonly contactByEmail?: boolean
  readonly message?: string
}

export interface LeadPayload {
  readonly title?: string
  readonly firstName: string
  readonly surname: string
  readonly email: string
  readonly gender?: string
  /** The date plus 'T12:00:00.00Z' (as the spec's lead entity writes it). */
  readonly dateOfBirth?: string
  /** E.164 */
  readonly mobilePhone?: string
  readonly referralSource?: string
  readonly interested?: readonly string[]
  readonly marketingTypes: readonly LeadMarketingType[]
  readonly message?: string
  /** The form's required list (from its query), so the server applies the same rules. */
  readonly required?: readonly LeadField[]
}

export type LeadFormShape = Pick<LeadFormConfig, 'fields' | 'required'> & Partial<Pick<LeadFormConfig, 'messageTitle' | 'showInterested'>>

const toCountry = (country: string | undefined): CountryCode => (trimmed(country) || 'gb').toUpperCase() as CountryCode

/** The on-change mobile check: long numbers allowed, per country ('gb' default, 'au'). */
export const validateLeadPhone = (value: string | null | undefined, country?: string): E.Either<string, string> => {
  const e164 = normalisePhone(value, { defaultCountry: toCountry(country), maxLength: null })
  return e164 === undefined ? E.left(LEAD_MESSAGES.mobilePhoneInvalid) : E.right(e164)
}

/** Lead date of birth: 'dd/MM/yyyy' to 'yyyy-MM-ddT12:00:00.00Z', or undefined when not a date. */
export const leadDateOfBirth = (value: string | null | undefined): string | undefined => {
  const date = dateOfBirthToIsoDate(value)
  return date && `${date}T12:00:00.00Z`
}

/**
 * Builds the lead payload from the values of the shown fields (fields not shown are left out):
 * email trimmed and lowercased, dateOfBirth as date plus 'T12:00:00.00Z', mobile in E.164 when valid,
 * marketingTypes from the SMS and Email checkboxes, the message when the message box is shown.
 */
export const buildLeadPayload = (input: LeadInput, form: LeadFormShape, country?: string): LeadPayload => {
  const shown = (field: LeadField): boolean => form.fields.includes(field)
  const text = (field: 'title' | 'gender' | 'referralSource'): Partial<LeadPayload> => {
    const value = trimmed(input[field])
    return shown(field) && value !== '' ? { [field]: value } : {}
  }
  const dateOfBirth = shown('dateOfBirth') ? leadDateOfBirth(input.dateOfBirth) : undefined
  const phone = trimmed(input.mobilePhone)
  const interested = input.interested ?? []
  const message = trimmed(input.message)
  const interestedShown = form.showInterested ?? shown('interested')
  return {
    ...text('title'),
    firstName: trimmed(input.firstName),
    surname: trimmed(input.surname),
    email: normaliseEmail(input.email),
    ...text('gender'),
    ...(dateOfBirth ? { dateOfBirth } : {}),
    ...(shown('mobilePhone') && phone !== ''
      ? { mobilePhone: E.getOrElse(() => phone)(validateLeadPhone(phone, country)) }
      : {}),
    ...text('referralSource'),
    ...(interestedShown && interested.length > 0 ? { interested: [...interested] } : {}),
    marketingTypes: [...(input.contactBySms ? ['SMS' as const] : []), ...(input.contactByEmail ? ['Email' as const] : [])],
    ...(form.messageTitle !== undefined && message !== '' ? { message } : {}),
    required: [...form.required],
  }
}

/** What the lead checks need besides the values: today's 'yyyy-MM-dd' date in Europe/London. */
export interface LeadCheckContext {
  readonly today: string
  /** the organisation's country for the mobile ('gb' default, 'au') */
  readonly country?: string
}

/** The date of birth rule shared by the form and the server: a given date must be real and not after today. */
const dateOfBirthError = (isoDate: string | undefined, today: string): string | undefined =>
  isoDate === undefined
    ? LEAD_MESSAGES.dateOfBirthInvalid
    : isDateOfBirthInFuture(isoDate, today)
      ? LEAD_MESSAGES.dateOfBirthInFuture
      : undefined

/**
 * Lead form on submit (spec section 5). firstName, surname and email are always checked; title,
 * gender, mobilePhone and dateOfBirth only when shown and required (a mobile that is given is always
 * checked for validity, long numbers allowed). A filled-in date that is not real shows 'Please enter a valid date.',
 * one after `today` 'Date of birth cannot be in the future.'.
 */
export const validateLead = (input: LeadInput, form: LeadFormShape, { today, country }: LeadCheckContext): FormResult<LeadField, LeadPayload> => {
  const errors: FieldErrors<LeadField> = {}
  const required = (field: LeadField): boolean => form.fields.includes(field) && form.required.includes(field)
  if (required('title') && trimmed(input.title) === '') errors.title = LEAD_MESSAGES.title
  if (trimmed(input.firstName) === '') errors.firstName = LEAD_MESSAGES.firstName
  if (trimmed(input.surname) === '') errors.surname = LEAD_MESSAGES.surname
  if (trimmed(input.email) === '') errors.email = LEAD_MESSAGES.email
  else if (!isEmail(input.email)) errors.email = LEAD_MESSAGES.emailInvalid
  if (required('gender') && trimmed(input.gender) === '') errors.gender = LEAD_MESSAGES.gender
  if (form.fields.includes('mobilePhone')) {
    if (trimmed(input.mobilePhone) === '') {
      if (required('mobilePhone')) errors.mobilePhone = LEAD_MESSAGES.mobilePhone
    } else if (!isValidPhone(input.mobilePhone, { defaultCountry: toCountry(country), maxLength: null })) {
      errors.mobilePhone = LEAD_MESSAGES.mobilePhoneInvalid
    }
  }
  if (form.fields.includes('dateOfBirth')) {
    const dob = trimmed(input.dateOfBirth)
    if (dob === '' && required('dateOfBirth')) errors.dateOfBirth = LEAD_MESSAGES.dateOfBirth
    else if (dob !== '') {
      const error = dateOfBirthError(dateOfBirthToIsoDate(dob), today)
      if (error) errors.dateOfBirth = error
    }
  }
  return toFormResult(errors, () => buildLeadPayload(input, form, country))
}

const isLeadDateTime = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}T12:00:00(\.0+)?Z$/.test(value) && !Number.isNaN(Date.parse(value)) &&
  new Date(value).toISOString().slice(0, 10) === value.slice(0, 10)

/**
 * Server side: the same rules applied to a received lead body (email pattern, the always-required
 * fields, the body's own required list, a given mobile valid with long numbers allowed, a given date
 * of birth as the date at 12:00 UTC, not after `today`, the server's London date). right(body with the
 * email normalised) or left(messages by field).
 */
export const validateLeadBody = (body: LeadPayload, today: string): FormResult<LeadField, LeadPayload> => {
  const errors: FieldErrors<LeadField> = {}
  const required = (field: LeadField): boolean => (body.required ?? []).includes(field)
  if (required('title') && trimmed(body.title) === '') errors.title = LEAD_MESSAGES.title
  if (trimmed(body.firstName) === '') errors.firstName = LEAD_MESSAGES.firstName
  if (trimmed(body.surname) === '') errors.surname = LEAD_MESSAGES.surname
  if (trimmed(body.email) === '') errors.email = LEAD_MESSAGES.email
  else if (!isEmail(body.email)) errors.email = LEAD_MESSAGES.emailInvalid
  if (required('gender') && trimmed(body.gender) === '') errors.gender = LEAD_MESSAGES.gender
  if (trimmed(body.mobilePhone) === '') {
    if (required('mobilePhone')) errors.mobilePhone = LEAD_MESSAGES.mobilePhone
  } else if (!isValidPhone(body.mobilePhone, { maxLength: null })) errors.mobilePhone = LEAD_MESSAGES.mobilePhoneInvalid
  const dob = trimmed(body.dateOfBirth)
  if (dob === '' && required('dateOfBirth')) errors.dateOfBirth = LEAD_MESSAGES.dateOfBirth
  else if (dob !== '') {
    const error = dateOfBirthError(isLeadDateTime(dob) ? dob.slice(0, 10) : undefined, today)
    if (error) errors.dateOfBirth = error
  }
  return toFormResult(errors, () => ({ ...body, email: normaliseEmail(body.email) }))
}
