import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { customerClash, customerClashText, isCustomerClashText, type CustomerVisit } from './customer-clash'

const at = (hhmm: string) => Date.parse(`2026-12-03T${hhmm}:00.000Z`)
const visit = (id: string, from: string, to: string): CustomerVisit => ({ id, start: at(from), end: at(to), service: 'Anti-wrinkle', practitioner: 'Sarah Jones' })

describe('customerClash', () => {
  it.each([
    ['inside', '10:10', '10:20', 'a'],
    ['covering', '09:00', '11:00', 'a'],
    ['overlapping the start', '09:45', '10:15', 'a'],
    ['overlapping the end', '10:15', '10:45', 'a'],
    ['the same time', '10:00', '10:30', 'a'],
    ['ending when the visit starts', '09:30', '10:00', undefined],
    ['starting when the visit ends', '10:30', '11:00', undefined],
    ['another time', '14:00', '15:00', undefined],
  ] as const)('a time %s: %s', (_, from, to, clashing) => {
    const result = customerClash([visit('a', '10:00', '10:30'), visit('b', '12:00', '12:30')], [{ start: at(from), end: at(to) }])
    expect(E.isLeft(result) ? result.left.visit.id : undefined).toBe(clashing)
  })

  it('names the earliest visit a chain of services overlaps', () => {
    const result = customerClash([visit('late', '11:00', '11:30'), visit('early', '10:00', '10:30')], [{ start: at('09:00'), end: at('10:15') }, { start: at('10:15'), end: at('11:15') }])
    expect(result).toEqual(E.left({ _tag: 'CustomerClash', visit: visit('early', '10:00', '10:30') }))
  })

  it('no visits, no clash', () => {
    expect(customerClash([], [{ start: at('10:00'), end: at('11:00') }])).toEqual(E.right(undefined))
  })
})

describe('customerClashText', () => {
  it('names the visit in London time, and is told apart by its opening', () => {
    const text = customerClashText(visit('65f0a1b2c3d4e5f6a7b8c9d0', '10:00', '10:30'))
    expect(text).toBe('This customer already has a booking at this time: Anti-wrinkle with Sarah Jones, 03/12/2026 10:00–10:30 (appointment 65f0a1b2c3d4e5f6a7b8c9d0).')
    expect(isCustomerClashText(text)).toBe(true)
    expect(isCustomerClashText('Sorry, this time is no longer available. Please choose another time.')).toBe(false)
    expect(isCustomerClashText(undefined)).toBe(false)
  })
})
