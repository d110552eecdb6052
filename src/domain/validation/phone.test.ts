import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import {
  hasLeadingZeroAfterDialCode,
  isValidPhone,
  normalisePhone,
  phoneCountryFor,
  validatePhone,
} from './phone'

describe('phone', () => {
  it.each([
    ['+44 7700 900123', undefined, '+447700900123'],
    ['+447700900123', undefined, '+447700900123'],
    ['07700 900123', undefined, '+447700900123'],
    ['(07700) 900-123', undefined, '+447700900123'],
    ['+44 07700 900123', undefined, undefined],
    ['+4407700900123', undefined, undefined],
    ['+44 (0)7700 900123', undefined, undefined],
    ['+44 (07700) 900123', undefined, undefined],
    ['0412 345 678', 'AU' as const, '+61412345678'],
    ['+61 412 345 678', undefined, '+61412345678'],
    ['+33 6 12 34 56 78', undefined, '+33612345678'],
    ['0412 345 678', undefined, undefined],
    ['12345', undefined, undefined],
    ['+44 7911 123456', undefined, '+447911123456'],
    ['+44 7700 901123', undefined, undefined],
    ['+44 1234', undefined, undefined],
    ['07700 9001a3', undefined, undefined],
    ['', undefined, undefined],
    ['+44 7700 900 123 45 67', undefined, undefined],
  ])('normalisePhone(%s, %s) is %s', (value, country, expected) => {
    expect(normalisePhone(value, { defaultCountry: country })).toBe(expected)
    expect(isValidPhone(value, { defaultCountry: country })).toBe(expected !== undefined)
  })

  it('rejects more than 20 characters unless long numbers are allowed', () => {
    expect(isValidPhone('+44  7700   900123   ')).toBe(true) // surrounding spaces are not counted
    const long = '+44 (7700) - 900 - 123'
    expect(long.length).toBeGreaterThan(20)
    expect(isValidPhone(long)).toBe(false)
    expect(isValidPhone(long, { maxLength: null })).toBe(true)
  })

  it.each([
    ['+44 07700 900123', true],
    ['+44(0)7700900123', true],
    ['+447700900123', false],
    ['+61 0412 345 678', true],
    ['07700 900123', false],
    ['+', false],
  ])('hasLeadingZeroAfterDialCode(%s) is %s', (value, expected) => {
    expect(hasLeadingZeroAfterDialCode(value)).toBe(expected)
  })

  it.each([
    ['gb', 'GB'],
    ['AU', 'AU'],
    ['ie', 'IE'],
    ['xx', 'GB'],
    ['', 'GB'],
    [undefined, 'GB'],
  ])('phoneCountryFor(%s) is %s', (country, expected) => {
    expect(phoneCountryFor(country)).toBe(expected)
  })

  it('validatePhone returns E.164 or the caller message', () => {
    expect(validatePhone('07700 900123', 'Phone number is invalid')).toEqual(E.right('+447700900123'))
    expect(validatePhone('+44 07700 900123', 'Phone number is invalid')).toEqual(E.left('Phone number is invalid'))
  })
})
