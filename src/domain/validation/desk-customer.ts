/**
 * A customer the front desk creates (issue 29): the spec's sign-up fields and rules (section 5)
 * without a password (the customer is mailed a link to set one). The desk's form and the server
 * both check with it.
 */
import { SIGN_UP_TITLES, type SignUpGender, type SignUpTitle } from '../constants/people'
import { DATE_OF_BIRTH_IN_FUTURE, dateOfBirthAtNoonUtc, isDateOfBirthInFuture } from './dates'
import { isEmail, normaliseEmail } from './email'
import { isValidPhone, normalisePhone, type CountryCode } from './phone'
import { type FieldErrors, type FormResult, toFormResult, trimmed } from './result'
import { SIGN_UP_MESSAGES, signUpGender } from './sign-up'

export interface DeskCustomerInput {
  readonly title: string
  readonly firstName: string
  readonly surname: string
  readonly email: string
  readonly mobilePhone: string
  /** 'dd/MM/yyyy' */
  readonly dateOfBirth: string
  readonly gender: string
  readonly referralSource?: string
  /** The customer takes texts (SMS) as well as mail: booking notices and pay links go to the mobile too (text-consent.ts). */
  readonly takesTexts?: boolean
}
export type DeskCustomerField = Exclude<keyof DeskCustomerInput, 'takesTexts'>

/** How the customer hears from the clinic (the customer's notificationTypes): mail always, texts when they take them. */
export type DeskContactType = 'Email' | 'SMS'

/** The body of POST /admin/customers. */
export interface DeskCustomerPayload {
  readonly title: SignUpTitle
  readonly firstName: string
  readonly surname: string
  /** trimmed, lowercased */
  readonly email: string
  /** E.164 */
  readonly mobilePhone: string
  /** 'yyyy-MM-dd' */
  readonly dob: string
  readonly gender: SignUpGender
  readonly referralSource?: string
  readonly notificationTypes: DeskContactType[]
}

/** `today`: the 'yyyy-MM-dd' date in Europe/London (no date of birth after it). */
export function validateDeskCustomer(input: DeskCustomerInput, today: string, phoneCountry: CountryCode = 'GB'): FormResult<DeskCustomerField, DeskCustomerPayload> {
  const errors: FieldErrors<DeskCustomerField> = {}
  const title = trimmed(input.title)
  const gender = signUpGender(input.gender)
  const rules = { defaultCountry: phoneCountry }
  const dob = dateOfBirthAtNoonUtc(input.dateOfBirth)
  if (!(SIGN_UP_TITLES as readonly string[]).includes(title)) errors.title = SIGN_UP_MESSAGES.title
  if (trimmed(input.firstName) === '') errors.firstName = SIGN_UP_MESSAGES.name
  if (trimmed(input.surname) === '') errors.surname = SIGN_UP_MESSAGES.surname
  if (trimmed(input.mobilePhone) === '') errors.mobilePhone = SIGN_UP_MESSAGES.mobile
  else if (!isValidPhone(input.mobilePhone, rules)) errors.mobilePhone = SIGN_UP_MESSAGES.phoneInvalid
  if (trimmed(input.dateOfBirth) === '') errors.dateOfBirth = SIGN_UP_MESSAGES.dateOfBirth
  else if (dob === undefined) errors.dateOfBirth = SIGN_UP_MESSAGES.dateOfBirthInvalid
  else if (isDateOfBirthInFuture(dob, today)) errors.dateOfBirth = DATE_OF_BIRTH_IN_FUTURE
  if (gender === undefined) errors.gender = SIGN_UP_MESSAGES.gender
  if (trimmed(input.email) === '') errors.email = SIGN_UP_MESSAGES.email
  else if (!isEmail(input.email)) errors.email = SIGN_UP_MESSAGES.emailInvalid
  const referralSource = trimmed(input.referralSource)
  return toFormResult(errors, () => ({
    title: title as SignUpTitle,
    firstName: trimmed(input.firstName),
    surname: trimmed(input.surname),
    email: normaliseEmail(input.email),
    mobilePhone: normalisePhone(input.mobilePhone, rules) as string,
    dob: (dob as string).slice(0, 10),
    gender: gender as SignUpGender,
    ...(referralSource === '' ? {} : { referralSource }),
    notificationTypes: input.takesTexts ? ['Email', 'SMS'] : ['Email'],
  }))
}

/** 'dd/MM/yyyy' of a 'yyyy-MM-dd' date (the server checks a body's date with the form's rules). */
export const isoDateToDayMonthYear = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`
