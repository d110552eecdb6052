import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { currencyOrDefault, currencySymbol, formatFee, formatMoney, isCurrency, round2 } from './money'

describe('round2', () => {
  it.each([
    [1.005, 1.01],
    [1.004, 1],
    [2.675, 2.68],
    [10, 10],
    [0.1 + 0.2, 0.3],
    [-1.005, -1.01],
    [-0.001, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('round2(%s) = %s', (input, expected) => {
    expect(round2(input)).toBe(expected)
  })

  it('is idempotent and within half a penny', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (x) => {
        const r = round2(x)
        expect(round2(r)).toBe(r)
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.005 + 1e-9)
      }),
    )
  })
})

describe('formatMoney / formatFee', () => {
  it.each([
    [1234.5, 'GBP', '£1,234.50'],
    [0, 'GBP', '£0.00'],
    [1234567.891, 'USD', '$1,234,567.89'],
    [5, 'EUR', '€5.00'],
    [99.999, 'AUD', 'A$100.00'],
    [-5, 'GBP', '-£5.00'],
    [999, 'GBP', '£999.00'],
  ] as const)('formatMoney(%s, %s) = %s', (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected)
  })

  it('defaults to GBP', () => {
    expect(formatMoney(12)).toBe('£12.00')
  })

  it.each([
    [0, '0.00'],
    [1000, '1,000.00'],
    [12.3, '12.30'],
    [-1234.5, '-1,234.50'],
  ])('formatFee(%s) = %s', (amount, expected) => {
    expect(formatFee(amount)).toBe(expected)
  })
})

describe('currency helpers', () => {
  it.each([
    ['GBP', '£'],
    ['USD', '$'],
    ['EUR', '€'],
    ['AUD', 'A$'],
  ] as const)('symbol of %s is %s', (c, s) => {
    expect(currencySymbol(c)).toBe(s)
  })

  it('defaults symbol to pound', () => {
    expect(currencySymbol()).toBe('£')
  })

  it.each([
    ['usd', 'USD'],
    ['EUR', 'EUR'],
    ['XYZ', 'GBP'],
    [null, 'GBP'],
    [undefined, 'GBP'],
  ])('currencyOrDefault(%s) = %s', (input, expected) => {
    expect(currencyOrDefault(input)).toBe(expected)
  })

  it('isCurrency rejects non-strings', () => {
    expect(isCurrency(1)).toBe(false)
    expect(isCurrency('AUD')).toBe(true)
  })
})
