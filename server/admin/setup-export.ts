/**
 * Rows -> the set-up document (what `clinic admin export` prints). Archived items are left out, and
 * so are references to them; optional fields appear only when set. The result is the canonical form
 * that apply compares against, so applying an export changes nothing.
 */
import { toMoney } from '../db/schema'
import type { SetupRows } from './setup.repository'
import * as E from 'fp-ts/Either'
import { reportAll } from '../../src/contract/strict-codecs'
import { SetupDocument, WEEKDAYS, type Period, type Weekly } from '../../src/contract/setup-document.codecs'

/** Drops null and undefined values (a document names only what is set). */
function defined<T extends Record<string, unknown>>(o: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]: Exclude<T[K], null> }
}

const range = (r: { start_time: string; end_time: string }) => `${r.start_time}-${r.end_time}`
const period = (c: { starts_on: string; ends_on: string; name: string | null }): Period => defined({ from: c.starts_on, to: c.ends_on, name: c.name })
/** Periods in date order (ids differ between tenants, dates do not). */
const periods = (rows: { starts_on: string; ends_on: string; name: string | null }[]): Period[] =>
  rows.map(period).sort((a, b) => `${a.from}${a.to}${a.name ?? ''}`.localeCompare(`${b.from}${b.to}${b.name ?? ''}`))

function weekly(rows: { weekday: number; start_time: string; end_time: string }[]): Weekly {
  const out: Weekly = {}
  for (const day of WEEKDAYS) {
    const times = rows.filter((r) => WEEKDAYS[r.weekday] === day).map(range)
    if (times.length > 0) out[day] = times
  }
  return out
}

export function exportDocument(rows: SetupRows): SetupDocument {
  const slug = (id: string | null) => (id ? rows.slugs.get(id) : undefined)
  const liveClinics = new Set(rows.clinics.filter((c) => !c.archived).map((c) => c.id))
  const liveCategories = new Set(rows.categories.filter((c) => !c.archived).map((c) => c.id))
  const liveServices = new Set(rows.services.filter((s) => !s.archived).map((s) => s.id))
  const livePractitioners = new Set(rows.practitioners.filter((p) => !p.archived).map((p) => p.id))
  const live = (set: Set<string>, id: string | null) => (id && set.has(id) ? slug(id) : undefined)

  const document = {
    version: 1,
    organisation: { name: rows.organisation?.name ?? '', settings: rows.organisation?.settings ?? {} },
    clinics: rows.clinics
      .filter((c) => !c.archived)
      .map((c) =>
        defined({
          slug: slug(c.id),
          accountName: c.account_name,
          name: c.name,
          address: defined({ line1: c.line1, line2: c.line2, city: c.city, country: c.country, postCode: c.post_code, latitude: c.latitude, longitude: c.longitude }),
          phone: c.phone,
          email: c.email,
          photo: c.photo,
          active: c.active,
          online: c.show_online,
          openingHours: weekly(rows.clinicHours.filter((h) => h.clinic_id === c.id)),
          closedDays: periods(rows.closures.filter((x) => x.clinic_id === c.id && !x.practitioner_id)),
        }),
      ),
    holidays: periods(rows.closures.filter((x) => !x.clinic_id && !x.practitioner_id)),
    categories: rows.categories
      .filter((c) => !c.archived)
      .map((c) =>
        defined({
          slug: slug(c.id),
          name: c.name,
          parent: live(liveCategories, c.parent_id),
          online: c.show_online,
          locations: Object.fromEntries(
            rows.categoryLocations.filter((l) => l.category_id === c.id && liveClinics.has(l.clinic_id)).map((l) => [slug(l.clinic_id), l.show_online]),
          ),
        }),
      ),
    services: rows.services
      .filter((s) => !s.archived)
      .map((s) =>
        defined({
          slug: slug(s.id),
          name: s.name,
          onlineName: s.online_name,
          description: s.online_description,
          subtitle: s.online_subtitle,
          category: live(liveCategories, s.category_id),
          duration: s.default_duration,
          price: toMoney(s.default_price),
          tax: s.tax_rate,
          deposit: s.booking_deposit_type ? defined({ type: s.booking_deposit_type, amount: toMoney(s.booking_deposit_amount) }) : undefined,
          availability: s.availability,
          online: s.show_online,
          showPriceOnline: s.show_price_online,
          showDurationOnline: s.show_duration_online,
          interval: s.interval_minutes,
          locations: Object.fromEntries(
            rows.serviceLocations
              .filter((l) => l.service_id === s.id && liveClinics.has(l.clinic_id))
              .map((l) => [slug(l.clinic_id), defined({ online: l.show_online, price: toMoney(l.gross_price) })]),
          ),
          practitioners: Object.fromEntries(
            rows.servicePractitioners
              .filter((p) => p.service_id === s.id && livePractitioners.has(p.practitioner_id))
              .map((p) => [slug(p.practitioner_id), defined({ price: toMoney(p.gross_price), duration: p.duration })]),
          ),
        }),
      ),
    courses: rows.courses
      .filter((c) => !c.archived)
      .map((c) =>
        defined({
          slug: slug(c.id),
          name: c.name,
          description: c.description,
          category: live(liveCategories, c.category_id),
          price: toMoney(c.sale_price),
          tax: c.tax_rate,
          validityMonths: c.validity_months,
          online: c.show_online,
          services: Object.fromEntries(rows.courseServices.filter((x) => x.course_id === c.id && liveServices.has(x.service_id)).map((x) => [slug(x.service_id), x.quantity])),
          locations: rows.courseLocations.filter((x) => x.course_id === c.id && liveClinics.has(x.clinic_id)).map((x) => slug(x.clinic_id)).sort(),
        }),
      ),
    practitioners: rows.practitioners
      .filter((p) => !p.archived)
      .map((p) => {
        const hours = rows.practitionerHours.filter((h) => h.practitioner_id === p.id && liveClinics.has(h.clinic_id))
        const clinics = [...new Set(hours.map((h) => h.clinic_id))].sort((a, b) => (slug(a) ?? '').localeCompare(slug(b) ?? ''))
        return defined({
          slug: slug(p.id),
          name: p.display_name,
          description: p.description,
          avatar: p.avatar,
          gender: p.gender,
          online: p.online_booking && p.active,
          hours: Object.fromEntries(
            clinics.map((clinic) => {
              const at = hours.filter((h) => h.clinic_id === clinic)
              const work = weekly(at.filter((h) => h.kind === 'work'))
              const breaks = weekly(at.filter((h) => h.kind === 'break'))
              const days = Object.fromEntries(
                WEEKDAYS.filter((d) => work[d]).map((d) => [d, defined({ work: work[d], breaks: breaks[d] })]),
              )
              return [slug(clinic), days]
            }),
          ),
          leave: periods(rows.closures.filter((x) => x.practitioner_id === p.id)),
        })
      }),
  }
  // The codec fills the defaults that apply compares with; an export that does not decode is a bug here.
  const decoded = SetupDocument.decode(document)
  if (E.isLeft(decoded)) throw new Error(`export does not decode: ${reportAll(decoded.left).join('; ')}`)
  return decoded.right
}
