import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import {
  buildLeadPayload,
  type LeadInput,
  leadDateOfBirth,
  type LeadPayload,
  parseLeadQuery,
  validateLead,
  validateLeadBody,
  validateLeadPhone,
} from './lead'

const allFields = parseLeadQuery(
  'fields=title,firstName,surname,email,gender,dateOfBirth,mobilePhone,referralSource,interested' +
    '&required=title,gender,dateOfBirth,mobilePhone&interested=Botox,Fillers&messageTitle=Anything else?',
)
const minimal = parseLeadQuery('fields=firstName,surname,email')
/** Today's London date, as the callers pass it in. */
const TODAY = '2026-11-25'
const today = { today: TODAY }

const filled: LeadInput = {
  title: 'Ms',
  firstName: ' Ann ',
  surname: 'Lee',
  email: ' Ann@Example.com',
  gender: 'Female',
  dateOfBirth: '02/03/1991',
  mobilePhone: '07700 900123',
  referralSource: 'Website',
  interested: ['Botox'],
  contactBySms: true,
  contactByEmail: true,
  message: ' Call after 5 ',
}

describe('validateLead', () => {
  it('builds the payload of every shown field', () => {
    expect(validateLead(filled, allFields, today)).toEqual(
      E.right({
        title: 'Ms',
        firstName: 'Ann',
        surname: 'Lee',
        email: 'ann@example.com',
        gender: 'Female',
        dateOfBirth: '1991-03-02T12:00:00.00Z',
        mobilePhone: '+447700900123',
        referralSource: 'Website',
        interested: ['Botox'],
        marketingTypes: ['SMS', 'Email'],
        message: 'Call after 5',
        required: ['firstName', 'surname', 'email', 'title', 'gender', 'dateOfBirth', 'mobilePhone'],
      }),
    )
  })

  it('leaves out fields that are not shown', () => {
    expect(validateLead({ ...filled, contactBySms: false }, minimal, today)).toEqual(
      E.right({
        firstName: 'Ann',
        surname: 'Lee',
        email: 'ann@example.com',
        marketingTypes: ['Email'],
        required: ['firstName', 'surname', 'email'],
      }),
    )
  })

  it.each<[Partial<LeadInput>, Record<string, string>]>([
    [{ title: '' }, { title: 'Select title' }],
    [{ firstName: '' }, { firstName: 'First name is required' }],
    [{ surname: ' ' }, { surname: 'Surname is required' }],
    [{ email: '' }, { email: 'Email is required' }],
    [{ email: 'ann@example' }, { email: 'Please enter a valid email address' }],
    [{ gender: '' }, { gender: 'Gender is required' }],
    [{ mobilePhone: '' }, { mobilePhone: 'Phone is required' }],
    [{ mobilePhone: '+44 07700 900123' }, { mobilePhone: 'Enter a valid mobile number' }],
    [{ dateOfBirth: '' }, { dateOfBirth: 'Date of birth is required' }],
    [{ dateOfBirth: '1991-03-02' }, { dateOfBirth: 'Please enter a valid date.' }],
    [{ dateOfBirth: '31/02/1990' }, { dateOfBirth: 'Please enter a valid date.' }],
    [{ dateOfBirth: '26/11/2026' }, { dateOfBirth: 'Date of birth cannot be in the future.' }],
    [{ dateOfBirth: '01/01/2090' }, { dateOfBirth: 'Date of birth cannot be in the future.' }],
  ])('all fields required: %o gives %o', (change, errors) => {
    expect(validateLead({ ...filled, ...change }, allFields, today)).toEqual(E.left(errors))
  })

  it('first name, surname and email are required even when the query does not say so', () => {
    expect(validateLead({}, minimal, today)).toEqual(
      E.left({ firstName: 'First name is required', surname: 'Surname is required', email: 'Email is required' }),
    )
  })

  it('optional shown fields may stay empty, but a given mobile or date must be valid', () => {
    const optional = parseLeadQuery('fields=title,firstName,surname,email,gender,dateOfBirth,mobilePhone')
    const base = { firstName: 'A', surname: 'B', email: 'a@b.co' }
    expect(E.isRight(validateLead(base, optional, today))).toBe(true)
    expect(validateLead({ ...base, mobilePhone: '123', dateOfBirth: '30/02/2000' }, optional, today)).toEqual(
      E.left({ mobilePhone: 'Enter a valid mobile number', dateOfBirth: 'Please enter a valid date.' }),
    )
  })

  it('required but not shown fields are not checked', () => {
    const hidden = parseLeadQuery('fields=firstName,surname,email&required=gender,mobilePhone,title,dateOfBirth')
    expect(E.isRight(validateLead({ firstName: 'A', surname: 'B', email: 'a@b.co' }, hidden, today))).toBe(true)
  })

  it('a date of birth of today is accepted, one of tomorrow (London dates) is not', () => {
    expect(E.isRight(validateLead({ ...filled, dateOfBirth: '25/11/2026' }, allFields, today))).toBe(true)
    expect(validateLead({ ...filled, dateOfBirth: '26/11/2026' }, allFields, today)).toEqual(
      E.left({ dateOfBirth: 'Date of birth cannot be in the future.' }),
    )
  })

  it('checks the mobile for the chosen country', () => {
    expect(E.isRight(validateLead({ ...filled, mobilePhone: '0412 345 678' }, allFields, { today: TODAY, country: 'au' }))).toBe(true)
    expect(E.isLeft(validateLead({ ...filled, mobilePhone: '0412 345 678' }, allFields, { today: TODAY, country: 'gb' }))).toBe(true)
  })
})

describe('validateLeadPhone', () => {
  it.each([
    ['07700 900123', undefined, E.right('+447700900123')],
    ['0412 345 678', 'au', E.right('+61412345678')],
    ['+44 (7700) - 900 - 123', 'gb', E.right('+447700900123')], // long numbers allowed
    ['0412 345 678', 'gb', E.left('Enter a valid mobile number')],
    ['', 'gb', E.left('Enter a valid mobile number')],
  ])('validateLeadPhone(%s, %s)', (value, country, expected) => {
    expect(validateLeadPhone(value, country)).toEqual(expected)
  })
})

describe('buildLeadPayload', () => {
  it('keeps an invalid mobile as typed, drops empty optional values and the message without a message box', () => {
    const form = parseLeadQuery('fields=firstName,surname,email,mobilePhone,interested,title')
    expect(
      buildLeadPayload({ ...filled, mobilePhone: ' 123 ', title: ' ', interested: [], message: 'hi' }, form),
    ).toEqual({
      firstName: 'Ann',
      surname: 'Lee',
      email: 'ann@example.com',
      mobilePhone: '123',
      marketingTypes: ['SMS', 'Email'],
      required: ['firstName', 'surname', 'email'],
    })
  })

  it('leadDateOfBirth writes the date plus T12:00:00.00Z', () => {
    expect(leadDateOfBirth('09/10/2001')).toBe('2001-10-09T12:00:00.00Z')
    expect(leadDateOfBirth('9/10/2001')).toBeUndefined()
  })
})

describe('validateLeadBody (server)', () => {
  const body: LeadPayload = {
    firstName: 'Ann',
    surname: 'Lee',
    email: ' Ann@Example.com ',
    mobilePhone: '+447700900123',
    dateOfBirth: '1991-03-02T12:00:00.00Z',
    marketingTypes: ['SMS'],
    required: ['firstName', 'surname', 'email', 'mobilePhone'],
  }

  it('accepts what the form sends, normalising the email', () => {
    expect(validateLeadBody(body, TODAY)).toEqual(E.right({ ...body, email: 'ann@example.com' }))
  })

  it('accepts the payload built by the form', () => {
    const built = validateLead(filled, allFields, today)
    expect(E.isRight(built) && E.isRight(validateLeadBody(built.right, TODAY))).toBe(true)
  })

  it.each<[Partial<LeadPayload>, Record<string, string>]>([
    [{ firstName: ' ' }, { firstName: 'First name is required' }],
    [{ surname: '' }, { surname: 'Surname is required' }],
    [{ email: '' }, { email: 'Email is required' }],
    [{ email: 'x@y' }, { email: 'Please enter a valid email address' }],
    [{ mobilePhone: '' }, { mobilePhone: 'Phone is required' }],
    [{ mobilePhone: '+44 07700 900123' }, { mobilePhone: 'Enter a valid mobile number' }],
    [{ dateOfBirth: '1991-02-30T12:00:00.00Z' }, { dateOfBirth: 'Please enter a valid date.' }],
    [{ dateOfBirth: '1991-03-02' }, { dateOfBirth: 'Please enter a valid date.' }],
    [{ dateOfBirth: '2026-11-26T12:00:00.00Z' }, { dateOfBirth: 'Date of birth cannot be in the future.' }],
    [{ dateOfBirth: '2090-01-01T12:00:00.00Z' }, { dateOfBirth: 'Date of birth cannot be in the future.' }],
    [
      { required: ['title', 'gender', 'dateOfBirth'], dateOfBirth: undefined },
      { title: 'Select title', gender: 'Gender is required', dateOfBirth: 'Date of birth is required' },
    ],
  ])('%o gives %o', (change, errors) => {
    expect(validateLeadBody({ ...body, ...change }, TODAY)).toEqual(E.left(errors))
  })

  it('a date of birth of today is accepted', () => {
    expect(E.isRight(validateLeadBody({ ...body, dateOfBirth: '2026-11-25T12:00:00.00Z' }, TODAY))).toBe(true)
  })

  it('without a required list only the always-required fields are checked', () => {
    expect(E.isRight(validateLeadBody({ firstName: 'A', surname: 'B', email: 'a@b.co', marketingTypes: [] }, TODAY))).toBe(true)
  })
})
