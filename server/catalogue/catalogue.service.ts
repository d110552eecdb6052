/**
 * Catalogue reads: clinics, categories (tree, per-location visibility), services with per-location and
 * per-practitioner prices and durations, practitioners for a service, courses grouped by category.
 * Each call runs a fixed number of queries whatever the catalogue size.
 */
import type { Category, Clinic, CourseCategoryGroup, Practitioner, Service, SubCategory } from '../../src/contract'
import { round2 } from '../../src/domain/pricing/money'
import { taxLabel } from '../../src/domain/pricing/tax'
import { toMoney, type DbOrTrx } from '../db/schema'

const netOf = (gross: number, rate: number) => round2(gross / (1 + rate / 100))

export async function listClinics(db: DbOrTrx, tenant: string, onlineOnly: boolean): Promise<Clinic[]> {
  let q = db.selectFrom('clinics').selectAll().where('tenant_id', '=', tenant).where('archived', '=', false)
  if (onlineOnly) q = q.where('active', '=', true).where('show_online', '=', true)
  const rows = await q.orderBy('position').orderBy('account_name').execute()
  return rows.map((c) => ({
    id: c.id,
    accountName: c.account_name,
    ...(c.name ? { name: c.name } : {}),
    address: {
      line1: c.line1,
      city: c.city,
      ...(c.line2 ? { line2: c.line2 } : {}),
      ...(c.country ? { country: c.country } : {}),
      ...(c.post_code ? { postCode: c.post_code } : {}),
      ...(c.latitude !== null ? { latitude: c.latitude } : {}),
      ...(c.longitude !== null ? { longitude: c.longitude } : {}),
    },
    active: c.active,
    archived: c.archived,
    showOnline: c.show_online,
    ...(c.phone ? { phone: c.phone } : {}),
    ...(c.email ? { email: c.email } : {}),
    ...(c.photo ? { photo: c.photo } : {}),
  }))
}

export interface CategoryFilter {
  clinic?: string
  /** only what customers may see online */
  online: boolean
  skip?: number
  count?: number
}

export async function listCategories(db: DbOrTrx, tenant: string, filter: CategoryFilter): Promise<Category[]> {
  const [rows, locations] = await Promise.all([
    db.selectFrom('categories').selectAll().where('tenant_id', '=', tenant).orderBy('position').orderBy('name').execute(),
    db.selectFrom('category_locations').selectAll().where('tenant_id', '=', tenant).execute(),
  ])
  const locationsOf = new Map<string, { clinic: string; showOnline: boolean }[]>()
  for (const l of locations) {
    const list = locationsOf.get(l.category_id) ?? []
    list.push({ clinic: l.clinic_id, showOnline: l.show_online })
    locationsOf.set(l.category_id, list)
  }
  const visible = (id: string, showOnline: boolean): boolean => {
    if (!filter.online) return true
    if (!showOnline) return false
    if (!filter.clinic) return true
    const locs = locationsOf.get(id)
    // No per-location rows: shown everywhere.
    return !locs || locs.length === 0 || locs.some((l) => l.clinic === filter.clinic && l.showOnline)
  }
  const toSub = (r: (typeof rows)[number]): SubCategory => ({
    id: r.id,
    name: r.name,
    order: r.position,
    showOnline: r.show_online,
    parentCategory: r.parent_id,
    locations: locationsOf.get(r.id) ?? [],
  })
  const top = rows.filter((r) => r.parent_id === null && visible(r.id, r.show_online))
  const tree = top.map((r) => ({
    ...toSub(r),
    subCategories: rows.filter((s) => s.parent_id === r.id && visible(s.id, s.show_online)).map(toSub),
  }))
  const skip = filter.skip ?? 0
  return filter.count !== undefined ? tree.slice(skip, skip + filter.count) : tree.slice(skip)
}

export async function getCategory(db: DbOrTrx, tenant: string, id: string): Promise<Category | undefined> {
  const all = await listCategories(db, tenant, { online: false })
  const found = all.find((c) => c.id === id)
  if (found) return found
  for (const c of all) {
    const sub = c.subCategories?.find((s) => s.id === id)
    if (sub) return { ...sub, subCategories: [] }
  }
  return undefined
}

export interface ServiceFilter {
  clinic?: string
  category?: string
  /** only services customers may see and book online */
  online: boolean
  ids?: readonly string[]
  skip?: number
  count?: number
}

/** Services with prices, durations and staff; three queries. */
export async function listServices(db: DbOrTrx, tenant: string, filter: ServiceFilter): Promise<Service[]> {
  if (filter.ids && filter.ids.length === 0) return []
  let q = db.selectFrom('services').selectAll().where('tenant_id', '=', tenant)
  if (filter.ids) q = q.where('id', 'in', filter.ids)
  if (filter.category) q = q.where('category_id', '=', filter.category)
  if (filter.online) q = q.where('show_online', '=', true).where('availability', '!=', 'BOOK_ONLY')
  if (filter.online && filter.clinic) {
    const clinic = filter.clinic
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('service_locations as sl')
          .select('sl.service_id')
          .whereRef('sl.service_id', '=', 'services.id')
          .where('sl.clinic_id', '=', clinic)
          .where('sl.show_online', '=', true),
      ),
    )
  }
  q = q.orderBy('position').orderBy('name')
  if (filter.skip) q = q.offset(filter.skip)
  if (filter.count !== undefined) q = q.limit(filter.count)
  const services = await q.execute()
  if (services.length === 0) return []
  const ids = services.map((s) => s.id)
  const [locations, staff] = await Promise.all([
    db.selectFrom('service_locations').selectAll().where('tenant_id', '=', tenant).where('service_id', 'in', ids).execute(),
    db
      .selectFrom('service_practitioners as sp')
      .innerJoin('practitioners as p', 'p.id', 'sp.practitioner_id')
      .select(['sp.service_id', 'sp.practitioner_id', 'sp.gross_price', 'sp.duration', 'p.display_name', 'p.position'])
      .select((eb) =>
        filter.clinic
          ? eb
              .exists(
                eb
                  .selectFrom('practitioner_hours as h')
                  .select('h.practitioner_id')
                  .whereRef('h.practitioner_id', '=', 'sp.practitioner_id')
                  .where('h.clinic_id', '=', filter.clinic)
                  .where('h.tenant_id', '=', tenant),
              )
              .as('works_here')
          : eb.val(true).as('works_here'),
      )
      .where('sp.tenant_id', '=', tenant)
      .where('sp.service_id', 'in', ids)
      .where('p.active', '=', true)
      .$if(filter.online, (qb) => qb.where('p.online_booking', '=', true))
      .orderBy('p.position')
      .execute(),
  ])
  return services.map((s) => {
    const rate = s.tax_rate
    const defaultPrice = toMoney(s.default_price) ?? 0
    const locs = locations.filter((l) => l.service_id === s.id)
    const atClinic = filter.clinic ? locs.find((l) => l.clinic_id === filter.clinic) : undefined
    const basePrice = toMoney(atClinic?.gross_price) ?? defaultPrice
    const staffs = staff
      .filter((p) => p.service_id === s.id && p.works_here)
      .map((p) => {
        const gross = toMoney(p.gross_price) ?? basePrice
        return { id: p.practitioner_id, displayName: p.display_name, grossPrice: gross, netPrice: netOf(gross, rate), duration: p.duration ?? s.default_duration }
      })
    const prices = staffs.length ? staffs.map((p) => p.grossPrice) : [basePrice]
    const durations = staffs.length ? staffs.map((p) => p.duration) : [s.default_duration]
    const service: Service = {
      id: s.id,
      name: s.name,
      onlineName: s.online_name ?? s.name,
      ...(s.online_description ? { onlineDescription: s.online_description } : {}),
      ...(s.online_subtitle ? { onlineSubtitle: s.online_subtitle } : {}),
      defaultDuration: s.default_duration,
      defaultPrice,
      defaultGrossPrice: defaultPrice,
      defaultNetPrice: netOf(defaultPrice, rate),
      showDurationOnline: s.show_duration_online,
      showPriceOnline: s.show_price_online,
      showOnline: s.show_online,
      availability: s.availability as Service['availability'] & string,
      metadata: {
        price: basePrice,
        lowestPrice: Math.min(...prices),
        highestPrice: Math.max(...prices),
        lowestDuration: Math.min(...durations),
        highestDuration: Math.max(...durations),
      },
      staffs,
      ...(s.category_id ? { category: s.category_id } : {}),
      locations: locs.map((l) => {
        const gross = toMoney(l.gross_price) ?? defaultPrice
        return {
          clinic: l.clinic_id,
          showOnline: l.show_online,
          grossPrice: gross,
          netPrice: netOf(gross, rate),
          taxType: taxLabel(rate),
          staffs: staff.filter((p) => p.service_id === s.id).map((p) => p.practitioner_id),
        }
      }),
      servicelocations: locs.map((l) => {
        const gross = toMoney(l.gross_price) ?? defaultPrice
        return { location: l.clinic_id, grossPrice: gross, netPrice: netOf(gross, rate), taxType: taxLabel(rate) }
      }),
      taxType: taxLabel(rate),
      itemTax: { rate },
      ...(s.tax_id ? { tax: s.tax_id } : {}),
      ...(s.booking_deposit_type ? { bookingDepositType: s.booking_deposit_type as NonNullable<Service['bookingDepositType']> } : {}),
      ...(s.booking_deposit_amount !== null ? { bookingDepositAmount: toMoney(s.booking_deposit_amount) ?? 0 } : {}),
    }
    return service
  })
}

/** Practitioners who perform a service at a clinic and take online bookings, with their price and duration. */
export async function practitionersFor(db: DbOrTrx, tenant: string, serviceId: string, clinicId: string): Promise<Practitioner[] | undefined> {
  const [service] = await listServices(db, tenant, { ids: [serviceId], clinic: clinicId, online: true })
  if (!service) return undefined
  const ids = (service.staffs ?? []).map((s) => s.id)
  if (ids.length === 0) return []
  const people = await db.selectFrom('practitioners').selectAll().where('tenant_id', '=', tenant).where('id', 'in', ids).execute()
  return (service.staffs ?? []).flatMap((s) => {
    const p = people.find((x) => x.id === s.id)
    if (!p) return []
    return [
      {
        id: p.id,
        displayName: p.display_name,
        ...(p.description ? { description: p.description } : {}),
        ...(p.gender ? { gender: p.gender } : {}),
        ...(p.avatar ? { avatar: p.avatar } : {}),
        grossPrice: s.grossPrice ?? 0,
        netPrice: s.netPrice ?? 0,
        duration: s.duration ?? service.defaultDuration ?? 0,
      },
    ]
  })
}

export async function coursesGroupedByCategory(
  db: DbOrTrx,
  tenant: string,
  filter: { clinic?: string; showOnline: boolean; includeEmpty: boolean },
): Promise<CourseCategoryGroup[]> {
  const [categories, courses, parts, locations] = await Promise.all([
    db.selectFrom('categories').selectAll().where('tenant_id', '=', tenant).orderBy('position').execute(),
    db
      .selectFrom('courses')
      .selectAll()
      .where('tenant_id', '=', tenant)
      .$if(filter.showOnline, (q) => q.where('show_online', '=', true))
      .orderBy('position')
      .execute(),
    db
      .selectFrom('course_services as cs')
      .innerJoin('services as s', 's.id', 'cs.service_id')
      .select(['cs.course_id', 'cs.service_id', 'cs.quantity', 's.name', 's.online_name', 's.default_duration'])
      .where('cs.tenant_id', '=', tenant)
      .execute(),
    db.selectFrom('course_locations').selectAll().where('tenant_id', '=', tenant).execute(),
  ])
  const offered = courses.filter((c) => !filter.clinic || locations.some((l) => l.course_id === c.id && l.clinic_id === filter.clinic))
  const groups: CourseCategoryGroup[] = []
  for (const cat of categories) {
    if (filter.showOnline && !cat.show_online) continue
    const list = offered.filter((c) => c.category_id === cat.id)
    if (list.length === 0 && !filter.includeEmpty) continue
    groups.push({
      category: { id: cat.id, name: cat.name, order: cat.position, parentCategory: cat.parent_id },
      courses: list.map((c) => ({
        id: c.id,
        name: c.name,
        onlineName: c.name,
        ...(c.description ? { onlineDescription: c.description } : {}),
        salePrice: toMoney(c.sale_price) ?? 0,
        showOnline: c.show_online,
        ...(c.category_id ? { category: c.category_id } : {}),
        courseServices: parts
          .filter((p) => p.course_id === c.id)
          .map((p) => ({ service: p.service_id, quantity: p.quantity, name: p.name, onlineName: p.online_name ?? p.name, defaultDuration: p.default_duration })),
        locations: locations.filter((l) => l.course_id === c.id).map((l) => ({ clinic: l.clinic_id })),
        taxType: taxLabel(c.tax_rate),
        itemTax: { rate: c.tax_rate },
        ...(c.validity_months !== null ? { validityMonths: c.validity_months } : {}),
      })),
    })
  }
  return groups
}
