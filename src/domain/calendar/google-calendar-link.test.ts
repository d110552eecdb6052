import { describe, expect, it } from 'vitest'
import { googleCalendarLink } from './google-calendar-link'

describe('googleCalendarLink', () => {
  it('builds the TEMPLATE link with UTC dates and encoded texts', () => {
    const link = new URL(
      googleCalendarLink({ title: 'Facial & peel', start: new Date('2026-12-01T10:30:00Z'), end: new Date('2026-12-01T11:15:00Z'), location: '1 Harley St, London' }),
    )
    expect(link.origin + link.pathname).toBe('https://calendar.google.com/calendar/render')
    expect(link.searchParams.get('action')).toBe('TEMPLATE')
    expect(link.searchParams.get('text')).toBe('Facial & peel')
    expect(link.searchParams.get('dates')).toBe('20261201T103000Z/20261201T111500Z')
    expect(link.searchParams.get('location')).toBe('1 Harley St, London')
    expect(link.searchParams.has('details')).toBe(false)
  })
})
