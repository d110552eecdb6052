import { observer } from 'mobx-react-lite'
import { useId } from 'react'
import { CHOICE_KINDS, type FormField, IMAGE_ALIGNMENTS, IMAGE_SIZES, optionValue, widgetKind, YES_NO_KINDS } from '../../../domain/forms/widgets'
import { type FormBuilderViewModel, PALETTE } from '../../view-models/form-builder.view-model'
import { AppDialog } from '../Dialog'
import { Button } from '../Button'
import styles from './FormBuilder.module.css'

/** Text of an HTML snippet, for the widget list. */
const plain = (html: string | undefined): string => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()

const kindLabel = (field: FormField): string => PALETTE.find((p) => p.kind === widgetKind(field.type))?.label ?? String(field.type)

/**
 * The form builder (spec section 2): widget palette, the widget list (select, move up/down, delete
 * after confirmation, definition messages) and the selected widget's editor. Disabled in read-only mode.
 */
export const FormBuilder = observer(function FormBuilder({ vm }: { vm: FormBuilderViewModel }) {
  const ro = vm.readOnly
  return (
    <div className={styles.builder} aria-disabled={ro || undefined}>
      <section aria-label="Widget palette">
        <div className={styles.palette}>
          {PALETTE.map((p) => (
            <button key={p.type} type="button" className={styles.paletteButton} disabled={ro} onClick={() => vm.add(p.type)}>
              + {p.label}
            </button>
          ))}
        </div>
      </section>
      <ol className={styles.list} aria-label="Widgets">
        {vm.fields.map((field, index) => (
          <li key={field.id} className={styles.item} data-selected={vm.selectedId === field.id}>
            <div className={styles.itemRow}>
              <button type="button" className={styles.itemSelect} aria-pressed={vm.selectedId === field.id} onClick={() => vm.select(vm.selectedId === field.id ? undefined : field.id)}>
                <span className={styles.itemType}>{`${index + 1}. ${kindLabel(field)}`}</span>
                <span className={styles.itemTitle}>{field.title || plain(field.content).slice(0, 48) || '(no title)'}{field.isRequired ? ' *' : ''}</span>
              </button>
              <button type="button" className={styles.icon} aria-label={`Move ${field.title || kindLabel(field)} up`} disabled={!vm.canMove(field.id, -1)} onClick={() => vm.move(field.id, -1)}>↑</button>
              <button type="button" className={styles.icon} aria-label={`Move ${field.title || kindLabel(field)} down`} disabled={!vm.canMove(field.id, 1)} onClick={() => vm.move(field.id, 1)}>↓</button>
              <button type="button" className={styles.icon} aria-label={`Delete ${field.title || kindLabel(field)}`} disabled={ro} onClick={() => vm.requestDelete(field.id)}>×</button>
            </div>
            {vm.issuesOf(field.id).map((m) => <p key={m} className={styles.issue}>{m}</p>)}
          </li>
        ))}
      </ol>
      {vm.selected ? <WidgetEditor vm={vm} field={vm.selected} /> : null}
      <div>
        <Button variant="secondary" onClick={() => vm.check()}>Check definition</Button>
        {vm.checked ? (
          <p className={`${styles.status} ${vm.isValid ? styles.ok : styles.error}`} role="status">
            {vm.isValid ? 'The definition is valid.' : `${vm.issues.length} ${vm.issues.length === 1 ? 'problem' : 'problems'} to fix.`}
          </p>
        ) : null}
      </div>
      <AppDialog
        title={vm.deletePrompt}
        isOpen={vm.pendingDeleteId !== undefined}
        onClose={() => vm.cancelDelete()}
        role="alertdialog"
        actions={
          <>
            <Button variant="secondary" onClick={() => vm.cancelDelete()}>Cancel</Button>
            <Button variant="danger" onClick={() => vm.confirmDelete()}>Delete</Button>
          </>
        }
      />
    </div>
  )
})

const WidgetEditor = observer(function WidgetEditor({ vm, field }: { vm: FormBuilderViewModel; field: FormField }) {
  const id = useId()
  const kind = widgetKind(field.type)
  const ro = vm.readOnly
  const set = (patch: Partial<FormField>) => vm.update(field.id, patch)
  const hasOptions = kind !== undefined && (CHOICE_KINDS.includes(kind) || kind === 'checkbox' || kind === 'radio-list' || kind === 'radio-autocomplete')
  const answerable = kind !== 'title' && kind !== 'paragraph' && kind !== 'image' && kind !== 'block'
  return (
    <section className={styles.editor} aria-label="Widget editor">
      <h3 className={styles.editorTitle}>{kindLabel(field)}</h3>
      <div className={styles.row}>
        <label className={styles.label} htmlFor={`${id}-title`}>Title</label>
        <input id={`${id}-title`} className={styles.input} disabled={ro} value={field.title ?? ''} onChange={(e) => set({ title: e.target.value })} />
      </div>
      <div className={styles.checks}>
        {answerable ? (
          <label className={styles.check}><input type="checkbox" disabled={ro} checked={field.isRequired === true} onChange={(e) => set({ isRequired: e.target.checked })} /> Required</label>
        ) : null}
        <label className={styles.check}><input type="checkbox" disabled={ro} checked={field.isVisible !== 'f'} onChange={(e) => set({ isVisible: e.target.checked ? 't' : 'f' })} /> Visible</label>
        {hasOptions ? (
          <>
            <label className={styles.check}><input type="checkbox" disabled={ro} checked={field.useDrugList === true} onChange={(e) => set({ useDrugList: e.target.checked })} /> Use drug list</label>
            {kind === 'select' || kind === 'autocomplete' || kind === 'radio-autocomplete' ? (
              <label className={styles.check}><input type="checkbox" disabled={ro} checked={field.multiple === true} onChange={(e) => set({ multiple: e.target.checked })} /> Multiple</label>
            ) : null}
          </>
        ) : null}
        {kind !== undefined && YES_NO_KINDS.includes(kind) ? (
          <label className={styles.check}><input type="checkbox" disabled={ro} checked={field.isSubFieldRequired === true} onChange={(e) => set({ isSubFieldRequired: e.target.checked })} /> Details required on yes</label>
        ) : null}
      </div>
      {kind !== undefined && (YES_NO_KINDS.includes(kind) || kind === 'radio') ? (
        <div className={styles.row}>
          <label className={styles.label} htmlFor={`${id}-sub`}>Sub-field title</label>
          <input id={`${id}-sub`} className={styles.input} disabled={ro} value={field.textTitle ?? ''} onChange={(e) => set({ textTitle: e.target.value })} />
        </div>
      ) : null}
      {kind === 'paragraph' ? (
        <div className={styles.row}>
          <label className={styles.label} htmlFor={`${id}-content`}>Content</label>
          <textarea id={`${id}-content`} className={styles.textarea} rows={4} disabled={ro} value={field.content ?? ''} onChange={(e) => set({ content: e.target.value })} />
        </div>
      ) : null}
      {kind === 'block' ? (
        <div className={styles.row}>
          <label className={styles.label} htmlFor={`${id}-size`}>Height (px)</label>
          <input id={`${id}-size`} className={styles.input} type="number" min={0} disabled={ro} value={field.size ?? 50} onChange={(e) => set({ size: Number(e.target.value) })} />
        </div>
      ) : null}
      {kind === 'image' ? (
        <>
          <div className={styles.row}>
            <label className={styles.label} htmlFor={`${id}-src`}>Image address</label>
            <input id={`${id}-src`} className={styles.input} type="url" disabled={ro} value={field.src ?? ''} onChange={(e) => set({ src: e.target.value })} />
          </div>
          <div className={styles.row}>
            <label className={styles.label} htmlFor={`${id}-isize`}>Size</label>
            <select id={`${id}-isize`} className={styles.select} disabled={ro} value={field.image_size ?? 'Medium'} onChange={(e) => set({ image_size: e.target.value as FormField['image_size'] })}>
              {Object.keys(IMAGE_SIZES).map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </div>
          <div className={styles.row}>
            <label className={styles.label} htmlFor={`${id}-align`}>Alignment</label>
            <select id={`${id}-align`} className={styles.select} disabled={ro} value={field.alignment ?? 'Left'} onChange={(e) => set({ alignment: e.target.value as FormField['alignment'] })}>
              {IMAGE_ALIGNMENTS.map((a) => <option key={a} value={a}>{a}</option>)}
            </select>
          </div>
        </>
      ) : null}
      {hasOptions ? (
        <div className={styles.row}>
          <span className={styles.label} id={`${id}-options`}>Options</span>
          <ul className={styles.options} aria-labelledby={`${id}-options`}>
            {(field.options ?? []).map((o, i) => (
              <li key={`${optionValue(o)}-${i}`} className={styles.option}>
                {optionValue(o)}
                {ro ? null : <button type="button" aria-label={`Remove option ${optionValue(o)}`} onClick={() => vm.removeOption(field.id, i)}>×</button>}
              </li>
            ))}
          </ul>
          <form
            className={styles.addOption}
            onSubmit={(e) => {
              e.preventDefault()
              vm.addOption()
            }}
          >
            <input
              className={styles.input}
              aria-label="New option"
              aria-invalid={vm.optionError ? true : undefined}
              aria-describedby={vm.optionError ? `${id}-opt-error` : undefined}
              disabled={ro}
              value={vm.optionDraft}
              onChange={(e) => vm.setOptionDraft(e.target.value)}
            />
            <Button type="submit" variant="secondary" disabled={ro}>Add option</Button>
          </form>
          {vm.optionError ? <p id={`${id}-opt-error`} className={styles.error} role="alert">{vm.optionError}</p> : null}
        </div>
      ) : null}
    </section>
  )
})
