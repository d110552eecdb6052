/**
 * What a practitioner's staff login is told of a new, moved or cancelled booking with them (issue 29):
 * who, what, when and where, and the desk's address. Pure: names, links and the notice come in.
 * No calendar file: the practitioner's calendar feed carries the bookings.
 */
import { formatInTimeZone } from 'date-fns-tz'
import { sms, smsName, smsText } from '../../src/domain/policy/sms-segments'
import { LONDON_TIME_ZONE } from '../../src/domain/time'
import { when, type RenderedMessage } from './messages'
import type { AppointmentNoticeKind, NoticeAppointment } from './notices.repository'

const shortWhen = (date: Date) => formatInTimeZone(date, LONDON_TIME_ZONE, 'EEE d MMM HH:mm')

/** The notices a practitioner hears about; reminders, released holds and deposit receipts are the customer's. */
export const PRACTITIONER_KINDS: ReadonlySet<AppointmentNoticeKind> = new Set(['booked', 'rescheduled', 'cancelled', 'cancelled-by-clinic'])

const HEAD: Record<'booked' | 'rescheduled' | 'cancelled' | 'cancelled-by-clinic', { subject: string; lead: string; sms: string }> = {
  booked: { subject: 'New booking', lead: 'A new booking with you:', sms: 'new booking' },
  rescheduled: { subject: 'Booking moved', lead: 'A booking with you has moved. The new time:', sms: 'booking moved to' },
  cancelled: { subject: 'Booking cancelled', lead: 'The customer has cancelled a booking with you:', sms: 'booking cancelled' },
  'cancelled-by-clinic': { subject: 'Booking cancelled by the clinic', lead: 'The clinic has cancelled a booking with you:', sms: 'booking cancelled by the clinic' },
}

export interface PractitionerMessageContext {
  organisationName: string
  staffName: string
  customerName: string
  /** the desk (from config.publicUrl only) */
  deskUrl: string
  /** where the staff login turns these messages off */
  settingsUrl: string
  /** a booking moved to this practitioner: the practitioner it came from */
  movedFrom?: string
}

export function renderPractitionerNotice(kind: AppointmentNoticeKind, appointments: readonly NoticeAppointment[], ctx: PractitionerMessageContext): RenderedMessage | undefined {
  if (!PRACTITIONER_KINDS.has(kind) || appointments.length === 0) return undefined
  const head = HEAD[kind as keyof typeof HEAD]
  const sorted = [...appointments].sort((a, b) => a.start.localeCompare(b.start))
  const first = sorted[0]!
  const start = new Date(first.start)
  return {
    subject: `${head.subject}: ${ctx.customerName}, ${first.serviceName} on ${formatInTimeZone(start, LONDON_TIME_ZONE, 'dd/MM/yyyy HH:mm')}`,
    paragraphs: [
      `Hi ${ctx.staffName},`,
      kind === 'rescheduled' && ctx.movedFrom ? `A booking has moved to you from ${ctx.movedFrom}. The new time:` : head.lead,
      `Customer: ${ctx.customerName}`,
      `You get these messages because booking notifications are on for your staff login; turn them off at ${ctx.settingsUrl}`,
    ],
    details: sorted.map((a) => `${a.serviceName}, ${when(new Date(a.start))} (London time), ${a.clinicName}`),
    action: { label: 'Open the desk', url: ctx.deskUrl },
    sms: smsText([
      sms`${smsName(ctx.organisationName)}: ${head.sms} ${smsName(ctx.customerName)}, ${smsName(first.serviceName)} ${shortWhen(start)}, ${smsName(first.clinicName)}.`,
      sms`${smsName(ctx.organisationName)}: ${head.sms} ${smsName(ctx.customerName)}, ${smsName(first.serviceName)} ${shortWhen(start)}.`,
      sms`${smsName(ctx.organisationName)}: ${head.sms} ${smsName(ctx.customerName)}, ${shortWhen(start)}.`,
    ]),
  }
}

/**
 * A booking moved from this practitioner to another: it has left their calendar. Staff may know to
 * whom and when it went; the time it had with them comes first.
 */
export function renderPractitionerMovedAway(moved: { was: { start: string }; now: NoticeAppointment }, ctx: PractitionerMessageContext): RenderedMessage {
  const was = new Date(moved.was.start)
  const now = moved.now
  return {
    subject: `Booking moved away: ${ctx.customerName}, ${now.serviceName} on ${formatInTimeZone(was, LONDON_TIME_ZONE, 'dd/MM/yyyy HH:mm')}`,
    paragraphs: [
      `Hi ${ctx.staffName},`,
      'A booking has moved to another practitioner and is no longer in your calendar:',
      `Customer: ${ctx.customerName}`,
      `Now with ${now.practitionerName}: ${when(new Date(now.start))} (London time), ${now.clinicName}`,
      `You get these messages because booking notifications are on for your staff login; turn them off at ${ctx.settingsUrl}`,
    ],
    details: [`${now.serviceName}, ${when(was)} (London time), ${now.clinicName}`],
    action: { label: 'Open the desk', url: ctx.deskUrl },
    sms: smsText([
      sms`${smsName(ctx.organisationName)}: booking moved away ${smsName(ctx.customerName)}, ${smsName(now.serviceName)} ${shortWhen(was)}, now with ${smsName(now.practitionerName)}.`,
      sms`${smsName(ctx.organisationName)}: booking moved away ${smsName(ctx.customerName)}, ${shortWhen(was)}, now with ${smsName(now.practitionerName)}.`,
      sms`${smsName(ctx.organisationName)}: booking moved away ${smsName(ctx.customerName)}, ${shortWhen(was)}.`,
    ]),
  }
}
