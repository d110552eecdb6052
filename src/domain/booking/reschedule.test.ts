import { describe, expect, it } from 'vitest'
import { rescheduleStartStep, rescheduleWithOffset, type RescheduleSource } from './reschedule'

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
