import { describe, expect, it } from 'vitest'
import { splitVisits } from './customer-visits'

const now = new Date('2026-06-10T12:00:00.000Z')
const visit = (id: string, start: string, status: string) => ({ id, start, status })

describe('splitVisits', () => {
  it.each([
    ['a future visit', visit('a', '2026-06-11T09:00:00.000Z', 'Scheduled'), 'upcoming'],
    ['a future cancelled visit', visit('b', '2026-06-12T09:00:00.000Z', 'Cancelled'), 'upcoming'],
    ['a visit starting now', visit('c', '2026-06-10T12:00:00.000Z', 'Scheduled'), 'upcoming'],
    ['a past visit', visit('d', '2026-06-09T09:00:00.000Z', 'Completed'), 'past'],
    ['a past cancelled visit', visit('e', '2026-06-01T09:00:00.000Z', 'Cancelled'), 'past'],
    ['a past no-show', visit('f', '2026-06-10T11:30:00.000Z', 'No show'), 'past'],
  ])('puts %s in %s, whatever its status', (_name, v, side) => {
    const split = splitVisits([v], now)
    expect(split[side as 'upcoming' | 'past']).toEqual([v])
  })

  it('orders upcoming soonest first and past newest first', () => {
    const visits = [
      visit('later', '2026-07-01T09:00:00.000Z', 'Scheduled'),
      visit('soon', '2026-06-10T15:00:00.000Z', 'Cancelled'),
      visit('yesterday', '2026-06-09T09:00:00.000Z', 'Completed'),
      visit('last-month', '2026-05-09T09:00:00.000Z', 'Completed'),
    ]
    const split = splitVisits(visits, now)
    expect(split.upcoming.map((v) => v.id)).toEqual(['soon', 'later'])
    expect(split.past.map((v) => v.id)).toEqual(['yesterday', 'last-month'])
  })
})
