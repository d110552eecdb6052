/**
 * What each notice says: subject, plain text, the HTML body's content blocks, the SMS text and the
 * .ics (same UID for an appointment's whole life, its SEQUENCE, METHOD:CANCEL once cancelled).
 * Pure: the organisation, customer, links and time come in as arguments. Dates in the spec's
 * format ('EEEE do MMMM yyyy'), times in Europe/London.
 */
import { formatInTimeZone } from 'date-fns-tz'
import { cancellationNotice } from '../../src/domain/policy/cancellation-notice'
import { sms, smsName, smsText } from '../../src/domain/policy/sms-segments'
import { currencyOrDefault, formatMoney } from '../../src/domain/pricing/money'
import { DISPLAY_LONG_DATE_FORMAT, LONDON_TIME_ZONE } from '../../src/domain/time'
import { buildIcs, icsMethod, type CalendarParties } from '../commerce/ics'
import type { OrganisationSettings } from '../db/schema'
import type { AppointmentNoticeKind as NoticeKind, NoticePayload } from './notices.repository'

export interface MessageContext {
  tenant: string
  organisation: { name: string; settings: OrganisationSettings }
  customer: { firstName: string }
  /** the .ics's ORGANIZER (the clinic, at the mails' sender address) and ATTENDEE (the customer) */
  calendar: CalendarParties
  /** where the customer manages the booking (from config.publicUrl only) */
  manageUrl: string
  /** the booking site's home (from config.publicUrl only) */
  bookUrl: string
  now: Date
}

export interface RenderedMessage {
  subject: string
  /** paragraphs, in order: the text part joins them, the HTML part shows each as a block */
  paragraphs: string[]
  /** the appointment lines (service, when, where) */
  details: string[]
  /** the button (absent in a few service mails, e.g. a refund) */
  action?: { label: string; url: string }
  /** a second, quieter choice under the button (a link), e.g. turning a waitlist offer down */
  secondaryAction?: { label: string; url: string }
  sms: string
  ics?: { filename: string; content: string; method: 'REQUEST' | 'CANCEL' }
}

export const when = (date: Date) => `${formatInTimeZone(date, LONDON_TIME_ZONE, DISPLAY_LONG_DATE_FORMAT)} at ${formatInTimeZone(date, LONDON_TIME_ZONE, 'HH:mm')}`
const shortWhen = (date: Date) => formatInTimeZone(date, LONDON_TIME_ZONE, 'EEE d MMM HH:mm')

/** The appointment's calendar UID: fixed for its whole life (booked, moved, cancelled). */
export const calendarUid = (tenant: string, appointmentId: string) => `${appointmentId}@${tenant}.clinic-booking`

const HEADLINES: Record<NoticeKind, (org: string, payload: NoticePayload) => { subject: string; lead: string; sms: string }> = {
  booked: (org) => ({ subject: 'Booking confirmed', lead: `Your booking with ${org} is confirmed:`, sms: ': booking confirmed' }),
  rescheduled: (org) => ({ subject: 'Booking moved', lead: `Your booking with ${org} has moved. The new time:`, sms: ': booking moved to' }),
  cancelled: (org) => ({ subject: 'Booking cancelled', lead: `Your booking with ${org} has been cancelled:`, sms: ': booking cancelled' }),
  'cancelled-by-clinic': (org) => ({
    subject: 'Booking cancelled by the clinic',
    lead: `We are sorry: ${org} has had to cancel your booking:`,
    sms: ' has cancelled your booking',
  }),
  reminder: (org) => ({ subject: 'Reminder', lead: `A reminder of your appointment with ${org}:`, sms: ' reminder:' }),
  'hold-released': (org) => ({
    subject: 'Not booked',
    lead: `The time you held with ${org} was released because the deposit was not paid in time. It is not booked:`,
    sms: ': not booked (deposit not paid)',
  }),
  'deposit-paid': (org, payload) => {
    const paid = payload.deposit ? formatMoney(payload.deposit.amount, currencyOrDefault(payload.deposit.currency)) : 'your deposit'
    return { subject: 'Deposit received', lead: `Thank you: ${org} has received your deposit of ${paid} for:`, sms: `: deposit of ${paid} received for` }
  },
}

/**
 * A released hold never reached the customer's calendar, and a deposit receipt follows the booking
 * confirmation that brought the .ics: their notices carry none.
 */
const onCalendar = (kind: NoticeKind) => kind !== 'hold-released' && kind !== 'deposit-paid'

const isCancel = (kind: NoticeKind) => kind === 'cancelled' || kind === 'cancelled-by-clinic'

export function renderNotice(kind: NoticeKind, payload: NoticePayload, ctx: MessageContext): RenderedMessage {
  const org = ctx.organisation.name
  const appointments = [...payload.appointments].sort((a, b) => a.start.localeCompare(b.start))
  const first = appointments[0]
  const start = new Date(first.start)
  const head = HEADLINES[kind](org, payload)
  const details = appointments.map((a) => `${a.serviceName} with ${a.practitionerName}, ${when(new Date(a.start))} (London time), ${a.clinicName}`)
  const paragraphs = [`Hi ${ctx.customer.firstName},`, head.lead]
  const address = first.clinicAddress ? `${first.clinicName}, ${first.clinicAddress}` : first.clinicName
  if (!isCancel(kind) && onCalendar(kind)) paragraphs.push(`Address: ${address}`)
  if (kind === 'reminder') {
    const terms = cancellationNotice(start, ctx.now, ctx.organisation.settings, appointments.reduce((sum, a) => sum + a.price, 0))
    if (terms) paragraphs.push(terms)
  }
  if (onCalendar(kind)) {
    paragraphs.push(
      isCancel(kind)
        ? 'The attached calendar file removes the appointment from your calendar.'
        : 'The attached calendar file adds the appointment to your calendar (or moves it there).',
    )
  }
  const events = appointments.map((a) => ({
    uid: calendarUid(ctx.tenant, a.id),
    sequence: a.sequence,
    cancelled: isCancel(kind),
    start: new Date(a.start),
    end: new Date(a.end),
    summary: `${a.serviceName} (${org})`,
    location: [a.clinicName, a.clinicAddress].filter(Boolean).join(', '),
    description: `With ${a.practitionerName}`,
  }))
  const ics = buildIcs(events, ctx.now, ctx.calendar)
  return {
    subject: `${head.subject}: ${first.serviceName} on ${formatInTimeZone(start, LONDON_TIME_ZONE, 'dd/MM/yyyy HH:mm')}`,
    paragraphs,
    details,
    action: { label: isCancel(kind) || kind === 'hold-released' ? 'Book again' : 'Manage your booking', url: ctx.manageUrl },
    // One segment where a wording allows, never over SMS_SEGMENT_CAP (smsText). No link: texts are often forwarded and read on lock screens.
    sms: smsText([
      sms`${smsName(org)}${head.sms} ${smsName(first.serviceName)} ${shortWhen(start)}, ${smsName(first.clinicName)}.`,
      sms`${smsName(org)}${head.sms} ${smsName(first.serviceName)} ${shortWhen(start)}.`,
      sms`${smsName(org)}${head.sms} ${shortWhen(start)}.`,
    ]),
    ...(onCalendar(kind) ? { ics: { filename: 'appointment.ics', content: ics, method: icsMethod(events) } } : {}),
  }
}

/** The plain-text part. */
export function textOf(message: RenderedMessage, organisationName: string): string {
  const action = [message.action, message.secondaryAction].flatMap((a) => (a ? [`${a.label}: ${a.url}`, ''] : []))
  return [...message.paragraphs.slice(0, 2), ...message.details.map((d) => `- ${d}`), '', ...message.paragraphs.slice(2), '', ...action, organisationName].join('\n')
}
