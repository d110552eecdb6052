import { useId, type ReactNode } from 'react'
import styles from './Field.module.css'

interface BaseProps {
  label: string
  error?: string
  hint?: string
}

/** Labelled text input; the error is announced and tied to the field. */
export function TextField({ label, error, hint, value, onChange, type = 'text', autoComplete, multiline, rows = 4, required, placeholder, min, max }: BaseProps & {
  value: string
  onChange: (value: string) => void
  type?: string
  autoComplete?: string
  multiline?: boolean
  rows?: number
  required?: boolean
  placeholder?: string
  /** a date field's first and last day ('yyyy-MM-dd') */
  min?: string
  max?: string
}) {
  const id = useId()
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': required || undefined,
    placeholder,
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={rows} className={styles.textarea} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} min={min} max={max} className={styles.input} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint ? <span id={`${id}-hint`} className={styles.hint}>{hint}</span> : null}
      {error ? <span id={`${id}-error`} className={styles.error} role="alert">{error}</span> : null}
    </div>
  )
}

/** Labelled native select. */
export function SelectField({ label, error, value, onChange, options, required }: BaseProps & {
  value: string
  onChange: (value: string) => void
  options: { value: string; label: string }[]
  required?: boolean
}) {
  const id = useId()
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>{label}</label>
      <select
        id={id}
        className={styles.select}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required || undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {error ? <span id={`${id}-error`} className={styles.error} role="alert">{error}</span> : null}
    </div>
  )
}

export function FieldRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>
}
