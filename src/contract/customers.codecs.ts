import * as t from 'io-ts'
import { entity, Int, IsoDateTime, literals, Money, ObjectId } from './codecs'

/** Country option {value, label}, e.g. {value: 'GB', label: 'United Kingdom'}. */
export const Country = t.type({ value: t.string, label: t.string }, 'Country')
export type Country = t.TypeOf<typeof Country>

export const ContactType = literals(['Email', 'SMS'], 'ContactType')
export type ContactType = t.TypeOf<typeof ContactType>

/** A card stored with the card processor (field names as the processor sends them). */
export const StoredCard = entity('StoredCard', {
  id: t.string,
  last_4: t.string,
  card_brand: t.string,
  exp_month: Int,
  exp_year: Int,
  isDefaultCard: t.boolean,
}, {})
export type StoredCard = t.TypeOf<typeof StoredCard>

/**
 * Customer (spec section 3). Where the spec lists two names (firstName/name, dob/dateOfBirth,
 * mobile/mobilePhone) the contract uses firstName, dateOfBirth and mobilePhone; the register body
 * keeps the spec's name, dob and mobile. The password never leaves the server.
 */
export const customerOptionalProps = {
  title: t.string,
  middleName: t.string,
  /** the date at 12:00 UTC, e.g. '1990-05-01T12:00:00.000Z' */
  dateOfBirth: IsoDateTime,
  gender: t.string,
  mobilePhone: t.string,
  referralSource: t.string,
  address1: t.string,
  address2: t.string,
  city: t.string,
  county: t.string,
  postCode: t.string,
  country: Country,
  marketingTypes: t.array(ContactType),
  notificationTypes: t.array(ContactType),
}

export const Customer = entity('Customer', {
  id: ObjectId,
  email: t.string,
  firstName: t.string,
  surname: t.string,
}, {
  ...customerOptionalProps,
  accountBalance: Money,
  cards: t.array(StoredCard),
})
export type Customer = t.TypeOf<typeof Customer>

/** Spec section 6 roles. */
export const Role = literals(['admin', 'customer', 'practitioner'], 'Role')
export type Role = t.TypeOf<typeof Role>

/** The signed-in user (GET /user/me, login): the customer record plus role. */
export const CurrentUser = t.intersection([Customer, t.partial({ role: Role, isVerified: t.boolean })], 'CurrentUser')
export type CurrentUser = t.TypeOf<typeof CurrentUser>
