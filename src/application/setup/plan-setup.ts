/**
 * The one set-up engine's planner (issue 29): what it takes to make a tenant's set-up match a
 * desired document, as steps (create / change with the fields that differ / archive, per item, like a
 * migration preview). Pure: the server's writer applies exactly these steps, `clinic admin apply`
 * prints them, and the settings pages save through the same call. An item the desired document no
 * longer names is archived, never deleted; one that comes back is unarchived.
 */
import type { PlanStep } from '../../contract/admin.routes'
import { SETUP_KINDS, type SetupDocument, type SetupKind } from '../../contract/setup-document.codecs'

/** The tenant's set-up now: its live items as a document, and the slugs of its archived items. */
export interface SetupState {
  readonly document: SetupDocument
  readonly archived: { readonly [K in SetupKind]?: readonly string[] }
}

export const SINGULAR: Record<SetupKind, string> = { clinics: 'clinic', categories: 'category', practitioners: 'practitioner', services: 'service', courses: 'course' }

/** JSON with sorted keys: two values that differ only in key order are the same. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  )
}

/** The fields whose values differ, in the order the two objects name them. */
export function changedKeys(before: object, after: object): string[] {
  const b = before as Record<string, unknown>
  const a = after as Record<string, unknown>
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])]
  return keys.filter((k) => stable(b[k]) !== stable(a[k]))
}

/** The steps, organisation first, then each kind in the order its rows are written. */
export function planSetup(current: SetupState, desired: SetupDocument): PlanStep[] {
  const now = current.document
  const steps: PlanStep[] = []
  const orgChanges = changedKeys(now.organisation.settings, desired.organisation.settings).map((k) => `settings.${k}`)
  if (now.organisation.name !== desired.organisation.name) orgChanges.unshift('name')
  if (orgChanges.length > 0) steps.push({ action: 'change', kind: 'organisation', slug: desired.organisation.name, changes: orgChanges })
  if (stable(now.holidays) !== stable(desired.holidays)) steps.push({ action: 'change', kind: 'holidays', slug: 'organisation', changes: ['holidays'] })
  for (const kind of SETUP_KINDS) {
    const archived = new Set(current.archived[kind] ?? [])
    const live: readonly { slug: string }[] = now[kind]
    const wanted: readonly { slug: string }[] = desired[kind]
    const liveAt = new Map(live.map((item, index) => [item.slug, { item, index }]))
    wanted.forEach((item, index) => {
      const had = liveAt.get(item.slug)
      if (had) {
        const changes = changedKeys(had.item, item)
        if (had.index !== index) changes.push('position')
        if (changes.length > 0) steps.push({ action: 'change', kind: SINGULAR[kind], slug: item.slug, changes })
      } else if (archived.has(item.slug)) steps.push({ action: 'change', kind: SINGULAR[kind], slug: item.slug, changes: ['unarchive'] })
      else steps.push({ action: 'create', kind: SINGULAR[kind], slug: item.slug })
    })
    const keep = new Set(wanted.map((item) => item.slug))
    for (const item of live) if (!keep.has(item.slug)) steps.push({ action: 'archive', kind: SINGULAR[kind], slug: item.slug })
  }
  return steps
}

/** The kind of a step's item ('service' -> 'services'); undefined for the organisation and holidays. */
export function kindOf(step: PlanStep): SetupKind | undefined {
  return SETUP_KINDS.find((k) => SINGULAR[k] === step.kind)
}
