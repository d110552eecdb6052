import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  basketTotal,
  calculateDeposit,
  DEPOSIT_TYPES,
  type DepositItem,
  type DepositSettings,
  itemDeposit,
  itemPrice,
  normaliseDepositType,
  requiresDepositPayment,
} from './deposit'

const item = (serviceDefaultPrice: number, extra: Partial<DepositItem> = {}): DepositItem => ({ serviceDefaultPrice, ...extra })

describe('itemPrice', () => {
  it.each([
    [item(50), 50],
    [item(50, { practitionerGrossPrice: 70 }), 70],
    [item(50, { practitionerGrossPrice: null }), 50],
    [item(50, { practitionerGrossPrice: 0 }), 0],
    [item(-5), 0],
  ])('%o -> %s', (i, price) => {
    expect(itemPrice(i)).toBe(price)
  })
})

describe('itemDeposit', () => {
  const pct: DepositSettings = { bookingDepositType: 'percentage', bookingDepositAmount: 20 }
  const fixed: DepositSettings = { bookingDepositType: 'fixed amount', bookingDepositAmount: 25 }
  it.each([
    ['percentage of the practitioner price', item(50, { practitionerGrossPrice: 80 }), pct, 16],
    ['percentage of the default price', item(50), pct, 10],
    ['percentage rounded to 2 decimals', item(33.33), pct, 6.67],
    ['fixed amount', item(50), fixed, 25],
    ['fixed amount capped at the price', item(10), fixed, 10],
    ['no deposit', item(50), { bookingDepositType: 'no deposit', bookingDepositAmount: 30 }, 0],
    ['service override to none', item(50, { serviceDepositType: 'no deposit' }), fixed, 0],
    ['service override to percentage', item(50, { serviceDepositType: 'percentage', serviceDepositAmount: 50 }), fixed, 25],
    ['service override to fixed', item(50, { serviceDepositType: 'fixed amount', serviceDepositAmount: 5 }), pct, 5],
    ['empty override uses organisation', item(50, { serviceDepositType: '' }), pct, 10],
    ['percent above 100 is capped', item(50), { bookingDepositType: 'percentage', bookingDepositAmount: 150 }, 50],
    ['missing amount', item(50), { bookingDepositType: 'percentage' }, 0],
  ] as const)('%s', (_name, i, settings, expected) => {
    expect(itemDeposit(i, settings)).toBe(expected)
  })
})

describe('calculateDeposit', () => {
  const base: DepositSettings = { bookingDepositType: 'fixed amount', bookingDepositAmount: 20 }
  const items = [item(100, { serviceDepositType: 'fixed amount', serviceDepositAmount: 30 }), item(100)]
  it.each([
    ['single: largest wins', { ...base, bookingDepositMultipleServicesRule: 'single' }, 0, 30],
    ['missing rule means single', base, 0, 30],
    ['sum', { ...base, bookingDepositMultipleServicesRule: 'sum' }, 0, 50],
    ['account difference', { ...base, bookingDepositMultipleServicesRule: 'sum', bookingDepositRule: 'account difference' }, 15, 35],
    ['account difference floored at 0', { ...base, bookingDepositRule: 'account difference' }, 100, 0],
    ['each time ignores balance', { ...base, bookingDepositRule: 'each time' }, 100, 30],
  ] as const)('%s', (_name, settings, balance, expected) => {
    expect(calculateDeposit({ settings, items, accountBalance: balance })).toBe(expected)
  })

  it('is zero for an empty basket', () => {
    expect(calculateDeposit({ settings: base, items: [] })).toBe(0)
  })

  it('zero deposit means no payment step', () => {
    expect(requiresDepositPayment(0)).toBe(false)
    expect(requiresDepositPayment(0.001)).toBe(false)
    expect(requiresDepositPayment(0.01)).toBe(true)
  })

  it.each([
    ['PERCENTAGE', 'percentage'],
    ['fixed', 'fixed amount'],
    ['FIXED_AMOUNT', 'fixed amount'],
    ['amount', 'fixed amount'],
    ['none', 'no deposit'],
    [null, 'no deposit'],
  ])('normaliseDepositType(%s) = %s', (input, expected) => {
    expect(normaliseDepositType(input)).toBe(expected)
  })

  const price = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 5000, noNaN: true }))
  const arbItem = fc.record({
    serviceDefaultPrice: fc.double({ min: -10, max: 5000, noNaN: true }),
    practitionerGrossPrice: fc.option(price, { nil: undefined }),
    serviceDepositType: fc.option(fc.constantFrom(...DEPOSIT_TYPES), { nil: undefined }),
    serviceDepositAmount: fc.option(fc.double({ min: -100, max: 10000, noNaN: true }), { nil: undefined }),
  })
  const arbSettings = fc.record({
    bookingDepositType: fc.constantFrom(...DEPOSIT_TYPES),
    bookingDepositAmount: fc.double({ min: -100, max: 10000, noNaN: true }),
    bookingDepositMultipleServicesRule: fc.constantFrom('single', 'sum'),
    bookingDepositRule: fc.constantFrom('account difference', 'each time'),
  })

  it('property: never negative, never above the basket total, always 2 decimals', () => {
    fc.assert(
      fc.property(arbSettings, fc.array(arbItem, { maxLength: 6 }), fc.double({ min: -1000, max: 1000, noNaN: true }), (settings, basket, balance) => {
        const deposit = calculateDeposit({ settings, items: basket, accountBalance: balance })
        expect(deposit).toBeGreaterThanOrEqual(0)
        expect(deposit).toBeLessThanOrEqual(basketTotal(basket))
        expect(Math.round(deposit * 100) / 100).toBe(deposit)
      }),
    )
  })

  it('property: sum is at least single', () => {
    fc.assert(
      fc.property(arbSettings, fc.array(arbItem, { maxLength: 6 }), (settings, basket) => {
        const single = calculateDeposit({ settings: { ...settings, bookingDepositMultipleServicesRule: 'single' }, items: basket })
        const sum = calculateDeposit({ settings: { ...settings, bookingDepositMultipleServicesRule: 'sum' }, items: basket })
        expect(sum).toBeGreaterThanOrEqual(single)
      }),
    )
  })
})
