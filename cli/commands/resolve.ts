/**
 * Turning what a person types (an id, a name, or nothing at all) into the catalogue entry it means:
 * exact id, else a case-insensitive name, else a name prefix, else a part of a name (it must be unique). Nothing typed: the only entry,
 * a numbered question when the terminal allows it, else a usage error naming the option.
 */
import type { Clinic } from '../../src/contract/clinics.routes'
import type { Category } from '../../src/contract/categories.routes'
import type { Service } from '../../src/contract/services.routes'
import type { Practitioner } from '../../src/contract/practitioners.routes'
import { ListCategoriesAndServices, ListLocations } from '../../src/application/use-cases/catalogue.use-case'
import { ListPractitioners } from '../../src/application/use-cases/availability.use-case'
import type { CliContext } from '../context'
import { usageError } from '../exit-codes'

export function findByIdOrName<T>(items: readonly T[], value: string, id: (t: T) => string, names: (t: T) => (string | undefined)[]): T[] {
  const wanted = value.trim().toLowerCase()
  const exactId = items.filter((t) => id(t).toLowerCase() === wanted)
  if (exactId.length) return exactId
  const exactName = items.filter((t) => names(t).some((n) => n?.trim().toLowerCase() === wanted))
  if (exactName.length) return exactName
  const prefix = items.filter((t) => names(t).some((n) => n?.trim().toLowerCase().startsWith(wanted)))
  if (prefix.length) return prefix
  return items.filter((t) => names(t).some((n) => n?.toLowerCase().includes(wanted)))
}

export async function pick<T>(
  ctx: CliContext,
  what: { option: string; noun: string; interactive?: boolean; /** more about a choice on the numbered list */ detail?: (t: T) => string },
  items: readonly T[],
  value: string | undefined,
  id: (t: T) => string,
  label: (t: T) => string,
  names: (t: T) => (string | undefined)[] = (t) => [label(t)],
): Promise<T> {
  if (value !== undefined) {
    const found = findByIdOrName(items, value, id, names)
    if (found.length === 1) return found[0]
    const known = items.map(label).join(', ') || 'none'
    if (found.length === 0) throw usageError(`No ${what.noun} matches '${value}' (${what.option}). Known: ${known}.`)
    throw usageError(`'${value}' matches several ${what.noun}s (${found.map(label).join(', ')}); give the id.`)
  }
  if (items.length === 1) return items[0]
  if (items.length === 0) throw usageError(`There is no ${what.noun} to choose.`)
  if (!ctx.canPrompt(what.interactive)) throw usageError(`${what.option} is required (one of: ${items.map(label).join(', ')}).`)
  ctx.spinner.stop()
  const detail = (t: T) => (what.detail ? what.detail(t) : '')
  return ctx.prompt.choose(
    `Choose the ${what.noun}`,
    items.map((t) => ({ label: detail(t) ? `${label(t)}  (${detail(t)})` : label(t), value: t })),
  )
}

export async function locations(ctx: CliContext): Promise<Clinic[]> {
  const result = await ctx.call('Loading locations', () => ctx.useCase(ListLocations).execute())
  return result.clinics
}

export async function resolveLocation(ctx: CliContext, value: string | undefined, interactive = false): Promise<Clinic> {
  return pick(ctx, { option: '--location', noun: 'location', interactive }, await locations(ctx), value, (c) => c.id, (c) => c.accountName, (c) => [c.accountName, c.name])
}

export interface CatalogueEntry {
  category: Category
  service: Service
}

/** Every category (sub-categories flattened after their parent) with its services at the clinic. */
export async function catalogue(ctx: CliContext, clinic: string, categoryFilter?: string): Promise<{ categories: Category[]; entries: CatalogueEntry[] }> {
  const list = ctx.useCase(ListCategoriesAndServices)
  const top = await ctx.call('Loading categories', () => list.execute({ clinic }))
  const flat: Category[] = top.categories.flatMap((c) => [c, ...(c.subCategories ?? []).map((s) => ({ ...s }))])
  const unique = [...new Map(flat.map((c) => [c.id, c])).values()]
  const chosen = categoryFilter === undefined ? unique : [await pick(ctx, { option: '--category', noun: 'category' }, unique, categoryFilter, (c) => c.id, (c) => c.name)]
  const entries: CatalogueEntry[] = []
  const seen = new Set<string>()
  await ctx.spinner.run('Loading services', async () => {
    for (const category of chosen) {
      for (let page = 0; page < 50; page++) {
        const result = await list.execute({ clinic, category: category.id, page })
        if (result._tag === 'Left') ctx.fail(result.left)
        else {
          for (const service of result.right.services) {
            if (seen.has(service.id)) continue
            seen.add(service.id)
            entries.push({ category, service })
          }
          if (!result.right.hasMore) break
        }
      }
    }
  })
  return { categories: chosen, entries }
}

export const serviceName = (s: { name: string; onlineName?: string }) => s.onlineName || s.name

export async function resolveServices(ctx: CliContext, clinic: string, values: readonly string[], interactive = false): Promise<Service[]> {
  const { entries } = await catalogue(ctx, clinic)
  const services = entries.map((e) => e.service)
  const option = { option: '--service', noun: 'service', interactive }
  if (values.length > 0) {
    const out: Service[] = []
    for (const value of values) out.push(await pick(ctx, option, services, value, (s) => s.id, serviceName, (s) => [s.name, s.onlineName]))
    return out
  }
  const first = await pick(ctx, option, services, undefined, (s) => s.id, serviceName, (s) => [s.name, s.onlineName])
  const chosen = [first]
  while (ctx.canPrompt(interactive) && services.length > 1 && (await ctx.prompt.confirm('Add another service right after it?'))) {
    chosen.push(await pick(ctx, option, services, undefined, (s) => s.id, serviceName, (s) => [s.name, s.onlineName]))
  }
  return chosen
}

export const ANY_STAFF = 'any'

export async function practitionersFor(ctx: CliContext, clinic: string, service: string, month: { year: number; month: number }): Promise<Practitioner[]> {
  return ctx.call('Loading staff', () => ctx.useCase(ListPractitioners).execute({ clinic, service, ...month }))
}

/** A practitioner of the first service, or null for 'any' (the default without a terminal). */
export async function resolvePractitioner(
  ctx: CliContext,
  clinic: string,
  service: string,
  month: { year: number; month: number },
  value: string | undefined,
  interactive = false,
): Promise<Practitioner | null> {
  if (value !== undefined && value.trim().toLowerCase() === ANY_STAFF) return null
  if (value === undefined && !ctx.canPrompt(interactive)) return null
  const staff = await practitionersFor(ctx, clinic, service, month)
  if (value !== undefined) return pick(ctx, { option: '--staff', noun: 'practitioner' }, staff, value, (p) => p.id, (p) => p.displayName)
  // as the app's staff step: one practitioner is chosen at once; 'Any practitioner' only among several
  if (staff.length === 1) return staff[0]
  const any = { id: ANY_STAFF, displayName: 'Any practitioner' } as Practitioner
  const chosen = await pick(ctx, { option: '--staff', noun: 'practitioner', interactive }, [any, ...staff], undefined, (p) => p.id, (p) => p.displayName)
  return chosen.id === ANY_STAFF ? null : chosen
}
