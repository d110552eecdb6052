import { describe, expect, it } from 'vitest'
import { withinOpeningHours } from './opening-hours'

const MON = 1
const TUE = 2
const SAT = 6

describe('withinOpeningHours', () => {
  it.each([
    ['inside the opening hours: unchanged', [{ start: '10:00', end: '16:00' }], [{ start: '09:00', end: '18:00' }], [{ start: '10:00', end: '16:00' }]],
    ['starting before opening: from the opening', [{ start: '07:00', end: '12:00' }], [{ start: '09:00', end: '18:00' }], [{ start: '09:00', end: '12:00' }]],
    ['ending after closing: until the closing', [{ start: '15:00', end: '21:00' }], [{ start: '09:00', end: '18:00' }], [{ start: '15:00', end: '18:00' }]],
    ['wholly outside: nothing', [{ start: '18:00', end: '21:00' }], [{ start: '09:00', end: '18:00' }], undefined],
    ['a clinic closed over lunch splits the hours', [{ start: '09:00', end: '17:00' }], [{ start: '13:00', end: '17:00' }, { start: '08:00', end: '12:00' }], [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }]],
  ])('%s', (_name, hours, opening, expected) => {
    expect(withinOpeningHours({ [MON]: hours }, { [MON]: opening, [TUE]: [{ start: '09:00', end: '18:00' }] })[MON]).toEqual(expected)
  })

  it('offers nothing on a weekday the clinic is closed', () => {
    const cut = withinOpeningHours({ [MON]: [{ start: '09:00', end: '17:00' }], [SAT]: [{ start: '09:00', end: '17:00' }] }, { [MON]: [{ start: '09:00', end: '18:00' }] })
    expect(cut).toEqual({ [MON]: [{ start: '09:00', end: '17:00' }] })
  })

  it('limits nothing when the clinic has no opening hours', () => {
    const hours = { [SAT]: [{ start: '06:00', end: '23:00' }] }
    expect(withinOpeningHours(hours, {})).toBe(hours)
    expect(withinOpeningHours(hours, { [MON]: [] })).toBe(hours)
  })
})
