import { describe, expect, it } from 'vitest'
import { modeStart, rescheduleStartStep, rescheduleWithOffset, type RescheduleSource } from './reschedule'

describe('rescheduleStartStep', () => {
  it.each([
    [{}, 'staff'],
    [{ isLinked: false, linkedAppointments: [] }, 'staff'],
    [{ linkedAppointments: null }, 'staff'],
    [{ isLinked: true }, 'time'],
    [{ linkedAppointments: [{}] }, 'time'],
  ] as [RescheduleSource, string][])('%o -> %s', (appointment, step) => {
    expect(rescheduleStartStep(appointment)).toBe(step)
  })
})

describe('rescheduleWithOffset', () => {
  const at = (iso: string) => new Date(iso)
  const appts = [
    { id: 'a', event: { start: at('2026-05-01T09:00:00Z'), end: at('2026-05-01T09:30:00Z') } },
    { id: 'b', event: { start: at('2026-05-01T09:30:00Z'), end: at('2026-05-01T10:15:00Z') } },
    { id: 'c', isLinked: true, event: { start: at('2026-05-01T10:15:00Z'), end: at('2026-05-01T10:30:00Z') } },
  ]

  it('keeps offsets and durations, skips linked ones', () => {
    const moved = rescheduleWithOffset(appts, at('2026-05-03T14:00:00Z'))
    expect(moved.map((a) => [a.id, a.event.start.toISOString(), a.event.end.toISOString()])).toEqual([
      ['a', '2026-05-03T14:00:00.000Z', '2026-05-03T14:30:00.000Z'],
      ['b', '2026-05-03T14:30:00.000Z', '2026-05-03T15:15:00.000Z'],
    ])
  })

  it('can move earlier and leaves the input untouched', () => {
    const moved = rescheduleWithOffset(appts, at('2026-04-30T08:00:00Z'))
    expect(moved[1].event.start.toISOString()).toBe('2026-04-30T08:30:00.000Z')
    expect(appts[0].event.start.toISOString()).toBe('2026-05-01T09:00:00.000Z')
  })

  it('empty list', () => {
    expect(rescheduleWithOffset([], new Date())).toEqual([])
  })
})

describe('modeStart', () => {
  const massage = { id: 's1', categoryId: 'c1', defaultPrice: 40 }
  const sauna = { id: 's2', defaultPrice: 15 }
  const ann = { id: 'p1', grossPrice: 55 }
  const items = [
    { service: massage, staff: ann, appointmentId: 'a1', event: { start: '2026-05-01T09:00:00Z', end: '2026-05-01T10:00:00Z' } },
    { service: sauna, appointmentId: 'a2', isLinked: true, event: { start: '2026-05-01T10:00:00Z', end: '2026-05-01T10:30:00Z' } },
    { service: sauna, appointmentId: 'a3' },
  ]

  it('reschedule: same basket without times, the current times with the staff price else the service price', () => {
    const start = modeStart({ reschedule: true, linked: false }, 'l1', items)
    expect(start.basket).toEqual([
      { kind: 'service', service: massage, staff: ann, anyStaff: false },
      { kind: 'service', service: sauna, staff: undefined, anyStaff: false },
      { kind: 'service', service: sauna, staff: undefined, anyStaff: false },
    ])
    expect(start.sources).toEqual([
      { appointmentId: 'a1', isLinked: undefined, start: '2026-05-01T09:00:00Z', end: '2026-05-01T10:00:00Z', serviceId: 's1', practitionerId: 'p1', price: 55 },
      { appointmentId: 'a2', isLinked: true, start: '2026-05-01T10:00:00Z', end: '2026-05-01T10:30:00Z', serviceId: 's2', practitionerId: undefined, price: 15 },
    ])
    expect(start.step).toBe('staff')
    expect(start.path).toEqual({ locationId: 'l1', categoryId: 'c1', serviceId: 's1', query: { service: '0', reschedule: '1' } })
  })

  it('a linked reschedule starts at the time step', () => {
    expect(modeStart({ reschedule: true, linked: true }, 'l1', items).step).toBe('time')
  })

  it('book again: the staff step, no current times, no reschedule in the URL', () => {
    const start = modeStart({ reschedule: false }, 'l1', items.slice(1))
    expect(start.step).toBe('staff')
    expect(start.sources).toEqual([])
    expect(start.path).toEqual({ locationId: 'l1', categoryId: undefined, serviceId: 's2', query: { service: '0' } })
  })
})
