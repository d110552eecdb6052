/**
 * Form widgets (spec section 3, "Form field (widget)"). Widget types arrive in two spellings
 * (PascalCase: 'AutoComplete', 'SignatureField'; lowercase: 'autocomplete', 'signature'); every rule
 * works on the one canonical lowercase kind given by `widgetKind`.
 */

export const WIDGET_KINDS = [
  'title',
  'paragraph',
  'text',
  'checkbox',
  'radio',
  'autocomplete',
  'radio-autocomplete',
  'radio-text',
  'list',
  'radio-list',
  'textarea',
  'block',
  'image',
  'signature',
  'select',
] as const
export type WidgetKind = (typeof WIDGET_KINDS)[number]

/** Every widget type name the spec lists, with its canonical kind. */
export const WIDGET_TYPES = {
  Title: 'title',
  Paragraph: 'paragraph',
  Text: 'text',
  Checkbox: 'checkbox',
  Radio: 'radio',
  AutoComplete: 'autocomplete',
  RadioAutoComplete: 'radio-autocomplete',
  RadioText: 'radio-text',
  List: 'list',
  RadioList: 'radio-list',
  TextArea: 'textarea',
  Block: 'block',
  Image: 'image',
  SignatureField: 'signature',
  Select: 'select',
  title: 'title',
  paragraph: 'paragraph',
  text: 'text',
  checkbox: 'checkbox',
  radio: 'radio',
  autocomplete: 'autocomplete',
  'radio-autocomplete': 'radio-autocomplete',
  'radio-text': 'radio-text',
  list: 'list',
  'radio-list': 'radio-list',
  textarea: 'textarea',
  block: 'block',
  image: 'image',
  signature: 'signature',
  select: 'select',
} as const satisfies Record<string, WidgetKind>
export type WidgetType = keyof typeof WIDGET_TYPES

/** Canonical kind of a widget type name, or undefined for an unknown name. */
export const widgetKind = (type: string | null | undefined): WidgetKind | undefined =>
  type != null && Object.prototype.hasOwnProperty.call(WIDGET_TYPES, type) ? WIDGET_TYPES[type as WidgetType] : undefined

/** Widgets that only display something: never validated, never required. */
export const DISPLAY_ONLY_KINDS: readonly WidgetKind[] = ['title', 'paragraph', 'image', 'block']
/** Widgets that must not be marked required in a form definition. */
export const NEVER_REQUIRED_KINDS: readonly WidgetKind[] = ['paragraph', 'title', 'image']
/** Choice widgets: need options or the drug list. */
export const CHOICE_KINDS: readonly WidgetKind[] = ['autocomplete', 'select', 'list', 'radio', 'radio-autocomplete']
/** Yes/no widgets: a radio answer that reveals a sub-field (text, list or autocomplete) on yes. */
export const YES_NO_KINDS: readonly WidgetKind[] = ['radio-text', 'radio-list', 'radio-autocomplete']

export const isDisplayOnly = (kind: WidgetKind): boolean => DISPLAY_ONLY_KINDS.includes(kind)

/** Block: blank space, default size 50. */
export const BLOCK_DEFAULT_SIZE = 50

export const IMAGE_SIZES = { Small: '75px', Medium: '200px', Big: '100%' } as const
export type ImageSize = keyof typeof IMAGE_SIZES
export const DEFAULT_IMAGE_SIZE: ImageSize = 'Medium'
export const IMAGE_ALIGNMENTS = ['Left', 'Center', 'Right'] as const
export type ImageAlignment = (typeof IMAGE_ALIGNMENTS)[number]
export const DEFAULT_IMAGE_ALIGNMENT: ImageAlignment = 'Left'

/** CSS width of an image widget: Small 75 px, Medium 200 px (default), Big full width. */
export const imageWidth = (size: string | null | undefined): string =>
  size != null && size in IMAGE_SIZES ? IMAGE_SIZES[size as ImageSize] : IMAGE_SIZES[DEFAULT_IMAGE_SIZE]

/** Image alignment, Left when missing or unknown. */
export const imageAlignment = (alignment: string | null | undefined): ImageAlignment =>
  (IMAGE_ALIGNMENTS as readonly string[]).includes(alignment ?? '') ? (alignment as ImageAlignment) : DEFAULT_IMAGE_ALIGNMENT

/** Medical-history mapping of an answer (mhText, mhSelection, mhPositiveSelection). */
export interface MedicalHistoryMapping {
  readonly showAs?: string
  readonly customValue?: string
}

/** An entry of a List widget's answer. */
export interface ListEntry {
  readonly value: unknown
  readonly info?: string
}

/** Answer of a yes/no widget: the radio answer and the sub-field value revealed on yes. */
export interface YesNoAnswer {
  readonly answer?: string | boolean | null
  readonly sub?: unknown
}

/**
 * An answer as stored in `value`: text and textarea a string; checkbox a boolean (or the checked
 * options); radio a string (or a YesNoAnswer when it has a sub-field); select and autocomplete a string or strings; list ListEntry[];
 * signature an image data URL; yes/no widgets a YesNoAnswer. Typed loosely because the server
 * validates whatever the client sent.
 */
export type FieldValue = unknown

/** A choice option: a plain string, or an entry { value, info?, label? }. */
export type FormOption = string | { readonly value: string; readonly info?: string; readonly label?: string }

/** The value of an option (the string itself, or the entry's value). */
export const optionValue = (option: FormOption): string => (typeof option === 'string' ? option : option.value)

/** Form field (widget) of spec section 3 (the contract's FormField is assignable to it). */
export interface FormField {
  readonly id: string
  readonly type: WidgetType | string
  readonly title?: string
  readonly isRequired?: boolean
  readonly group?: string
  readonly value?: FieldValue
  readonly options?: readonly FormOption[]
  readonly multiple?: boolean
  readonly autocompleteSearch?: boolean
  readonly useDrugList?: boolean
  readonly labelAfter?: boolean | string
  readonly limitTags?: number
  /** 't' shown, 'f' hidden; missing means shown. */
  readonly isVisible?: 't' | 'f'
  readonly hasDefaultValue?: boolean
  readonly isSubFieldRequired?: boolean
  readonly textTitle?: string
  readonly content?: string
  readonly size?: number
  readonly src?: string
  readonly alignment?: ImageAlignment
  readonly image_size?: ImageSize
  readonly mhText?: MedicalHistoryMapping
  readonly mhSelection?: MedicalHistoryMapping
  readonly mhPositiveSelection?: MedicalHistoryMapping
  readonly additionalInfo?: string
}

export const isVisibleField = (field: Pick<FormField, 'isVisible'>): boolean => field.isVisible !== 'f'

/** Label with the asterisk that marks a required field. */
export const fieldLabel = (field: Pick<FormField, 'title' | 'isRequired'>): string =>
  field.isRequired ? `${field.title ?? ''} *` : field.title ?? ''
