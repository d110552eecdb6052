import { observer } from 'mobx-react-lite'
import type { ToastViewModel } from '../view-models/toast.view-model'
import styles from './Toasts.module.css'

/** Toast area bottom-left; each toast disappears after 3 s. */
export const Toasts = observer(function Toasts({ vm }: { vm: ToastViewModel }) {
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {vm.toasts.map((t) => (
        <div key={t.id} className={`${styles.toast} ${styles[t.tone] ?? ''}`}>{t.text}</div>
      ))}
    </div>
  )
})
