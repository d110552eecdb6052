import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { checkReportRange, utilisation } from './report-range'

describe('checkReportRange', () => {
  it('counts both ends, across the clock change', () => {
    expect(checkReportRange('2026-10-01', '2026-10-31')).toEqual(E.right({ days: 31 }))
    expect(checkReportRange('2026-11-01', '2026-11-01')).toEqual(E.right({ days: 1 }))
  })
  it('refuses an end before the start and more than a leap year', () => {
    expect(checkReportRange('2026-11-02', '2026-11-01')).toEqual(E.left({ _tag: 'ToBeforeFrom' }))
    expect(checkReportRange('2027-01-01', '2027-12-31')).toEqual(E.right({ days: 365 }))
    expect(checkReportRange('2028-01-01', '2028-12-31')).toEqual(E.right({ days: 366 }))
    expect(checkReportRange('2027-01-01', '2028-01-02')).toEqual(E.left({ _tag: 'RangeTooLong' }))
  })
})

describe('utilisation', () => {
  it('is a percentage with one decimal, null without working minutes', () => {
    expect(utilisation(90, 480)).toBe(18.8)
    expect(utilisation(0, 480)).toBe(0)
    expect(utilisation(30, 0)).toBeNull()
  })
})
