import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { checkFilledDateOfBirth, DATE_INVALID, dateOfBirthAtNoonUtc, dateOfBirthToIsoDate, isDateOfBirth, isDateOfBirthInFuture } from './dates'
import { validatePersonalDetails } from './personal-details'
import { validateSignUp } from './sign-up'

describe('date of birth', () => {
  it.each([
    ['01/02/1990', '1990-02-01T12:00:00.000Z'],
    [' 29/02/2000 ', '2000-02-29T12:00:00.000Z'],
    ['31/12/1985', '1985-12-31T12:00:00.000Z'],
    ['29/02/2001', undefined],
    ['31/04/1990', undefined],
    ['1/2/1990', undefined],
    ['1990-02-01', undefined],
    ['01/13/1990', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('dateOfBirthAtNoonUtc(%s) is %s', (value, expected) => {
    expect(dateOfBirthAtNoonUtc(value)).toBe(expected)
    expect(isDateOfBirth(value)).toBe(expected !== undefined)
  })

  it('gives the calendar date', () => {
    expect(dateOfBirthToIsoDate('05/06/1970')).toBe('1970-06-05')
    expect(dateOfBirthToIsoDate('5/6/1970')).toBeUndefined()
  })
})

describe('isDateOfBirthInFuture', () => {
  it.each([
    ['2026-11-26', '2026-11-25', true],
    ['2090-01-01T12:00:00.000Z', '2026-11-25', true],
    ['2026-11-25', '2026-11-25', false],
    ['2026-11-25T12:00:00.000Z', '2026-11-25', false],
    ['1990-01-01', '2026-11-25', false],
  ])('%s with today %s: %s', (dob, today, expected) => {
    expect(isDateOfBirthInFuture(dob, today)).toBe(expected)
  })
})

describe('checkFilledDateOfBirth (the one rule sign-up and personal details share)', () => {
  it.each([
    ['31/02/1990', undefined, E.left('Please enter a valid date.')],
    ['32/01/1980', '2026-11-25', E.left('Please enter a valid date.')],
    ['1990-02-01', '2026-11-25', E.left('Please enter a valid date.')],
    ['26/11/2026', '2026-11-25', E.left('Date of birth cannot be in the future.')],
    ['25/11/2026', '2026-11-25', E.right('2026-11-25T12:00:00.000Z')],
    [' 05/06/1970 ', undefined, E.right('1970-06-05T12:00:00.000Z')],
  ])('%s with today %s', (value, today, expected) => {
    expect(checkFilledDateOfBirth(value, today)).toEqual(expected)
  })

  it('sign-up and personal details show the same text for an impossible date', () => {
    const signUp = validateSignUp({ title: 'Mr', name: 'A', surname: 'B', mobile: '', dateOfBirth: '31/02/1990', gender: '', email: '', password: '', confirmPassword: '' })
    const details = validatePersonalDetails({
      title: 'Mr', firstName: 'A', surname: 'B', gender: 'Male', dateOfBirth: '31/02/1990',
      address1: '1 High St', city: 'London', postCode: 'N1 1AA', mobilePhone: '+447700900123',
    })
    expect(E.isLeft(signUp) && signUp.left.dateOfBirth).toBe(DATE_INVALID)
    expect(E.isLeft(details) && details.left.dateOfBirth).toBe(DATE_INVALID)
  })
})
