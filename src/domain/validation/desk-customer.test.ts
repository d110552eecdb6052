import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { isoDateToDayMonthYear, validateDeskCustomer } from './desk-customer'

const good = { title: 'Ms', firstName: ' Ada ', surname: 'Lovelace', email: 'Ada@Example.com', mobilePhone: '07700 900123', dateOfBirth: '10/12/1985', gender: 'female' }

describe('validateDeskCustomer', () => {
  it('normalises a valid customer: trimmed names, lowercased email, E.164 mobile, ISO date of birth', () => {
    expect(validateDeskCustomer(good, '2026-11-29')).toEqual(
      E.right({ title: 'Ms', firstName: 'Ada', surname: 'Lovelace', email: 'ada@example.com', mobilePhone: '+447700900123', dob: '1985-12-10', gender: 'female', notificationTypes: ['Email'] }),
    )
  })

  it.each([
    [undefined, ['Email']],
    [false, ['Email']],
    [true, ['Email', 'SMS']],
  ])('with takesTexts %s, hears from the clinic by %o (mail always)', (takesTexts, notificationTypes) => {
    const result = validateDeskCustomer({ ...good, takesTexts }, '2026-11-29')
    expect(E.isRight(result) && result.right.notificationTypes).toEqual(notificationTypes)
  })

  it.each([
    [{ title: 'Lord' }, 'title', 'Invalid Title'],
    [{ firstName: ' ' }, 'firstName', 'Name is required'],
    [{ surname: '' }, 'surname', 'Surname is required'],
    [{ mobilePhone: '' }, 'mobilePhone', 'Mobile is required'],
    [{ mobilePhone: '123' }, 'mobilePhone', 'Phone number is invalid'],
    [{ dateOfBirth: '' }, 'dateOfBirth', 'Date of birth is required'],
    [{ dateOfBirth: '31/02/1990' }, 'dateOfBirth', 'Please enter a valid date.'],
    [{ dateOfBirth: '01/01/2027' }, 'dateOfBirth', 'Date of birth cannot be in the future.'],
    [{ gender: 'x' }, 'gender', 'Gender is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'nope' }, 'email', 'Invalid email address'],
  ])('refuses %o with %s: %s', (change, field, message) => {
    const result = validateDeskCustomer({ ...good, ...change }, '2026-11-29')
    expect(E.isLeft(result) && result.left[field as keyof typeof result.left]).toBe(message)
  })

  it('writes an ISO date as the form types it', () => {
    expect(isoDateToDayMonthYear('1985-12-10')).toBe('10/12/1985')
  })
})
