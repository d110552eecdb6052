// /staff/integrations' shared parts: a secret shown once with a copy button, and a yes/no confirmation.
import { useId, useRef, useState, type ReactNode } from 'react'
import { observer } from 'mobx-react-lite'
import { AppDialog } from '../../components/Dialog'
import { Button } from '../../components/Button'
import { formatLondonDateTime } from '../../../domain/time'
import styles from './StaffIntegrations.module.css'

export const when = (iso: string | undefined, never = 'never'): string => (iso ? formatLondonDateTime(new Date(iso)) : never)

/**
 * A secret the server shows only once: read-only, selected on focus, a copy button, and the warning
 * that it cannot be shown again. It stays until the admin says they have it.
 */
export function SecretOnce({ label, secret, warning, onDone }: { label: string; secret: string; warning: string; onDone: () => void }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<'copied' | 'select' | undefined>(undefined)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret)
      setCopied('copied')
    } catch {
      // no clipboard (an insecure origin, a refused permission): select it for the keyboard's copy
      input.current?.select()
      setCopied('select')
    }
  }
  return (
    <section className={styles.secret} aria-label={label}>
      <p><strong>{warning}</strong></p>
      <label htmlFor={id}>{label}</label>
      <div className={styles.secretRow}>
        <input id={id} ref={input} className={styles.secretInput} readOnly value={secret} onFocus={(e) => e.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void copy()}>Copy</Button>
      </div>
      <p role="status" className={styles.meta}>{copied === 'copied' ? 'Copied.' : copied === 'select' ? 'Press Ctrl+C (⌘C) to copy the selected text.' : ''}</p>
      <div><Button onClick={onDone}>I have copied it</Button></div>
    </section>
  )
}

/** An alertdialog that asks before a change that cannot be undone. */
export const Confirm = observer(function Confirm({ title, isOpen, keep, act, onKeep, onAct, children }: {
  title: string
  isOpen: boolean
  keep: string
  act: string
  onKeep: () => void
  onAct: () => void
  children: ReactNode
}) {
  return (
    <AppDialog
      title={title}
      isOpen={isOpen}
      onClose={onKeep}
      role="alertdialog"
      actions={
        <>
          <Button variant="secondary" onClick={onKeep}>{keep}</Button>
          <Button variant="danger" onClick={onAct}>{act}</Button>
        </>
      }
    >
      {children}
    </AppDialog>
  )
})
