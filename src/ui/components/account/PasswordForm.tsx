import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import { PASSWORD_HINT, type PasswordViewModel } from '../../view-models/password.view-model'
import { TextField } from '../Field'
import { Button } from '../Button'
import styles from './account.module.css'

/** Password tab: current, new and confirmation; 200 message in the normal colour, 401 in red. */
export const PasswordForm = observer(function PasswordForm({ vm }: { vm: PasswordViewModel }) {
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void vm.submit()
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="password-title" style={{ maxWidth: 480 }}>
      <h2 id="password-title" className={styles.sectionTitle}>Change password</h2>
      <div className={styles.group}>
        <TextField label="Current password" type="password" autoComplete="current-password" required value={vm.currentPassword} error={vm.errors.currentPassword} onChange={(v) => vm.setCurrent(v)} />
        <TextField label="New password" type="password" autoComplete="new-password" required hint={PASSWORD_HINT} value={vm.newPassword} error={vm.errors.newPassword} onChange={(v) => vm.setNew(v)} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" required value={vm.confirmPassword} error={vm.errors.confirmPassword} onChange={(v) => vm.setConfirm(v)} />
      </div>
      {vm.response ? (
        <p className={vm.response.tone === 'error' ? styles.bad : styles.ok} role={vm.response.tone === 'error' ? 'alert' : 'status'}>{vm.response.text}</p>
      ) : null}
      <div className={styles.formActions}>
        <Button type="submit" disabled={!vm.canSubmit}>{vm.submitting ? 'Saving…' : 'Change password'}</Button>
      </div>
    </form>
  )
})
