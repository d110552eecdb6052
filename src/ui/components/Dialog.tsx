import type { ReactNode } from 'react'
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import styles from './Dialog.module.css'

export interface AppDialogProps {
  title: string
  isOpen: boolean
  /**
   * Called on Escape, the close icon and (not for an alertdialog) an outside click; omit for a
   * dialog that cannot be closed.
   */
  onClose?: () => void
  children?: ReactNode
  actions?: ReactNode
  role?: 'dialog' | 'alertdialog'
  wide?: boolean
}

/**
 * The generic modal: title, close icon, body, actions. Focus is trapped and restored (react-aria).
 * An alertdialog (a confirmation: delete, cancel, remove) waits for an answer: a click outside does
 * not close it, or the second click of a double click on the button that opened it (landing on the
 * overlay) would undo the first.
 */
export function AppDialog({ title, isOpen, onClose, children, actions, role = 'dialog', wide }: AppDialogProps) {
  const closable = onClose !== undefined
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      isDismissable={closable && role !== 'alertdialog'}
      isKeyboardDismissDisabled={!closable}
      onOpenChange={(open) => {
        if (!open) onClose?.()
      }}
    >
      <Modal className={`${styles.modal} ${wide ? styles.wide : ''}`}>
        <Dialog className={styles.dialog} role={role}>
          <Heading slot="title" className={styles.title}>{title}</Heading>
          {closable ? (
            <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>×</button>
          ) : null}
          {children ? <div className={styles.body}>{children}</div> : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
