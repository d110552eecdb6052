import { describe, expect, it } from 'vitest'
import { isObjectId } from './ids'

describe('isObjectId', () => {
  it.each([
    ['507f1f77bcf86cd799439011', true],
    ['507F1F77BCF86CD799439011', true],
    ['507f1f77bcf86cd79943901', false],
    ['507f1f77bcf86cd7994390111', false],
    ['507f1f77bcf86cd79943901g', false],
    ['', false],
    [42, false],
    [undefined, false],
  ])('isObjectId(%s) is %s', (value, expected) => {
    expect(isObjectId(value)).toBe(expected)
  })
})
