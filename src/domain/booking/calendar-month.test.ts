import { describe, expect, it } from 'vitest'
import { calendarOpening, shiftMonth, type CalendarOpening, type CalendarOpeningInput } from './calendar-month'

const today = '2026-11-30'
const nov = (days: string[]) => ({ month: '2026-11', days })
const dec = (days: string[]) => ({ month: '2026-12', days })
const jan = (days: string[]) => ({ month: '2027-01', days })

describe('calendarOpening: the month the time step opens on', () => {
  const table: [string, CalendarOpeningInput, CalendarOpening][] = [
    ['nothing asked yet: the current month first', { today, loaded: [] }, { _tag: 'Load', month: '2026-11' }],
    ['a free day left this month (today counts): this month', { today, loaded: [nov(['2026-11-30'])] }, { _tag: 'Show', month: '2026-11', noAvailability: false }],
    ['only past days this month: the next month is asked', { today, loaded: [nov(['2026-11-27'])] }, { _tag: 'Load', month: '2026-12' }],
    ['none left this month, the next has one: the next, no dialog', { today, loaded: [nov([]), dec(['2026-12-01'])] }, { _tag: 'Show', month: '2026-12', noAvailability: false }],
    ['none in two months: the third is asked', { today, loaded: [nov([]), dec([])] }, { _tag: 'Load', month: '2027-01' }],
    ['the third month has one: the third', { today, loaded: [nov([]), dec([]), jan(['2027-01-04'])] }, { _tag: 'Show', month: '2027-01', noAvailability: false }],
    ['none in the months looked at: the current month with the dialog', { today, loaded: [nov([]), dec([]), jan([])] }, { _tag: 'Show', month: '2026-11', noAvailability: true }],
    ['no look ahead: the current month with the dialog', { today, loaded: [nov([])], lookAhead: 0 }, { _tag: 'Show', month: '2026-11', noAvailability: true }],
    ['a named month is asked as named', { today, named: '2027-02', loaded: [] }, { _tag: 'Load', month: '2027-02' }],
    ['a named month with a free day: shown', { today, named: '2026-12', loaded: [dec(['2026-12-03'])] }, { _tag: 'Show', month: '2026-12', noAvailability: false }],
    ['a named month without one: the dialog, no look ahead', { today, named: '2026-12', loaded: [dec([])] }, { _tag: 'Show', month: '2026-12', noAvailability: true }],
    ['the named current month without one: the dialog', { today, named: '2026-11', loaded: [nov([]), dec(['2026-12-01'])] }, { _tag: 'Show', month: '2026-11', noAvailability: true }],
    ['across the year', { today: '2026-12-31', loaded: [dec([])] }, { _tag: 'Load', month: '2027-01' }],
  ]
  it.each(table)('%s', (_, input, expected) => {
    expect(calendarOpening(input)).toEqual(expected)
  })

  it('asks at most the current month and the look ahead', () => {
    const loaded: { month: string; days: string[] }[] = []
    let step = calendarOpening({ today, loaded, lookAhead: 2 })
    while (step._tag === 'Load') {
      loaded.push({ month: step.month, days: [] })
      step = calendarOpening({ today, loaded, lookAhead: 2 })
    }
    expect(loaded.map((m) => m.month)).toEqual(['2026-11', '2026-12', '2027-01'])
    expect(step).toEqual({ _tag: 'Show', month: '2026-11', noAvailability: true })
  })

  it('shiftMonth moves across years both ways', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(shiftMonth('2027-01', -1)).toBe('2026-12')
  })
})
