/**
 * The tenant's set-up as one document (docs/examples/clinic.yaml), as io-ts codecs: the server
 * exports and applies it, the CLI checks a file with it before sending, the settings pages edit it,
 * and OpenAPI describes it. Decoding fills the defaults (a clinic is active and online unless the file
 * says otherwise...) and reports every error with its path (setup-document.check.ts adds the rules
 * between items: unique slugs, references, the spec's location flags).
 */
import * as t from 'io-ts'
import { CURRENCIES } from '../domain/pricing/money'
import { DEPOSIT_MULTIPLE_SERVICES_RULES, DEPOSIT_RULES, DEPOSIT_TYPES } from '../domain/pricing/deposit'
import { bool, listOf, mapOf, num, oneOf, orNull, str, strict, withDefault } from './strict-codecs'

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
export type Weekday = (typeof WEEKDAYS)[number]

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/
export const Slug = str('Slug', (s) => (SLUG.test(s) ? undefined : 'must be a slug: lower-case letters, digits and dashes'), { pattern: SLUG.source })
const Text = str('Text', (s) => (s.length > 0 ? undefined : 'must not be empty'), { minLength: 1 }, true)
const Money = num('Money', { min: 0, cents: true })
const Tax = num('TaxRate', { int: true, min: 0, max: 100 })
const Minutes = num('Minutes', { int: true, min: 5, max: 24 * 60 })
const SetupDate = str(
  'SetupDate',
  (s) => (!/^\d{4}-\d{2}-\d{2}$/.test(s) ? 'must be a date yyyy-MM-dd' : Number.isNaN(Date.parse(s)) ? 'must be a real date' : undefined),
  { format: 'date' },
)
const RANGE = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/
/** 'HH:mm-HH:mm', ending after it starts. */
export const TimeRange = str(
  'TimeRange',
  (s) => (!RANGE.test(s) ? "must be a time range 'HH:mm-HH:mm'" : s.slice(0, 5) < s.slice(6) ? undefined : 'must end after it starts'),
  { pattern: RANGE.source },
)

const weekdays = <C extends t.Mixed>(day: C) => Object.fromEntries(WEEKDAYS.map((d) => [d, day])) as Record<Weekday, C>

/** Weekly times: { mon: ['09:00-17:00'], ... }. */
export const Weekly = strict('SetupWeekly', {}, weekdays(listOf(TimeRange)))
export type Weekly = t.TypeOf<typeof Weekly>

const periodShape = strict('SetupPeriod', { from: SetupDate, to: SetupDate }, { name: str('string') })
/** A closure, a holiday or leave, both days included. */
export const Period = new t.InterfaceType<t.Props, t.TypeOf<typeof periodShape>, t.TypeOf<typeof periodShape>, unknown>(
  'SetupPeriod',
  periodShape.is,
  (u, c) => {
    const r = periodShape.validate(u, c)
    if (r._tag === 'Right' && r.right.from > r.right.to) {
      return t.failure(r.right.to, [...c, { key: 'to', type: SetupDate, actual: r.right.to }], "must not end before it starts ('to' before 'from')")
    }
    return r
  },
  t.identity,
  periodShape.props,
)
export type Period = t.TypeOf<typeof Period>

const ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i
export const EmbedHost = str('EmbedHost', (s) => (ORIGIN.test(s) ? undefined : 'must be an origin such as https://www.example-clinic.com'), { pattern: ORIGIN.source })

/**
 * What a set-up document's settings take when it leaves them out (a minimal file, or none at all):
 * a new tenant's settings (spec section 9's defaults: GBP, GB, no deposit, 48 hours, charge 0.00
 * AMOUNT, rule 'allow', the listed voucher amounts). docs/examples/clinic.yaml's head lists them.
 */
export const SETTINGS_DEFAULTS = {
  currency: 'GBP',
  country: 'GB',
  showHomeBannerText: false,
  bookingDepositType: 'no deposit',
  bookingDepositAmount: 0,
  bookingDepositMultipleServicesRule: 'single',
  bookingDepositRule: 'each time',
  showCancelTerms: false,
  sellGiftVoucherOnline: false,
  giftVoucherValues: [50, 100, 150, 200, 250, 500],
  minimiseGaps: false,
  lateCancellationChargeType: 'AMOUNT',
  lateCancellationChargeValue: 0,
  lateCancellationPeriod: 48,
  cancellationRules: 'allow',
} as const

export const OrganisationSettings = strict(
  'SetupSettings',
  {
    currency: withDefault(oneOf('Currency', CURRENCIES), SETTINGS_DEFAULTS.currency),
    country: withDefault(Text, SETTINGS_DEFAULTS.country),
    showHomeBannerText: withDefault(bool, SETTINGS_DEFAULTS.showHomeBannerText),
    bookingDepositType: withDefault(oneOf('DepositType', DEPOSIT_TYPES), SETTINGS_DEFAULTS.bookingDepositType),
    bookingDepositAmount: withDefault(Money, SETTINGS_DEFAULTS.bookingDepositAmount),
    bookingDepositMultipleServicesRule: withDefault(oneOf('DepositMultipleServicesRule', DEPOSIT_MULTIPLE_SERVICES_RULES), SETTINGS_DEFAULTS.bookingDepositMultipleServicesRule),
    bookingDepositRule: withDefault(oneOf('DepositRule', DEPOSIT_RULES), SETTINGS_DEFAULTS.bookingDepositRule),
    showCancelTerms: withDefault(bool, SETTINGS_DEFAULTS.showCancelTerms),
    sellGiftVoucherOnline: withDefault(bool, SETTINGS_DEFAULTS.sellGiftVoucherOnline),
    giftVoucherValues: withDefault(listOf(num('VoucherValue', { min: 0, cents: true, above: 0 })), [...SETTINGS_DEFAULTS.giftVoucherValues]),
    minimiseGaps: withDefault(bool, SETTINGS_DEFAULTS.minimiseGaps),
    lateCancellationChargeType: withDefault(oneOf('LateCancellationChargeType', ['NONE', 'AMOUNT', 'PERCENTAGE'] as const), SETTINGS_DEFAULTS.lateCancellationChargeType),
    lateCancellationChargeValue: withDefault(Money, SETTINGS_DEFAULTS.lateCancellationChargeValue),
    lateCancellationPeriod: withDefault(num('Hours', { int: true, min: 0 }), SETTINGS_DEFAULTS.lateCancellationPeriod),
    cancellationRules: withDefault(str('string'), SETTINGS_DEFAULTS.cancellationRules),
  },
  {
    logo: str('string'),
    gtmId: str('string'),
    analyticsConsentBanner: bool,
    homeBannerText: str('string'),
    termsAndConditionsText: str('string'),
    termsAndConditionsTextCourse: str('string'),
    termsAndConditionsTextCourseService: str('string'),
    termsAndConditionsTextGiftVoucher: str('string'),
    thankYouText: str('string'),
    thankYouTextCourse: str('string'),
    thankYouTextCourseService: str('string'),
    thankYouTextGiftVoucher: str('string'),
    thankYouPageUrl: str('string'),
    lateCancellationText: str('string'),
    minimiseGapsStrategy: str('string'),
    alsoShowFirst: bool,
    alsoShowLast: bool,
    cardRequired: bool,
    minNoticeMinutes: num('Minutes', { int: true, min: 0 }),
    /** minutes a waitlist offer holds its time (default 15) */
    waitlistOfferMinutes: num('Minutes', { int: true, min: 1, max: 1440 }),
    /** sites that may embed the lead form and the booking flow: origins such as https://www.example-clinic.com */
    embedHosts: listOf(EmbedHost),
  },
)
export type OrganisationSettingsDoc = t.TypeOf<typeof OrganisationSettings>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const Clinic = strict(
  'SetupClinic',
  {
    slug: Slug,
    accountName: Text,
    address: strict(
      'SetupAddress',
      { line1: Text, city: Text },
      {
        line2: str('string'),
        country: str('string'),
        postCode: str('string'),
        latitude: num('Latitude', { min: -90, max: 90 }),
        longitude: num('Longitude', { min: -180, max: 180 }),
      },
    ),
    active: withDefault(bool, true),
    online: withDefault(bool, true),
    openingHours: withDefault(Weekly, {}),
    closedDays: withDefault(listOf(Period), []),
  },
  {
    name: str('string'),
    phone: str('string'),
    email: str('Email', (s) => (EMAIL.test(s) ? undefined : 'must be an email address'), { format: 'email' }),
    photo: str('string'),
  },
)
export type ClinicDoc = t.TypeOf<typeof Clinic>

export const Category = strict(
  'SetupCategory',
  {
    slug: Slug,
    name: Text,
    online: withDefault(bool, true),
    /** per-location visibility: clinic slug -> shown online there */
    locations: withDefault(mapOf('SetupCategoryLocations', Slug, bool), {}),
  },
  { parent: Slug },
)
export type CategoryDoc = t.TypeOf<typeof Category>

export const SERVICE_AVAILABILITY = ['BOOK_AND_SELL', 'BOOK_ONLY', 'SELL_ONLY'] as const

export const ServiceLocation = strict('SetupServiceLocation', { online: withDefault(bool, true) }, { price: Money })
export type ServiceLocationDoc = t.TypeOf<typeof ServiceLocation>
export const ServicePractitioner = strict('SetupServicePractitioner', {}, { price: Money, duration: Minutes })

export const Service = strict(
  'SetupService',
  {
    slug: Slug,
    name: Text,
    duration: Minutes,
    price: Money,
    tax: withDefault(Tax, 20),
    availability: withDefault(oneOf('ServiceAvailability', SERVICE_AVAILABILITY), 'BOOK_AND_SELL'),
    online: withDefault(bool, true),
    showPriceOnline: withDefault(bool, true),
    showDurationOnline: withDefault(bool, true),
    interval: withDefault(num('Interval', { int: true, min: 5, max: 240 }), 15),
    /** clinic slug -> shown online there (and an optional price at that clinic) */
    locations: mapOf('SetupServiceLocations', Slug, ServiceLocation),
    /** practitioner slug -> their own price and duration, when not the service's */
    practitioners: withDefault(mapOf('SetupServicePractitioners', Slug, orNull(ServicePractitioner)), {}),
  },
  {
    onlineName: str('string'),
    description: str('string'),
    subtitle: str('string'),
    category: Slug,
    deposit: strict('SetupDeposit', { type: oneOf('DepositType', DEPOSIT_TYPES) }, { amount: Money }),
  },
)
export type ServiceDoc = t.TypeOf<typeof Service>

export const Course = strict(
  'SetupCourse',
  {
    slug: Slug,
    name: Text,
    price: Money,
    tax: withDefault(Tax, 20),
    online: withDefault(bool, true),
    /** service slug -> sessions of it in the course */
    services: mapOf('SetupCourseServices', Slug, num('Sessions', { int: true, min: 1 })),
    locations: withDefault(listOf(Slug), []),
  },
  { description: str('string'), category: Slug, validityMonths: num('Months', { int: true, min: 1 }) },
)
export type CourseDoc = t.TypeOf<typeof Course>

export const WorkDay = strict('SetupWorkDay', { work: listOf(TimeRange, 1) }, { breaks: listOf(TimeRange) })
export type WorkDay = t.TypeOf<typeof WorkDay>
export const WorkWeek = strict('SetupWorkWeek', {}, weekdays(WorkDay))
export type WorkWeek = t.TypeOf<typeof WorkWeek>

export const Practitioner = strict(
  'SetupPractitioner',
  {
    slug: Slug,
    name: Text,
    online: withDefault(bool, true),
    /** clinic slug -> weekday -> working times and breaks */
    hours: withDefault(mapOf('SetupPractitionerHours', Slug, WorkWeek), {}),
    leave: withDefault(listOf(Period), []),
  },
  { description: str('string'), avatar: str('string'), gender: str('string') },
)
export type PractitionerDoc = t.TypeOf<typeof Practitioner>

/**
 * The document's lists. Each must be there: a list left out is refused, never read as empty (which
 * would archive everything in it); an explicit empty list (`clinics: []`) empties it on purpose.
 */
const SECTION_MISSING = (section: string, what: string) =>
  `is missing, so nothing was changed; to ${what} on purpose, write an empty list: '${section}: []'`

export const SetupDocument = strict(
  'SetupDocument',
  {
    version: oneOf('SetupVersion', [1] as const),
    organisation: strict('SetupOrganisation', { name: Text, settings: withDefault(OrganisationSettings, { ...SETTINGS_DEFAULTS, giftVoucherValues: [...SETTINGS_DEFAULTS.giftVoucherValues] }) }),
    clinics: listOf(Clinic),
    holidays: listOf(Period),
    categories: listOf(Category),
    services: listOf(Service),
    courses: listOf(Course),
    practitioners: listOf(Practitioner),
  },
  {},
  {
    clinics: SECTION_MISSING('clinics', 'archive every clinic'),
    holidays: SECTION_MISSING('holidays', 'remove every holiday'),
    categories: SECTION_MISSING('categories', 'archive every category'),
    services: SECTION_MISSING('services', 'archive every service'),
    courses: SECTION_MISSING('courses', 'archive every course'),
    practitioners: SECTION_MISSING('practitioners', 'archive every practitioner'),
  },
)
export type SetupDocument = t.TypeOf<typeof SetupDocument>

/** The kinds of item the document keys by slug. */
export const SETUP_KINDS = ['clinics', 'categories', 'practitioners', 'services', 'courses'] as const
export type SetupKind = (typeof SETUP_KINDS)[number]
