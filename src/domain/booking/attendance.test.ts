import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { type AttendanceMark, attendanceAllowed } from './attendance'

// 10:00 on 16 June 2026 in London (BST) is 09:00 UTC.
const START = new Date('2026-06-16T09:00:00Z')

describe('attendanceAllowed', () => {
  it.each<[AttendanceMark, string, E.Either<{ _tag: string }, void>]>([
    ['no-show', '2026-06-16T08:59:59Z', E.left({ _tag: 'NoShowBeforeStart' })],
    ['no-show', '2026-06-05T09:00:00Z', E.left({ _tag: 'NoShowBeforeStart' })],
    ['no-show', '2026-06-16T09:00:00Z', E.right(undefined)],
    ['no-show', '2026-06-17T12:00:00Z', E.right(undefined)],
    // check-in: from 00:00 London on the day (23:00 UTC the day before in summer)
    ['checked-in', '2026-06-05T09:00:00Z', E.left({ _tag: 'CheckInBeforeDay' })],
    ['checked-in', '2026-06-15T22:59:59Z', E.left({ _tag: 'CheckInBeforeDay' })],
    ['checked-in', '2026-06-15T23:00:00Z', E.right(undefined)],
    ['checked-in', '2026-06-16T08:00:00Z', E.right(undefined)],
    ['checked-in', '2026-06-18T08:00:00Z', E.right(undefined)],
  ])('%s at %s', (mark, now, expected) => {
    expect(attendanceAllowed(mark, START, new Date(now))).toEqual(expected)
  })

  it('an appointment at 23:30 London is on its London day, not the UTC one', () => {
    const late = new Date('2026-06-16T22:30:00Z') // 23:30 on 16 June in London
    expect(attendanceAllowed('checked-in', late, new Date('2026-06-16T00:30:00Z'))).toEqual(E.right(undefined))
    expect(attendanceAllowed('checked-in', late, new Date('2026-06-15T22:30:00Z'))).toEqual(E.left({ _tag: 'CheckInBeforeDay' }))
  })
})
