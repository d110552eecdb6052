import styles from './Spinner.module.css'

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.spinner} role="status">
      <span className={styles.dot} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}

/** Placeholder rows while a list loads. */
export function Skeleton({ rows = 4, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div className={styles.skeleton} role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => <div key={i} className={styles.bar} />)}
    </div>
  )
}
