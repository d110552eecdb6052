import { computed, makeAutoObservable } from 'mobx'
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import {
  addOption,
  createWidget,
  DELETE_BLOCK_PROMPT,
  type DefinitionIssue,
  generateWidgetId,
  moveWidget,
  removeWidget,
  validateDefinition,
} from '../../domain/forms/definition'
import { FormAnswers } from './form-answers.view-model'
import { type FormField, type FormOption, type WidgetType, type WidgetKind } from '../../domain/forms/widgets'

/** The palette: one entry per widget kind, with the spec's type name and a readable label. */
export const PALETTE: readonly { type: WidgetType; kind: WidgetKind; label: string }[] = [
  { type: 'Title', kind: 'title', label: 'Title' },
  { type: 'Paragraph', kind: 'paragraph', label: 'Paragraph' },
  { type: 'Text', kind: 'text', label: 'Text' },
  { type: 'TextArea', kind: 'textarea', label: 'Text area' },
  { type: 'Checkbox', kind: 'checkbox', label: 'Checkbox' },
  { type: 'Radio', kind: 'radio', label: 'Radio' },
  { type: 'Select', kind: 'select', label: 'Select' },
  { type: 'AutoComplete', kind: 'autocomplete', label: 'Autocomplete' },
  { type: 'List', kind: 'list', label: 'List' },
  { type: 'RadioText', kind: 'radio-text', label: 'Yes/no with text' },
  { type: 'RadioList', kind: 'radio-list', label: 'Yes/no with list' },
  { type: 'RadioAutoComplete', kind: 'radio-autocomplete', label: 'Yes/no with autocomplete' },
  { type: 'SignatureField', kind: 'signature', label: 'Signature' },
  { type: 'Image', kind: 'image', label: 'Image' },
  { type: 'Block', kind: 'block', label: 'Blank space' },
]

/** Widget properties the per-widget editor may change. */
export type WidgetPatch = Partial<Omit<FormField, 'id' | 'type'>>

/**
 * The form builder (spec sections 2 and 5): palette, per-widget editor, add, reorder, delete (after
 * 'Are you sure you want to delete this block?'), option editing ('Can't add empty option', 'Option
 * already insert') and the definition check. Everything is refused in read-only mode.
 */
@injectable()
export class FormBuilderViewModel {
  fields: FormField[] = []
  selectedId?: string = undefined
  readOnly = false
  /** the widget whose delete waits for confirmation */
  pendingDeleteId?: string = undefined
  optionDraft = ''
  optionError?: string = undefined
  /** definition messages are shown after 'Check' or once a widget changed after a check */
  checked = false
  /** source of widget ids (a seeded one in tests) */
  random: () => number = Math.random

  constructor() {
    makeAutoObservable(this, { random: false, preview: computed({ keepAlive: true }) })
  }

  readonly deletePrompt = DELETE_BLOCK_PROMPT

  setFields(fields: readonly FormField[]): void {
    this.fields = [...fields]
    this.selectedId = undefined
    this.pendingDeleteId = undefined
    this.checked = false
  }

  setReadOnly(readOnly: boolean): void {
    this.readOnly = readOnly
    if (readOnly) this.pendingDeleteId = undefined
  }

  /** A live preview of the definition as the customer sees it (fresh answers whenever it changes). */
  get preview(): FormAnswers {
    return new FormAnswers(this.fields.map((f) => ({ ...f })), {}, false, 'customer')
  }

  get selected(): FormField | undefined {
    return this.fields.find((f) => f.id === this.selectedId)
  }

  /** Definition problems (validateDefinition), empty when valid. */
  get issues(): readonly DefinitionIssue[] {
    const result = validateDefinition(this.fields)
    return E.isLeft(result) ? result.left : []
  }

  get isValid(): boolean {
    return this.issues.length === 0
  }

  issuesOf(id: string): string[] {
    return this.checked ? this.issues.filter((i) => i.id === id).map((i) => i.message) : []
  }

  check(): boolean {
    this.checked = true
    return this.isValid
  }

  select(id: string | undefined): void {
    this.selectedId = id
    this.optionDraft = ''
    this.optionError = undefined
  }

  add(type: WidgetType): FormField | undefined {
    if (this.readOnly) return undefined
    const widget = createWidget(type, () => this.newId())
    const index = this.selectedId ? this.fields.findIndex((f) => f.id === this.selectedId) + 1 : this.fields.length
    this.fields.splice(index, 0, { ...widget, title: widget.title || defaultTitle(type) })
    this.select(widget.id)
    return this.fields[index]
  }

  /** A widget id not used yet in this form. */
  private newId(): string {
    let id = generateWidgetId(this.random)
    for (let attempt = 0; attempt < 8 && this.fields.some((f) => f.id === id); attempt++) id = generateWidgetId(this.random)
    return id
  }

  move(id: string, offset: number): void {
    if (this.readOnly) return
    const from = this.fields.findIndex((f) => f.id === id)
    if (from < 0) return
    this.fields = [...moveWidget(this.fields, from, from + offset)]
  }

  canMove(id: string, offset: number): boolean {
    const from = this.fields.findIndex((f) => f.id === id)
    const to = from + offset
    return !this.readOnly && from >= 0 && to >= 0 && to < this.fields.length
  }

  requestDelete(id: string): void {
    if (this.readOnly) return
    this.pendingDeleteId = id
  }

  cancelDelete(): void {
    this.pendingDeleteId = undefined
  }

  confirmDelete(): void {
    const id = this.pendingDeleteId
    this.pendingDeleteId = undefined
    if (this.readOnly || id === undefined) return
    this.fields = [...removeWidget(this.fields, id)]
    if (this.selectedId === id) this.select(undefined)
  }

  update(id: string, patch: WidgetPatch): void {
    if (this.readOnly) return
    const index = this.fields.findIndex((f) => f.id === id)
    if (index < 0) return
    this.fields[index] = { ...this.fields[index], ...patch }
  }

  setOptionDraft(value: string): void {
    this.optionDraft = value
    this.optionError = undefined
  }

  /** Adds the draft option to the selected widget; 'Can't add empty option' / 'Option already insert'. */
  addOption(): boolean {
    const field = this.selected
    if (this.readOnly || !field) return false
    const result = addOption<FormOption>(field.options ?? [], this.optionDraft)
    if (E.isLeft(result)) {
      this.optionError = result.left
      return false
    }
    this.update(field.id, { options: [...result.right] })
    this.optionDraft = ''
    this.optionError = undefined
    return true
  }

  removeOption(id: string, index: number): void {
    const field = this.fields.find((f) => f.id === id)
    if (this.readOnly || !field) return
    this.update(id, { options: (field.options ?? []).filter((_, i) => i !== index) })
  }
}

function defaultTitle(type: WidgetType): string {
  return PALETTE.find((p) => p.type === type)?.label ?? String(type)
}
