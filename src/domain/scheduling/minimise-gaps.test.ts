/** Minimise gaps, table-driven per flag: minimiseGaps, strategy, alsoShowFirst, alsoShowLast, checkFirst, any practitioner. */
import { describe, expect, it } from 'vitest'
import { chainDay } from './chain'
import { daySlots } from './day-slots'
import { at, booking, LONG_AGO, practitioner, service } from './test-fixtures'
import { MINIMISE_AFTER_FIRST_BOOKING, type MinimiseGapsSettings, type PractitionerDay } from './types'

const D = '2026-01-14'
const on = (extra: Partial<MinimiseGapsSettings> = {}): MinimiseGapsSettings => ({
  minimiseGaps: true,
  minimiseGapsStrategy: MINIMISE_AFTER_FIRST_BOOKING,
  ...extra,
})
const day = (busy: PractitionerDay['busy'] = []): PractitionerDay => practitioner('ann', D, [['09:00', '13:00']], { busy })
// Ann works 09:00-13:00 with a booking 10:50-11:30; a 30-minute service on a 15-minute grid.
const booked = day([booking(D, '10:50', '11:30')])

const offered = (p: PractitionerDay, minimiseGaps: MinimiseGapsSettings | undefined, now = LONG_AGO): string[] =>
  daySlots({ date: D, practitioners: [p], service: service('cut', [['ann', 30]]), options: { now, minimiseGaps } })
    .filter((s) => s.valid)
    .map((s) => s.value)

const ALL_FREE_BOOKED = ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '11:30', '11:45', '12:00', '12:15', '12:30']

describe('minimise gaps for one service', () => {
  it.each<{ name: string; p: PractitionerDay; settings?: MinimiseGapsSettings; now?: number; expected: string[] }>([
    { name: 'setting absent: every valid slot', p: booked, expected: ALL_FREE_BOOKED },
    { name: 'setting off: every valid slot', p: booked, settings: { minimiseGaps: false }, expected: ALL_FREE_BOOKED },
    {
      name: 'on, no booking that day: every valid slot',
      p: day([booking(D, '10:00', '11:00', { kind: 'block' })]),
      settings: on(),
      expected: ['09:00', '09:15', '09:30', '11:00', '11:15', '11:30', '11:45', '12:00', '12:15', '12:30'],
    },
    { name: 'on with a booking: only adjacent slots, off-grid included', p: booked, settings: on(), expected: ['10:20', '11:30'] },
    { name: 'alsoShowFirst', p: booked, settings: on({ alsoShowFirst: true }), expected: ['09:00', '10:20', '11:30'] },
    { name: 'alsoShowLast', p: booked, settings: on({ alsoShowLast: true }), expected: ['10:20', '11:30', '12:30'] },
    {
      name: 'alsoShowFirst and alsoShowLast',
      p: booked,
      settings: on({ alsoShowFirst: true, alsoShowLast: true }),
      expected: ['09:00', '10:20', '11:30', '12:30'],
    },
    {
      name: 'first means first still in the future',
      p: booked,
      settings: on({ alsoShowFirst: true }),
      now: at(D, '09:40'),
      expected: ['09:45', '10:20', '11:30'],
    },
    {
      name: 'an unexpired hold counts as a booking',
      p: day([booking(D, '10:50', '11:30', { kind: 'hold', expiresAt: at(D, '23:00') })]),
      settings: on(),
      expected: ['10:20', '11:30'],
    },
    {
      name: 'another strategy value behaves the same',
      p: booked,
      settings: on({ minimiseGapsStrategy: 'Something else' }),
      expected: ['10:20', '11:30'],
    },
  ])('$name', ({ p, settings, now, expected }) => {
    expect(offered(p, settings, now)).toEqual(expected)
  })

  it('checkFirst false (a later service of a chain) lists every slot unfiltered', () => {
    const slots = daySlots({
      date: D,
      practitioners: [booked],
      service: service('dry', [['ann', 30]], { forceInterval: 5 }),
      options: { now: LONG_AGO, minimiseGaps: on(), checkFirst: false },
    })
    expect(slots.filter((s) => s.valid)).toHaveLength(17 + 13) // 09:00-10:20 and 11:30-12:30 every 5 minutes
    expect(offered(booked, on())).toEqual(['10:20', '11:30'])
  })

  it('flags the offered slots apptAdjacent and lists no invalid slot', () => {
    const slots = daySlots({ date: D, practitioners: [booked], service: service('cut', [['ann', 30]]), options: { now: LONG_AGO, minimiseGaps: on() } })
    expect(slots.every((s) => s.valid && s.apptAdjacent)).toBe(true)
  })

  it('does not offer an adjacent start that is not free', () => {
    const p = day([booking(D, '10:50', '11:30'), booking(D, '11:40', '12:00', { kind: 'block' })])
    expect(offered(p, on())).toEqual(['10:20'])
  })
})

describe('minimise gaps for a chain and checkFirst', () => {
  // Ann: booking 10:50-11:30. Basket: cut (30 min, ann) then colour (20 min, ann).
  const basket = [service('cut', [['ann', 30]]), service('colour', [['ann', 20]])]
  const starts = (settings: MinimiseGapsSettings | undefined, checkFirst?: boolean): string[] =>
    chainDay({ date: D, practitioners: [booked], services: basket, options: { now: LONG_AGO, minimiseGaps: settings, checkFirst } }).map(
      (c) => c.value,
    )

  it.each<{ name: string; settings?: MinimiseGapsSettings; checkFirst?: boolean; expected: string[] }>([
    {
      name: 'off: every chain',
      expected: ['09:00', '09:15', '09:30', '09:45', '10:00', '11:30', '11:45', '12:00'],
    },
    { name: 'checkFirst: the first service must be adjacent on its own', settings: on(), checkFirst: true, expected: ['11:30'] },
    {
      name: 'checkFirst with alsoShowFirst: the first service alone decides what is first',
      settings: on({ alsoShowFirst: true }),
      checkFirst: true,
      expected: ['09:00', '11:30'],
    },
    { name: 'checkFirst absent behaves as true', settings: on(), expected: ['11:30'] },
    { name: 'block (checkFirst false): the chain touches a booking at either end', settings: on(), checkFirst: false, expected: ['10:00', '11:30'] },
    {
      name: 'block with alsoShowFirst and alsoShowLast: first and last chains',
      settings: on({ alsoShowFirst: true, alsoShowLast: true }),
      checkFirst: false,
      expected: ['09:00', '10:00', '11:30', '12:00'],
    },
  ])('$name', ({ settings, checkFirst, expected }) => {
    expect(starts(settings, checkFirst)).toEqual(expected)
  })

  it('block mode with nobody booked offers every chain', () => {
    const free = day()
    const chains = chainDay({ date: D, practitioners: [free], services: basket, options: { now: LONG_AGO, minimiseGaps: on(), checkFirst: false } })
    expect(chains).toHaveLength(13)
  })

  it('block mode offers an off-grid chain that ends where a booking starts', () => {
    const p = day([booking(D, '10:55', '11:30')])
    const chains = chainDay({ date: D, practitioners: [p], services: basket, options: { now: LONG_AGO, minimiseGaps: on(), checkFirst: false } })
    expect(chains.map((c) => c.value)).toEqual(['10:05', '11:30'])
    expect(chains[0].services.map((s) => s.slot.apptAdjacent)).toEqual([false, true])
  })
})

describe('minimise gaps with any practitioner', () => {
  // Ann is free all morning and has a booking in the afternoon; Bob has a booking ending at 10:00.
  const ann = practitioner('ann', D, [['09:00', '13:00']], { busy: [booking(D, '12:30', '13:00')] })
  const bob = practitioner('bob', D, [['09:00', '13:00']], { busy: [booking(D, '09:30', '10:00')] })
  const any = service('cut', [
    ['ann', 30],
    ['bob', 30],
  ])

  it('for one service, unions what each practitioner offers', () => {
    const slots = daySlots({ date: D, practitioners: [ann, bob], service: any, options: { now: LONG_AGO, minimiseGaps: on() } })
    expect(slots.map((s) => `${s.value} ${s.practitioner}`)).toEqual(['09:00 bob', '10:00 bob', '12:00 ann'])
  })

  it('for a chain, picks at each start the first practitioner whose chain is offered', () => {
    const chains = chainDay({ date: D, practitioners: [ann, bob], services: [any], options: { now: LONG_AGO, minimiseGaps: on(), checkFirst: false } })
    expect(chains.map((c) => `${c.value} ${c.services[0].practitioner}`)).toEqual(['09:00 bob', '10:00 bob', '12:00 ann'])
  })

  it('stops at the limit, and alsoShowLast adds the last valid chain when the day is done', () => {
    const options = { now: LONG_AGO, minimiseGaps: on({ alsoShowLast: true }), checkFirst: false }
    expect(chainDay({ date: D, practitioners: [ann, bob], services: [any], options, limit: 1 }).map((c) => c.value)).toEqual(['09:00'])
    const all = chainDay({ date: D, practitioners: [ann, bob], services: [any], options })
    expect(all.map((c) => `${c.value} ${c.services[0].practitioner}`)).toEqual(['09:00 bob', '10:00 bob', '12:00 ann', '12:30 bob'])
  })
})
