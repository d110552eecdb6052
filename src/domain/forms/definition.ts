import * as E from 'fp-ts/Either'
import {
  BLOCK_DEFAULT_SIZE,
  CHOICE_KINDS,
  DEFAULT_IMAGE_ALIGNMENT,
  DEFAULT_IMAGE_SIZE,
  type FormField,
  type FormOption,
  NEVER_REQUIRED_KINDS,
  optionValue,
  type WidgetType,
  widgetKind,
} from './widgets'

export const DUPLICATED_ID = 'Duplicated ID'
export const EMPTY_OPTION = "Can't add empty option"
export const DUPLICATE_OPTION = 'Option already insert'
export const DELETE_BLOCK_PROMPT = 'Are you sure you want to delete this block?'

/** Dropdowns show at most 10 items. */
export const DROPDOWN_MAX_ITEMS = 10
/** Selected chips shown in a multiple dropdown: 3, or 2 when a trailing label follows them. */
export const DROPDOWN_CHIP_LIMIT = 3
export const DROPDOWN_CHIP_LIMIT_WITH_LABEL = 2

export const definitionMessages = {
  invalidOptions: (type: string, position: number) => `field ${type} at position ${position} should have valid options`,
  /** Not quoted by the spec (it states the rule only). */
  mustNotBeRequired: (type: string, position: number) => `field ${type} at position ${position} must not be required`,
  /** Not quoted by the spec: a type outside the widget list. */
  unknownType: (type: string, position: number) => `field ${type} at position ${position} has an unknown type`,
} as const

/** One problem of a form definition: `index` is 0-based; messages say the 1-based position. */
export interface DefinitionIssue {
  readonly index: number
  readonly id: string
  readonly message: string
}

const hasValidOptions = (field: FormField): boolean =>
  field.useDrugList === true ||
  (field.options ?? []).some((option) => {
    const value: unknown = option !== null && typeof option === 'object' ? option.value : option
    return typeof value === 'string' && value.trim() !== ''
  })

/**
 * Form definition check (builder save and server). Positions in messages are 1-based (the first
 * widget is 'position 1'). Every later field repeating an earlier id gets 'Duplicated ID'.
 */
export const validateDefinition = (
  fields: readonly FormField[],
): E.Either<readonly DefinitionIssue[], readonly FormField[]> => {
  const issues: DefinitionIssue[] = []
  const seen = new Set<string>()
  fields.forEach((field, index) => {
    const position = index + 1
    const issue = (message: string) => issues.push({ index, id: field.id, message })
    if (seen.has(field.id)) issue(DUPLICATED_ID)
    seen.add(field.id)
    const kind = widgetKind(field.type)
    if (kind === undefined) return issue(definitionMessages.unknownType(String(field.type), position))
    if (field.isRequired && NEVER_REQUIRED_KINDS.includes(kind))
      issue(definitionMessages.mustNotBeRequired(field.type, position))
    if (CHOICE_KINDS.includes(kind) && !hasValidOptions(field))
      issue(definitionMessages.invalidOptions(field.type, position))
  })
  return issues.length > 0 ? E.left(issues) : E.right(fields)
}

/**
 * Builder: adds a trimmed option; left("Can't add empty option") or left('Option already insert')
 * when an existing option (string or entry) has the same trimmed value.
 */
export const addOption = <O extends FormOption>(
  options: readonly O[],
  option: string,
): E.Either<string, readonly (O | string)[]> => {
  const value = option.trim()
  if (value === '') return E.left(EMPTY_OPTION)
  if (options.some((existing) => optionValue(existing).trim() === value)) return E.left(DUPLICATE_OPTION)
  return E.right([...options, value])
}

/** The items a dropdown shows: at most 10. */
export const visibleDropdownItems = <T>(items: readonly T[]): readonly T[] => items.slice(0, DROPDOWN_MAX_ITEMS)

/** How many selected chips a dropdown shows: 3, or 2 with a trailing label. */
export const chipLimit = (hasTrailingLabel: boolean): number =>
  hasTrailingLabel ? DROPDOWN_CHIP_LIMIT_WITH_LABEL : DROPDOWN_CHIP_LIMIT

/** Chips shown and the count of the hidden rest ('+N'). */
export const visibleChips = <T>(
  selected: readonly T[],
  hasTrailingLabel: boolean,
): { readonly shown: readonly T[]; readonly hidden: number } => {
  const limit = chipLimit(hasTrailingLabel)
  return { shown: selected.slice(0, limit), hidden: Math.max(0, selected.length - limit) }
}

/**
 * A new widget id from a random source returning numbers in [0, 1) (pass Math.random at the edge,
 * a seeded source in tests): 24 lowercase hex characters, so it also passes isObjectId.
 */
export const generateWidgetId = (random: () => number): string =>
  Array.from({ length: 24 }, () => Math.min(15, Math.floor(random() * 16)).toString(16)).join('')

/** A new widget of the builder palette with its defaults, its id taken from `nextId`. */
export const createWidget = (type: WidgetType, nextId: () => string): FormField => {
  const kind = widgetKind(type)
  const base: FormField = { id: nextId(), type, title: '', isRequired: false, isVisible: 't' }
  switch (kind) {
    case 'block':
      return { ...base, size: BLOCK_DEFAULT_SIZE }
    case 'image':
      return { ...base, src: '', image_size: DEFAULT_IMAGE_SIZE, alignment: DEFAULT_IMAGE_ALIGNMENT }
    case 'paragraph':
      return { ...base, content: '' }
    case 'autocomplete':
    case 'select':
    case 'list':
    case 'radio':
    case 'radio-autocomplete':
    case 'checkbox':
      return { ...base, options: [] }
    default:
      return base
  }
}

/** Builder reorder: moves the widget at `from` to `to` (indexes clamped to the list). */
export const moveWidget = (fields: readonly FormField[], from: number, to: number): readonly FormField[] => {
  if (from < 0 || from >= fields.length) return fields
  const next = [...fields]
  const [moved] = next.splice(from, 1)
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved)
  return next
}

/** Builder delete (after DELETE_BLOCK_PROMPT is confirmed): the fields without that id. */
export const removeWidget = (fields: readonly FormField[], id: string): readonly FormField[] =>
  fields.filter((field) => field.id !== id)
