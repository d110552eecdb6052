import type { ButtonHTMLAttributes } from 'react'
import styles from './Button.module.css'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger'
  block?: boolean
  /** The button's request is under way: disabled, marked busy, with a small spinner beside its label. */
  busy?: boolean
}

/** Plain button for the first view (react-aria stays out of the entry chunk). */
export function Button({ variant = 'primary', block, busy = false, className, type = 'button', disabled, children, ...rest }: ButtonProps) {
  const classes = [styles.button, styles[variant], block ? styles.block : '', className ?? ''].join(' ')
  return (
    <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <span className={styles.busy} aria-hidden="true" /> : null}
      {children}
    </button>
  )
}
