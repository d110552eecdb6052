/** Multi-service chaining: exact hand-over, 5-minute grid after the first service, any practitioner with backtracking. */
import { describe, expect, it } from 'vitest'
import { chainDay, hasChain } from './chain'
import { at, booking, LONG_AGO, practitioner, service } from './test-fixtures'
import type { ChainOption, PractitionerDay, ServiceRequest } from './types'

const D = '2026-01-14'
const run = (practitioners: PractitionerDay[], services: ServiceRequest[], limit?: number, now = LONG_AGO): ChainOption[] =>
  chainDay({ date: D, practitioners, services, options: { now }, limit })
const hhmm = (t: number): string => new Date(t).toISOString().slice(11, 16)
const describeChain = (c: ChainOption): string =>
  c.services.map((s) => `${s.serviceId}@${s.slot.value}-${hhmm(s.end)}:${s.practitioner}`).join(' ')

describe('chainDay with chosen practitioners', () => {
  const ann = practitioner('ann', D, [['09:00', '12:00']], { busy: [booking(D, '10:00', '10:30')] })
  const basket = [service('cut', [['ann', 30]]), service('dry', [['ann', 20]])]

  it('keeps only starts where each next service starts as the previous one ends', () => {
    expect(run([ann], basket).map((c) => c.value)).toEqual(['09:00', '10:30', '10:45', '11:00'])
  })

  it('reports each service with start, end, practitioner and a spec slot', () => {
    const [first] = run([ann], basket)
    expect(describeChain(first)).toBe('cut@09:00-09:30:ann dry@09:30-09:50:ann')
    expect(first.start).toBe(at(D, '09:00'))
    expect(first.end).toBe(at(D, '09:50'))
    expect(first.services[1].slot).toEqual({
      value: '09:30',
      startDate: '2026-01-14T09:30:00.000Z',
      endDate: '2026-01-14T09:50:00.000Z',
      duration: 20,
      valid: true,
      practitioner: 'ann',
      apptAdjacent: false,
      nextToService: true,
    })
    expect(first.services[0].slot.nextToService).toBe(false)
  })

  it('stops at the limit', () => {
    expect(run([ann], basket, 2).map((c) => c.value)).toEqual(['09:00', '10:30'])
  })

  it('starts no chain before now', () => {
    expect(run([ann], basket, undefined, at(D, '10:40')).map((c) => c.value)).toEqual(['10:45', '11:00'])
  })

  it('gives nothing for an empty basket or unknown practitioners', () => {
    expect(run([ann], [])).toEqual([])
    expect(run([ann], [service('cut', [['zed', 30]]), service('dry', [['ann', 20]])])).toEqual([])
    expect(run([ann], [service('cut', [['ann', 30]]), service('dry', [['zed', 20]])])).toEqual([])
  })

  it('puts every service after the first on a 5-minute grid from its working start', () => {
    const cut = practitioner('ann', D, [['09:00', '09:30']])
    const offGrid = practitioner('carl', D, [['09:02', '12:00']])
    const onGrid = practitioner('carl', D, [['09:05', '12:00']])
    const pair = [service('cut', [['ann', 30]]), service('dry', [['carl', 20]])]
    expect(run([cut, offGrid], pair)).toEqual([])
    expect(run([cut, onGrid], pair).map(describeChain)).toEqual(['cut@09:00-09:30:ann dry@09:30-09:50:carl'])
  })

  it('chains three services without gaps', () => {
    const three = [service('a', [['ann', 15]]), service('b', [['ann', 25]]), service('c', [['ann', 10]])]
    const [first] = run([ann], three)
    expect(describeChain(first)).toBe('a@09:00-09:15:ann b@09:15-09:40:ann c@09:40-09:50:ann')
  })
})

describe('chainDay with any practitioner', () => {
  it('may put each service on a different practitioner', () => {
    const ann = practitioner('ann', D, [['09:00', '09:30']])
    const bob = practitioner('bob', D, [['09:30', '10:00']])
    const basket = [
      service('cut', [
        ['ann', 30],
        ['bob', 30],
      ]),
      service('dry', [
        ['ann', 20],
        ['bob', 20],
      ]),
    ]
    expect(run([ann, bob], basket).map(describeChain)).toEqual(['cut@09:00-09:30:ann dry@09:30-09:50:bob'])
  })

  it('chooses the first free practitioner in option order', () => {
    const ann = practitioner('ann', D, [['09:00', '10:00']])
    const bob = practitioner('bob', D, [['09:00', '10:00']])
    const basket = [
      service('cut', [
        ['bob', 30],
        ['ann', 30],
      ]),
      service('dry', [
        ['ann', 20],
        ['bob', 20],
      ]),
    ]
    expect(describeChain(run([ann, bob], basket)[0])).toBe('cut@09:00-09:30:bob dry@09:30-09:50:ann')
  })

  it('backtracks when the first choice cannot complete the chain', () => {
    const ann = practitioner('ann', D, [['09:00', '10:00']])
    const bob = practitioner('bob', D, [['09:00', '10:00']])
    const carl = practitioner('carl', D, [['09:40', '10:30']])
    const basket = [
      service('cut', [
        ['ann', 30],
        ['bob', 40],
      ]),
      service('dry', [['carl', 20]]),
    ]
    expect(run([ann, bob, carl], basket).map(describeChain)).toEqual([
      'cut@09:00-09:40:bob dry@09:40-10:00:carl',
      'cut@09:15-09:45:ann dry@09:45-10:05:carl',
      'cut@09:30-10:00:ann dry@10:00-10:20:carl',
    ])
  })
})

describe("chainDay with assignment 'first-free'", () => {
  const ann = practitioner('ann', D, [['09:00', '10:00']])
  const bob = practitioner('bob', D, [['09:00', '10:00']])
  const carl = practitioner('carl', D, [['09:40', '10:30']])
  const basket = [
    service('cut', [
      ['ann', 30],
      ['bob', 40],
    ]),
    service('dry', [['carl', 20]]),
  ]

  it('does not backtrack: each service takes the first practitioner free at its start', () => {
    const chains = chainDay({ date: D, practitioners: [ann, bob, carl], services: basket, options: { now: LONG_AGO }, assignment: 'first-free' })
    expect(chains.map(describeChain)).toEqual(['cut@09:15-09:45:ann dry@09:45-10:05:carl', 'cut@09:30-10:00:ann dry@10:00-10:20:carl'])
  })

  it('gives up on a later service too where search would move it to the next practitioner', () => {
    // cut (ann) -> dry (bob 10 or carl 20) -> tidy (dave, from 09:50).
    const carlAllDay = practitioner('carl', D, [['09:00', '11:00']])
    const dave = practitioner('dave', D, [['09:50', '11:00']])
    const three = [
      service('cut', [['ann', 30]]),
      service('dry', [
        ['bob', 10],
        ['carl', 20],
      ]),
      service('tidy', [['dave', 10]]),
    ]
    const people = [ann, bob, carlAllDay, dave]
    const searched = run(people, three).map(describeChain)
    const firstFree = chainDay({ date: D, practitioners: people, services: three, options: { now: LONG_AGO }, assignment: 'first-free' }).map(
      describeChain,
    )
    expect(searched).toEqual([
      'cut@09:00-09:30:ann dry@09:30-09:50:carl tidy@09:50-10:00:dave',
      'cut@09:15-09:45:ann dry@09:45-09:55:bob tidy@09:55-10:05:dave',
      'cut@09:30-10:00:ann dry@10:00-10:20:carl tidy@10:20-10:30:dave',
    ])
    expect(firstFree).toEqual(searched.slice(1))
  })

  it('hasChain agrees: a start whose first free practitioner cannot hand over is dead in first-free mode', () => {
    // 09:00 is the only start: ann (first) cannot hand over to carl at 09:30; bob could at 09:40.
    const people = [practitioner('ann', D, [['09:00', '09:30']]), practitioner('bob', D, [['09:00', '09:40']]), practitioner('carl', D, [['09:40', '10:00']])]
    const input = { date: D, practitioners: people, services: basket, options: { now: LONG_AGO } }
    expect(chainDay(input).map(describeChain)).toEqual(['cut@09:00-09:40:bob dry@09:40-10:00:carl'])
    expect(hasChain(input)).toBe(true)
    expect(chainDay({ ...input, assignment: 'first-free' })).toEqual([])
    expect(hasChain({ ...input, assignment: 'first-free' })).toBe(false)
  })
})
