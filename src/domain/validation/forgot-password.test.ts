import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { EXISTING_CUSTOMER_RESET_RESULT, FORGOT_PASSWORD_RESULT, validateForgotPasswordEmail } from './forgot-password'

describe('forgot password', () => {
  it.each([
    ['', E.left('You must enter an email address.')],
    ['   ', E.left('You must enter an email address.')],
    [undefined, E.left('You must enter an email address.')],
    [' Jane@Example.COM ', E.right('jane@example.com')],
    ['jane@example', E.left('Invalid email address')],
  ])('validateForgotPasswordEmail(%s)', (value, expected) => {
    expect(validateForgotPasswordEmail(value)).toEqual(expected)
  })

  it('has the neutral texts of the spec', () => {
    expect(FORGOT_PASSWORD_RESULT).toBe(
      'If this email exists on our system, you will receive a password link - please also check your junk folder.',
    )
    expect(EXISTING_CUSTOMER_RESET_RESULT.startsWith(FORGOT_PASSWORD_RESULT)).toBe(true)
    expect(EXISTING_CUSTOMER_RESET_RESULT).toMatch(/If the link doesn't work, copy and paste it into your browser\.$/)
  })
})
