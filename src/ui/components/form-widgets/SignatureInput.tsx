import { observer } from 'mobx-react-lite'
import { useEffect, useRef } from 'react'
import type { SignatureViewModel } from '../../view-models/signature.view-model'
import { SignatureDialog } from './SignatureDialog'
import styles from './FormWidgets.module.css'

/** A signature: the saved image (or an empty box), 'Sign' / 'Sign again' and 'Clear'. */
export const SignatureInput = observer(function SignatureInput({ vm, label, disabled, describedBy }: {
  vm: SignatureViewModel
  label: string
  disabled?: boolean
  describedBy?: string
  /** kept for callers: the message is tied through describedBy */
  invalid?: boolean
}) {
  const wrap = useRef<HTMLDivElement>(null)
  // Saving the dialog or clearing replaces the control that had the focus: move it to this
  // signature's first button instead of letting it fall back to the page (keyboard users).
  const keepFocusHere = () =>
    requestAnimationFrame(() => {
      const here = wrap.current
      if (!here || here.contains(document.activeElement)) return
      if (document.activeElement && document.activeElement !== document.body) return
      here.querySelector<HTMLElement>('button:not(:disabled)')?.focus()
    })
  const wasOpen = useRef(vm.dialogOpen)
  useEffect(() => {
    if (wasOpen.current && !vm.dialogOpen) keepFocusHere()
    wasOpen.current = vm.dialogOpen
  }, [vm.dialogOpen])
  return (
    <div className={styles.signature} ref={wrap}>
      {vm.isSigned && vm.dataUrl ? (
        <img className={styles.signatureImage} src={vm.dataUrl} alt={`${label}: signed`} />
      ) : (
        disabled ? (
          <div className={styles.signatureEmpty}>Not signed</div>
        ) : (
          <button type="button" className={styles.signatureEmpty} onClick={() => vm.open()} aria-label={`${vm.state === 'cleared' ? 'Signature cleared: tap to sign again' : 'Tap to sign'}: ${label}`} aria-describedby={describedBy}>
            {vm.state === 'cleared' ? 'Signature cleared: tap to sign again' : 'Tap to sign'}
          </button>
        )
      )}
      {disabled || !vm.isSigned ? null : (
        <div className={styles.signatureActions}>
          <button type="button" className={styles.iconButton} style={{ padding: '0 16px' }} onClick={() => vm.open()} aria-describedby={describedBy}>
            Sign again
          </button>
          <button type="button" className={styles.linkButton} onClick={() => {
            vm.clear()
            keepFocusHere()
          }}>Clear signature</button>
        </div>
      )}
      {vm.dialogOpen ? <SignatureDialog vm={vm} title={label || 'Signature'} /> : null}
    </div>
  )
})
