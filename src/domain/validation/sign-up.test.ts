import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { signUpGender, type SignUpInput, validateSignUp } from './sign-up'

const valid: SignUpInput = {
  title: 'Ms',
  name: ' Jane ',
  surname: 'Doe',
  mobile: '07700 900123',
  dateOfBirth: '01/02/1990',
  gender: 'female',
  email: ' Jane@Example.com ',
  password: 'Password1',
  confirmPassword: 'Password1',
}

describe('validateSignUp', () => {
  it('returns the normalised payload', () => {
    expect(validateSignUp(valid)).toEqual(
      E.right({
        title: 'Ms',
        name: 'Jane',
        surname: 'Doe',
        mobile: '+447700900123',
        dob: '1990-02-01T12:00:00.000Z',
        gender: 'female',
        email: 'jane@example.com',
        password: 'Password1',
      }),
    )
  })

  it('keeps an optional referral source', () => {
    const result = validateSignUp({ ...valid, referralSource: 'Instagram' })
    expect(E.isRight(result) && result.right.referralSource).toBe('Instagram')
  })

  it.each<[Partial<SignUpInput>, Record<string, string>]>([
    [{ title: '' }, { title: 'Invalid Title' }],
    [{ title: 'Prof' }, { title: 'Invalid Title' }],
    [{ name: '  ' }, { name: 'Name is required' }],
    [{ surname: '' }, { surname: 'Surname is required' }],
    [{ mobile: '' }, { mobile: 'Mobile is required' }],
    [{ mobile: '+44 07700 900123' }, { mobile: 'Phone number is invalid' }],
    [{ dateOfBirth: '' }, { dateOfBirth: 'Date of birth is required' }],
    [{ dateOfBirth: '31/02/1990' }, { dateOfBirth: 'Please enter a valid date.' }],
    [{ dateOfBirth: '1990-02-01' }, { dateOfBirth: 'Please enter a valid date.' }],
    [{ gender: '' }, { gender: 'Gender is required' }],
    [{ gender: 'Custom' }, { gender: 'Gender is required' }],
    [{ email: '' }, { email: 'Email is required' }],
    [{ email: 'jane@' }, { email: 'Invalid email address' }],
    [
      { password: 'password', confirmPassword: 'password' },
      { password: 'Password must have at least 8 characters, one capital letter and one number' },
    ],
    [{ confirmPassword: 'Password2' }, { confirmPassword: 'Passwords do not match' }],
  ])('%o gives %o', (change, errors) => {
    expect(validateSignUp({ ...valid, ...change })).toEqual(E.left(errors))
  })

  it('refuses a date of birth after today (London), as the server does; today itself is fine', () => {
    expect(validateSignUp({ ...valid, dateOfBirth: '02/12/2026' }, undefined, '2026-12-01')).toEqual(E.left({ dateOfBirth: 'Date of birth cannot be in the future.' }))
    expect(E.isRight(validateSignUp({ ...valid, dateOfBirth: '01/12/2026' }, undefined, '2026-12-01'))).toBe(true)
  })

  it.each(['Mrs', 'Miss', 'Ms', 'Mr', 'Mx', 'Dr'])('accepts title %s', (title) => {
    expect(E.isRight(validateSignUp({ ...valid, title }))).toBe(true)
  })

  it.each([
    ['male', 'male'],
    ['female', 'female'],
    ['trans male', 'male-trans'],
    ['Trans Female', 'female-trans'],
    ['male-trans', 'male-trans'],
    ['female-trans', 'female-trans'],
  ])('accepts gender %s sent as %s', (gender, sent) => {
    expect(signUpGender(gender)).toBe(sent)
    const result = validateSignUp({ ...valid, gender })
    expect(E.isRight(result) && result.right.gender).toBe(sent)
  })

  it.each(['', 'Custom', 'Non-Binary', 'trans'])('signUpGender(%s) is undefined', (gender) => {
    expect(signUpGender(gender)).toBeUndefined()
  })

  it('checks the phone for the given country', () => {
    expect(E.isRight(validateSignUp({ ...valid, mobile: '0412 345 678' }, 'AU'))).toBe(true)
    expect(E.isLeft(validateSignUp({ ...valid, mobile: '0412 345 678' }))).toBe(true)
  })
})
