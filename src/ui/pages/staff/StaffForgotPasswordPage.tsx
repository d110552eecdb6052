import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { StaffForgotPasswordViewModel } from '../../view-models/staff-forgot-password.view-model'
import styles from './StaffDesk.module.css'

/**
 * /staff/forgot-password: 'Forgot password?' of the staff sign-in. The server mails a set-password
 * link (the page at /staff/set-password/{token}) when the address is a staff login; the answer is the
 * same either way.
 */
const StaffForgotPasswordPage = observer(function StaffForgotPasswordPage() {
  const vm = useViewModel<StaffForgotPasswordViewModel>(StaffForgotPasswordViewModel)
  useEffect(() => vm.enter(), [vm])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void vm.submit()
  }
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="staff-forgot-title">
        <h1 id="staff-forgot-title" className={styles.title}>Reset your staff password</h1>
        {vm.sent ? (
          <p role="status">{vm.sent}</p>
        ) : (
          <form className={styles.form} onSubmit={submit} noValidate>
            <p className={styles.hint}>Enter the email of your staff login. We will email you a link to set a new password.</p>
            <TextField label="Email" type="email" autoComplete="username" required value={vm.email} error={vm.emailError} onChange={(v) => vm.setEmail(v)} />
            {vm.error ? <p className={styles.error} role="alert">{vm.error}</p> : null}
            <Button type="submit" block busy={vm.submitting}>Email me a link</Button>
          </form>
        )}
        <p className={styles.hint}><Link to="/staff">Back to staff sign-in</Link></p>
      </section>
    </div>
  )
})

export default StaffForgotPasswordPage
