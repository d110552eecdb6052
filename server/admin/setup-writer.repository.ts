/**
 * Writes one set-up item (its row and its child rows) from the document. Child rows (hours,
 * visibility, prices, course contents, closures) are replaced as a whole; appointments are never
 * touched, so archiving or changing an item leaves booked appointments as they are.
 */
import { newId } from '../db/ids'
import type { OperatorDbOrTrx } from '../staff/staff.tables'
import { WEEKDAYS, type CategoryDoc, type ClinicDoc, type CourseDoc, type Period, type PractitionerDoc, type ServiceDoc, type SetupDocument, type Weekly } from '../../src/contract/setup-document.codecs'

export type Ids = Map<string, string>
export type Kind = 'clinics' | 'categories' | 'services' | 'courses' | 'practitioners'

const need = (ids: Ids, slug: string): string => {
  const id = ids.get(slug)
  // The document was validated (every reference names an item of it): a miss is a bug.
  if (!id) throw new Error(`no id for slug '${slug}'`)
  return id
}

function weeklyRows(weekly: Weekly): { weekday: number; start_time: string; end_time: string }[] {
  return WEEKDAYS.flatMap((day, weekday) => (weekly[day] ?? []).map((r) => ({ weekday, start_time: r.slice(0, 5), end_time: r.slice(6) })))
}

const closure = (tenant: string, p: Period, kind: 'closed' | 'holiday', at: { clinic_id: string | null; practitioner_id: string | null }) => ({
  id: newId(),
  tenant_id: tenant,
  kind,
  ...at,
  starts_on: p.from,
  ends_on: p.to,
  name: p.name ?? null,
})

export async function writeOrganisation(db: OperatorDbOrTrx, tenant: string, org: SetupDocument['organisation']): Promise<void> {
  await db.updateTable('organisations').set({ name: org.name, settings: JSON.stringify(org.settings) }).where('tenant_id', '=', tenant).execute()
}

export async function writeHolidays(db: OperatorDbOrTrx, tenant: string, holidays: Period[]): Promise<void> {
  await db.deleteFrom('closures').where('tenant_id', '=', tenant).where('clinic_id', 'is', null).where('practitioner_id', 'is', null).execute()
  if (holidays.length > 0) await db.insertInto('closures').values(holidays.map((h) => closure(tenant, h, 'holiday', { clinic_id: null, practitioner_id: null }))).execute()
}

export async function writeClinic(db: OperatorDbOrTrx, tenant: string, id: string, exists: boolean, c: ClinicDoc, position: number): Promise<void> {
  const row = {
    slug: c.slug,
    account_name: c.accountName,
    name: c.name ?? null,
    line1: c.address.line1,
    line2: c.address.line2 ?? null,
    city: c.address.city,
    country: c.address.country ?? null,
    post_code: c.address.postCode ?? null,
    latitude: c.address.latitude ?? null,
    longitude: c.address.longitude ?? null,
    phone: c.phone ?? null,
    email: c.email ?? null,
    photo: c.photo ?? null,
    active: c.active,
    archived: false,
    show_online: c.online,
    position,
  }
  if (exists) await db.updateTable('clinics').set(row).where('tenant_id', '=', tenant).where('id', '=', id).execute()
  else await db.insertInto('clinics').values({ id, tenant_id: tenant, ...row }).execute()
  await db.deleteFrom('clinic_hours').where('tenant_id', '=', tenant).where('clinic_id', '=', id).execute()
  const hours = weeklyRows(c.openingHours)
  if (hours.length > 0) await db.insertInto('clinic_hours').values(hours.map((h) => ({ tenant_id: tenant, clinic_id: id, ...h }))).execute()
  await db.deleteFrom('closures').where('tenant_id', '=', tenant).where('clinic_id', '=', id).where('practitioner_id', 'is', null).execute()
  if (c.closedDays.length > 0) await db.insertInto('closures').values(c.closedDays.map((p) => closure(tenant, p, 'closed', { clinic_id: id, practitioner_id: null }))).execute()
}

export async function writeCategory(db: OperatorDbOrTrx, tenant: string, id: string, exists: boolean, c: CategoryDoc, position: number, clinics: Ids): Promise<void> {
  // The parent is set once every category of the document has a row (setCategoryParent).
  const row = { slug: c.slug, name: c.name, position, show_online: c.online, archived: false }
  if (exists) await db.updateTable('categories').set(row).where('tenant_id', '=', tenant).where('id', '=', id).execute()
  else await db.insertInto('categories').values({ id, tenant_id: tenant, parent_id: null, ...row }).execute()
  await db.deleteFrom('category_locations').where('tenant_id', '=', tenant).where('category_id', '=', id).execute()
  const locations = Object.entries(c.locations)
  if (locations.length > 0) {
    await db
      .insertInto('category_locations')
      .values(locations.map(([clinic, online]) => ({ tenant_id: tenant, category_id: id, clinic_id: need(clinics, clinic), show_online: online })))
      .execute()
  }
}

export async function setCategoryParent(db: OperatorDbOrTrx, tenant: string, id: string, parentId: string | null): Promise<void> {
  await db.updateTable('categories').set({ parent_id: parentId }).where('tenant_id', '=', tenant).where('id', '=', id).execute()
}

export async function writePractitioner(db: OperatorDbOrTrx, tenant: string, id: string, exists: boolean, p: PractitionerDoc, position: number, clinics: Ids): Promise<void> {
  const row = {
    slug: p.slug,
    display_name: p.name,
    description: p.description ?? null,
    avatar: p.avatar ?? null,
    gender: p.gender ?? null,
    online_booking: p.online,
    active: true,
    archived: false,
    position,
  }
  if (exists) await db.updateTable('practitioners').set(row).where('tenant_id', '=', tenant).where('id', '=', id).execute()
  else await db.insertInto('practitioners').values({ id, tenant_id: tenant, ...row }).execute()
  await db.deleteFrom('practitioner_hours').where('tenant_id', '=', tenant).where('practitioner_id', '=', id).execute()
  const hours = Object.entries(p.hours).flatMap(([clinic, days]) =>
    WEEKDAYS.flatMap((day, weekday) => {
      const at = days[day]
      if (!at) return []
      const row = (r: string, kind: 'work' | 'break') => ({ tenant_id: tenant, practitioner_id: id, clinic_id: need(clinics, clinic), weekday, start_time: r.slice(0, 5), end_time: r.slice(6), kind })
      return [...at.work.map((r) => row(r, 'work')), ...(at.breaks ?? []).map((r) => row(r, 'break'))]
    }),
  )
  if (hours.length > 0) await db.insertInto('practitioner_hours').values(hours).execute()
  await db.deleteFrom('closures').where('tenant_id', '=', tenant).where('practitioner_id', '=', id).execute()
  if (p.leave.length > 0) await db.insertInto('closures').values(p.leave.map((l) => closure(tenant, l, 'holiday', { clinic_id: null, practitioner_id: id }))).execute()
}

export async function writeService(
  db: OperatorDbOrTrx,
  tenant: string,
  id: string,
  exists: boolean,
  s: ServiceDoc,
  position: number,
  ids: { clinics: Ids; categories: Ids; practitioners: Ids },
): Promise<void> {
  const row = {
    slug: s.slug,
    name: s.name,
    online_name: s.onlineName ?? null,
    online_description: s.description ?? null,
    online_subtitle: s.subtitle ?? null,
    category_id: s.category ? need(ids.categories, s.category) : null,
    default_duration: s.duration,
    default_price: s.price,
    tax_rate: s.tax,
    booking_deposit_type: s.deposit?.type ?? null,
    booking_deposit_amount: s.deposit?.amount ?? null,
    availability: s.availability,
    show_online: s.online,
    show_price_online: s.showPriceOnline,
    show_duration_online: s.showDurationOnline,
    interval_minutes: s.interval,
    archived: false,
    position,
  }
  if (exists) await db.updateTable('services').set(row).where('tenant_id', '=', tenant).where('id', '=', id).execute()
  else await db.insertInto('services').values({ id, tenant_id: tenant, tax_id: null, ...row }).execute()
  await db.deleteFrom('service_locations').where('tenant_id', '=', tenant).where('service_id', '=', id).execute()
  const locations = Object.entries(s.locations)
  if (locations.length > 0) {
    await db
      .insertInto('service_locations')
      .values(locations.map(([clinic, at]) => ({ tenant_id: tenant, service_id: id, clinic_id: need(ids.clinics, clinic), show_online: at.online, gross_price: at.price ?? null })))
      .execute()
  }
  await db.deleteFrom('service_practitioners').where('tenant_id', '=', tenant).where('service_id', '=', id).execute()
  const staff = Object.entries(s.practitioners)
  if (staff.length > 0) {
    await db
      .insertInto('service_practitioners')
      .values(staff.map(([p, own]) => ({ tenant_id: tenant, service_id: id, practitioner_id: need(ids.practitioners, p), gross_price: own?.price ?? null, duration: own?.duration ?? null })))
      .execute()
  }
}

export async function writeCourse(
  db: OperatorDbOrTrx,
  tenant: string,
  id: string,
  exists: boolean,
  c: CourseDoc,
  position: number,
  ids: { clinics: Ids; categories: Ids; services: Ids },
): Promise<void> {
  const row = {
    slug: c.slug,
    name: c.name,
    description: c.description ?? null,
    category_id: c.category ? need(ids.categories, c.category) : null,
    sale_price: c.price,
    tax_rate: c.tax,
    validity_months: c.validityMonths ?? null,
    show_online: c.online,
    archived: false,
    position,
  }
  if (exists) await db.updateTable('courses').set(row).where('tenant_id', '=', tenant).where('id', '=', id).execute()
  else await db.insertInto('courses').values({ id, tenant_id: tenant, ...row }).execute()
  await db.deleteFrom('course_services').where('tenant_id', '=', tenant).where('course_id', '=', id).execute()
  const services = Object.entries(c.services)
  if (services.length > 0) {
    await db.insertInto('course_services').values(services.map(([s, quantity]) => ({ tenant_id: tenant, course_id: id, service_id: need(ids.services, s), quantity }))).execute()
  }
  await db.deleteFrom('course_locations').where('tenant_id', '=', tenant).where('course_id', '=', id).execute()
  if (c.locations.length > 0) {
    await db.insertInto('course_locations').values(c.locations.map((clinic) => ({ tenant_id: tenant, course_id: id, clinic_id: need(ids.clinics, clinic) }))).execute()
  }
}

/** Spec section 4: archiving also deactivates, and deactivating hides the item online. */
export async function archiveItem(db: OperatorDbOrTrx, tenant: string, kind: Kind, id: string): Promise<void> {
  switch (kind) {
    case 'clinics':
      await db.updateTable('clinics').set({ archived: true, active: false, show_online: false }).where('tenant_id', '=', tenant).where('id', '=', id).execute()
      return
    case 'practitioners':
      await db.updateTable('practitioners').set({ archived: true, active: false, online_booking: false }).where('tenant_id', '=', tenant).where('id', '=', id).execute()
      return
    case 'categories':
    case 'services':
    case 'courses':
      await db.updateTable(kind).set({ archived: true, show_online: false }).where('tenant_id', '=', tenant).where('id', '=', id).execute()
  }
}
