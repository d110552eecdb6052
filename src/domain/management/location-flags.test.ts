import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { validateAllowNegativeStock, validateLocationFlags } from './location-flags'

describe('validateLocationFlags', () => {
  const org = { onlineBooking: true, giftVouchers: false }
  it.each([
    [{ onlineBooking: true }, E.right({ onlineBooking: true })],
    [{ onlineBooking: false, giftVouchers: false }, E.right({ onlineBooking: false, giftVouchers: false })],
    [
      { onlineBooking: true, giftVouchers: true },
      E.left({ _tag: 'FeatureNotEnabledInOrganisation', flag: 'giftVouchers', message: "You cannot activate 'Gift vouchers'. This feature is not enabled in the organisation." }),
    ],
    [
      { marketing: true },
      E.left({ _tag: 'FeatureNotEnabledInOrganisation', flag: 'marketing', message: "You cannot activate 'marketing'. This feature is not enabled in the organisation." }),
    ],
  ])('%o', (location, expected) => {
    expect(validateLocationFlags(org, location, { giftVouchers: 'Gift vouchers' })).toEqual(expected)
  })
})

describe('validateAllowNegativeStock', () => {
  it.each([
    [true, true, E.right(true)],
    [true, false, E.right(false)],
    [false, false, E.right(false)],
    [false, true, E.left({ _tag: 'NegativeStockNotAllowed', message: '"Allow negative stock" cannot be saved. It must first be selected in Organisation Settings.' })],
  ])('org %s, location %s', (org, location, expected) => {
    expect(validateAllowNegativeStock(org, location)).toEqual(expected)
  })
})
