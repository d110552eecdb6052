import { describe, expect, it } from 'vitest'
import { archiveKeepsBookingsText, archiveWithBookingsMessage, archivesWithBookings, mayApplyArchives, upcomingBookingsLeft, upcomingBookingsText } from './archive-with-bookings'

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

  it('counts the bookings all the archives leave, and says a count as the dialog and the CLI do', () => {
    expect(upcomingBookingsLeft(plan)).toBe(4)
    expect(upcomingBookingsLeft(plan.filter((s) => s.slug !== 'jane' && s.slug !== 'leeds'))).toBe(0)
    expect([1, 2].map(upcomingBookingsText)).toEqual(['1 upcoming booking', '2 upcoming bookings'])
  })

  it.each([
    [1, ['Lip filler has 1 upcoming booking. It is kept: archiving only hides Lip filler online and from these settings.', 'Move or cancel that booking first if it should not go ahead.']],
    [3, ['Dr Sarah Jones has 3 upcoming bookings. They are kept: archiving only hides Dr Sarah Jones online and from these settings.', 'Move or cancel those bookings first if they should not go ahead.']],
  ])("the settings' dialog for %i booking(s)", (n, expected) => {
    expect(archiveKeepsBookingsText(n === 1 ? 'Lip filler' : 'Dr Sarah Jones', n)).toEqual(expected)
  })
})
