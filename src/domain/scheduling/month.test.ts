/** A month's available days from weekly London calendars: closed days, holidays, past days, leave, overrides, baskets, minimise gaps. */
import { describe, expect, it } from 'vitest'
import type { WeeklySchedule } from './london-day'
import { availableDays, calendarDays, type MonthInput, type PractitionerCalendar } from './month'
import { at, booking, LONG_AGO, service } from './test-fixtures'
import { MINIMISE_AFTER_FIRST_BOOKING } from './types'

// January 2026: the 1st is a Thursday.
const weekdays: WeeklySchedule = {
  1: [{ start: '09:00', end: '10:00' }],
  2: [{ start: '09:00', end: '10:00' }],
  3: [{ start: '09:00', end: '10:00' }],
  4: [{ start: '09:00', end: '10:00' }],
  5: [{ start: '09:00', end: '10:00' }],
}
const ann: PractitionerCalendar = { practitionerId: 'ann', schedule: weekdays }
const bob: PractitionerCalendar = { practitionerId: 'bob', schedule: { 6: [{ start: '10:00', end: '11:00' }] } }
const cut = service('cut', [['ann', 30]])
const ALL_WEEKDAYS = [1, 2, 5, 6, 7, 8, 9, 12, 13, 14, 15, 16, 19, 20, 21, 22, 23, 26, 27, 28, 29, 30].map(
  (d) => `2026-01-${String(d).padStart(2, '0')}`,
)

const month = (calendars: PractitionerCalendar[], extra: Partial<MonthInput> = {}): string[] =>
  availableDays({ year: 2026, month: 1, services: [cut], options: { now: LONG_AGO }, practitionersOn: calendarDays(calendars), ...extra })

describe('availableDays', () => {
  it('lists the days with a valid start', () => {
    expect(month([ann])).toEqual(ALL_WEEKDAYS)
  })

  it('drops closed days and holidays (unless withHolidays is false)', () => {
    const onHoliday = { ...ann, holidays: ['2026-01-05', '2026-01-06'] }
    expect(month([onHoliday], { closedDates: ['2026-01-01'] }).slice(0, 3)).toEqual(['2026-01-02', '2026-01-07', '2026-01-08'])
    expect(month([onHoliday], { options: { now: LONG_AGO, withHolidays: false } })).toEqual(ALL_WEEKDAYS)
  })

  it('drops past days and days whose slots have all passed', () => {
    const days = month([ann], { options: { now: at('2026-01-14', '09:31') } })
    expect(days[0]).toBe('2026-01-15')
    expect(month([ann], { options: { now: at('2026-01-14', '09:29') } })[0]).toBe('2026-01-14')
  })

  it('drops fully booked days, including long leave spanning several days', () => {
    const busy = { ...ann, busy: [booking('2026-01-02', '09:00', '10:00'), { ...booking('2026-01-06', '00:00', '00:00'), end: at('2026-01-09', '00:00'), kind: 'leave' as const }] }
    expect(month([busy]).slice(0, 3)).toEqual(['2026-01-01', '2026-01-05', '2026-01-09'])
  })

  it('uses dated overrides of the weekly hours', () => {
    const changed = { ...ann, overrides: { '2026-01-01': [], '2026-01-03': [{ start: '12:00', end: '13:00' }] } }
    expect(month([changed]).slice(0, 3)).toEqual(['2026-01-02', '2026-01-03', '2026-01-05'])
  })

  it('needs the whole basket to fit, any practitioner included', () => {
    const chain = [service('cut', [['ann', 30]]), service('dry', [['ann', 40]])]
    expect(month([ann], { services: chain })).toEqual([])
    const anyChain = [
      service('cut', [
        ['ann', 30],
        ['bob', 30],
      ]),
      service('dry', [
        ['ann', 30],
        ['bob', 30],
      ]),
    ]
    expect(month([ann, bob], { services: anyChain })).toEqual([...ALL_WEEKDAYS, '2026-01-03', '2026-01-10', '2026-01-17', '2026-01-24', '2026-01-31'].sort())
  })

  it('applies breaks and online booking', () => {
    const withBreak = { ...ann, breaks: { 3: [{ start: '09:15', end: '09:45' }] } }
    expect(month([withBreak])).not.toContain('2026-01-14')
    expect(month([{ ...ann, onlineBooking: false }], { options: { now: LONG_AGO, onlineBooking: true } })).toEqual([])
  })

  it('computes minimise gaps in full on days with a booking', () => {
    // The 14th: a booking 09:00-09:10, a block 09:10-09:20, then free: 09:30 is valid but touches no booking.
    const booked = { ...ann, busy: [booking('2026-01-14', '09:00', '09:10'), booking('2026-01-14', '09:10', '09:20', { kind: 'block' })] }
    const shortCut = service('cut', [['ann', 20]])
    const minimiseGaps = { minimiseGaps: true, minimiseGapsStrategy: MINIMISE_AFTER_FIRST_BOOKING }
    expect(month([booked], { services: [shortCut] })).toContain('2026-01-14')
    expect(month([booked], { services: [shortCut], options: { now: LONG_AGO, minimiseGaps } })).not.toContain('2026-01-14')
    expect(month([booked], { services: [shortCut], options: { now: LONG_AGO, minimiseGaps: { ...minimiseGaps, alsoShowFirst: true } } })).toContain(
      '2026-01-14',
    )
    expect(month([booked], { services: [shortCut], options: { now: LONG_AGO, minimiseGaps, checkFirst: true } })).not.toContain('2026-01-14')
  })
})

describe("availableDays with assignment 'first-free'", () => {
  it('keeps only days the client can chain without backtracking', () => {
    // Wednesdays only: cut (ann) -> dry (bob 10 or carl 20) -> tidy (dave from 09:50); 09:00-10:00 for ann and bob.
    const wed = (start: string, end: string): WeeklySchedule => ({ 3: [{ start, end }] })
    const people: PractitionerCalendar[] = [
      { practitionerId: 'ann', schedule: wed('09:00', '09:30') },
      { practitionerId: 'bob', schedule: wed('09:00', '10:00') },
      { practitionerId: 'carl', schedule: wed('09:00', '11:00') },
      { practitionerId: 'dave', schedule: wed('09:50', '11:00') },
    ]
    const three = [
      service('cut', [['ann', 30]]),
      service('dry', [
        ['bob', 10],
        ['carl', 20],
      ]),
      service('tidy', [['dave', 10]]),
    ]
    const wednesdays = ['2026-01-07', '2026-01-14', '2026-01-21', '2026-01-28']
    expect(month(people, { services: three })).toEqual(wednesdays)
    expect(month(people, { services: three, assignment: 'first-free' })).toEqual([])
  })
})

describe('calendarDays', () => {
  it('slices each day out of unsorted busy time', () => {
    const cal: PractitionerCalendar = {
      practitionerId: 'ann',
      schedule: weekdays,
      busy: [booking('2026-01-15', '09:00', '09:30'), booking('2026-01-14', '09:00', '09:30'), booking('2026-01-13', '23:30', '23:59')],
    }
    const [day] = calendarDays([cal])('2026-01-14')
    expect(day.busy).toEqual([booking('2026-01-14', '09:00', '09:30')])
    expect(day.working).toEqual([{ start: at('2026-01-14', '09:00'), end: at('2026-01-14', '10:00') }])
    expect(day.holiday).toBe(false)
  })
})
