import { describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import {
  BooleanFromString,
  DateOrDateTime,
  emptyAsUndefined,
  errors,
  ErrorBody,
  IntFromString,
  IsoDate,
  IsoDateTime,
  literals,
  Money,
  NonEmptyString,
  NumberFromString,
  ObjectId,
  queryOf,
  bodyOf,
  StringFromQuery,
} from '../../src/contract'

const ok = (c: t.Mixed, u: unknown) => {
  const r = c.decode(u)
  return E.isRight(r) ? { ok: r.right as unknown } : { ok: 'REJECTED' }
}

describe('URL codecs', () => {
  it.each([
    ['12.5', 12.5],
    [12.5, 12.5],
    ['-3', -3],
    ['0', 0],
    ['', 'REJECTED'],
    ['  ', 'REJECTED'],
    ['abc', 'REJECTED'],
    ['Infinity', 'REJECTED'],
    [Number.NaN, 'REJECTED'],
    [null, 'REJECTED'],
    [true, 'REJECTED'],
  ])('NumberFromString decodes %j to %j', (input, expected) => {
    expect(ok(NumberFromString, input)).toEqual({ ok: expected })
  })

  it.each([
    ['15', 15],
    [15, 15],
    ['1.5', 'REJECTED'],
    [1.5, 'REJECTED'],
    ['x', 'REJECTED'],
  ])('IntFromString decodes %j to %j', (input, expected) => {
    expect(ok(IntFromString, input)).toEqual({ ok: expected })
  })

  it.each([
    ['true', true],
    ['false', false],
    [true, true],
    [false, false],
    ['1', 'REJECTED'],
    ['TRUE', 'REJECTED'],
    ['', 'REJECTED'],
    [0, 'REJECTED'],
  ])('BooleanFromString decodes %j to %j', (input, expected) => {
    expect(ok(BooleanFromString, input)).toEqual({ ok: expected })
  })

  it('encodes numbers and booleans to strings', () => {
    expect(NumberFromString.encode(2.25)).toBe('2.25')
    expect(IntFromString.encode(15)).toBe('15')
    expect(BooleanFromString.encode(true)).toBe('true')
    expect(BooleanFromString.encode(false)).toBe('false')
  })

  it('StringFromQuery keeps strings and accepts numbers as strings', () => {
    expect(ok(StringFromQuery, 'all')).toEqual({ ok: 'all' })
    expect(ok(StringFromQuery, 7)).toEqual({ ok: '7' })
    expect(ok(StringFromQuery, ['a', 'b'])).toEqual({ ok: 'REJECTED' })
  })

  it('emptyAsUndefined treats an empty parameter as absent and leaves it out when encoding', () => {
    const c = emptyAsUndefined(BooleanFromString)
    expect(ok(c, '')).toEqual({ ok: undefined })
    expect(ok(c, 'true')).toEqual({ ok: true })
    expect(ok(c, 'maybe')).toEqual({ ok: 'REJECTED' })
    expect(c.encode(undefined)).toBeUndefined()
    expect(c.encode(false)).toBe('false')
  })

  it('queryOf strips unknown parameters and requires the required ones', () => {
    const q = queryOf({ from: t.literal('customer') }, { skip: IntFromString })
    expect(ok(q, { from: 'customer', skip: '3', other: 'x' })).toEqual({ ok: { from: 'customer', skip: 3 } })
    expect(ok(q, { skip: '3' })).toEqual({ ok: 'REJECTED' })
    expect(q.encode({ from: 'customer', skip: 3 })).toEqual({ from: 'customer', skip: '3' })
    expect(q.encode({ from: 'customer' })).toEqual({ from: 'customer' })
  })
})

describe('format codecs', () => {
  it.each([
    ['0123456789abcdefABCDEF01', true],
    ['0123456789abcdef0123456', false],
    ['0123456789abcdef012345678', false],
    ['0123456789abcdef0123456g', false],
  ])('ObjectId %s valid: %s', (s, valid) => {
    expect(ObjectId.is(s)).toBe(valid)
    expect(E.isRight(ObjectId.decode(s))).toBe(valid)
  })

  it.each([
    ['2026-03-29T01:00:00.000Z', true],
    ['2026-03-29T01:00:00Z', true],
    ['2026-03-29T01:00Z', true],
    ['2026-10-25T01:30:00+01:00', true],
    ['1990-05-01T12:00:00.00Z', true],
    ['2026-03-29T01:00:00', false],
    ['2026-03-29', false],
    ['2026-13-40T01:00:00Z', false],
    ['yesterday', false],
  ])('IsoDateTime %s valid: %s', (s, valid) => {
    expect(E.isRight(IsoDateTime.decode(s))).toBe(valid)
  })

  it('IsoDate and DateOrDateTime', () => {
    expect(IsoDate.is('2026-03-29')).toBe(true)
    expect(IsoDate.is('29/03/2026')).toBe(false)
    expect(DateOrDateTime.is('2026-03-29')).toBe(true)
    expect(DateOrDateTime.is('2026-03-29T00:00:00.000Z')).toBe(true)
    expect(DateOrDateTime.is('March')).toBe(false)
  })

  it.each([
    [0, true],
    [10.5, true],
    [66.67, true],
    [-12.34, true],
    [1234567.89, true],
    [0.1 + 0.2, true],
    [10.005, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    ['10', false],
  ])('Money %s valid: %s', (n, valid) => {
    expect(E.isRight(Money.decode(n))).toBe(valid)
  })

  it('NonEmptyString rejects blank strings', () => {
    expect(NonEmptyString.is('a')).toBe(true)
    expect(NonEmptyString.is('   ')).toBe(false)
    expect(NonEmptyString.is('')).toBe(false)
  })

  it('literals accepts only the listed values', () => {
    const c = literals(['a', 'b'])
    expect(c.is('a')).toBe(true)
    expect(c.is('c')).toBe(false)
    expect(E.isLeft(c.decode(1))).toBe(true)
  })

  it('bodyOf requires the required fields, allows the optional ones and strips the rest', () => {
    const b = bodyOf({ a: t.string }, { b: t.number })
    expect(ok(b, { a: 'x', b: 1, c: true })).toEqual({ ok: { a: 'x', b: 1 } })
    expect(ok(b, { a: 'x' })).toEqual({ ok: { a: 'x' } })
    expect(ok(b, { b: 1 })).toEqual({ ok: 'REJECTED' })
    expect(ok(b, { a: 'x', b: 'one' })).toEqual({ ok: 'REJECTED' })
  })

  it('errors() maps each status to ErrorBody', () => {
    expect(errors(400, 409)).toEqual({ 400: ErrorBody, 409: ErrorBody })
  })
})
