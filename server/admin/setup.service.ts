/**
 * The tenant's set-up as a document: export, plan (create / change / archive, like a migration
 * preview) and apply in one transaction. Applying the document that export gives changes nothing;
 * an item missing from the document is archived, never deleted.
 */
import { queueOpenedHours } from '../waitlist/waitlist-jobs.repository'
import { londonDateOf } from '../../src/domain/london'
import * as E from 'fp-ts/Either'
import { sql } from 'kysely'
import { setupVersion } from '../../src/contract/setup-document.version'
import type { PlanStep } from '../../src/contract/admin.routes'
import { kindOf, planSetup, type SetupState } from '../../src/application/setup/plan-setup'
import { newId } from '../db/ids'
import { refreshStatistics } from '../db/database'
import type { OperatorDb, OperatorDbOrTrx } from '../staff/staff.tables'
import { exportDocument } from './setup-export'
import { loadSetupRows, upcomingBookingsOf, type SetupRows } from './setup.repository'
import { archivesWithBookings, mayApplyArchives } from '../../src/domain/setup/archive-with-bookings'
import { validateSetupDocument } from '../../src/contract/setup-document.check'
import { SETUP_KINDS, type SetupDocument } from '../../src/contract/setup-document.codecs'
import * as write from './setup-writer.repository'

export type SetupError =
  | { readonly _tag: 'InvalidDocument'; readonly errors: readonly string[] }
  /** the set-up is no longer the version the change was made on (another save came first) */
  | { readonly _tag: 'SetupChanged'; readonly version: string }
  /** the plan archives items that still have upcoming bookings, and the admin did not say to archive anyway */
  | { readonly _tag: 'ArchivesWithBookings'; readonly steps: readonly PlanStep[] }

const KINDS: readonly write.Kind[] = SETUP_KINDS

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

/** The rows as the planner sees them: the live document (what export gives) and the archived slugs. */
export function setupState(rows: SetupRows): SetupState {
  const archived = Object.fromEntries(KINDS.map((kind) => [kind, [...existingOf(rows, kind)].filter(([, e]) => e.archived).map(([slug]) => slug)]))
  return { document: exportDocument(rows), archived }
}

/** The plan with each archived practitioner, service or clinic's count of upcoming bookings. */
async function withUpcomingBookings(trx: OperatorDbOrTrx, tenant: string, rows: SetupRows, plan: PlanStep[], now: Date): Promise<PlanStep[]> {
  const counted = ['clinics', 'practitioners', 'services'] as const
  const counts = new Map<string, number>()
  for (const kind of counted) {
    const ids = existingOf(rows, kind)
    const archived = plan.filter((s) => s.action === 'archive' && kindOf(s) === kind).map((s) => ids.get(s.slug)?.id).filter((id): id is string => id !== undefined)
    for (const [id, n] of await upcomingBookingsOf(trx, tenant, kind, archived, now)) counts.set(`${kind}:${rows.slugs.get(id)}`, n)
  }
  return plan.map((step) => {
    const kind = kindOf(step)
    if (step.action !== 'archive' || !kind || !(counted as readonly string[]).includes(kind)) return step
    const upcoming = counts.get(`${kind}:${step.slug}`) ?? 0
    return upcoming > 0 ? { ...step, upcomingBookings: upcoming } : step
  })
}

/** Writes exactly the plan's steps: the items it creates, changes or unarchives, then its archives. */
async function applyPlan(trx: OperatorDbOrTrx, tenant: string, rows: SetupRows, doc: SetupDocument, plan: PlanStep[]): Promise<void> {
  const touched = (kind: write.Kind, slug: string) => plan.some((s) => kindOf(s) === kind && s.slug === slug && s.action !== 'archive')
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
    const kind = kindOf(step)
    if (step.action !== 'archive' || !kind) continue
    await write.archiveItem(trx, tenant, kind, id(kind, step.slug))
  }
  // Rows from before 0006 get the slugs they were matched by, so renaming them later keeps them.
  for (const kind of KINDS) {
    const list: { id: string; slug: string | null }[] = rows[kind]
    for (const row of list) if (!row.slug) await trx.updateTable(kind).set({ slug: rows.slugs.get(row.id)! }).where('tenant_id', '=', tenant).where('id', '=', row.id).execute()
  }
}

/**
 * Validates the whole document, plans, and (unless dryRun) applies the plan in one transaction.
 * With `expectedVersion`, the tenant's applies take turns (a transaction lock) and the set-up must
 * still be that version, else nothing is written: two admins saving at once cannot overwrite each other.
 */
export async function applySetup(
  db: OperatorDb,
  tenant: string,
  input: unknown,
  dryRun: boolean,
  expectedVersion?: string,
  archiveWithBookings = false,
): Promise<E.Either<SetupError, { plan: PlanStep[]; applied: boolean }>> {
  const valid = validateSetupDocument(input)
  if (!valid.ok) return E.left({ _tag: 'InvalidDocument', errors: valid.errors })
  const result = await db.transaction().execute(async (trx): Promise<E.Either<SetupError, { plan: PlanStep[]; applied: boolean }>> => {
    if (expectedVersion !== undefined) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`setup:${tenant}`}, 0))`.execute(trx)
    const rows = await loadSetupRows(trx, tenant)
    const state = setupState(rows)
    if (expectedVersion !== undefined) {
      const version = setupVersion(state.document)
      if (version !== expectedVersion) return E.left({ _tag: 'SetupChanged', version })
    }
    const plan = await withUpcomingBookings(trx, tenant, rows, planSetup(state, valid.document), new Date())
    if (dryRun || plan.length === 0) return E.right({ plan, applied: false })
    if (!mayApplyArchives(plan, archiveWithBookings)) return E.left({ _tag: 'ArchivesWithBookings', steps: archivesWithBookings(plan) })
    await applyPlan(trx, tenant, rows, valid.document, plan)
    // New hours may have opened: the waiting customers' days are looked at again (issue 32).
    await queueOpenedHours(trx, tenant, londonDateOf(new Date()))
    return E.right({ plan, applied: true })
  })
  // A whole clinic's set-up at once: the plans of the hot statements must see it (issue 31).
  if (E.isRight(result) && result.right.applied) await refreshStatistics(db)
  return result
}
