/**
 * The settings pages' changes to a set-up document (issue 29), as pure functions: each takes the
 * current document and gives the desired one, which then goes through the one engine (check, plan,
 * apply) like a file given to `clinic admin apply`. Nothing else is touched: an edit of a clinic's
 * hours leaves every other field and item as the document had it.
 */
import type { ClinicDoc, OrganisationSettingsDoc, Period, PractitionerDoc, ServiceDoc, SetupDocument, Weekday, Weekly, WorkDay } from '../../contract/setup-document.codecs'
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

/** A new clinic at the end of the list: open nowhere yet, shown online. */
export const addClinic = (clinic: Pick<ClinicDoc, 'slug' | 'accountName' | 'address'>): SetupEdit => (d) => ({
  ...d,
  clinics: [...d.clinics, { ...clinic, active: true, online: true, openingHours: {}, closedDays: [] }],
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
