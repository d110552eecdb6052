import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { type GiftVoucherReceiverInput, validateGiftVoucherReceiver } from './gift-voucher'

const valid: GiftVoucherReceiverInput = { name: ' Sam ', email: 'Sam@Example.com', confirmEmail: ' sam@example.com ' }

describe('validateGiftVoucherReceiver', () => {
  it('returns the receiver with normalised emails and an empty optional message', () => {
    expect(validateGiftVoucherReceiver(valid)).toEqual(
      E.right({ name: 'Sam', email: 'sam@example.com', confirmEmail: 'sam@example.com', message: '' }),
    )
  })

  it('keeps a multiline message as typed', () => {
    const result = validateGiftVoucherReceiver({ ...valid, message: 'Happy\nbirthday ' })
    expect(E.isRight(result) && result.right.message).toBe('Happy\nbirthday ')
  })

  it.each<[Partial<GiftVoucherReceiverInput>, Record<string, string>]>([
    [{ name: '' }, { name: 'Name is required' }],
    [{ email: '', confirmEmail: '' }, { email: 'Email is required', confirmEmail: 'Confirm email is required' }],
    [{ email: 'sam@', confirmEmail: 'sam@' }, { email: 'Invalid email address' }],
    [{ confirmEmail: 'other@example.com' }, { confirmEmail: 'Email addresses do not match' }],
    [{ confirmEmail: '' }, { confirmEmail: 'Confirm email is required' }],
  ])('%o gives %o', (change, errors) => {
    expect(validateGiftVoucherReceiver({ ...valid, ...change })).toEqual(E.left(errors))
  })
})
