import { describe, expect, it } from 'vitest'
import { shortString } from './text'

describe('shortString', () => {
  it.each([
    ['', ''],
    [undefined, ''],
    ['Short name', 'Short name'],
    ['exactly twenty-four chrs', 'exactly twenty-four chrs'],
    ['exactly twenty-five chars', 'exactly twenty-five char...'],
    ['Hydrafacial Deluxe with LED therapy', 'Hydrafacial Deluxe with ...'],
  ])('shortString(%s) is %s', (value, expected) => {
    expect(shortString(value)).toBe(expected)
  })

  it('accepts another length', () => {
    expect(shortString('abcdef', 3)).toBe('abc...')
  })
})
