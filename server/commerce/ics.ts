/**
 * A minimal RFC 5545 calendar (one VEVENT per appointment) for booking mails and the app's 'Add to
 * calendar'. An iTIP message (RFC 5546): METHOD:REQUEST while the visit stands, METHOD:CANCEL once
 * every event of the file is cancelled; both name the ORGANIZER (the clinic) and the ATTENDEE (the
 * customer), which a calendar client needs to match a cancel to the visit it holds.
 * Times are written in UTC ('Z' form); text values are escaped and lines folded at 75 octets.
 */

/** Someone on the invitation: a display name and an email address. */
export interface CalendarParty {
  name: string
  email: string
}

export interface CalendarParties {
  /** the clinic: the address the mails come from */
  organizer: CalendarParty
  /** the customer */
  attendee: CalendarParty
}
export interface CalendarEvent {
  uid: string
  start: Date
  end: Date
  summary: string
  location?: string
  description?: string
  /** RFC 5545 SEQUENCE: 0 at booking, one more on each change (calendar apps keep the highest) */
  sequence?: number
  /** a cancelled event: STATUS:CANCELLED, and METHOD:CANCEL when every event of the file is */
  cancelled?: boolean
}

function utc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
}

/** Escapes TEXT values (RFC 5545 3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
}

/** Folds a content line so that no line exceeds 75 octets (continuation lines start with a space). */
export function foldLine(line: string): string {
  const out: string[] = []
  let current = ''
  let octets = 0
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8')
    const limit = out.length === 0 ? 75 : 74
    if (octets + size > limit) {
      out.push(current)
      current = ''
      octets = 0
    }
    current += ch
    octets += size
  }
  out.push(current)
  return out.join('\r\n ')
}

/**
 * A parameter value (RFC 5545 3.2): quoted when it holds ':', ';' or ',', without the characters a
 * parameter cannot carry (double quotes, control characters).
 */
export function paramValue(value: string): string {
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim()
  return /[:;,]/.test(clean) ? `"${clean}"` : clean
}

const mailto = (email: string) => `mailto:${email.trim()}`

/** The iTIP method of a file of these events. */
export function icsMethod(events: readonly CalendarEvent[]): 'REQUEST' | 'CANCEL' {
  return events.length > 0 && events.every((e) => e.cancelled) ? 'CANCEL' : 'REQUEST'
}

export function buildIcs(events: readonly CalendarEvent[], now: Date, parties: CalendarParties, productId = '-//Clinic Online Booking//EN'): string {
  const method = icsMethod(events)
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${productId}`, 'CALSCALE:GREGORIAN', `METHOD:${method}`]
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `SEQUENCE:${event.sequence ?? 0}`,
      `DTSTAMP:${utc(now)}`,
      `DTSTART:${utc(event.start)}`,
      `DTEND:${utc(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `ORGANIZER;CN=${paramValue(parties.organizer.name)}:${mailto(parties.organizer.email)}`,
      // Booked by the customer: already accepted, no reply asked for (RSVP=FALSE).
      `ATTENDEE;CN=${paramValue(parties.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:${mailto(parties.attendee.email)}`,
    )
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`)
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`)
    lines.push(event.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED', 'END:VEVENT')
  }
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join('\r\n') + '\r\n'
}

/** An event of a subscription feed: no attendees, a status of its own (an unpaid hold is tentative). */
export interface FeedEvent extends Omit<CalendarEvent, 'cancelled'> {
  status: 'CONFIRMED' | 'TENTATIVE'
}

/**
 * A subscribed calendar (RFC 5545, no iTIP method: a feed is read, not answered): the calendar's name
 * and one VEVENT per event, with the same UIDs as the mails so that one visit is one event everywhere.
 * An event that leaves the feed (cancelled, moved out of range) is removed by the calendar app.
 */
export function buildFeedIcs(events: readonly FeedEvent[], now: Date, calendarName: string, productId = '-//Clinic Online Booking//EN'): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${productId}`, 'CALSCALE:GREGORIAN', `X-WR-CALNAME:${escapeText(calendarName)}`, 'X-PUBLISHED-TTL:PT15M', 'REFRESH-INTERVAL;VALUE=DURATION:PT15M']
  for (const event of events) {
    lines.push('BEGIN:VEVENT', `UID:${event.uid}`, `SEQUENCE:${event.sequence ?? 0}`, `DTSTAMP:${utc(now)}`, `DTSTART:${utc(event.start)}`, `DTEND:${utc(event.end)}`, `SUMMARY:${escapeText(event.summary)}`)
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`)
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`)
    lines.push(`STATUS:${event.status}`, 'TRANSP:OPAQUE', 'END:VEVENT')
  }
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join('\r\n') + '\r\n'
}
