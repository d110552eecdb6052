import { describe, expect, it } from 'vitest'
import { courseNetPrice, taxFromGross, taxLabel, taxRatePercentFromLabel, TAX_TYPES } from './tax'

describe('taxLabel', () => {
  it.each([
    [20, '20% VAT'],
    [5, '5% VAT'],
    [0, 'Exempt (0%)'],
    [null, 'Exempt (0%)'],
    [undefined, 'Exempt (0%)'],
    [19.6, '20% VAT'],
  ])('taxLabel(%s) = %s', (rate, label) => {
    expect(taxLabel(rate)).toBe(label)
  })

  it('labels match the tax types', () => {
    expect([taxLabel(20), taxLabel(0)]).toEqual([...TAX_TYPES])
  })
})

describe('taxRatePercentFromLabel', () => {
  it.each([
    ['20% VAT', 20],
    ['Exempt (0%)', 0],
    ['something', undefined],
  ])('%s -> %s', (label, rate) => {
    expect(taxRatePercentFromLabel(label)).toBe(rate)
  })
})

describe('courseNetPrice', () => {
  it.each([
    [120, 20, 100],
    [100, 20, 83.33],
    [100, 0, 100],
    [49.99, 20, 41.66],
    [0, 20, 0],
  ])('courseNetPrice(%s, %s%%) = %s', (sale, rate, net) => {
    expect(courseNetPrice(sale, rate)).toBe(net)
  })

  it('taxFromGross is gross minus net', () => {
    expect(taxFromGross(120, 20)).toBe(20)
    expect(taxFromGross(100, 20)).toBe(16.67)
  })
})
