import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import type { DayBooking } from '../../contract/admin.routes'
import { confirmedIntoPast, intoPastWarning, moveFormOf, moveRequest, refusedMove, withMoveField } from './desk-move-form'

const booking: DayBooking = { id: '1'.repeat(24), start: '2026-06-01T09:00:00.000Z', end: '2026-06-01T09:30:00.000Z', status: 'Scheduled', checkedIn: false, practitioner: 'Sarah', location: 'London', service: 'Peel', customer: 'Jane Doe', depositPaid: 0, paid: [], due: 50 }
/** the morning before the booking's day: every time of the table is still to come */
const BEFORE = new Date('2026-05-31T08:00:00Z')
const CLASH = 'This customer already has a booking at this time: Peel with Tom, 01/06/2026 10:00–10:30 (appointment 5f0000000000000000000001).'

describe('the desk move form', () => {
  it("opens on the booking's own clinic date, time and practitioner", () => {
    expect(moveFormOf(booking)).toEqual({ booking, date: '2026-06-01', time: '10:00', practitioner: 'Sarah' })
  })

  it.each([
    ['a time in London summer time', { time: '14:30' }, E.right({ start: '2026-06-01T13:30:00.000Z' })],
    ['another practitioner', { practitioner: 'James' }, E.right({ start: '2026-06-01T09:00:00.000Z', practitioner: 'James' })],
    ['no such time', { time: '25:00' }, E.left('Enter a date and a time (HH:mm).')],
    ['a date that is not one', { date: '2026-02-30' }, E.left('Enter a date and a time (HH:mm).')],
  ])('asks for %s', (_, change, expected) => {
    const form = { ...moveFormOf(booking), ...change }
    expect(E.mapLeft((f: { error?: string }) => f.error)(moveRequest(form, BEFORE))).toEqual(expected)
  })

  it.each([
    ["the customer's clash: a question, not an error", { _tag: 'Refused' as const, status: 409, message: CLASH }, { clash: CLASH, error: undefined }],
    ['a taken time: the error', { _tag: 'Refused' as const, status: 409, message: 'That time is taken.' }, { clash: undefined, error: 'That time is taken.' }],
  ])('after a refusal shows %s', (_, error, expected) => {
    expect(refusedMove(moveFormOf(booking), error)).toMatchObject(expected)
  })

  it('forgets the refusal once a field changes: it was about other values', () => {
    const asked = refusedMove(moveFormOf(booking), { _tag: 'Refused', status: 409, message: CLASH })
    expect(withMoveField(asked, 'time', '10:20')).toMatchObject({ time: '10:20', clash: undefined, error: undefined })
  })

  // 10:30 on 1 June in London (09:30 UTC)
  const now = new Date('2026-06-01T09:30:00Z')
  it.each([
    ['earlier that day', { time: '09:00' }, true],
    ['the minute it is now', { time: '10:30' }, true],
    ['the day before', { date: '2026-05-31' }, true],
    ['a minute on', { time: '10:31' }, false],
    ['the next day', { date: '2026-06-02', time: '09:00' }, false],
  ])('a move to %s asks first when the time has passed: %j -> %s', (_, change, asks) => {
    const request = moveRequest({ ...moveFormOf(booking), ...change }, now)
    expect(E.isLeft(request) ? request.left.intoPast : 'sent').toBe(asks ? 'asked' : 'sent')
  })

  it('a move into the past goes once confirmed, and the warning names the time', () => {
    const asked = moveRequest({ ...moveFormOf(booking), time: '09:00' }, now)
    expect(E.isLeft(asked) && intoPastWarning(asked.left)).toBe(
      "01/06/2026 09:00 has already passed: the customer is not sent a 'Booking moved' notice.",
    )
    expect(moveRequest(confirmedIntoPast({ ...moveFormOf(booking), time: '09:00' }), now)).toEqual(E.right({ start: '2026-06-01T08:00:00.000Z' }))
    expect(withMoveField(confirmedIntoPast(moveFormOf(booking)), 'time', '09:15').intoPast).toBeUndefined()
  })
})
