import { describe, expect, it } from 'vitest'
import { readItip } from '../test-support/itip-check'
import { buildIcs, escapeText, foldLine, paramValue, type CalendarParties } from './ics'

const parties: CalendarParties = {
  organizer: { name: 'Harley Aesthetics', email: 'no-reply@clinic.test' },
  attendee: { name: 'Jane Doe', email: 'jane@example.test' },
}

describe('ics', () => {
  const now = new Date('2026-11-22T09:00:00.000Z')
  it('writes one VEVENT per appointment in UTC with CRLF line ends', () => {
    const ics = buildIcs(
      [{ uid: 'appt-1@clinic', start: new Date('2026-12-01T10:30:00Z'), end: new Date('2026-12-01T11:15:00Z'), summary: 'Facial, deluxe; 45 mins', location: 'Harley St\nLondon' }],
      now,
      parties,
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
    const moved = buildIcs([{ ...event, sequence: 1 }], now, parties).split('\r\n')
    expect(moved).toContain('METHOD:REQUEST')
    expect(moved).toContain('SEQUENCE:1')
    expect(moved).toContain('STATUS:CONFIRMED')
    const cancelled = buildIcs([{ ...event, sequence: 2, cancelled: true }], now, parties).split('\r\n')
    expect(cancelled).toContain('METHOD:CANCEL')
    expect(cancelled).toContain('SEQUENCE:2')
    expect(cancelled).toContain('STATUS:CANCELLED')
    expect(buildIcs([event], now, parties).split('\r\n')).toContain('SEQUENCE:0')
  })

  it('names the clinic as ORGANIZER and the customer as ATTENDEE, by RFC 5546 for REQUEST and CANCEL (ical.js, node-ical)', () => {
    const event = { uid: 'appt-1@clinic', start: new Date('2026-12-01T10:30:00Z'), end: new Date('2026-12-01T11:15:00Z'), summary: 'Facial' }
    const linked = { ...event, uid: 'appt-2@clinic', start: new Date('2026-12-01T11:15:00Z'), end: new Date('2026-12-01T11:45:00Z') }
    const request = readItip(buildIcs([event, { ...linked, sequence: 3 }], now, parties))
    expect(request.problems).toEqual([])
    expect(request.method).toBe('REQUEST')
    expect(request.events.map((e) => [e.uid, e.sequence, e.status])).toEqual([['appt-1@clinic', 0, 'CONFIRMED'], ['appt-2@clinic', 3, 'CONFIRMED']])
    for (const e of request.events) {
      expect(e.organizer).toBe('mailto:no-reply@clinic.test')
      expect(e.organizerName).toBe('Harley Aesthetics')
      expect(e.attendees).toEqual(['mailto:jane@example.test'])
      expect(e.attendeeNames).toEqual(['Jane Doe'])
    }
    const cancel = readItip(buildIcs([{ ...event, sequence: 4, cancelled: true }], now, parties))
    expect(cancel.problems).toEqual([])
    expect(cancel.method).toBe('CANCEL')
    expect(cancel.events).toEqual([expect.objectContaining({ uid: 'appt-1@clinic', sequence: 4, status: 'CANCELLED', organizer: 'mailto:no-reply@clinic.test', attendees: ['mailto:jane@example.test'] })])
    // The check itself: the files sent before (no ORGANIZER, no ATTENDEE) fail it (the lines are folded).
    const before = buildIcs([{ ...event, sequence: 4, cancelled: true }], now, parties).replace(/(ORGANIZER|ATTENDEE)[^\r]*\r\n( [^\r]*\r\n)*/g, '')
    expect(readItip(before).problems).toEqual(['appt-1@clinic: ORGANIZER 0 times, not once'])
    expect(readItip(buildIcs([event], now, parties).replace(/ATTENDEE[^\r]*\r\n( [^\r]*\r\n)*/, '')).problems).toEqual(['appt-1@clinic: a REQUEST without ATTENDEE'])
  })

  it('quotes a name with a colon, semicolon or comma, and drops what a parameter cannot carry', () => {
    expect(paramValue('Jane Doe')).toBe('Jane Doe')
    expect(paramValue('Smith, Jo; "Dr"')).toBe('"Smith, Jo; Dr"')
    const odd = { organizer: { name: 'Skin: Clinic, Bristol', email: 'desk@clinic.test' }, attendee: { name: 'O"Brien;\nAnn', email: 'ann@example.test' } }
    const reading = readItip(buildIcs([{ uid: 'x@clinic', start: new Date('2026-12-01T10:30:00Z'), end: new Date('2026-12-01T11:00:00Z'), summary: 'Peel' }], now, odd))
    expect(reading.problems).toEqual([])
    expect(reading.events[0].organizerName).toBe('Skin: Clinic, Bristol')
    expect(reading.events[0].attendeeNames).toEqual(['O Brien; Ann'])
  })

  it('escapes backslashes', () => {
    expect(escapeText('a\\b')).toBe('a\\\\b')
  })
})
