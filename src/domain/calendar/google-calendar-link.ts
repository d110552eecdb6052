/**
 * A Google Calendar "add event" link (the documented TEMPLATE action of
 * https://calendar.google.com/calendar/render) for an appointment, for the web app's
 * 'Add to calendar' button beside the .ics download. Times in UTC ('Z' form).
 */
export interface CalendarLinkEvent {
  title: string
  start: Date
  end: Date
  location?: string
  details?: string
}

const utc = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')

export function googleCalendarLink(event: CalendarLinkEvent): string {
  const params = new URLSearchParams({ action: 'TEMPLATE', text: event.title, dates: `${utc(event.start)}/${utc(event.end)}` })
  if (event.location) params.set('location', event.location)
  if (event.details) params.set('details', event.details)
  return `https://calendar.google.com/calendar/render?${params.toString()}`
}
