import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { isEmail, normaliseEmail, validateEmail } from './email'

describe('email', () => {
  it.each([
    ['jane@example.com', true],
    ['  Jane.Doe+tag@Example.co.uk ', true],
    ['jane@example', false],
    ['jane example@example.com', false],
    ['@example.com', false],
    ['jane@@example.com', false],
    ['jane@example.', false],
    ['', false],
    [undefined, false],
  ])('isEmail(%s) is %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected)
  })

  it.each([
    ['  Jane@Example.COM ', 'jane@example.com'],
    [undefined, ''],
  ])('normaliseEmail(%s) is %s', (value, expected) => {
    expect(normaliseEmail(value)).toBe(expected)
  })

  const messages = { required: 'Email is required', invalid: 'Invalid email address' }
  it.each([
    ['', E.left('Email is required')],
    ['   ', E.left('Email is required')],
    ['nope', E.left('Invalid email address')],
    [' A@B.COM ', E.right('a@b.com')],
  ])('validateEmail(%s)', (value, expected) => {
    expect(validateEmail(value, messages)).toEqual(expected)
  })
})
