/** A day's slots for one service: grid, breaks, bookings, holds, reschedule, holidays, closed days, online booking, now, any practitioner. */
import { describe, expect, it } from 'vitest'
import { daySlots, mergeByStart, type DaySlotsInput } from './day-slots'
import { at, booking, LONG_AGO, practitioner, service, span } from './test-fixtures'
import type { PractitionerDay, SlotOptions } from './types'

const D = '2026-01-14' // Wednesday, London = UTC
const S = '2026-07-15' // summer, London = UTC+1

const input = (
  practitioners: PractitionerDay[],
  options: Partial<DaySlotsInput['options']> = {},
  svc = service('cut', [['ann', 30]]),
  date = D,
): DaySlotsInput => ({ date, practitioners, service: svc, options: { now: LONG_AGO, ...options } })

const values = (input: DaySlotsInput, onlyValid = true): string[] =>
  daySlots(input)
    .filter((s) => !onlyValid || s.valid)
    .map((s) => s.value)

const ann = (extra: Partial<PractitionerDay> = {}, date = D): PractitionerDay =>
  practitioner('ann', date, [['09:00', '11:00']], extra)

describe('daySlots for one practitioner', () => {
  it('lists the grid of the working hours in the spec slot shape', () => {
    const slots = daySlots(input([ann()]))
    expect(slots.map((s) => s.value)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30'])
    expect(slots[0]).toEqual({
      value: '09:00',
      startDate: '2026-01-14T09:00:00.000Z',
      endDate: '2026-01-14T09:30:00.000Z',
      duration: 30,
      valid: true,
      practitioner: 'ann',
      apptAdjacent: false,
      nextToService: false,
    })
  })

  it('labels in London time and dates in UTC during summer time', () => {
    const slots = daySlots(input([ann({}, S)], {}, undefined, S))
    expect(slots[0].value).toBe('09:00')
    expect(slots[0].startDate).toBe('2026-07-15T08:00:00.000Z')
  })

  it.each<{ name: string; day: Partial<PractitionerDay>; options?: Partial<SlotOptions>; expected: string[] }>([
    { name: 'a break', day: { breaks: [span(D, '09:30', '10:00')] }, expected: ['09:00', '10:00', '10:15', '10:30'] },
    { name: 'a booking', day: { busy: [booking(D, '10:00', '10:30')] }, expected: ['09:00', '09:15', '09:30', '10:30'] },
    {
      name: 'an unexpired hold',
      day: { busy: [booking(D, '10:00', '10:30', { kind: 'hold', expiresAt: at(D, '08:05') })] },
      options: { now: at(D, '08:00') },
      expected: ['09:00', '09:15', '09:30', '10:30'],
    },
    {
      name: 'an expired hold (ignored)',
      day: { busy: [booking(D, '10:00', '10:30', { kind: 'hold', expiresAt: at(D, '08:00') })] },
      options: { now: at(D, '08:00') },
      expected: ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30'],
    },
    {
      name: 'the appointment being rescheduled (ignored)',
      day: { busy: [booking(D, '10:00', '10:30', { appointmentId: 'a1' })] },
      options: { ignoreAppointmentId: 'a1' },
      expected: ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30'],
    },
    {
      name: 'linked appointments being rescheduled (ignored)',
      day: { busy: [booking(D, '09:00', '09:30', { appointmentId: 'a1' }), booking(D, '09:30', '10:00', { appointmentId: 'a2' })] },
      options: { ignoreAppointmentId: ['a1', 'a2'] },
      expected: ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30'],
    },
    { name: 'a holiday', day: { holiday: true }, expected: [] },
    {
      name: 'a holiday with withHolidays false',
      day: { holiday: true },
      options: { withHolidays: false },
      expected: ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30'],
    },
    { name: 'a closed day', day: {}, options: { closed: true }, expected: [] },
    { name: 'online booking off, online request', day: { onlineBooking: false }, options: { onlineBooking: true }, expected: [] },
    {
      name: 'online booking off, staff request',
      day: { onlineBooking: false },
      options: { onlineBooking: false },
      expected: ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30'],
    },
    { name: 'now in the morning', day: {}, options: { now: at(D, '09:20') }, expected: ['09:30', '09:45', '10:00', '10:15', '10:30'] },
    { name: 'now and a minimum notice', day: {}, options: { now: at(D, '09:20'), minNoticeMinutes: 60 }, expected: ['10:30'] },
    { name: 'now after hours', day: {}, options: { now: at(D, '12:00') }, expected: [] },
  ])('respects $name', ({ day, options, expected }) => {
    expect(values(input([ann(day)], options))).toEqual(expected)
  })

  it('lists busy grid slots as invalid, or drops them with includeInvalid false', () => {
    const day = ann({ busy: [booking(D, '10:00', '10:30')] })
    const slots = daySlots(input([day]))
    expect(slots.filter((s) => !s.valid).map((s) => s.value)).toEqual(['09:45', '10:00', '10:15'])
    expect(values(input([day], { includeInvalid: false }), false)).toEqual(['09:00', '09:15', '09:30', '10:30'])
  })

  it('does not list slots in the past at all', () => {
    expect(values(input([ann()], { now: at(D, '10:01') }), false)).toEqual(['10:15', '10:30'])
  })

  it('uses the service interval, and forceInterval over it', () => {
    expect(values(input([ann()], {}, service('cut', [['ann', 60]], { intervalMinutes: 30 })))).toEqual(['09:00', '09:30', '10:00'])
    expect(values(input([ann()], {}, service('cut', [['ann', 60]], { intervalMinutes: 30, forceInterval: 20 })))).toEqual([
      '09:00',
      '09:20',
      '09:40',
      '10:00',
    ])
  })

  it('restarts the grid at each working interval', () => {
    const split = practitioner('ann', D, [
      ['09:00', '10:00'],
      ['13:10', '14:00'],
    ])
    expect(values(input([split], {}, service('cut', [['ann', 30]], { intervalMinutes: 20 })))).toEqual(['09:00', '09:20', '13:10', '13:30'])
  })

  it('flags slots adjacent to bookings, but not to blocks', () => {
    const day = ann({ busy: [booking(D, '09:30', '10:00'), booking(D, '10:30', '11:00', { kind: 'block' })] })
    const adjacent = daySlots(input([day])).filter((s) => s.apptAdjacent).map((s) => s.value)
    expect(adjacent).toEqual(['09:00', '10:00'])
  })

  it('gives no slots for a practitioner without day facts', () => {
    expect(daySlots(input([ann()], {}, service('cut', [['bob', 30]])))).toEqual([])
  })
})

describe('daySlots for any practitioner', () => {
  const bob = practitioner('bob', D, [['10:00', '12:00']], { busy: [booking(D, '10:30', '11:00')] })
  const any = service('cut', [
    ['ann', 30],
    ['bob', 30],
  ])

  it('is the union, one slot per start, the first free practitioner in option order', () => {
    const slots = daySlots(input([ann({ busy: [booking(D, '10:00', '10:30')] }), bob], {}, any))
    expect(slots.filter((s) => s.valid).map((s) => `${s.value} ${s.practitioner}`)).toEqual([
      '09:00 ann',
      '09:15 ann',
      '09:30 ann',
      '10:00 bob',
      '10:30 ann',
      '11:00 bob',
      '11:15 bob',
      '11:30 bob',
    ])
    expect(new Set(slots.map((s) => s.startDate)).size).toBe(slots.length)
  })

  it('names the first practitioner in option order when both are free', () => {
    const reversed = service('cut', [
      ['bob', 30],
      ['ann', 30],
    ])
    const slots = daySlots(input([ann(), practitioner('bob', D, [['09:00', '11:00']])], {}, reversed))
    expect(slots.every((s) => s.practitioner === 'bob')).toBe(true)
  })

  it('keeps an invalid slot only when nobody is free then', () => {
    const slots = daySlots(input([ann({ busy: [booking(D, '10:00', '10:30')] }), bob], {}, any))
    expect(slots.filter((s) => !s.valid).map((s) => `${s.value} ${s.practitioner}`)).toEqual(['09:45 ann', '10:15 ann', '10:45 bob'])
  })
})

describe('mergeByStart (any practitioner without a sort)', () => {
  type Item = { start: number; valid: boolean }
  const v = (start: number): Item => ({ start, valid: true })
  const x = (start: number): Item => ({ start, valid: false })
  const merged = (lists: Item[][]): string[] => {
    const out: string[] = []
    mergeByStart(lists, (item, list) => out.push(`${item.start}${item.valid ? '' : '!'}@${list}`))
    return out
  }

  it.each<{ name: string; lists: Item[][]; expected: string[] }>([
    { name: 'no lists', lists: [], expected: [] },
    { name: 'empty lists', lists: [[], []], expected: [] },
    { name: 'one list as it is', lists: [[v(1), x(2), v(3)]], expected: ['1@0', '2!@0', '3@0'] },
    { name: 'interleaved starts in order', lists: [[v(1), v(4)], [v(2), v(3), v(5)]], expected: ['1@0', '2@1', '3@1', '4@0', '5@1'] },
    { name: 'a shared start goes to the earlier list', lists: [[v(2)], [v(1), v(2)]], expected: ['1@1', '2@0'] },
    { name: 'a valid slot beats an earlier invalid one', lists: [[x(1), x(2)], [v(1)], [v(2)]], expected: ['1@1', '2@2'] },
    { name: 'two invalid: the earlier list', lists: [[x(3)], [x(3)]], expected: ['3!@0'] },
    { name: 'a list running out early', lists: [[v(1)], [v(2), v(3), v(4)]], expected: ['1@0', '2@1', '3@1', '4@1'] },
  ])('$name', ({ lists, expected }) => {
    expect(merged(lists)).toEqual(expected)
  })

  it('gives what a stable sort by (start, valid first, list) then the first of each start gives', () => {
    const lists = [0, 1, 2, 3].map((l) => Array.from({ length: 30 }, (_, i) => ({ start: i * (l + 1), valid: (i + l) % 3 !== 0 })))
    const rows = lists.flatMap((list, l) => list.map((item) => ({ item, l })))
    rows.sort((a, b) => a.item.start - b.item.start || Number(b.item.valid) - Number(a.item.valid) || a.l - b.l)
    const expected = rows.filter((r, i) => i === 0 || rows[i - 1].item.start !== r.item.start).map((r) => `${r.item.start}${r.item.valid ? '' : '!'}@${r.l}`)
    expect(merged(lists)).toEqual(expected)
  })
})
