import * as E from 'fp-ts/Either'
import type { FieldErrors } from '../validation/result'
import { type FieldValue, type FormField, isDisplayOnly, isVisibleField, type WidgetKind, widgetKind } from './widgets'

export const CUSTOMER_CHECKBOX_MESSAGE = 'This field must be checked to proceed'

export const answerMessages = {
  required: (title: string) => `field ${title} is required`,
  shouldBeChecked: (title: string) => `field ${title} should be checked`,
  needsSignature: (title: string) => `field ${title} needs to be signed`,
  invalidOption: (title: string) => `Invalid option on field ${title}`,
  emptyList: (title: string) => `Need to add at least 1 option to field ${title}`,
} as const

/**
 * 'builder': the form page and the server (checkbox message 'field {title} should be checked');
 * 'customer': the customer form (checkbox message 'This field must be checked to proceed').
 */
export type AnswerContext = 'builder' | 'customer'

const isBlankText = (value: unknown): boolean => typeof value !== 'string' || value.trim() === ''

/** An empty signature: nothing, blank text, or the data URL of an empty canvas ('data:,'). */
export const isSignatureEmpty = (value: unknown): boolean =>
  isBlankText(value) || (value as string).trim() === 'data:,'

/** True when a choice answer (string or strings) holds at least one non-blank choice. */
const hasChoice = (value: unknown): boolean =>
  Array.isArray(value) ? value.some((v) => !isBlankText(v)) : !isBlankText(value)

const isChecked = (value: unknown): boolean => value === true || (Array.isArray(value) && value.length > 0)

/** Entries of a list answer; anything that is not an array counts as no entries. */
const listEntries = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : [])

/** A list entry is valid when its value is non-blank text ({ value, info } or a bare string). */
const isTextEntry = (entry: unknown): boolean => {
  const value = entry !== null && typeof entry === 'object' ? (entry as { value?: unknown }).value : entry
  return !isBlankText(value)
}

const listError = (value: unknown, required: boolean, title: string): string | undefined => {
  const entries = listEntries(value)
  if (entries.some((entry) => !isTextEntry(entry))) return answerMessages.invalidOption(title)
  if (required && entries.length === 0) return answerMessages.required(title)
  return undefined
}

/** Yes answer of a yes/no widget: true, or 'yes' in any case. */
export const isYes = (answer: unknown): boolean =>
  answer === true || (typeof answer === 'string' && answer.trim().toLowerCase() === 'yes')

const yesNoError = (kind: WidgetKind, field: FormField, value: unknown, title: string): string | undefined => {
  const { answer, sub } = (value !== null && typeof value === 'object' ? value : {}) as {
    answer?: unknown
    sub?: unknown
  }
  const answered = answer === true || answer === false || !isBlankText(answer)
  if (field.isRequired && !answered) return answerMessages.shouldBeChecked(title)
  if (!isYes(answer)) return undefined
  if (kind === 'radio-list') {
    if (listEntries(sub).length === 0) return answerMessages.emptyList(title)
    return listError(sub, false, title)
  }
  if (field.isSubFieldRequired && !hasChoice(sub)) return answerMessages.required(title)
  return undefined
}

/**
 * The message for one field's answer, or undefined when it is acceptable. Hidden fields
 * (isVisible 'f'), display-only widgets and unknown types are never validated.
 */
export const validateFieldAnswer = (
  field: FormField,
  value: FieldValue = field.value,
  context: AnswerContext = 'builder',
): string | undefined => {
  const kind = widgetKind(field.type)
  if (kind === undefined || isDisplayOnly(kind) || !isVisibleField(field)) return undefined
  const title = field.title ?? field.textTitle ?? field.id
  const required = field.isRequired === true
  switch (kind) {
    case 'text':
    case 'textarea':
      return required && isBlankText(value) ? answerMessages.required(title) : undefined
    case 'checkbox':
      if (!required || isChecked(value)) return undefined
      return context === 'customer' ? CUSTOMER_CHECKBOX_MESSAGE : answerMessages.shouldBeChecked(title)
    case 'radio':
      // a radio with a sub-field answers { answer, sub }, like the yes/no widgets
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return yesNoError(kind, field, value, title)
      return required && !hasChoice(value) ? answerMessages.shouldBeChecked(title) : undefined
    case 'select':
    case 'autocomplete':
      return required && !hasChoice(value) ? answerMessages.required(title) : undefined
    case 'list':
      return listError(value, required, title)
    case 'signature':
      return required && isSignatureEmpty(value) ? answerMessages.needsSignature(title) : undefined
    default:
      return yesNoError(kind, field, value, title)
  }
}

/**
 * Validates every answer of a form, on the web page and on the server. Answers come from `answers`
 * (by field id) when given, else from each field's `value`. right(answers by id) when every answer
 * is acceptable, else left(messages by field id).
 */
export const validateAnswers = (
  fields: readonly FormField[],
  answers?: Readonly<Record<string, FieldValue>>,
  context: AnswerContext = 'builder',
): E.Either<FieldErrors<string>, Record<string, FieldValue>> => {
  const errors: Record<string, string> = {}
  const values: Record<string, FieldValue> = {}
  for (const field of fields) {
    const value = answers && Object.prototype.hasOwnProperty.call(answers, field.id) ? answers[field.id] : field.value
    values[field.id] = value
    const message = validateFieldAnswer(field, value, context)
    if (message !== undefined && errors[field.id] === undefined) errors[field.id] = message
  }
  return Object.keys(errors).length > 0 ? E.left(errors) : E.right(values)
}
