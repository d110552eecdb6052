import { SIGN_UP_GENDERS, SIGN_UP_TITLES, type SignUpGender, type SignUpTitle } from '../constants/people'
import * as E from 'fp-ts/Either'
import { checkFilledDateOfBirth, DATE_INVALID, DATE_OF_BIRTH_IN_FUTURE, dateOfBirthAtNoonUtc } from './dates'
import { EMAIL_INVALID, isEmail, normaliseEmail } from './email'
import { meetsPasswordRule, PASSWORD_RULE_MESSAGE, PASSWORDS_DO_NOT_MATCH } from './password'
import { type CountryCode, isValidPhone, normalisePhone } from './phone'
import { type FieldErrors, type FormResult, toFormResult, trimmed } from './result'

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value)

/**
 * Sign-up gender as sent: the values of SIGN_UP_GENDERS (male, female, male-trans, female-trans);
 * the spec's labels 'trans male' and 'trans female' (any case) map to male-trans and female-trans.
 */
export const signUpGender = (value: string | null | undefined): SignUpGender | undefined => {
  const text = trimmed(value).toLowerCase().replace(/^trans[\s-]+(male|female)$/, '$1-trans')
  return isOneOf(SIGN_UP_GENDERS, text) ? text : undefined
}

export const SIGN_UP_MESSAGES = {
  title: 'Invalid Title',
  name: 'Name is required',
  surname: 'Surname is required',
  phoneInvalid: 'Phone number is invalid',
  dateOfBirth: 'Date of birth is required',
  /** A filled-in date of birth that is not a real date. */
  dateOfBirthInvalid: DATE_INVALID,
  /** One after today: the server refuses it too (as personal details and the lead form do). */
  dateOfBirthInFuture: DATE_OF_BIRTH_IN_FUTURE,
  gender: 'Gender is required',
  mobile: 'Mobile is required',
  email: 'Email is required',
  /** Not quoted by the spec for sign-up; the spec's simple-pattern text of section 5 is reused. */
  emailInvalid: EMAIL_INVALID,
  password: PASSWORD_RULE_MESSAGE,
  confirmPassword: PASSWORDS_DO_NOT_MATCH,
} as const

export interface SignUpInput {
  readonly title: string
  readonly name: string
  readonly surname: string
  readonly mobile: string
  /** 'dd/MM/yyyy' */
  readonly dateOfBirth: string
  readonly gender: string
  readonly email: string
  readonly password: string
  readonly confirmPassword: string
  readonly referralSource?: string
}
export type SignUpField = keyof SignUpInput

/** The register body of src/contract/auth.routes.ts (name, dob, mobile as the spec names them). */
export interface SignUpPayload {
  readonly title: SignUpTitle
  readonly name: string
  readonly surname: string
  /** E.164 */
  readonly mobile: string
  /** 'yyyy-MM-ddT12:00:00.000Z' */
  readonly dob: string
  readonly gender: SignUpGender
  /** trimmed, lowercased */
  readonly email: string
  readonly password: string
  readonly referralSource?: string
}

/**
 * New customer sign-up (spec section 5). An empty date of birth shows 'Date of birth is required', a
 * filled-in one that is not a real date 'Please enter a valid date.', one after `today` 'Date of birth
 * cannot be in the future.'; an invalid mobile shows
 * 'Phone number is invalid'.
 */
export const validateSignUp = (
  input: SignUpInput,
  phoneCountry?: CountryCode,
  /** the caller's 'yyyy-MM-dd' date in Europe/London: a date of birth after it is refused, as the server does */
  today?: string,
): FormResult<SignUpField, SignUpPayload> => {
  const errors: FieldErrors<SignUpField> = {}
  const title = trimmed(input.title)
  const gender = signUpGender(input.gender)
  const rules = { defaultCountry: phoneCountry }
  if (!isOneOf(SIGN_UP_TITLES, title)) errors.title = SIGN_UP_MESSAGES.title
  if (trimmed(input.name) === '') errors.name = SIGN_UP_MESSAGES.name
  if (trimmed(input.surname) === '') errors.surname = SIGN_UP_MESSAGES.surname
  if (trimmed(input.mobile) === '') errors.mobile = SIGN_UP_MESSAGES.mobile
  else if (!isValidPhone(input.mobile, rules)) errors.mobile = SIGN_UP_MESSAGES.phoneInvalid
  if (trimmed(input.dateOfBirth) === '') errors.dateOfBirth = SIGN_UP_MESSAGES.dateOfBirth
  else {
    const dob = checkFilledDateOfBirth(input.dateOfBirth, today)
    if (E.isLeft(dob)) errors.dateOfBirth = dob.left
  }
  if (gender === undefined) errors.gender = SIGN_UP_MESSAGES.gender
  if (trimmed(input.email) === '') errors.email = SIGN_UP_MESSAGES.email
  else if (!isEmail(input.email)) errors.email = SIGN_UP_MESSAGES.emailInvalid
  if (!meetsPasswordRule(input.password)) errors.password = SIGN_UP_MESSAGES.password
  if ((input.confirmPassword ?? '') !== (input.password ?? '')) errors.confirmPassword = SIGN_UP_MESSAGES.confirmPassword
  const referralSource = trimmed(input.referralSource)
  return toFormResult(errors, () => ({
    title: title as SignUpTitle,
    name: trimmed(input.name),
    surname: trimmed(input.surname),
    mobile: normalisePhone(input.mobile, rules) as string,
    dob: dateOfBirthAtNoonUtc(input.dateOfBirth) as string,
    gender: gender as SignUpGender,
    email: normaliseEmail(input.email),
    password: input.password,
    ...(referralSource === '' ? {} : { referralSource }),
  }))
}
