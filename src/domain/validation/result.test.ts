import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { clearFieldError, errorsOf, hasErrors, toFormResult, trimmed } from './result'

describe('result helpers', () => {
  it.each([
    [{}, false],
    [{ a: '' }, false],
    [{ a: undefined }, false],
    [{ a: 'Name is required' }, true],
  ])('hasErrors(%o) is %s', (errors, expected) => {
    expect(hasErrors(errors as Record<string, string>)).toBe(expected)
  })

  it('toFormResult gives right(payload) without errors and left(errors) with some', () => {
    expect(toFormResult({}, () => 42)).toEqual(E.right(42))
    expect(toFormResult({ name: 'x' }, () => 42)).toEqual(E.left({ name: 'x' }))
  })

  it('errorsOf returns the errors or an empty record', () => {
    expect(errorsOf(E.left({ name: 'x' }))).toEqual({ name: 'x' })
    expect(errorsOf(E.right(1))).toEqual({})
  })

  it('clearFieldError removes only the edited field', () => {
    expect(clearFieldError<'a' | 'b'>({ a: 'x', b: 'y' }, 'a')).toEqual({ b: 'y' })
  })

  it.each([
    [undefined, ''],
    [null, ''],
    ['  a b ', 'a b'],
  ])('trimmed(%s) is %s', (input, expected) => {
    expect(trimmed(input)).toBe(expected)
  })
})
