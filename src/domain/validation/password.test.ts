import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { meetsPasswordRule, validateChangePassword, validatePassword, validateResetPassword } from './password'

describe('password rule', () => {
  it.each([
    ['Password1', true],
    ['Abcdefg1', true],
    ['Abcdef1', false],
    ['password1', false],
    ['Password', false],
    ['', false],
    [undefined, false],
  ])('meetsPasswordRule(%s) is %s', (value, expected) => {
    expect(meetsPasswordRule(value)).toBe(expected)
  })

  it('validatePassword gives the sign-up message', () => {
    expect(validatePassword('short')).toEqual(
      E.left('Password must have at least 8 characters, one capital letter and one number'),
    )
    expect(validatePassword('Password1')).toEqual(E.right('Password1'))
  })
})

describe('change and reset password', () => {
  it.each([
    [{ newPassword: '', confirmPassword: '' }, { newPassword: 'New password cannot be empty.' }],
    [
      { newPassword: 'password', confirmPassword: 'password' },
      { newPassword: 'New password does not meet requirements.' },
    ],
    [{ newPassword: 'Password1', confirmPassword: 'Password2' }, { confirmPassword: 'Passwords do not match.' }],
    [
      { newPassword: '', confirmPassword: 'x' },
      { newPassword: 'New password cannot be empty.', confirmPassword: 'Passwords do not match.' },
    ],
  ])('change password %o', (input, errors) => {
    expect(validateChangePassword({ currentPassword: 'Old12345', ...input })).toEqual(E.left(errors))
  })

  it.each([
    [{ newPassword: 'Password1', confirmPassword: 'Password1' }, { currentPassword: 'Current password is required' }],
    [
      { newPassword: '', confirmPassword: '' },
      { currentPassword: 'Current password is required', newPassword: 'New password cannot be empty.' },
    ],
  ])('change password without the current one %o reports every field at once', (input, errors) => {
    expect(validateChangePassword({ currentPassword: '', ...input })).toEqual(E.left(errors))
  })

  it('change password accepts a valid matching password', () => {
    expect(validateChangePassword({ currentPassword: 'Old12345', newPassword: 'Password1', confirmPassword: 'Password1' })).toEqual(
      E.right('Password1'),
    )
  })

  it('reset password uses the mismatch text without a period', () => {
    expect(validateResetPassword({ newPassword: 'Password1', confirmPassword: 'x' })).toEqual(
      E.left({ confirmPassword: 'Passwords do not match' }),
    )
    expect(validateResetPassword({ newPassword: 'Password1', confirmPassword: 'Password1' })).toEqual(
      E.right('Password1'),
    )
  })
})
