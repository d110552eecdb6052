import type { ReactNode } from 'react'
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import styles from './Dialog.module.css'

export interface AppDialogProps {
  title: string
  isOpen: boolean
  /** Called on Escape, outside click and the close icon; omit for a dialog that cannot be closed. */
  onClose?: () => void
  children?: ReactNode
  actions?: ReactNode
  role?: 'dialog' | 'alertdialog'
  wide?: boolean
}

/** The generic modal: title, close icon, body, actions. Focus is trapped and restored (react-aria). */
export function AppDialog({ title, isOpen, onClose, children, actions, role = 'dialog', wide }: AppDialogProps) {
  const closable = onClose !== undefined
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={isOpen}
      isDismissable={closable}
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
