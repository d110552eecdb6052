import { observer } from 'mobx-react-lite'
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
  return (
    <div className={styles.signature}>
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
          <button type="button" className={styles.linkButton} onClick={() => vm.clear()}>Clear signature</button>
        </div>
      )}
      {vm.dialogOpen ? <SignatureDialog vm={vm} title={label || 'Signature'} /> : null}
    </div>
  )
})
