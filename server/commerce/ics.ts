/**
 * A minimal RFC 5545 calendar (one VEVENT per appointment) for booking confirmation emails.
 * Times are written in UTC ('Z' form); text values are escaped and lines folded at 75 octets.
 */
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

export function buildIcs(events: readonly CalendarEvent[], now: Date, productId = '-//Clinic Online Booking//EN'): string {
  const method = events.length > 0 && events.every((e) => e.cancelled) ? 'CANCEL' : 'PUBLISH'
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
    )
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`)
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`)
    lines.push(event.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED', 'END:VEVENT')
  }
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join('\r\n') + '\r\n'
}
