import { describe, expect, it } from 'vitest'
import { archiveWithBookingsMessage, archivesWithBookings, mayApplyArchives } from './archive-with-bookings'

const plan = [
  { action: 'archive', kind: 'practitioner', slug: 'jane', upcomingBookings: 3 },
  { action: 'archive', kind: 'service', slug: 'massage', upcomingBookings: 0 },
  { action: 'change', kind: 'location', slug: 'soho', upcomingBookings: 5 },
  { action: 'archive', kind: 'location', slug: 'leeds', upcomingBookings: 1 },
  { action: 'create', kind: 'service', slug: 'peel' },
]

describe('archiving items with upcoming bookings', () => {
  it('names only the archives that leave bookings behind', () => {
    expect(archivesWithBookings(plan).map((s) => s.slug)).toEqual(['jane', 'leeds'])
  })

  it.each([
    [plan, false, false],
    [plan, true, true],
    [plan.filter((s) => s.slug !== 'jane' && s.slug !== 'leeds'), false, true],
  ])('may apply: case %#', (steps, anyway, expected) => {
    expect(mayApplyArchives(steps, anyway)).toBe(expected)
  })

  it('says which items and how many bookings each', () => {
    expect(archiveWithBookingsMessage(archivesWithBookings(plan))).toBe(
      'Not applied: archiving practitioner jane, which has 3 upcoming bookings; location leeds, which has 1 upcoming booking. Move or cancel those bookings first.',
    )
  })
})
