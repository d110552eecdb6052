/**
 * The tenant's set-up as one document (docs/examples/clinic.yaml), validated whole with zod: every
 * error comes back as one 'path: message' line (services[3].deposit.amount: must be at least 0),
 * including references to slugs that the document does not define and the spec's location-flag rules.
 */
import { z } from 'zod'
import { CURRENCIES } from '../../src/domain/pricing/money'
import { DEPOSIT_MULTIPLE_SERVICES_RULES, DEPOSIT_RULES, DEPOSIT_TYPES } from '../../src/domain/pricing/deposit'

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const
export type Weekday = (typeof WEEKDAYS)[number]

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/
const slug = z.string().regex(SLUG, 'must be a slug: lower-case letters, digits and dashes')
const text = z.string().trim().min(1, 'must not be empty')
const money = z.number().min(0).refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'must have at most 2 decimals')
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date yyyy-MM-dd').refine((s) => !Number.isNaN(Date.parse(s)), 'must be a real date')
const RANGE = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/
const timeRange = z
  .string()
  .regex(RANGE, "must be a time range 'HH:mm-HH:mm'")
  .refine((s) => s.slice(0, 5) < s.slice(6), 'must end after it starts')

/** Weekly times: { mon: ['09:00-17:00'], ... }. */
const weekly = z.strictObject(Object.fromEntries(WEEKDAYS.map((d) => [d, z.array(timeRange).optional()])) as Record<Weekday, z.ZodOptional<z.ZodArray<typeof timeRange>>>)
export type Weekly = z.infer<typeof weekly>

const period = z
  .strictObject({ from: date, to: date, name: z.string().optional() })
  .refine((p) => p.from <= p.to, { message: "must not end before it starts ('to' before 'from')", path: ['to'] })
export type Period = z.infer<typeof period>

const settings = z.strictObject({
  currency: z.enum(CURRENCIES),
  country: text,
  logo: z.string().optional(),
  gtmId: z.string().optional(),
  analyticsConsentBanner: z.boolean().optional(),
  showHomeBannerText: z.boolean(),
  homeBannerText: z.string().optional(),
  bookingDepositType: z.enum(DEPOSIT_TYPES),
  bookingDepositAmount: money,
  bookingDepositMultipleServicesRule: z.enum(DEPOSIT_MULTIPLE_SERVICES_RULES),
  bookingDepositRule: z.enum(DEPOSIT_RULES),
  termsAndConditionsText: z.string().optional(),
  termsAndConditionsTextCourse: z.string().optional(),
  termsAndConditionsTextCourseService: z.string().optional(),
  termsAndConditionsTextGiftVoucher: z.string().optional(),
  thankYouText: z.string().optional(),
  thankYouTextCourse: z.string().optional(),
  thankYouTextCourseService: z.string().optional(),
  thankYouTextGiftVoucher: z.string().optional(),
  thankYouPageUrl: z.string().optional(),
  lateCancellationChargeType: z.enum(['NONE', 'AMOUNT', 'PERCENTAGE']).optional(),
  lateCancellationChargeValue: money.optional(),
  lateCancellationPeriod: z.number().int().min(0).optional(),
  lateCancellationText: z.string().optional(),
  showCancelTerms: z.boolean(),
  cancellationRules: z.string().optional(),
  sellGiftVoucherOnline: z.boolean(),
  giftVoucherValues: z.array(money.refine((n) => n > 0, 'must be more than 0')),
  minimiseGaps: z.boolean(),
  minimiseGapsStrategy: z.string().optional(),
  alsoShowFirst: z.boolean().optional(),
  alsoShowLast: z.boolean().optional(),
  cardRequired: z.boolean().optional(),
  minNoticeMinutes: z.number().int().min(0).optional(),
  /** minutes a waitlist offer holds its time (default 15) */
  waitlistOfferMinutes: z.number().int().min(1).max(1440).optional(),
  /** sites that may embed the lead form and the booking flow: origins such as https://www.example-clinic.com */
  embedHosts: z.array(z.string().regex(/^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i, 'must be an origin such as https://www.example-clinic.com')).optional(),
})

const clinic = z.strictObject({
  slug,
  accountName: text,
  name: z.string().optional(),
  address: z.strictObject({
    line1: text,
    line2: z.string().optional(),
    city: text,
    country: z.string().optional(),
    postCode: z.string().optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  }),
  phone: z.string().optional(),
  email: z.string().email().optional(),
  photo: z.string().optional(),
  active: z.boolean().default(true),
  online: z.boolean().default(true),
  openingHours: weekly.default({}),
  closedDays: z.array(period).default([]),
})

const category = z.strictObject({
  slug,
  name: text,
  parent: slug.optional(),
  online: z.boolean().default(true),
  /** per-location visibility: clinic slug -> shown online there */
  locations: z.record(slug, z.boolean()).default({}),
})

const service = z.strictObject({
  slug,
  name: text,
  onlineName: z.string().optional(),
  description: z.string().optional(),
  subtitle: z.string().optional(),
  category: slug.optional(),
  duration: z.number().int().min(5).max(24 * 60),
  price: money,
  tax: z.number().int().min(0).max(100).default(20),
  deposit: z.strictObject({ type: z.enum(DEPOSIT_TYPES), amount: money.optional() }).optional(),
  availability: z.enum(['BOOK_AND_SELL', 'BOOK_ONLY', 'SELL_ONLY']).default('BOOK_AND_SELL'),
  online: z.boolean().default(true),
  showPriceOnline: z.boolean().default(true),
  showDurationOnline: z.boolean().default(true),
  interval: z.number().int().min(5).max(240).default(15),
  /** clinic slug -> shown online there (and an optional price at that clinic) */
  locations: z.record(slug, z.strictObject({ online: z.boolean().default(true), price: money.optional() })),
  /** practitioner slug -> their own price and duration, when not the service's */
  practitioners: z.record(slug, z.strictObject({ price: money.optional(), duration: z.number().int().min(5).max(24 * 60).optional() }).nullable()).default({}),
})

const course = z.strictObject({
  slug,
  name: text,
  description: z.string().optional(),
  category: slug.optional(),
  price: money,
  tax: z.number().int().min(0).max(100).default(20),
  validityMonths: z.number().int().min(1).optional(),
  online: z.boolean().default(true),
  services: z.record(slug, z.number().int().min(1)),
  locations: z.array(slug).default([]),
})

const workDay = z.strictObject({ work: z.array(timeRange).min(1), breaks: z.array(timeRange).optional() })
const practitioner = z.strictObject({
  slug,
  name: text,
  description: z.string().optional(),
  avatar: z.string().optional(),
  gender: z.string().optional(),
  online: z.boolean().default(true),
  /** clinic slug -> weekday -> working times and breaks */
  hours: z.record(slug, z.strictObject(Object.fromEntries(WEEKDAYS.map((d) => [d, workDay.optional()])) as Record<Weekday, z.ZodOptional<typeof workDay>>)).default({}),
  leave: z.array(period).default([]),
})

/**
 * The document's lists. Each must be there: a list left out is refused, never read as empty (which
 * would archive everything in it); an explicit empty list (`clinics: []`) empties it on purpose.
 */
const SETUP_SECTIONS = {
  clinics: 'archive every clinic',
  holidays: 'remove every holiday',
  categories: 'archive every category',
  services: 'archive every service',
  courses: 'archive every course',
  practitioners: 'archive every practitioner',
} as const

export const SetupDocumentSchema = z.strictObject({
  version: z.literal(1),
  organisation: z.strictObject({ name: text, settings }),
  clinics: z.array(clinic),
  holidays: z.array(period),
  categories: z.array(category),
  services: z.array(service),
  courses: z.array(course),
  practitioners: z.array(practitioner),
})
export type SetupDocument = z.infer<typeof SetupDocumentSchema>
export type ClinicDoc = SetupDocument['clinics'][number]
export type CategoryDoc = SetupDocument['categories'][number]
export type ServiceDoc = SetupDocument['services'][number]
export type CourseDoc = SetupDocument['courses'][number]
export type PractitionerDoc = SetupDocument['practitioners'][number]

type Path = readonly PropertyKey[]

/** ['services', 3, 'deposit', 'amount'] -> 'services[3].deposit.amount' */
export function formatPath(path: Path): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '')
}

function issueMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined && issue.path.length === 1 && Object.hasOwn(SETUP_SECTIONS, issue.path[0]!)) {
        const section = issue.path[0] as keyof typeof SETUP_SECTIONS
        return `is missing, so nothing was changed; to ${SETUP_SECTIONS[section]} on purpose, write an empty list: '${section}: []'`
      }
      return issue.input === undefined ? 'is required' : `must be ${issue.expected === 'array' ? 'a list' : issue.expected === 'object' ? 'a mapping' : `a ${issue.expected}`}`
    case 'too_small':
      return issue.origin === 'array' ? `must have at least ${String(issue.minimum)} item(s)` : issue.origin === 'string' ? 'must not be empty' : `must be at least ${String(issue.minimum)}`
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}`
    default:
      return issue.message
  }
}

/** Cross-item rules: unique slugs, references to defined slugs, the spec's location-flag rules. */
function crossChecks(doc: SetupDocument): string[] {
  const errors: string[] = []
  const at = (path: Path, message: string) => errors.push(`${formatPath(path)}: ${message}`)
  const slugsOf = (kind: 'clinics' | 'categories' | 'services' | 'courses' | 'practitioners') => {
    const seen = new Set<string>()
    doc[kind].forEach((item, i) => {
      if (seen.has(item.slug)) at([kind, i, 'slug'], `'${item.slug}' is used twice`)
      seen.add(item.slug)
    })
    return seen
  }
  const clinics = slugsOf('clinics')
  const categories = slugsOf('categories')
  const services = slugsOf('services')
  slugsOf('courses')
  const practitioners = slugsOf('practitioners')
  const known = (set: Set<string>, what: string, value: string | undefined, path: Path) => {
    if (value !== undefined && !set.has(value)) at(path, `no ${what} '${value}' in this document`)
  }
  const ACTIVATE = (name: string) => `You cannot activate '${name}'. This feature is not enabled in the organisation.`
  const ITEM_CHANGE = 'You cannot change this item, it should be activated/unarchived at organisation level'
  doc.clinics.forEach((c, i) => {
    if (c.online && !c.active) at(['clinics', i, 'online'], ITEM_CHANGE)
  })
  doc.categories.forEach((c, i) => {
    known(categories, 'category', c.parent, ['categories', i, 'parent'])
    if (c.parent === c.slug) at(['categories', i, 'parent'], 'a category cannot be its own parent')
    for (const [clinic, online] of Object.entries(c.locations)) {
      known(clinics, 'clinic', clinic, ['categories', i, 'locations', clinic])
      if (online && !c.online) at(['categories', i, 'locations', clinic], ACTIVATE('Show online'))
    }
  })
  doc.services.forEach((s, i) => {
    known(categories, 'category', s.category, ['services', i, 'category'])
    for (const [clinic, where] of Object.entries(s.locations)) {
      known(clinics, 'clinic', clinic, ['services', i, 'locations', clinic])
      if (where.online && !s.online) at(['services', i, 'locations', clinic, 'online'], ACTIVATE('Show online'))
    }
    for (const p of Object.keys(s.practitioners)) known(practitioners, 'practitioner', p, ['services', i, 'practitioners', p])
    if (s.deposit?.type === 'percentage' && (s.deposit.amount ?? 0) > 100) at(['services', i, 'deposit', 'amount'], 'must be at most 100 (per cent)')
  })
  doc.courses.forEach((c, i) => {
    known(categories, 'category', c.category, ['courses', i, 'category'])
    for (const s of Object.keys(c.services)) known(services, 'service', s, ['courses', i, 'services', s])
    c.locations.forEach((clinic, j) => known(clinics, 'clinic', clinic, ['courses', i, 'locations', j]))
  })
  doc.practitioners.forEach((p, i) => {
    for (const clinic of Object.keys(p.hours)) known(clinics, 'clinic', clinic, ['practitioners', i, 'hours', clinic])
  })
  return errors
}

/** The valid document, or every error as a 'path: message' line. */
export function validateSetupDocument(input: unknown): { ok: true; document: SetupDocument } | { ok: false; errors: string[] } {
  const parsed = SetupDocumentSchema.safeParse(input, { reportInput: true })
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((issue) => `${formatPath(issue.path) || '(document)'}: ${issueMessage(issue)}`) }
  const errors = crossChecks(parsed.data)
  return errors.length > 0 ? { ok: false, errors } : { ok: true, document: parsed.data }
}
