/**
 * The demo tenant: an organisation (GBP, deposits, late-cancellation terms, thank-you texts,
 * banner), 3 clinics (one not shown online), categories with sub-categories and per-location
 * visibility, 18 services (per-practitioner prices and durations, a BOOK_ONLY one, one nobody
 * performs), courses, 6 practitioners with weekly hours and breaks per clinic, holidays and a closed
 * day, lists, countries, and the demo customer with past, future, linked and course appointments.
 *
 * Ids are fixed for the 'demo' tenant (see DEMO); another tenant name gets ids derived from it.
 */
import { createHash } from 'node:crypto'
import { addDays } from 'date-fns'
import { fromZonedTime, formatInTimeZone } from 'date-fns-tz'
import { LONDON_TIME_ZONE } from '../../src/domain/london'
import type { Transaction } from 'kysely'
import type { CoreTables, OrganisationSettings } from '../db/schema'
import { hashPassword } from '../accounts/password'
import type { OperatorExtra } from '../staff/staff.tables'

const KEYS = {
  organisation: '0a0000000000000000000001',
  clinicLondon: 'c10000000000000000000001',
  clinicManchester: 'c10000000000000000000002',
  clinicHeadOffice: 'c10000000000000000000003',
  catFace: 'ca0000000000000000000001',
  catAntiWrinkle: 'ca0000000000000000000011',
  catFillers: 'ca0000000000000000000012',
  catSkin: 'ca0000000000000000000002',
  catPeels: 'ca0000000000000000000021',
  catLaser: 'ca0000000000000000000022',
  catBody: 'ca0000000000000000000003',
  catWellness: 'ca0000000000000000000004',
  catStaff: 'ca0000000000000000000005',
  pSarah: 'b10000000000000000000001',
  pJames: 'b10000000000000000000002',
  pEmma: 'b10000000000000000000003',
  pOliver: 'b10000000000000000000004',
  pAisha: 'b10000000000000000000005',
  pTom: 'b10000000000000000000006',
  sAntiWrinkle1: '5e0000000000000000000001',
  sAntiWrinkle3: '5e0000000000000000000002',
  sLipFiller: '5e0000000000000000000003',
  sCheekFiller: '5e0000000000000000000004',
  sTearTrough: '5e0000000000000000000005',
  sPeel: '5e0000000000000000000006',
  sMicroneedling: '5e0000000000000000000007',
  sLaserSmall: '5e0000000000000000000008',
  sLaserLegs: '5e0000000000000000000009',
  sHydraFacial: '5e000000000000000000000a',
  sBodySculpt: '5e000000000000000000000b',
  sFatDissolve: '5e000000000000000000000c',
  sMassage: '5e000000000000000000000d',
  sConsultation: '5e000000000000000000000e',
  sB12: '5e000000000000000000000f',
  sTouchUp: '5e0000000000000000000010',
  sThreadLift: '5e0000000000000000000011',
  sSkincarePack: '5e0000000000000000000012',
  courseAntiWrinkle: 'cc0000000000000000000001',
  courseLaser: 'cc0000000000000000000002',
  coursePeel: 'cc0000000000000000000003',
  customerDemo: 'c50000000000000000000001',
  customerOther: 'c50000000000000000000002',
  apptPast: 'ab0000000000000000000001',
  apptPastCancelled: 'ab0000000000000000000002',
  apptFuture: 'ab0000000000000000000003',
  apptLinkedMain: 'ab0000000000000000000004',
  apptLinkedSecond: 'ab0000000000000000000005',
  apptCourse: 'ab0000000000000000000006',
  apptSoon: 'ab0000000000000000000007',
  apptOther: 'ab0000000000000000000008',
  staffAdmin: 'ad0000000000000000000001',
  /** The demo customer's bought course (the commerce seed creates the customer course with this id). */
  customerCourseDemo: 'dc0000000000000000000001',
  holidaySarah: 'd00000000000000000000001',
  holidayBank: 'd00000000000000000000002',
  closedLondon: 'd00000000000000000000003',
} as const

export type SeedKey = keyof typeof KEYS

/** The fixed ids of the demo tenant. */
export const DEMO: Readonly<Record<SeedKey, string>> = KEYS

export const DEMO_CUSTOMER = { email: 'demo@example.com', password: 'Demo1234' } as const
export const OTHER_CUSTOMER = { email: 'other@example.com', password: 'Other1234' } as const
/** The demo clinic's admin for the staff desk (/staff); a dev-only account like the demo customers. */
export const DEMO_STAFF_ADMIN = { email: 'admin@example.com', password: 'Admin1234' } as const

/** The seed's ids for any tenant: the fixed ones for 'demo', derived ones otherwise. */
export function seedIds(tenant: string): Record<SeedKey, string> {
  if (tenant === 'demo') return { ...KEYS }
  const out = {} as Record<SeedKey, string>
  for (const key of Object.keys(KEYS) as SeedKey[]) {
    out[key] = createHash('sha256').update(`${tenant}:${key}`).digest('hex').slice(0, 24)
  }
  return out
}

export const DEMO_ORGANISATION_SETTINGS: OrganisationSettings = {
  logo: '/demo/logo.svg',
  country: 'GB',
  currency: 'GBP',
  showHomeBannerText: true,
  homeBannerText: '<strong>Winter offer:</strong> 10% off all skin treatments booked online this month.',
  bookingDepositType: 'percentage',
  bookingDepositAmount: 20,
  bookingDepositMultipleServicesRule: 'sum',
  bookingDepositRule: 'each time',
  termsAndConditionsText:
    '<p>A deposit is taken to secure your appointment and is deducted from the price of your treatment.</p>' +
    '<p>Cancellations or changes within {LateCancellationPeriod} hours of the appointment incur a charge ({LateCancellationType}) of {LateCancellationValue}.</p>' +
    '<p>Please arrive 10 minutes early. Treatments are only given to clients aged 18 or over.</p>',
  termsAndConditionsTextCourse: '<p>Courses are non-refundable and must be used within their validity period.</p>',
  termsAndConditionsTextCourseService: '<p>Booking a session from your course uses one session. Late changes forfeit the session.</p>',
  termsAndConditionsTextGiftVoucher: '<p>Gift vouchers are valid for 12 months and cannot be exchanged for cash.</p>',
  thankYouText: '<p>Thank you for booking with us. A confirmation email is on its way.</p>',
  thankYouTextCourse: '<p>Thank you for buying a course. You can book your sessions from your account.</p>',
  thankYouTextCourseService: '<p>Your course session is booked. See you soon!</p>',
  thankYouTextGiftVoucher: '<p>Thank you! The gift voucher has been sent by email.</p>',
  lateCancellationChargeType: 'AMOUNT',
  lateCancellationChargeValue: 25,
  lateCancellationPeriod: 48,
  showCancelTerms: true,
  lateCancellationText:
    'Appointments cancelled or changed within {LateCancellationPeriod} hours incur a fee ({LateCancellationType}) of {LateCancellationValue}.',
  cancellationRules: 'allow',
  sellGiftVoucherOnline: true,
  giftVoucherValues: [25, 50, 100, 150, 200],
  minimiseGaps: true,
  minimiseGapsStrategy: 'Minimise after first booking',
  alsoShowFirst: true,
  alsoShowLast: true,
  cardRequired: false,
  minNoticeMinutes: 60,
}

interface ServiceSeed {
  key: SeedKey
  category: SeedKey | null
  name: string
  onlineName?: string
  description?: string
  subtitle?: string
  duration: number
  price: number
  taxRate?: number
  availability?: 'BOOK_AND_SELL' | 'BOOK_ONLY' | 'SELL_ONLY'
  depositType?: string
  depositAmount?: number
  interval?: number
  clinics: SeedKey[]
  /** practitioner -> [price or null, duration or null] */
  staff: [SeedKey, number | null, number | null][]
  showPriceOnline?: boolean
}

const SERVICES: ServiceSeed[] = [
  { key: 'sAntiWrinkle1', category: 'catAntiWrinkle', name: 'Anti-wrinkle 1 area', onlineName: 'Anti-wrinkle injections: 1 area', description: 'Softens lines on the forehead, frown or crow’s feet.', subtitle: 'Results in 7-14 days', duration: 30, price: 150, clinics: ['clinicLondon', 'clinicManchester'], staff: [['pSarah', 180, null], ['pJames', null, 45]] },
  { key: 'sAntiWrinkle3', category: 'catAntiWrinkle', name: 'Anti-wrinkle 3 areas', onlineName: 'Anti-wrinkle injections: 3 areas', duration: 45, price: 250, clinics: ['clinicLondon', 'clinicManchester'], staff: [['pSarah', null, null], ['pJames', null, null]] },
  { key: 'sLipFiller', category: 'catFillers', name: 'Lip filler 1ml', description: 'Hyaluronic acid filler for volume and definition.', duration: 60, price: 300, clinics: ['clinicLondon'], staff: [['pSarah', 320, null], ['pEmma', null, null]] },
  { key: 'sCheekFiller', category: 'catFillers', name: 'Cheek filler', duration: 60, price: 350, clinics: ['clinicLondon'], staff: [['pSarah', null, null]] },
  { key: 'sTearTrough', category: 'catFillers', name: 'Tear trough filler', duration: 45, price: 400, depositType: 'fixed amount', depositAmount: 100, clinics: ['clinicLondon'], staff: [['pSarah', null, null]] },
  { key: 'sPeel', category: 'catPeels', name: 'Chemical peel', subtitle: 'Medium depth', duration: 45, price: 95, clinics: ['clinicLondon', 'clinicManchester'], staff: [['pEmma', null, null], ['pOliver', 85, null]] },
  { key: 'sMicroneedling', category: 'catPeels', name: 'Microneedling', duration: 60, price: 180, clinics: ['clinicLondon', 'clinicManchester'], staff: [['pEmma', null, null], ['pOliver', null, 75], ['pAisha', null, null]] },
  { key: 'sLaserSmall', category: 'catLaser', name: 'Laser hair removal: small area', duration: 15, price: 60, clinics: ['clinicManchester'], staff: [['pOliver', null, null], ['pAisha', null, null]] },
  { key: 'sLaserLegs', category: 'catLaser', name: 'Laser hair removal: full legs', duration: 60, price: 200, clinics: ['clinicManchester'], staff: [['pOliver', null, null]] },
  { key: 'sHydraFacial', category: 'catSkin', name: 'HydraFacial', description: 'Cleanse, extract and hydrate in one treatment.', duration: 60, price: 140, depositType: 'no deposit', clinics: ['clinicLondon', 'clinicManchester'], staff: [['pJames', null, null], ['pEmma', 150, null], ['pAisha', null, null]] },
  { key: 'sBodySculpt', category: 'catBody', name: 'Body sculpting', duration: 45, price: 250, clinics: ['clinicManchester'], staff: [['pOliver', null, null]] },
  { key: 'sFatDissolve', category: 'catBody', name: 'Fat dissolving injections', duration: 30, price: 200, clinics: ['clinicLondon', 'clinicManchester'], staff: [['pSarah', null, null], ['pOliver', 220, 40]] },
  { key: 'sMassage', category: 'catWellness', name: 'Deep tissue massage', duration: 60, price: 80, taxRate: 0, clinics: ['clinicLondon'], staff: [['pTom', null, null], ['pJames', null, null]] },
  { key: 'sConsultation', category: 'catFace', name: 'Free consultation', duration: 15, price: 0, depositType: 'no deposit', clinics: ['clinicLondon', 'clinicManchester'], staff: [['pSarah', null, null], ['pJames', null, null], ['pEmma', null, null], ['pOliver', null, null], ['pAisha', null, null]] },
  { key: 'sB12', category: 'catWellness', name: 'Vitamin B12 injection', duration: 15, price: 35, clinics: ['clinicLondon'], staff: [['pTom', null, null], ['pJames', null, null]] },
  { key: 'sTouchUp', category: 'catFillers', name: 'Filler touch-up (staff booking only)', duration: 30, price: 0, availability: 'BOOK_ONLY', clinics: ['clinicLondon'], staff: [['pSarah', null, null]] },
  { key: 'sThreadLift', category: 'catFace', name: 'Thread lift', description: 'Currently no practitioner offers this treatment.', duration: 90, price: 900, clinics: ['clinicLondon'], staff: [] },
  { key: 'sSkincarePack', category: 'catSkin', name: 'Home skincare pack', duration: 15, price: 45, availability: 'SELL_ONLY', clinics: ['clinicLondon', 'clinicManchester'], staff: [['pEmma', null, null]] },
]

/** weekday (0 Sunday) ranges per practitioner and clinic; breaks as the 4th element. */
const HOURS: [SeedKey, SeedKey, number[], string, string, [string, string]?][] = [
  ['pSarah', 'clinicLondon', [1, 2, 3, 4, 5], '09:00', '17:00', ['13:00', '13:30']],
  ['pJames', 'clinicLondon', [2, 3, 4, 5, 6], '10:00', '18:00', ['14:00', '14:30']],
  ['pEmma', 'clinicLondon', [1, 3, 5], '09:00', '17:00', ['12:30', '13:00']],
  ['pEmma', 'clinicManchester', [2, 4], '09:30', '16:30', ['12:30', '13:00']],
  ['pOliver', 'clinicManchester', [1, 2, 3, 4, 5], '09:00', '17:30', ['12:30', '13:15']],
  ['pAisha', 'clinicManchester', [0, 3, 4, 5, 6], '10:00', '16:00'],
  ['pTom', 'clinicLondon', [6], '09:00', '13:00'],
  ['pTom', 'clinicManchester', [1, 3], '12:00', '20:00', ['16:00', '16:30']],
]

const COUNTRIES: [string, string][] = [
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['FR', 'France'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['DE', 'Germany'],
  ['US', 'United States'],
  ['AU', 'Australia'],
]

const LONDON = LONDON_TIME_ZONE

/** The UTC instant of a London wall time `days` days from `from` (moved to the next weekday in `weekdays`). */
export function londonAt(from: Date, days: number, time: string, weekdays: number[] = [1, 2, 3, 4, 5]): Date {
  let day = addDays(from, days)
  for (let i = 0; i < 7 && !weekdays.includes(Number(formatInTimeZone(day, LONDON, 'i')) % 7); i++) day = addDays(day, days < 0 ? -1 : 1)
  return fromZonedTime(`${formatInTimeZone(day, LONDON, 'yyyy-MM-dd')}T${time}:00`, LONDON)
}

const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000)

/**
 * A start within the 48-hour late period from `now` (the demo's late-cancellation case), on a day James
 * works in London when one is near; otherwise a day later at the same time of day.
 */
export function withinLatePeriod(now: Date): Date {
  const hour = 3_600_000
  const jamesDays = HOURS.find(([p, c]) => p === 'pJames' && c === 'clinicLondon')?.[2] ?? [1, 2, 3, 4, 5]
  for (let days = 0; days <= 2; days++) {
    for (const time of ['10:00', '15:00', '17:00']) {
      const at = londonAt(now, days, time, jamesDays)
      const ahead = at.getTime() - now.getTime()
      if (ahead >= 2 * hour && ahead <= 46 * hour) return at
    }
  }
  return new Date(Math.ceil((now.getTime() + 24 * hour) / (15 * 60_000)) * 15 * 60_000)
}

/** The starts of the demo's appointments seeded at `now` (tests keep their own bookings off these days). */
export function demoAppointmentStarts(now: Date): Record<'past' | 'pastCancelled' | 'future' | 'linked' | 'course' | 'soon' | 'other', Date> {
  return {
    past: londonAt(now, -30, '10:00'),
    pastCancelled: londonAt(now, -20, '11:00', [1, 3, 5]),
    future: londonAt(now, 10, '11:00'),
    linked: londonAt(now, 12, '10:00', [1, 3, 5]),
    course: londonAt(now, 8, '14:00'),
    soon: withinLatePeriod(now),
    other: londonAt(now, 11, '09:00'),
  }
}

export async function seedDemoTenant(trx: Transaction<CoreTables>, tenant: string, now: Date = new Date()): Promise<void> {
  const id = seedIds(tenant)
  const t = { tenant_id: tenant }
  await trx.insertInto('tenants').values({ id: tenant, name: tenant === 'demo' ? 'Demo Aesthetics' : `Clinic ${tenant}` }).execute()
  await trx
    .insertInto('organisations')
    .values({ id: id.organisation, ...t, name: tenant === 'demo' ? 'Harley Aesthetics' : `Clinic ${tenant}`, settings: JSON.stringify(DEMO_ORGANISATION_SETTINGS) })
    .execute()

  await trx
    .insertInto('clinics')
    .values([
      { id: id.clinicLondon, ...t, account_name: 'Harley Aesthetics London', name: 'London', line1: '12 Harley Street', line2: 'Marylebone', city: 'London', country: 'GB', post_code: 'W1G 9PF', latitude: 51.5205, longitude: -0.1476, phone: '+44 20 7946 0123', email: 'london@harley-aesthetics.example', photo: '/demo/clinic-london.svg', position: 1 },
      { id: id.clinicManchester, ...t, account_name: 'Harley Aesthetics Manchester', name: 'Manchester', line1: '3 Hardman Street', line2: 'Spinningfields', city: 'Manchester', country: 'GB', post_code: 'M3 3EB', latitude: 53.4808, longitude: -2.2496, phone: '+44 161 496 0456', email: 'manchester@harley-aesthetics.example', photo: '/demo/clinic-manchester.svg', position: 2 },
      { id: id.clinicHeadOffice, ...t, account_name: 'Harley Aesthetics Head Office', name: 'Head Office', line1: '1 Office Park', city: 'Reading', country: 'GB', post_code: 'RG1 1AA', show_online: false, position: 3 },
    ])
    .execute()

  const categories: [SeedKey, string, SeedKey | null, number, boolean][] = [
    ['catFace', 'Facial aesthetics', null, 1, true],
    ['catAntiWrinkle', 'Anti-wrinkle', 'catFace', 1, true],
    ['catFillers', 'Dermal fillers', 'catFace', 2, true],
    ['catSkin', 'Skin', null, 2, true],
    ['catPeels', 'Peels and microneedling', 'catSkin', 1, true],
    ['catLaser', 'Laser', 'catSkin', 2, true],
    ['catBody', 'Body', null, 3, true],
    ['catWellness', 'Wellness', null, 4, true],
    ['catStaff', 'Internal (not online)', null, 5, false],
  ]
  await trx
    .insertInto('categories')
    .values(categories.map(([key, name, parent, position, show]) => ({ id: id[key], ...t, name, parent_id: parent ? id[parent] : null, position, show_online: show })))
    .execute()
  // Per-location visibility: Laser only online in Manchester; Wellness only in London; Body hidden in London.
  const online = (cat: SeedKey, london: boolean, manchester: boolean) => [
    { ...t, category_id: id[cat], clinic_id: id.clinicLondon, show_online: london },
    { ...t, category_id: id[cat], clinic_id: id.clinicManchester, show_online: manchester },
  ]
  await trx
    .insertInto('category_locations')
    .values([
      ...online('catFace', true, true),
      ...online('catAntiWrinkle', true, true),
      ...online('catFillers', true, false),
      ...online('catSkin', true, true),
      ...online('catPeels', true, true),
      ...online('catLaser', false, true),
      ...online('catBody', false, true),
      ...online('catWellness', true, false),
    ])
    .execute()

  await trx
    .insertInto('practitioners')
    .values([
      { id: id.pSarah, ...t, display_name: 'Dr Sarah Jones', description: 'Medical director, 15 years in aesthetic medicine.', gender: 'Female', avatar: '/demo/sarah.svg', position: 1 },
      { id: id.pJames, ...t, display_name: 'James Patel', description: 'Aesthetic nurse prescriber.', gender: 'Male', avatar: '/demo/james.svg', position: 2 },
      { id: id.pEmma, ...t, display_name: 'Emma Wilson', description: 'Skin specialist.', gender: 'Female', avatar: '/demo/emma.svg', position: 3 },
      { id: id.pOliver, ...t, display_name: 'Oliver Smith', description: 'Laser and body therapist.', gender: 'Male', avatar: '/demo/oliver.svg', position: 4 },
      { id: id.pAisha, ...t, display_name: 'Aisha Khan', gender: 'Female', position: 5 },
      { id: id.pTom, ...t, display_name: 'Tom Brown', description: 'Massage therapist.', gender: 'Male', position: 6 },
    ])
    .execute()
  const hours = HOURS.flatMap(([p, c, days, start, end, brk]) =>
    days.flatMap((weekday) => [
      { ...t, practitioner_id: id[p], clinic_id: id[c], weekday, start_time: start, end_time: end, kind: 'work' },
      ...(brk ? [{ ...t, practitioner_id: id[p], clinic_id: id[c], weekday, start_time: brk[0], end_time: brk[1], kind: 'break' }] : []),
    ]),
  )
  await trx.insertInto('practitioner_hours').values(hours).execute()

  await trx
    .insertInto('services')
    .values(
      SERVICES.map((s, i) => ({
        id: id[s.key],
        ...t,
        category_id: s.category ? id[s.category] : null,
        name: s.name,
        online_name: s.onlineName ?? s.name,
        online_description: s.description ?? null,
        online_subtitle: s.subtitle ?? null,
        default_duration: s.duration,
        default_price: s.price,
        tax_rate: s.taxRate ?? 20,
        availability: s.availability ?? 'BOOK_AND_SELL',
        booking_deposit_type: s.depositType ?? null,
        booking_deposit_amount: s.depositAmount ?? null,
        interval_minutes: s.interval ?? 15,
        position: i + 1,
      })),
    )
    .execute()
  await trx
    .insertInto('service_locations')
    .values(SERVICES.flatMap((s) => s.clinics.map((c) => ({ ...t, service_id: id[s.key], clinic_id: id[c], show_online: true, gross_price: null }))))
    .execute()
  await trx
    .insertInto('service_practitioners')
    .values(SERVICES.flatMap((s) => s.staff.map(([p, price, duration]) => ({ ...t, service_id: id[s.key], practitioner_id: id[p], gross_price: price, duration }))))
    .execute()

  await trx
    .insertInto('courses')
    .values([
      { id: id.courseAntiWrinkle, ...t, category_id: id.catAntiWrinkle, name: 'Anti-wrinkle course: 3 sessions', description: 'Three 1-area treatments.', sale_price: 400, validity_months: 12, position: 1 },
      { id: id.courseLaser, ...t, category_id: id.catLaser, name: 'Laser hair removal: 6 sessions', sale_price: 300, validity_months: null, position: 2 },
      { id: id.coursePeel, ...t, category_id: id.catPeels, name: 'Peel course: 4 sessions', sale_price: 320, tax_rate: 20, validity_months: 6, position: 3 },
    ])
    .execute()
  await trx
    .insertInto('course_services')
    .values([
      { ...t, course_id: id.courseAntiWrinkle, service_id: id.sAntiWrinkle1, quantity: 3 },
      { ...t, course_id: id.courseLaser, service_id: id.sLaserSmall, quantity: 6 },
      { ...t, course_id: id.coursePeel, service_id: id.sPeel, quantity: 4 },
    ])
    .execute()
  await trx
    .insertInto('course_locations')
    .values([
      { ...t, course_id: id.courseAntiWrinkle, clinic_id: id.clinicLondon },
      { ...t, course_id: id.courseAntiWrinkle, clinic_id: id.clinicManchester },
      { ...t, course_id: id.courseLaser, clinic_id: id.clinicManchester },
      { ...t, course_id: id.coursePeel, clinic_id: id.clinicLondon },
      { ...t, course_id: id.coursePeel, clinic_id: id.clinicManchester },
    ])
    .execute()

  const day = (n: number) => formatInTimeZone(addDays(now, n), LONDON, 'yyyy-MM-dd')
  const year = Number(formatInTimeZone(now, LONDON, 'yyyy'))
  await trx
    .insertInto('closures')
    .values([
      { id: id.holidaySarah, ...t, kind: 'holiday', practitioner_id: id.pSarah, clinic_id: null, starts_on: day(21), ends_on: day(27), name: 'Annual leave' },
      { id: id.holidayBank, ...t, kind: 'holiday', practitioner_id: null, clinic_id: null, starts_on: `${year}-12-25`, ends_on: `${year}-12-26`, name: 'Christmas' },
      { id: id.closedLondon, ...t, kind: 'closed', practitioner_id: null, clinic_id: id.clinicLondon, starts_on: day(16), ends_on: day(16), name: 'Staff training day' },
    ])
    .execute()

  const [demoHash, otherHash, adminHash] = await Promise.all([hashPassword(DEMO_CUSTOMER.password), hashPassword(OTHER_CUSTOMER.password), hashPassword(DEMO_STAFF_ADMIN.password)])
  await trx
    .withTables<OperatorExtra>()
    .insertInto('staff')
    .values({ id: id.staffAdmin, tenant_id: tenant, email: DEMO_STAFF_ADMIN.email, display_name: 'Demo admin', role: 'admin', practitioner_id: null, password_hash: adminHash })
    .execute()
  await trx
    .insertInto('customers')
    .values([
      {
        id: id.customerDemo, ...t, email: DEMO_CUSTOMER.email, password_hash: demoHash, verified: true, title: 'Mrs', first_name: 'Jane', surname: 'Doe',
        date_of_birth: '1988-04-12T12:00:00.000Z', gender: 'Female', mobile_phone: '+447700900123', referral_source: 'Instagram',
        address1: '221B Baker Street', city: 'London', post_code: 'NW1 6XE', country_value: 'GB', country_label: 'United Kingdom',
        marketing_types: JSON.stringify(['Email']), notification_types: JSON.stringify(['Email', 'SMS']), account_balance: 0,
      },
      {
        id: id.customerOther, ...t, email: OTHER_CUSTOMER.email, password_hash: otherHash, verified: true, title: 'Mr', first_name: 'John', surname: 'Smith',
        marketing_types: JSON.stringify([]), notification_types: JSON.stringify(['Email']), account_balance: 0,
      },
    ])
    .execute()

  const appt = (key: SeedKey, customer: SeedKey, practitioner: SeedKey, clinic: SeedKey, service: SeedKey, start: Date, duration: number, status: string, price: number, extra: Partial<{ group_id: string; is_linked: boolean; course_id: string }> = {}) => ({
    id: id[key], ...t, customer_id: id[customer], practitioner_id: id[practitioner], clinic_id: id[clinic], service_id: id[service],
    status, starts_at: start, ends_at: minutes(start, duration), price, gross_price: price, net_price: Math.round((price / 1.2) * 100) / 100, deposit: 0, ...extra,
  })
  const { past, pastCancelled, future, linked, course, soon, other } = demoAppointmentStarts(now)
  await trx
    .insertInto('appointments')
    .values([
      appt('apptPast', 'customerDemo', 'pSarah', 'clinicLondon', 'sAntiWrinkle1', past, 30, 'Completed', 180),
      // Cancelled by the customer two days before: the reports count every cancellation by whom.
      { ...appt('apptPastCancelled', 'customerDemo', 'pEmma', 'clinicLondon', 'sPeel', pastCancelled, 45, 'Cancelled', 95), cancelled_by: 'customer', cancelled_at: minutes(pastCancelled, -2 * 24 * 60) },
      appt('apptFuture', 'customerDemo', 'pSarah', 'clinicLondon', 'sLipFiller', future, 60, 'Scheduled', 320),
      appt('apptLinkedMain', 'customerDemo', 'pEmma', 'clinicLondon', 'sPeel', linked, 45, 'Scheduled', 95, { group_id: id.apptLinkedMain }),
      appt('apptLinkedSecond', 'customerDemo', 'pEmma', 'clinicLondon', 'sHydraFacial', minutes(linked, 45), 60, 'Scheduled', 150, { group_id: id.apptLinkedMain, is_linked: true }),
      appt('apptCourse', 'customerDemo', 'pOliver', 'clinicManchester', 'sLaserSmall', course, 15, 'Scheduled', 0, { course_id: id.customerCourseDemo }),
      appt('apptSoon', 'customerDemo', 'pJames', 'clinicLondon', 'sB12', soon, 15, 'Scheduled', 35),
      appt('apptOther', 'customerOther', 'pSarah', 'clinicLondon', 'sAntiWrinkle3', other, 45, 'Scheduled', 250),
    ])
    .execute()

  await trx
    .insertInto('lists')
    .values([
      { ...t, sys_name: 'client_referral_sources', values: JSON.stringify('Word of mouth\nWebsite\nInstagram\nFacebook\nTwitter\nWalk past\nInternet\nGoogle search\nFriend\nDr referral\nOther') },
      { ...t, sys_name: 'titles', values: JSON.stringify(['Mrs', 'Miss', 'Ms', 'Mr', 'Mx', 'Dr']) },
      { ...t, sys_name: 'genders', values: JSON.stringify(['Male', 'Female', 'Male trans', 'Female trans', 'Non-Binary', 'Not selected']) },
    ])
    .execute()
  await trx
    .insertInto('countries')
    .values(COUNTRIES.map(([value, label], position) => ({ ...t, value, label, position })))
    .execute()
}
