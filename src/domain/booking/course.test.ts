import { describe, expect, it } from 'vitest'
import { courseAvailable, courseExpiryText, type CustomerCourseCounts, isCourseBookDisabled, isCourseExpired, sortCoursesNewestFirst } from './course'

const now = new Date('2026-05-01T10:00:00Z')

describe('course Book rule', () => {
  it.each([
    ['available, no expiry', { quantity: 6, redeemed: 2, reserved: 1 }, 3, false],
    ['exactly used up', { quantity: 6, redeemed: 4, reserved: 2 }, 0, true],
    ['over-booked', { quantity: 6, redeemed: 5, reserved: 2 }, -1, true],
    ['missing counts', { quantity: 1 }, 1, false],
    ['expired', { quantity: 6, endsOn: '2026-04-30T23:59:59Z' }, 6, true],
    ['expires later', { quantity: 6, endsOn: new Date('2026-05-02T00:00:00Z') }, 6, false],
    ['null end', { quantity: 6, endsOn: null }, 6, false],
    ['empty end', { quantity: 6, endsOn: '' }, 6, false],
    ['invalid end', { quantity: 6, endsOn: 'nope' }, 6, false],
  ] as [string, CustomerCourseCounts, number, boolean][])('%s', (_name, course, available, disabled) => {
    expect(courseAvailable(course)).toBe(available)
    expect(isCourseBookDisabled(course, now)).toBe(disabled)
  })

  it('isCourseExpired', () => {
    expect(isCourseExpired({ quantity: 1, endsOn: '2026-05-01T09:59:59Z' }, now)).toBe(true)
    expect(isCourseExpired({ quantity: 1 }, now)).toBe(false)
  })
})

describe('courseExpiryText', () => {
  it.each([
    [null, 'No expiry'],
    [undefined, 'No expiry'],
    ['', 'No expiry'],
    ['garbage', 'No expiry'],
    ['2026-12-31T23:30:00Z', '31/12/2026'],
    ['2026-06-30T23:30:00Z', '01/07/2026'],
  ])('%s -> %s', (endsOn, text) => {
    expect(courseExpiryText(endsOn)).toBe(text)
  })
})

describe('sortCoursesNewestFirst', () => {
  it('sorts by soldAt descending, missing last', () => {
    const courses = [
      { id: 'a', soldAt: '2026-01-01T00:00:00Z' },
      { id: 'b', soldAt: null },
      { id: 'c', soldAt: new Date('2026-03-01T00:00:00Z') },
      { id: 'd', soldAt: '2026-02-01T00:00:00Z' },
    ]
    expect(sortCoursesNewestFirst(courses).map((c) => c.id)).toEqual(['c', 'd', 'a', 'b'])
  })
})
