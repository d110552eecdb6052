import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { fitsWorkingDay, nobodyWorkingText, outsideWorkingDayText } from './working-hours'
import { londonDay, parseClock } from './london-day'

const day = londonDay('2026-12-01')
const at = (hhmm: string) => day.toUtc(parseClock(hhmm))
const span = (from: string, to: string) => ({ start: at(from), end: at(to) })
const nineToFive = { working: [span('09:00', '17:00')], breaks: [span('12:00', '13:00')] }

describe('fitsWorkingDay', () => {
  it.each([
    ['inside the hours', nineToFive, span('10:00', '11:00'), false, undefined],
    ['ending as the day ends', nineToFive, span('16:00', '17:00'), false, undefined],
    ['ending as the break starts', nineToFive, span('11:00', '12:00'), false, undefined],
    ['two adjoining stretches count as one', { working: [span('13:00', '17:00'), span('09:00', '13:00')] }, span('12:30', '13:30'), false, undefined],
    ['before the day starts', nineToFive, span('07:00', '08:00'), false, 'OutsideWorkingHours'],
    ['running past the end', nineToFive, span('16:30', '17:30'), false, 'OutsideWorkingHours'],
    ['over the gap between two stretches', { working: [span('09:00', '12:00'), span('14:00', '17:00')] }, span('11:30', '12:30'), false, 'OutsideWorkingHours'],
    ['in the break', nineToFive, span('12:30', '13:30'), false, 'InBreak'],
    ['no hours that day', { working: [] }, span('10:00', '11:00'), false, 'NotWorking'],
    ['on leave', { ...nineToFive, holiday: true }, span('10:00', '11:00'), false, 'OnLeave'],
    ['the clinic closed', nineToFive, span('10:00', '11:00'), true, 'ClinicClosed'],
  ])('%s', (_name, facts, visit, closed, refused) => {
    const result = fitsWorkingDay(facts, visit, day, closed)
    expect(E.isLeft(result) ? result.left._tag : undefined).toBe(refused)
  })

  it('names the hours of the day, merged and in order', () => {
    const result = fitsWorkingDay({ working: [span('14:00', '17:00'), span('09:00', '12:00'), span('11:00', '12:30')] }, span('07:00', '08:00'), day)
    expect(result).toEqual(E.left({ _tag: 'OutsideWorkingHours', date: '2026-12-01', hours: [{ start: '09:00', end: '12:30' }, { start: '14:00', end: '17:00' }] }))
  })
})

describe('outsideWorkingDayText', () => {
  it.each([
    [{ _tag: 'OutsideWorkingHours', date: '2026-12-01', hours: [{ start: '09:00', end: '17:00' }] }, "This time is outside Sarah Jones's working hours: 09:00 to 17:00 on Tuesday 1st December 2026. Please choose a time within them."],
    [{ _tag: 'OutsideWorkingHours', date: '2026-12-01', hours: [{ start: '09:00', end: '12:00' }, { start: '14:00', end: '00:00' }] }, "This time is outside Sarah Jones's working hours: 09:00 to 12:00 and 14:00 to 24:00 on Tuesday 1st December 2026. Please choose a time within them."],
    [{ _tag: 'NotWorking', date: '2026-12-06' }, 'Sarah Jones does not work here on Sunday 6th December 2026. Please choose another day or practitioner.'],
    [{ _tag: 'OnLeave', date: '2026-12-01' }, 'Sarah Jones is on leave on Tuesday 1st December 2026. Please choose another day or practitioner.'],
    [{ _tag: 'ClinicClosed', date: '2026-12-01' }, 'The clinic is closed on Tuesday 1st December 2026. Please choose another day.'],
    [{ _tag: 'InBreak', date: '2026-12-01', break: { start: '12:00', end: '13:00' } }, "This time is in Sarah Jones's break (12:00 to 13:00) on Tuesday 1st December 2026. Please choose another time."],
  ] as const)('%j', (refusal, text) => {
    expect(outsideWorkingDayText(refusal, 'Sarah Jones')).toBe(text)
  })
})

it('says when nobody who could do it works then', () => {
  expect(nobodyWorkingText('2026-12-01')).toBe('None of the practitioners for this service works at this time on Tuesday 1st December 2026. Please choose another time.')
})
