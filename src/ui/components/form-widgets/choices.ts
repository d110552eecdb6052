import { chipLimit, visibleDropdownItems } from '../../../domain/forms/definition'
import { type FormField, type FormOption, optionValue } from '../../../domain/forms/widgets'

/** The option values of a choice widget (its own options; the drug list is loaded separately). */
export const optionValues = (options: readonly FormOption[] | undefined): string[] =>
  (options ?? []).map(optionValue).filter((v) => v.trim() !== '')

/**
 * The items a dropdown shows for a query: matches (names starting with the query first, then names
 * containing it, case-insensitive), without those already chosen, at most 10 (spec section 9).
 */
export function dropdownItems(all: readonly string[], query: string, chosen: readonly string[] = []): readonly string[] {
  const q = query.trim().toLowerCase()
  const open = all.filter((item) => !chosen.includes(item))
  if (q === '') return visibleDropdownItems(open)
  const starts = open.filter((item) => item.toLowerCase().startsWith(q))
  const contains = open.filter((item) => !item.toLowerCase().startsWith(q) && item.toLowerCase().includes(q))
  return visibleDropdownItems([...starts, ...contains])
}

/** The trailing label of a multiple dropdown (labelAfter as text), if any. */
export const trailingLabel = (field: Pick<FormField, 'labelAfter'>): string | undefined =>
  typeof field.labelAfter === 'string' && field.labelAfter.trim() !== '' ? field.labelAfter : undefined

/**
 * Chips shown for the chosen values: 3, or 2 with a trailing label (spec section 9); a widget's own
 * limitTags, when set, lowers that limit. `hidden` is the count of the rest ('+N').
 */
export function chips(
  chosen: readonly string[],
  field: Pick<FormField, 'labelAfter' | 'limitTags'>,
): { shown: readonly string[]; hidden: number } {
  const base = chipLimit(field.labelAfter !== undefined && field.labelAfter !== false && field.labelAfter !== '')
  const limit = field.limitTags !== undefined && field.limitTags > 0 ? Math.min(base, field.limitTags) : base
  return { shown: chosen.slice(0, limit), hidden: Math.max(0, chosen.length - limit) }
}

/** A choice answer as a list of strings. */
export const asChoiceList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' && value !== '' ? [value] : []
