/**
 * The whole check of a set-up document: its shape (setup-document.codecs.ts) and the rules between
 * items (unique slugs, references to slugs the document defines, the spec's location-flag rules).
 * Every error is one 'path: message' line (services[3].deposit.amount: must be at least 0). The
 * server refuses a document with them (400), the CLI before sending it, the settings pages inline.
 */
import * as E from 'fp-ts/Either'
import { reportAll } from './strict-codecs'
import { SetupDocument } from './setup-document.codecs'

type Path = readonly (string | number)[]

/** ['services', 3, 'deposit', 'amount'] -> 'services[3].deposit.amount' */
export function formatPath(path: Path): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key), '')
}

/** The spec's texts (section 5, location flags; section 4, archived and inactive items). */
export const ACTIVATE = (name: string) => `You cannot activate '${name}'. This feature is not enabled in the organisation.`
export const ITEM_CHANGE = 'You cannot change this item, it should be activated/unarchived at organisation level'

/** Cross-item rules: unique slugs, references to defined slugs, the spec's location-flag rules. */
export function crossChecks(doc: SetupDocument): string[] {
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

/** The valid document (defaults filled in), or every error as a 'path: message' line. */
export function checkSetupDocument(input: unknown): E.Either<string[], SetupDocument> {
  const decoded = SetupDocument.decode(input)
  if (E.isLeft(decoded)) return E.left(reportAll(decoded.left))
  const errors = crossChecks(decoded.right)
  return errors.length > 0 ? E.left(errors) : E.right(decoded.right)
}

/** The same as checkSetupDocument, in the { ok } shape the server has used since issue 13. */
export function validateSetupDocument(input: unknown): { ok: true; document: SetupDocument } | { ok: false; errors: string[] } {
  const checked = checkSetupDocument(input)
  return E.isLeft(checked) ? { ok: false, errors: checked.left } : { ok: true, document: checked.right }
}
