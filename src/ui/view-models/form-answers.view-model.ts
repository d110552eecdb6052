import { makeAutoObservable } from 'mobx'
import * as E from 'fp-ts/Either'
import { type AnswerContext, validateAnswers } from '../../domain/forms/answers'
import { type FieldValue, type FormField, isDisplayOnly, isVisibleField, widgetKind } from '../../domain/forms/widgets'
import { SignatureViewModel } from './signature.view-model'

/** The radio options of the yes/no widgets (radio-text, radio-list, radio-autocomplete). */
export const YES_NO_OPTIONS = ['Yes', 'No'] as const

/** Visible fields that take an answer (display-only widgets and hidden fields excluded). */
export const answerableFields = (fields: readonly FormField[]): FormField[] =>
  fields.filter((f) => {
    const kind = widgetKind(f.type)
    return kind !== undefined && !isDisplayOnly(kind) && isVisibleField(f)
  })

/**
 * The answers of a rendered form (the customer's form page and the builder's preview): values by
 * widget id, the section 5 messages by id (checkbox message of the customer form), which ones are
 * shown (a field's message once it was touched, all of them after a save attempt), read-only mode.
 */
export class FormAnswers {
  values: Record<string, FieldValue> = {}
  touched: Record<string, boolean> = {}
  showAll = false
  private readonly signatures = new Map<string, SignatureViewModel>()

  constructor(
    readonly fields: readonly FormField[],
    initial: Readonly<Record<string, FieldValue>> = {},
    readonly readOnly = false,
    private readonly context: AnswerContext = 'customer',
  ) {
    for (const field of answerableFields(fields)) {
      const value = Object.prototype.hasOwnProperty.call(initial, field.id) ? initial[field.id] : field.value
      if (value !== undefined) this.values[field.id] = value
    }
    makeAutoObservable<FormAnswers, 'signatures' | 'context'>(this, { fields: false, readOnly: false, signatures: false, context: false })
  }

  /** Every current message by widget id (whether shown or not). */
  get errors(): Readonly<Record<string, string>> {
    const fields = answerableFields(this.fields)
    // read each answer through the observable (a key added later is tracked too; hasOwnProperty is not)
    const snapshot = Object.fromEntries(fields.map((f) => [f.id, this.values[f.id]]))
    const result = validateAnswers(fields, snapshot, this.context)
    return E.isLeft(result) ? (result.left as Record<string, string>) : {}
  }

  get hasErrors(): boolean {
    return Object.keys(this.errors).length > 0
  }

  /** The message shown under a field: once it was touched, or after a save attempt. */
  errorFor(id: string): string | undefined {
    return this.showAll || this.touched[id] ? this.errors[id] : undefined
  }

  /**
   * Every message, for the summary by the Save button (field id and text). A message that does not
   * name its field ('This field must be checked to proceed') is prefixed with the field's title there,
   * as the summary stands far from the field.
   */
  get pending(): { id: string; message: string }[] {
    return Object.entries(this.errors).map(([id, message]) => {
      const title = this.fields.find((f) => f.id === id)?.title?.trim()
      return { id, message: title && !message.includes(title) ? `${title}: ${message}` : message }
    })
  }

  value(id: string): FieldValue {
    return this.values[id]
  }

  set(id: string, value: FieldValue): void {
    if (this.readOnly) return
    this.values[id] = value
    this.touched[id] = true
  }

  touch(id: string): void {
    this.touched[id] = true
  }

  revealAll(): void {
    this.showAll = true
  }

  /** The answers sent to the server: answerable fields only. */
  get data(): Record<string, FieldValue> {
    const data: Record<string, FieldValue> = {}
    for (const field of answerableFields(this.fields)) {
      if (this.values[field.id] !== undefined) data[field.id] = this.values[field.id]
    }
    return data
  }

  /** The signature of a SignatureField widget (one per widget, kept for the page's lifetime). */
  signature(id: string): SignatureViewModel {
    let vm = this.signatures.get(id)
    if (!vm) {
      const initial = this.values[id]
      vm = new SignatureViewModel(typeof initial === 'string' ? initial : undefined, (dataUrl) => this.set(id, dataUrl))
      this.signatures.set(id, vm)
    }
    return vm
  }
}
