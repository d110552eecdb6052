import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { StaffDeskViewModel } from '../../view-models/staff-desk.view-model'
import styles from './StaffDesk.module.css'

/** /staff/set-password/{token}: the one-time link of a new staff account, an admin's reset, or 'Forgot password?' (mailed). */
const StaffSetPasswordPage = observer(function StaffSetPasswordPage() {
  const vm = useViewModel<StaffDeskViewModel>(StaffDeskViewModel)
  const { token = '' } = useParams()
  useEffect(() => vm.openPasswordLink(token), [vm, token])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void vm.savePassword(token)
  }
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="staff-password-title">
        <h1 id="staff-password-title" className={styles.title}>Set your staff password</h1>
        {vm.passwordDone(token) ? (
          <p role="status">Your password is set. <Link to="/staff">Sign in</Link></p>
        ) : (
          <form className={styles.form} onSubmit={submit} noValidate>
            <TextField label="New password" type="password" autoComplete="new-password" required value={vm.newPassword} onChange={(v) => vm.setNewPassword(v)} />
            {vm.passwordError ? <p className={styles.error} role="alert">{vm.passwordError}</p> : null}
            <Button type="submit" block>Save password</Button>
          </form>
        )}
      </section>
    </div>
  )
})

export default StaffSetPasswordPage
