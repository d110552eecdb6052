import styles from './CancellationPreview.module.css'

/**
 * Until when an upcoming appointment can be changed free of charge, and what it costs after
 * ("Free to cancel until Tue 14:00, then £16.00"); the view model keeps the text live with its clock.
 */
export function CancellationPreview({ text }: { text: string | null | undefined }) {
  if (!text) return null
  return <span className={styles.preview} data-testid="cancellation-preview">{text}</span>
}
