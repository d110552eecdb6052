/**
 * The settings pages' changes to a set-up document (issue 29), as pure functions: each takes the
 * current document and gives the desired one, which then goes through the one engine (check, plan,
 * apply) like a file given to `clinic admin apply`. Nothing else is touched: an edit of a clinic's
 * hours leaves every other field and item as the document had it.
 */
import type { CategoryDoc, ClinicDoc, CourseDoc, OrganisationSettingsDoc, Period, PractitionerDoc, ServiceDoc, SetupDocument, Weekday, Weekly, WorkDay } from '../../contract/setup-document.codecs'
import { WEEKDAYS } from '../../contract/setup-document.codecs'

export type SetupEdit = (document: SetupDocument) => SetupDocument

const replaceItem = <T extends { slug: string }>(items: readonly T[], slug: string, change: (item: T) => T): T[] => items.map((item) => (item.slug === slug ? change(item) : item))

/** Leaves out the fields given as undefined or '' (a document names only what is set). */
function withFields<T extends object>(base: T, patch: Partial<Record<keyof T, unknown>>): T {
  const out = { ...base } as Record<string, unknown>
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || v === '') delete out[k]
    else out[k] = v
  }
  return out as T
}

export type OrganisationPatch = { name?: string } & Partial<Record<keyof OrganisationSettingsDoc, unknown>>

export const editOrganisation = ({ name, ...settings }: OrganisationPatch): SetupEdit => (d) => ({
  ...d,
  organisation: { name: name ?? d.organisation.name, settings: withFields(d.organisation.settings, settings) },
})

export type ClinicPatch = Partial<Omit<ClinicDoc, 'slug' | 'address'>> & { address?: Partial<ClinicDoc['address']> }

export const editClinic = (slug: string, { address, ...rest }: ClinicPatch): SetupEdit => (d) => ({
  ...d,
  clinics: replaceItem(d.clinics, slug, (c) => withFields({ ...c, address: address ? withFields(c.address, address) : c.address }, rest)),
})

/** A slug for a new item from its name, unlike any of `taken` (the server's rule for rows without one). */
export function slugFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'item'
  let slug = base
  for (let n = 2; taken.includes(slug); n++) slug = `${base}-${n}`
  return slug
}

/** A new clinic at the end of the list, active and shown online, with no opening hours yet (which limits nothing). */
export const addClinic = (clinic: { name: string; accountName: string; line1: string; city: string }): SetupEdit => (d) => ({
  ...d,
  clinics: [
    ...d.clinics,
    {
      slug: slugFor(clinic.name || clinic.accountName, d.clinics.map((c) => c.slug)),
      accountName: clinic.accountName,
      ...(clinic.name ? { name: clinic.name } : {}),
      address: { line1: clinic.line1, city: clinic.city },
      active: true,
      online: true,
      openingHours: {},
      closedDays: [],
    },
  ],
})

/** A new service at the end of the list, offered and shown online at every clinic, with no practitioner yet. */
export const addService = (service: { name: string; duration: number; price: number }): SetupEdit => (d) => ({
  ...d,
  services: [
    ...d.services,
    {
      slug: slugFor(service.name, d.services.map((s) => s.slug)),
      name: service.name,
      duration: service.duration,
      price: service.price,
      tax: 20,
      availability: 'BOOK_AND_SELL',
      online: true,
      showPriceOnline: true,
      showDurationOnline: true,
      interval: 15,
      locations: Object.fromEntries(d.clinics.map((c) => [c.slug, { online: c.online }])),
      practitioners: {},
    },
  ],
})

/** A new practitioner at the end of the list, shown online, with no hours yet. */
export const addPractitioner = (name: string): SetupEdit => (d) => ({
  ...d,
  practitioners: [...d.practitioners, { slug: slugFor(name, d.practitioners.map((p) => p.slug)), name, online: true, hours: {}, leave: [] }],
})

/** A practitioner offers the service (at its price and duration). */
export const offerService = (service: string, practitioner: string, offers: boolean): SetupEdit => (d) => ({
  ...d,
  services: replaceItem(d.services, service, (s) => {
    const practitioners = { ...s.practitioners }
    if (offers) practitioners[practitioner] ??= {}
    else delete practitioners[practitioner]
    return { ...s, practitioners }
  }),
})

export type ArchivableKind = 'clinics' | 'categories' | 'services' | 'courses' | 'practitioners'

/**
 * Archives an item: it leaves the document, so the engine archives it (hidden online, bookings kept;
 * applying it again later unarchives it). References to it go too, as an export leaves them out.
 */
export const archiveItem = (kind: ArchivableKind, slug: string): SetupEdit => (d) => {
  const out: SetupDocument = { ...d, [kind]: (d[kind] as { slug: string }[]).filter((item) => item.slug !== slug) }
  if (kind === 'clinics') {
    const without = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== slug))
    out.categories = out.categories.map((c) => ({ ...c, locations: without(c.locations) }))
    out.services = out.services.map((s) => ({ ...s, locations: without(s.locations) }))
    out.courses = out.courses.map((c) => ({ ...c, locations: c.locations.filter((l) => l !== slug) }))
    out.practitioners = out.practitioners.map((p) => ({ ...p, hours: without(p.hours) }))
  }
  if (kind === 'categories') {
    const unfiled = <T extends { category?: string }>(item: T): T => (item.category === slug ? withFields(item, { category: undefined } as Partial<Record<keyof T, unknown>>) : item)
    out.categories = out.categories.map((c) => (c.parent === slug ? withFields(c, { parent: undefined }) : c))
    out.services = out.services.map(unfiled)
    out.courses = out.courses.map(unfiled)
  }
  if (kind === 'services') out.courses = out.courses.map((c) => ({ ...c, services: Object.fromEntries(Object.entries(c.services).filter(([k]) => k !== slug)) }))
  if (kind === 'practitioners') out.services = out.services.map((s) => ({ ...s, practitioners: Object.fromEntries(Object.entries(s.practitioners).filter(([k]) => k !== slug)) }))
  return out
}

/** A new category at the end of the list, shown online, at no clinic in particular. */
export const addCategory = (name: string): SetupEdit => (d) => ({
  ...d,
  categories: [...d.categories, { slug: slugFor(name, d.categories.map((c) => c.slug)), name, online: true, locations: {} }],
})

export type CategoryPatch = Partial<Omit<CategoryDoc, 'slug'>>

/** A category's name, online flag or per-clinic visibility (its slug stays: renaming keeps the item). */
export const editCategory = (slug: string, patch: CategoryPatch): SetupEdit => (d) => ({
  ...d,
  categories: replaceItem(d.categories, slug, (c) => withFields(c, patch)),
})

/** A service's category; '' or undefined: none. */
export const fileService = (service: string, category: string | undefined): SetupEdit => (d) => ({
  ...d,
  services: replaceItem(d.services, service, (s) => withFields(s, { category })),
})

export interface NewCourse {
  name: string
  price: number
  /** service slug -> sessions of it */
  services: Record<string, number>
  validityMonths?: number
  online: boolean
}

/** A new course at the end of the list, sold at every active clinic (the booking pages list a course at the clinics named). */
export const addCourse = (course: NewCourse): SetupEdit => (d) => ({
  ...d,
  courses: [
    ...d.courses,
    withFields<CourseDoc>(
      { slug: slugFor(course.name, d.courses.map((c) => c.slug)), name: course.name, price: course.price, tax: 20, online: course.online, services: course.services, locations: d.clinics.filter((c) => c.active).map((c) => c.slug) },
      { validityMonths: course.validityMonths },
    ),
  ],
})

export type CoursePatch = Partial<Omit<CourseDoc, 'slug'>>

/** A course's fields; `validityMonths` undefined: no expiry. */
export const editCourse = (slug: string, patch: CoursePatch): SetupEdit => (d) => ({
  ...d,
  courses: replaceItem(d.courses, slug, (c) => withFields(c, patch)),
})

/** The gift voucher values sold (online when the organisation sells them). */
export const editGiftVoucherValues = (values: number[]): SetupEdit => (d) => ({
  ...d,
  organisation: { ...d.organisation, settings: { ...d.organisation.settings, giftVoucherValues: values } },
})

/** A practitioner's own price and duration for a service they offer; undefined: the service's. */
export const editPractitionerService = (service: string, practitioner: string, own: { price?: number; duration?: number }): SetupEdit => (d) => ({
  ...d,
  services: replaceItem(d.services, service, (s) => {
    if (!(practitioner in s.practitioners)) return s
    const entry = withFields({}, own) as { price?: number; duration?: number }
    return { ...s, practitioners: { ...s.practitioners, [practitioner]: Object.keys(entry).length > 0 ? entry : {} } }
  }),
})

export type PractitionerProfile = Partial<Pick<PractitionerDoc, 'name' | 'description' | 'online' | 'gender' | 'avatar'>>

/** A practitioner's profile as the document has it: name, description (their bio), online flag. */
export const editPractitionerProfile = (slug: string, profile: PractitionerProfile): SetupEdit => (d) => ({
  ...d,
  practitioners: replaceItem(d.practitioners, slug, (p) => withFields(p, profile)),
})

export type ServicePatch = Partial<Omit<ServiceDoc, 'slug'>>

export const editService = (slug: string, patch: ServicePatch): SetupEdit => (d) => ({
  ...d,
  services: replaceItem(d.services, slug, (s) => withFields(s, patch)),
})

/** The service's price and visibility at one clinic; `price` undefined: the service's own price there. */
export const editServiceLocation = (slug: string, clinic: string, at: { offered: boolean; online: boolean; price?: number }): SetupEdit => (d) => ({
  ...d,
  services: replaceItem(d.services, slug, (s) => {
    const locations = { ...s.locations }
    if (at.offered) locations[clinic] = at.price === undefined ? { online: at.online } : { online: at.online, price: at.price }
    else delete locations[clinic]
    return { ...s, locations }
  }),
})

/** A practitioner's day at a clinic; `day` undefined: not working there that day. */
export const editPractitionerDay = (slug: string, clinic: string, weekday: Weekday, day: WorkDay | undefined): SetupEdit => (d) => ({
  ...d,
  practitioners: replaceItem(d.practitioners, slug, (p): PractitionerDoc => {
    const week = { ...(p.hours[clinic] ?? {}) }
    if (day) week[weekday] = day
    else delete week[weekday]
    const hours = { ...p.hours }
    if (Object.keys(week).length > 0) hours[clinic] = week
    else delete hours[clinic]
    return { ...p, hours }
  }),
})

export const editPractitionerLeave = (slug: string, leave: Period[]): SetupEdit => (d) => ({
  ...d,
  practitioners: replaceItem(d.practitioners, slug, (p) => ({ ...p, leave })),
})

export const editEmbedHosts = (hosts: string[]): SetupEdit => editOrganisation({ embedHosts: hosts.length > 0 ? hosts : undefined })

// ---------------------------------------------------------------------------------------------
// The forms' text for the document's lists (a line a period, times comma-separated).
// ---------------------------------------------------------------------------------------------

/** ['09:00-13:00', '14:00-18:00'] <-> '09:00-13:00, 14:00-18:00' */
export const rangesText = (ranges: readonly string[] | undefined): string => (ranges ?? []).join(', ')
export const rangesOf = (text: string): string[] => text.split(',').map((s) => s.replace(/\s+/g, '')).filter(Boolean)

export function weeklyOf(texts: Partial<Record<Weekday, string>>): Weekly {
  const out: Weekly = {}
  for (const day of WEEKDAYS) {
    const ranges = rangesOf(texts[day] ?? '')
    if (ranges.length > 0) out[day] = ranges
  }
  return out
}

/** '2026-08-31 2026-08-31 Staff training day' per line <-> periods. */
export const periodsText = (periods: readonly Period[]): string => periods.map((p) => [p.from, p.to, p.name].filter(Boolean).join(' ')).join('\n')
export function periodsOf(text: string): Period[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [from = '', maybeTo = '', ...rest] = line.split(/\s+/)
      const dated = /^\d{4}-\d{2}-\d{2}$/.test(maybeTo)
      const to = dated ? maybeTo : from
      const name = (dated ? rest : [maybeTo, ...rest]).join(' ').trim()
      return name ? { from, to, name } : { from, to }
    })
}
