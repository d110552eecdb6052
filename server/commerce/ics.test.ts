import { describe, expect, it } from 'vitest'
import { buildIcs, escapeText, foldLine } from './ics'

describe('ics', () => {
  const now = new Date('2026-11-22T09:00:00.000Z')
  it('writes one VEVENT per appointment in UTC with CRLF line ends', () => {
    const ics = buildIcs(
      [{ uid: 'appt-1@clinic', start: new Date('2026-12-01T10:30:00Z'), end: new Date('2026-12-01T11:15:00Z'), summary: 'Facial, deluxe; 45 mins', location: 'Harley St\nLondon' }],
      now,
    )
    const lines = ics.split('\r\n')
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines).toContain('DTSTART:20261201T103000Z')
    expect(lines).toContain('DTEND:20261201T111500Z')
    expect(lines).toContain('DTSTAMP:20261122T090000Z')
    expect(lines).toContain('SUMMARY:Facial\\, deluxe\\; 45 mins')
    expect(lines).toContain('LOCATION:Harley St\\nLondon')
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1)
  })

  it('folds long lines at 75 octets', () => {
    const folded = foldLine('DESCRIPTION:' + 'é'.repeat(80))
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    expect(folded.split('\r\n').slice(1).every((l) => l.startsWith(' '))).toBe(true)
    expect(folded.replace(/\r\n /g, '')).toBe('DESCRIPTION:' + 'é'.repeat(80))
  })

  it('carries SEQUENCE, and METHOD:CANCEL with STATUS:CANCELLED for a cancelled event', () => {
    const event = { uid: 'appt-1@clinic', start: new Date('2026-12-01T10:30:00Z'), end: new Date('2026-12-01T11:15:00Z'), summary: 'Facial' }
    const moved = buildIcs([{ ...event, sequence: 1 }], now).split('\r\n')
    expect(moved).toContain('METHOD:PUBLISH')
    expect(moved).toContain('SEQUENCE:1')
    expect(moved).toContain('STATUS:CONFIRMED')
    const cancelled = buildIcs([{ ...event, sequence: 2, cancelled: true }], now).split('\r\n')
    expect(cancelled).toContain('METHOD:CANCEL')
    expect(cancelled).toContain('SEQUENCE:2')
    expect(cancelled).toContain('STATUS:CANCELLED')
    expect(buildIcs([event], now).split('\r\n')).toContain('SEQUENCE:0')
  })

  it('escapes backslashes', () => {
    expect(escapeText('a\\b')).toBe('a\\\\b')
  })
})
