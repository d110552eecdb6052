import { describe, expect, it } from 'vitest'
import { fromMinorUnits, toMinorUnits } from './minor-units'

describe('minor units at the processor boundary', () => {
  it.each(['GBP', 'USD', 'EUR', 'AUD'])('converts %s amounts exactly both ways', (currency) => {
    expect(toMinorUnits(19.99, currency)).toBe(1999)
    expect(toMinorUnits(36, currency)).toBe(3600)
    expect(toMinorUnits(0.01, currency)).toBe(1)
    expect(toMinorUnits(1234567.89, currency)).toBe(123456789)
    expect(fromMinorUnits(1999, currency)).toBe(19.99)
    expect(fromMinorUnits(5, currency)).toBe(0.05)
    expect(fromMinorUnits(-250, currency)).toBe(-2.5)
  })

  it('is not fooled by binary floating point', () => {
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(toMinorUnits(0.1 + 0.2, 'GBP')).toBe(30)
    expect(toMinorUnits(1.1 * 3, 'GBP')).toBe(330)
    // 4.35 * 100 is 434.99999999999994 in floating point.
    expect(Math.floor(4.35 * 100)).toBe(434)
    expect(toMinorUnits(4.35, 'GBP')).toBe(435)
    expect(toMinorUnits(19.99 * 3, 'USD')).toBe(5997)
  })

  it('rounds half away from zero at the currency precision', () => {
    expect(toMinorUnits(10.005, 'EUR')).toBe(1001)
    expect(toMinorUnits(10.004, 'EUR')).toBe(1000)
    expect(toMinorUnits(-10.005, 'EUR')).toBe(-1001)
  })

  it('keeps zero-decimal currencies whole', () => {
    expect(toMinorUnits(1500, 'JPY')).toBe(1500)
    expect(fromMinorUnits(1500, 'jpy')).toBe(1500)
  })

  it('refuses what is not an amount', () => {
    expect(() => toMinorUnits(Number.NaN, 'GBP')).toThrow(RangeError)
    expect(() => fromMinorUnits(1.5, 'GBP')).toThrow(RangeError)
  })
})
