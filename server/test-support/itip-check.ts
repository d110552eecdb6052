/**
 * Reads a calendar file as calendar clients do and checks the RFC 5546 (iTIP) rules for the two
 * methods the server sends: parsed by ical.js (Mozilla's, in Thunderbird) and by node-ical, then
 * each VEVENT checked against the property table of REQUEST (3.2.2) or CANCEL (3.2.5).
 * Answers the problems found (none: []) and what both parsers read.
 */
import ICAL from 'ical.js'
import nodeIcal from 'node-ical'

export interface ItipReading {
  method: string
  problems: string[]
  events: { uid: string; sequence: number; status?: string; organizer: string; organizerName?: string; attendees: string[]; attendeeNames: string[] }[]
}

const count = (event: ICAL.Component, name: string) => event.getAllProperties(name).length

export function readItip(ics: string): ItipReading {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const method = String(calendar.getFirstPropertyValue('method') ?? '')
  const problems: string[] = []
  if (calendar.getFirstPropertyValue('version') !== '2.0') problems.push('VERSION is not 2.0')
  if (!calendar.getFirstPropertyValue('prodid')) problems.push('no PRODID')
  if (method !== 'REQUEST' && method !== 'CANCEL') problems.push(`METHOD ${method} is neither REQUEST nor CANCEL`)
  const vevents = calendar.getAllSubcomponents('vevent')
  if (vevents.length === 0) problems.push('no VEVENT')
  const events = vevents.map((event) => {
    const uid = String(event.getFirstPropertyValue('uid') ?? '')
    const once = ['DTSTAMP', 'ORGANIZER', 'UID', ...(method === 'REQUEST' ? ['DTSTART', 'SUMMARY'] : ['SEQUENCE'])]
    for (const name of once) if (count(event, name.toLowerCase()) !== 1) problems.push(`${uid}: ${name} ${count(event, name.toLowerCase())} times, not once`)
    if (method === 'REQUEST' && count(event, 'attendee') < 1) problems.push(`${uid}: a REQUEST without ATTENDEE`)
    const sequence = Number(event.getFirstPropertyValue('sequence') ?? 0)
    if (method === 'REQUEST' && sequence > 0 && count(event, 'sequence') !== 1) problems.push(`${uid}: SEQUENCE above 0 not written`)
    const status = event.getFirstPropertyValue('status') as string | null
    if (method === 'REQUEST' && status && !['TENTATIVE', 'CONFIRMED'].includes(status)) problems.push(`${uid}: STATUS ${status} in a REQUEST`)
    if (method === 'CANCEL' && status && status !== 'CANCELLED') problems.push(`${uid}: STATUS ${status} in a CANCEL`)
    const organizer = event.getFirstProperty('organizer')
    const attendees = event.getAllProperties('attendee')
    for (const party of [...(organizer ? [organizer] : []), ...attendees]) {
      const value = String(party.getFirstValue() ?? '')
      if (!/^mailto:[^@\s]+@[^@\s]+$/i.test(value)) problems.push(`${uid}: ${party.name} is not a mailto address: ${value}`)
    }
    return {
      uid,
      sequence,
      ...(status ? { status } : {}),
      organizer: String(organizer?.getFirstValue() ?? ''),
      ...(organizer?.getParameter('cn') ? { organizerName: String(organizer.getParameter('cn')) } : {}),
      attendees: attendees.map((a) => String(a.getFirstValue())),
      attendeeNames: attendees.map((a) => String(a.getParameter('cn') ?? '')),
    }
  })
  // node-ical (the parser of many Node calendar tools) must read the same people and method.
  const parsed = Object.values(nodeIcal.sync.parseICS(ics)).filter((c) => c?.type === 'VEVENT') as nodeIcal.VEvent[]
  for (const event of events) {
    const other = parsed.find((p) => p.uid === event.uid)
    if (!other) {
      problems.push(`${event.uid}: node-ical does not read it`)
      continue
    }
    const people = (x: unknown) => (Array.isArray(x) ? x : x === undefined ? [] : [x]).map((p) => String(typeof p === 'object' && p !== null && 'val' in p ? p.val : p))
    if (people(other.organizer).join() !== event.organizer) problems.push(`${event.uid}: node-ical reads ORGANIZER ${people(other.organizer).join()}`)
    if (people(other.attendee).join() !== event.attendees.join()) problems.push(`${event.uid}: node-ical reads ATTENDEE ${people(other.attendee).join()}`)
    if (other.method !== undefined && other.method !== method) problems.push(`${event.uid}: node-ical reads METHOD ${other.method}`)
  }
  return { method, problems, events }
}
