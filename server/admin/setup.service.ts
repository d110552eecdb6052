/**
 * The tenant's set-up as a document: export, plan (create / change / archive, like a migration
 * preview) and apply in one transaction. Applying the document that export gives changes nothing;
 * an item missing from the document is archived, never deleted.
 */
import { queueOpenedHours } from '../waitlist/waitlist-jobs.repository'
import { londonDateOf } from '../../src/domain/london'
import * as E from 'fp-ts/Either'
import type { PlanStep } from '../../src/contract/admin.routes'
import { newId } from '../db/ids'
import { refreshStatistics } from '../db/database'
import type { OperatorDb, OperatorDbOrTrx } from '../staff/staff.tables'
import { exportDocument } from './setup-export'
import { loadSetupRows, type SetupRows } from './setup.repository'
import { validateSetupDocument, type SetupDocument } from './setup-document.schema'
import * as write from './setup-writer.repository'

export type SetupError = { readonly _tag: 'InvalidDocument'; readonly errors: readonly string[] }

const KINDS: readonly write.Kind[] = ['clinics', 'categories', 'practitioners', 'services', 'courses']
const SINGULAR: Record<write.Kind, string> = { clinics: 'clinic', categories: 'category', practitioners: 'practitioner', services: 'service', courses: 'course' }

/** JSON with sorted keys: two values that differ only in key order are the same. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  )
}

function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return keys.filter((k) => stable(before[k]) !== stable(after[k]))
}

export async function exportSetup(db: OperatorDbOrTrx, tenant: string): Promise<SetupDocument> {
  return exportDocument(await loadSetupRows(db, tenant))
}

interface Existing {
  id: string
  archived: boolean
}

function existingOf(rows: SetupRows, kind: write.Kind): Map<string, Existing> {
  const list: { id: string; archived: boolean }[] = rows[kind]
  return new Map(list.map((r) => [rows.slugs.get(r.id)!, { id: r.id, archived: r.archived }]))
}

export function planSetup(rows: SetupRows, doc: SetupDocument): PlanStep[] {
  const current = exportDocument(rows)
  const steps: PlanStep[] = []
  const orgChanges = changedKeys(current.organisation.settings, doc.organisation.settings).map((k) => `settings.${k}`)
  if (current.organisation.name !== doc.organisation.name) orgChanges.unshift('name')
  if (orgChanges.length > 0) steps.push({ action: 'change', kind: 'organisation', slug: doc.organisation.name, changes: orgChanges })
  if (stable(current.holidays) !== stable(doc.holidays)) steps.push({ action: 'change', kind: 'holidays', slug: 'organisation', changes: ['holidays'] })
  for (const kind of KINDS) {
    const existing = existingOf(rows, kind)
    const currentItems: { slug: string }[] = current[kind]
    const now = new Map(currentItems.map((item, index) => [item.slug, { item, index }]))
    const wanted: { slug: string }[] = doc[kind]
    wanted.forEach((item, index) => {
      const had = existing.get(item.slug)
      const live = now.get(item.slug)
      if (!had) steps.push({ action: 'create', kind: SINGULAR[kind], slug: item.slug })
      else if (had.archived || !live) steps.push({ action: 'change', kind: SINGULAR[kind], slug: item.slug, changes: ['unarchive'] })
      else {
        const changes = changedKeys(live.item, item)
        if (live.index !== index) changes.push('position')
        if (changes.length > 0) steps.push({ action: 'change', kind: SINGULAR[kind], slug: item.slug, changes })
      }
    })
    const keep = new Set(wanted.map((item) => item.slug))
    for (const item of currentItems) if (!keep.has(item.slug)) steps.push({ action: 'archive', kind: SINGULAR[kind], slug: item.slug })
  }
  return steps
}

async function applyPlan(trx: OperatorDbOrTrx, tenant: string, rows: SetupRows, doc: SetupDocument, plan: PlanStep[]): Promise<void> {
  const touched = (kind: write.Kind, slug: string) => plan.some((s) => s.kind === SINGULAR[kind] && s.slug === slug && s.action !== 'archive')
  const ids = {} as Record<write.Kind, write.Ids>
  const existing = {} as Record<write.Kind, Map<string, Existing>>
  for (const kind of KINDS) {
    existing[kind] = existingOf(rows, kind)
    ids[kind] = new Map([...existing[kind]].map(([slug, e]) => [slug, e.id]))
    const items: { slug: string }[] = doc[kind]
    for (const item of items) if (!ids[kind].has(item.slug)) ids[kind].set(item.slug, newId())
  }
  const isNew = (kind: write.Kind, slug: string) => !existing[kind].has(slug)
  const id = (kind: write.Kind, slug: string) => ids[kind].get(slug)!

  if (plan.some((s) => s.kind === 'organisation')) await write.writeOrganisation(trx, tenant, doc.organisation)
  if (plan.some((s) => s.kind === 'holidays')) await write.writeHolidays(trx, tenant, doc.holidays)
  for (const [i, c] of doc.clinics.entries()) if (touched('clinics', c.slug)) await write.writeClinic(trx, tenant, id('clinics', c.slug), !isNew('clinics', c.slug), c, i + 1)
  for (const [i, c] of doc.categories.entries()) {
    if (touched('categories', c.slug)) await write.writeCategory(trx, tenant, id('categories', c.slug), !isNew('categories', c.slug), c, i + 1, ids.clinics)
  }
  for (const c of doc.categories) if (touched('categories', c.slug)) await write.setCategoryParent(trx, tenant, id('categories', c.slug), c.parent ? id('categories', c.parent) : null)
  for (const [i, p] of doc.practitioners.entries()) {
    if (touched('practitioners', p.slug)) await write.writePractitioner(trx, tenant, id('practitioners', p.slug), !isNew('practitioners', p.slug), p, i + 1, ids.clinics)
  }
  for (const [i, s] of doc.services.entries()) if (touched('services', s.slug)) await write.writeService(trx, tenant, id('services', s.slug), !isNew('services', s.slug), s, i + 1, ids)
  for (const [i, c] of doc.courses.entries()) if (touched('courses', c.slug)) await write.writeCourse(trx, tenant, id('courses', c.slug), !isNew('courses', c.slug), c, i + 1, ids)
  for (const step of plan) {
    if (step.action !== 'archive') continue
    const kind = KINDS.find((k) => SINGULAR[k] === step.kind)!
    await write.archiveItem(trx, tenant, kind, id(kind, step.slug))
  }
  // Rows from before 0006 get the slugs they were matched by, so renaming them later keeps them.
  for (const kind of KINDS) {
    const list: { id: string; slug: string | null }[] = rows[kind]
    for (const row of list) if (!row.slug) await trx.updateTable(kind).set({ slug: rows.slugs.get(row.id)! }).where('tenant_id', '=', tenant).where('id', '=', row.id).execute()
  }
}

/** Validates the whole document, plans, and (unless dryRun) applies the plan in one transaction. */
export async function applySetup(
  db: OperatorDb,
  tenant: string,
  input: unknown,
  dryRun: boolean,
): Promise<E.Either<SetupError, { plan: PlanStep[]; applied: boolean }>> {
  const valid = validateSetupDocument(input)
  if (!valid.ok) return E.left({ _tag: 'InvalidDocument', errors: valid.errors })
  const result = await db.transaction().execute(async (trx) => {
    const rows = await loadSetupRows(trx, tenant)
    const plan = planSetup(rows, valid.document)
    if (dryRun || plan.length === 0) return E.right({ plan, applied: false })
    await applyPlan(trx, tenant, rows, valid.document, plan)
    // New hours may have opened: the waiting customers' days are looked at again (issue 32).
    await queueOpenedHours(trx, tenant, londonDateOf(new Date()))
    return E.right({ plan, applied: true })
  })
  // A whole clinic's set-up at once: the plans of the hot statements must see it (issue 31).
  if (E.isRight(result) && result.right.applied) await refreshStatistics(db)
  return result
}
