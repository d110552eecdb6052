/**
 * Every text message the notices send (customer, practitioner, purchase), through the one rule
 * (smsText): one SMS segment where a wording allows, the fullest that does, look-alikes made GSM.
 * The pay link and the waitlist offer have their own tables in the domain (pay-link, offer-text).
 */
import { describe, expect, it } from 'vitest'
import { SMS_SEGMENT_CAP, smsEncoding, smsSegments } from '../../src/domain/policy/sms-segments'
import { DEMO_ORGANISATION_SETTINGS } from '../seed/demo.seed'
import { renderNotice, type MessageContext } from './messages'
import { renderPractitionerMovedAway, renderPractitionerNotice } from './practitioner-messages'
import { renderPurchase } from './purchase-messages'
import type { AppointmentNoticeKind, NoticeAppointment } from './notices.repository'

const context = (organisation: string): MessageContext => ({
  tenant: 'demo',
  organisation: { name: organisation, settings: DEMO_ORGANISATION_SETTINGS },
  customer: { firstName: 'Jane' },
  calendar: { organizer: { name: organisation, email: 'no-reply@clinic.test' }, attendee: { name: 'Jane Doe', email: 'jane@example.test' } },
  manageUrl: 'https://book.clinic.test/app',
  bookUrl: 'https://book.clinic.test/',
  now: new Date('2026-12-01T09:00:00Z'),
})

const appointment = (serviceName: string, clinicName: string): NoticeAppointment => ({
  id: 'a1',
  start: '2026-12-15T10:00:00.000Z',
  end: '2026-12-15T10:30:00.000Z',
  status: 'Scheduled',
  serviceName,
  practitionerName: 'Sarah Jones',
  clinicName,
  clinicAddress: '1 Harley Street, London',
  price: 60,
  sequence: 0,
})

const LONG = {
  organisation: 'The Harley Street Aesthetics and Wellbeing Clinic',
  service: 'Hydrafacial Deluxe with LED Light Therapy and Lymphatic Drainage',
  clinic: 'Harley Street Clinic, Marylebone',
}

const ONE = { appointments: [appointment('Consultation', 'London')], deposit: { amount: 36, currency: 'GBP' } }
const LONG_ONE = { appointments: [appointment(LONG.service, LONG.clinic)], deposit: { amount: 36, currency: 'GBP' } }
const TYPED_ONE = { appointments: [appointment('Gel “Deluxe” Nails', 'Soho – Main Studio')] }

describe('customer notice texts', () => {
  it.each<[string, AppointmentNoticeKind, string, typeof ONE | typeof TYPED_ONE, string]>([
    ['booked, in full', 'booked', 'Harley Aesthetics', ONE, 'Harley Aesthetics: booking confirmed Consultation Tue 15 Dec 10:00, London.'],
    ['moved, in full', 'rescheduled', 'Harley Aesthetics', ONE, 'Harley Aesthetics: booking moved to Consultation Tue 15 Dec 10:00, London.'],
    ['cancelled, in full', 'cancelled', 'Harley Aesthetics', ONE, 'Harley Aesthetics: booking cancelled Consultation Tue 15 Dec 10:00, London.'],
    ['cancelled by the clinic, in full', 'cancelled-by-clinic', 'Harley Aesthetics', ONE, 'Harley Aesthetics has cancelled your booking Consultation Tue 15 Dec 10:00, London.'],
    ['a reminder, in full', 'reminder', 'Harley Aesthetics', ONE, 'Harley Aesthetics reminder: Consultation Tue 15 Dec 10:00, London.'],
    ['a released hold, in full', 'hold-released', 'Harley Aesthetics', ONE, 'Harley Aesthetics: not booked (deposit not paid) Consultation Tue 15 Dec 10:00, London.'],
    ['a deposit receipt, in full', 'deposit-paid', 'Harley Aesthetics', ONE, 'Harley Aesthetics: deposit of £36.00 received for Consultation Tue 15 Dec 10:00, London.'],
    ['long names: no clinic', 'reminder', LONG.organisation, LONG_ONE, `${LONG.organisation} reminder: ${LONG.service} Tue 15 Dec 10:00.`],
    ['long names: no service either', 'deposit-paid', LONG.organisation, LONG_ONE, `${LONG.organisation}: deposit of £36.00 received for Tue 15 Dec 10:00.`],
    // Curly quotes, an apostrophe and an en dash would make the text Unicode (70): GSM twins keep it whole.
    ['typographic names, as GSM', 'booked', 'Anna’s Beauty', TYPED_ONE, `Anna's Beauty: booking confirmed Gel "Deluxe" Nails Tue 15 Dec 10:00, Soho - Main Studio.`],
    // ł and ó read as l and o keep the text GSM (160, not 70): the fullest wording fits.
    ['accented letters, read as GSM', 'booked', 'Gabinet Paweł', { appointments: [appointment('Konsultacja kosmetologiczna', 'Kraków Stare Miasto')] }, 'Gabinet Pawel: booking confirmed Konsultacja kosmetologiczna Tue 15 Dec 10:00, Krakow Stare Miasto.'],
    ['an emoji dropped, an en dash as GSM', 'reminder', 'Zoë’s Glow ✨', { appointments: [appointment('Lip filler – 1 ml', 'Soho')] }, "Zoe's Glow reminder: Lip filler - 1 ml Tue 15 Dec 10:00, Soho."],
  ])('%s', (_, kind, organisation, payload, text) => {
    const sms = renderNotice(kind, payload, context(organisation)).sms
    expect(sms).toBe(text)
    expect(smsSegments(sms)).toBe(1)
  })
})

describe('customer notice texts over the cap', () => {
  // A name no wording can fit (free text from the set-up): cut, GSM, never more than the cap; the fixed words and time whole.
  const huge = `Zoë’s ✨ ${'Very '.repeat(80)}Long Clinic`
  it.each<[AppointmentNoticeKind, string]>([
    ['booked', ': booking confirmed Tue 15 Dec 10:00.'],
    ['rescheduled', ': booking moved to Tue 15 Dec 10:00.'],
    ['cancelled', ': booking cancelled Tue 15 Dec 10:00.'],
    ['cancelled-by-clinic', ' has cancelled your booking Tue 15 Dec 10:00.'],
    ['reminder', ' reminder: Tue 15 Dec 10:00.'],
    ['hold-released', ': not booked (deposit not paid) Tue 15 Dec 10:00.'],
    ['deposit-paid', ': deposit of £36.00 received for Tue 15 Dec 10:00.'],
  ])('%s', (kind, ending) => {
    const sms = renderNotice(kind, { appointments: [appointment(`${'Hydrafacial – '.repeat(30)}Deluxe`, huge)], deposit: { amount: 36, currency: 'GBP' } }, context(huge)).sms
    expect(sms.startsWith("Zoe's Very Very ")).toBe(true)
    expect(sms.endsWith(`...${ending}`)).toBe(true)
    expect(smsEncoding(sms)).toBe('gsm')
    expect(smsSegments(sms)).toBeLessThanOrEqual(SMS_SEGMENT_CAP)
  })
})

describe('practitioner notice texts', () => {
  const ctx = (organisationName: string, customerName: string) => ({ organisationName, staffName: 'Sarah', customerName, deskUrl: 'https://book.clinic.test/desk', settingsUrl: 'https://book.clinic.test/desk/settings' })
  it.each<[string, 'booked' | 'rescheduled' | 'cancelled' | 'cancelled-by-clinic', string, string, NoticeAppointment, string]>([
    ['a new booking, in full', 'booked', 'Harley Aesthetics', 'Jane Doe', appointment('Consultation', 'London'), 'Harley Aesthetics: new booking Jane Doe, Consultation Tue 15 Dec 10:00, London.'],
    ['cancelled by the clinic, in full', 'cancelled-by-clinic', 'Harley Aesthetics', 'Jane Doe', appointment('Consultation', 'London'), 'Harley Aesthetics: booking cancelled by the clinic Jane Doe, Consultation Tue 15 Dec 10:00, London.'],
    ['long names: who and when', 'rescheduled', LONG.organisation, 'Jane Doe-Smithington', appointment(LONG.service, LONG.clinic), `${LONG.organisation}: booking moved to Jane Doe-Smithington, Tue 15 Dec 10:00.`],
    ['typographic names, as GSM', 'cancelled', 'Anna’s Beauty', 'Jane O’Neill', appointment('Gel Nails', 'Soho – Main Studio'), "Anna's Beauty: booking cancelled Jane O'Neill, Gel Nails Tue 15 Dec 10:00, Soho - Main Studio."],
    ['a customer with accents and an emoji, as GSM', 'booked', 'Harley Aesthetics', 'Zoë O’Neill 🌸', appointment('Lip filler – 1 ml', 'London'), "Harley Aesthetics: new booking Zoe O'Neill, Lip filler - 1 ml Tue 15 Dec 10:00, London."],
  ])('%s', (_, kind, organisation, customer, a, text) => {
    const sms = renderPractitionerNotice(kind, [a], ctx(organisation, customer))!.sms
    expect(sms).toBe(text)
    expect(smsSegments(sms)).toBe(1)
  })

  it.each([
    ['in full', 'Harley Aesthetics', 'Consultation', 'Harley Aesthetics: booking moved away Jane Doe, Consultation Mon 14 Dec 10:00, now with Sarah Jones.'],
    ['a long service: no service', LONG.organisation, LONG.service, `${LONG.organisation}: booking moved away Jane Doe, Mon 14 Dec 10:00, now with Sarah Jones.`],
  ])('a booking moved away, %s', (_, organisation, service, text) => {
    const sms = renderPractitionerMovedAway({ was: { start: '2026-12-14T10:00:00.000Z' }, now: appointment(service, 'London') }, ctx(organisation, 'Jane Doe')).sms
    expect(sms).toBe(text)
    expect(smsSegments(sms)).toBe(1)
  })
})

describe('purchase notice texts', () => {
  const course = { appointments: [], purchase: { items: [{ name: 'Six Hydrafacials', quantity: 6 }, { name: 'Laser Hair Removal – Full Legs (8 sessions)', quantity: 8 }] } }
  const vouchers = { appointments: [], purchase: { items: [{ name: '£50 voucher', quantity: 1 }, { name: '£50 voucher', quantity: 1 }] } }
  const form = { appointments: [], form: { id: '0b6f1e0c-3c2a-4d5e-9f10-1a2b3c4d5e6f', type: 'consent', name: 'Consent form for laser hair removal treatments', hasPassword: false } }
  const formUrl = 'https://book.clinic.test/form/0b6f1e0c-3c2a-4d5e-9f10-1a2b3c4d5e6f'
  it.each([
    ['a course, in full (an en dash as GSM)', 'course-bought', 'Harley Aesthetics', course, 'Harley Aesthetics: course bought (Six Hydrafacials, Laser Hair Removal - Full Legs (8 sessions)). Book its sessions online.'],
    ['a course, a long name: no course names', 'course-bought', `${LONG.organisation} of London`, course, `${LONG.organisation} of London: course bought. Book its sessions online.`],
    ['gift vouchers, in full', 'voucher-bought', 'Anna’s Beauty', vouchers, "Anna's Beauty: thank you for buying 2 gift vouchers. The codes are on their way by email."],
    ['a form, in full', 'form-to-fill-in', 'Harley Aesthetics', form, `Harley Aesthetics: please fill in your Consent form for laser hair removal treatments: ${formUrl}`],
    ['a form, a long name: no form name', 'form-to-fill-in', LONG.organisation, form, `${LONG.organisation}: please fill in a form: ${formUrl}`],
  ] as const)('%s', (_, kind, organisation, payload, text) => {
    const sms = renderPurchase(kind, payload, context(organisation))!.sms
    expect(sms).toBe(text)
    expect(smsSegments(sms)).toBe(1)
  })
})
