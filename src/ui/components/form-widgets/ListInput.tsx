import type { FormField, ListEntry } from '../../../domain/forms/widgets'
import { ChoiceInput, useChoiceOptions } from './ChoiceInput'
import styles from './FormWidgets.module.css'

const entriesOf = (value: unknown): ListEntry[] =>
  Array.isArray(value)
    ? value.map((e) => (e !== null && typeof e === 'object' ? (e as ListEntry) : { value: e }))
    : []

/** The add button's text ('+ Add an item'); its accessible name names the list ('Add an item to {title}'). */
export const ADD_ITEM = 'Add an item'

/** A List answer: rows of { value, info }, each value chosen from the options (or the drug list). */
export function ListInput({ field, value, onChange, disabled, title, describedBy }: {
  field: FormField
  value: unknown
  onChange: (entries: ListEntry[]) => void
  disabled?: boolean
  title: string
  describedBy?: string
}) {
  const entries = entriesOf(value)
  const { options } = useChoiceOptions(field)
  const setEntry = (index: number, patch: Partial<ListEntry>) =>
    onChange(entries.map((e, i) => (i === index ? { ...e, ...patch } : e)))
  return (
    <div className={styles.fieldset} aria-describedby={describedBy}>
      {entries.map((entry, index) => (
        <div key={index} className={styles.listRow}>
          {field.useDrugList ? (
            <ChoiceInput
              field={field}
              label={<span className="visually-hidden">{`${title} ${index + 1}`}</span>}
              value={typeof entry.value === 'string' ? entry.value : ''}
              onChange={(v) => setEntry(index, { value: v })}
              disabled={disabled}
            />
          ) : (
            <select
              className={styles.select}
              aria-label={`${title} ${index + 1}`}
              value={typeof entry.value === 'string' ? entry.value : ''}
              disabled={disabled}
              onChange={(e) => setEntry(index, { value: e.target.value })}
            >
              <option value="">Choose…</option>
              {options.map((o) => <option key={o} value={o}>{o}</option>)}
            </select>
          )}
          <input
            className={styles.input}
            aria-label={`${title} ${index + 1} details`}
            placeholder="Details"
            value={entry.info ?? ''}
            disabled={disabled}
            onChange={(e) => setEntry(index, { info: e.target.value })}
          />
          {disabled ? null : (
            <button type="button" className={styles.iconButton} aria-label={`Remove ${title} ${index + 1}`} onClick={() => onChange(entries.filter((_, i) => i !== index))}>×</button>
          )}
        </div>
      ))}
      {disabled ? null : (
        <button type="button" className={styles.linkButton} aria-label={`${ADD_ITEM} to ${title}`} onClick={() => onChange([...entries, { value: '' }])}>+ {ADD_ITEM}</button>
      )}
    </div>
  )
}
