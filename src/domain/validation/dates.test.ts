import { describe, expect, it } from 'vitest'
import { dateOfBirthAtNoonUtc, dateOfBirthToIsoDate, isDateOfBirth, isDateOfBirthInFuture } from './dates'

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
