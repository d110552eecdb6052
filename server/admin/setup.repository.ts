/**
 * Reads a tenant's set-up rows (archived items included) and gives every item its readable slug:
 * the stored one, else one derived from its name (rows from before 0006, e.g. the demo seed), unique
 * per kind. Apply stores the slugs it matched, so they stay put when names change later.
 */
import type { Selectable } from 'kysely'
import type { OrganisationSettings } from '../db/schema'
import type { OperatorDbOrTrx, OperatorTables } from '../staff/staff.tables'

type Row<T extends keyof OperatorTables> = Selectable<OperatorTables[T]>

export interface SetupRows {
  organisation: { name: string; settings: OrganisationSettings } | undefined
  clinics: Row<'clinics'>[]
  clinicHours: Row<'clinic_hours'>[]
  categories: Row<'categories'>[]
  categoryLocations: Row<'category_locations'>[]
  services: Row<'services'>[]
  serviceLocations: Row<'service_locations'>[]
  servicePractitioners: Row<'service_practitioners'>[]
  courses: Row<'courses'>[]
  courseServices: Row<'course_services'>[]
  courseLocations: Row<'course_locations'>[]
  practitioners: Row<'practitioners'>[]
  practitionerHours: Row<'practitioner_hours'>[]
  closures: Row<'closures'>[]
  /** id -> slug, for every item of every kind */
  slugs: Map<string, string>
}

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return slug || 'item'
}

/** Stored slugs first, then derived ones that do not clash with any, in row order. */
function assignSlugs(rows: { id: string; slug: string | null; name: string }[], into: Map<string, string>): void {
  const used = new Set(rows.flatMap((r) => (r.slug ? [r.slug] : [])))
  for (const r of rows) {
    if (r.slug) {
      into.set(r.id, r.slug)
      continue
    }
    const base = slugify(r.name)
    let slug = base
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`
    used.add(slug)
    into.set(r.id, slug)
  }
}

/** id -> slug of the tenant's practitioners (archived too), the slugs export gives them. */
export async function practitionerSlugs(db: OperatorDbOrTrx, tenant: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('practitioners').select(['id', 'slug', 'display_name']).where('tenant_id', '=', tenant).orderBy('position').orderBy('id').execute()
  const slugs = new Map<string, string>()
  assignSlugs(rows.map((p) => ({ id: p.id, slug: p.slug, name: p.display_name })), slugs)
  return slugs
}

export async function loadSetupRows(db: OperatorDbOrTrx, tenant: string): Promise<SetupRows> {
  const [organisation, clinics, clinicHours, categories, categoryLocations, services, serviceLocations, servicePractitioners, courses, courseServices, courseLocations, practitioners, practitionerHours, closures] =
    await Promise.all([
      db.selectFrom('organisations').select(['name', 'settings']).where('tenant_id', '=', tenant).executeTakeFirst(),
      db.selectFrom('clinics').selectAll().where('tenant_id', '=', tenant).orderBy('position').orderBy('id').execute(),
      db.selectFrom('clinic_hours').selectAll().where('tenant_id', '=', tenant).orderBy('weekday').orderBy('start_time').execute(),
      db.selectFrom('categories').selectAll().where('tenant_id', '=', tenant).orderBy('position').orderBy('id').execute(),
      db.selectFrom('category_locations').selectAll().where('tenant_id', '=', tenant).execute(),
      db.selectFrom('services').selectAll().where('tenant_id', '=', tenant).orderBy('position').orderBy('id').execute(),
      db.selectFrom('service_locations').selectAll().where('tenant_id', '=', tenant).execute(),
      db.selectFrom('service_practitioners').selectAll().where('tenant_id', '=', tenant).execute(),
      db.selectFrom('courses').selectAll().where('tenant_id', '=', tenant).orderBy('position').orderBy('id').execute(),
      db.selectFrom('course_services').selectAll().where('tenant_id', '=', tenant).execute(),
      db.selectFrom('course_locations').selectAll().where('tenant_id', '=', tenant).execute(),
      db.selectFrom('practitioners').selectAll().where('tenant_id', '=', tenant).orderBy('position').orderBy('id').execute(),
      db.selectFrom('practitioner_hours').selectAll().where('tenant_id', '=', tenant).orderBy('weekday').orderBy('start_time').execute(),
      db.selectFrom('closures').selectAll().where('tenant_id', '=', tenant).orderBy('starts_on').orderBy('id').execute(),
    ])
  const slugs = new Map<string, string>()
  assignSlugs(clinics.map((c) => ({ id: c.id, slug: c.slug, name: c.name ?? c.account_name })), slugs)
  assignSlugs(categories, slugs)
  assignSlugs(services, slugs)
  assignSlugs(courses, slugs)
  assignSlugs(practitioners.map((p) => ({ id: p.id, slug: p.slug, name: p.display_name })), slugs)
  return {
    organisation,
    clinics,
    clinicHours,
    categories,
    categoryLocations,
    services,
    serviceLocations,
    servicePractitioners,
    courses,
    courseServices,
    courseLocations,
    practitioners,
    practitionerHours,
    closures,
    slugs,
  }
}

const BOOKING_COLUMN = { clinics: 'clinic_id', practitioners: 'practitioner_id', services: 'service_id' } as const

/** Bookings still to come (not cancelled or done) per item id: what archiving the item would leave behind. */
export async function upcomingBookingsOf(db: OperatorDbOrTrx, tenant: string, kind: keyof typeof BOOKING_COLUMN, ids: readonly string[], now: Date): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const column = BOOKING_COLUMN[kind]
  const rows = await db
    .selectFrom('appointments')
    .select([column, (eb) => eb.fn.countAll<string>().as('n')])
    .where('tenant_id', '=', tenant)
    .where(column, 'in', [...ids])
    .where('type', '=', 'Appointment')
    .where('status', 'in', ['Scheduled', 'Running late'])
    .where('starts_at', '>', now)
    .groupBy(column)
    .execute()
  return new Map(rows.map((r) => [(r as Record<string, unknown>)[column] as string, Number(r.n)]))
}
