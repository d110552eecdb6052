import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { Link, useLocation, useParams } from 'react-router-dom'
import { ForgotPasswordViewModel, PASSWORD_HINT, RESET_PASSWORD_TITLE } from '../../view-models/forgot-password.view-model'
import { useViewModel } from '../../use-view-model'
import { AppDialog } from '../../components/Dialog'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import styles from './PasswordResetPage.module.css'

/** /forgot-password and /user/reset-password/{token}: 'Reset Password Request' (spec section 2). */
const PasswordResetPage = observer(function PasswordResetPage() {
  const vm = useViewModel<ForgotPasswordViewModel>(ForgotPasswordViewModel)
  const { pathname } = useLocation()
  const { token } = useParams()
  useEffect(() => {
    vm.enter(pathname, token)
  }, [vm, pathname, token])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void vm.submit()
  }
  const reset = vm.mode === 'reset'
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="reset-title">
        <span className={styles.icon} aria-hidden="true">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="4" y="11" width="16" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
        </span>
        <div>
          <h1 id="reset-title" className={styles.title}>{RESET_PASSWORD_TITLE}</h1>
          <p className={styles.lead}>
            {reset ? 'Choose a new password for your account.' : 'Enter the email address of your account and we will send you a link to reset your password.'}
          </p>
        </div>
        <form className={styles.form} onSubmit={submit} noValidate>
          {reset ? (
            <>
              <TextField label="New password" type="password" autoComplete="new-password" required hint={PASSWORD_HINT} value={vm.newPassword} error={vm.errors.newPassword} onChange={(v) => vm.setNew(v)} />
              <TextField label="Confirm password" type="password" autoComplete="new-password" required value={vm.confirmPassword} error={vm.errors.confirmPassword} onChange={(v) => vm.setConfirm(v)} />
            </>
          ) : (
            <TextField label="Email" type="email" autoComplete="email" required value={vm.email} error={vm.emailError} onChange={(v) => vm.setEmail(v)} />
          )}
          {vm.error ? <p className={styles.error} role="alert">{vm.error}</p> : null}
          {reset && vm.error ? (
            <p className={styles.back}>
              <Link to="/forgot-password">Request a new link</Link>
            </p>
          ) : null}
          <Button type="submit" block busy={vm.submitting}>{reset ? 'Save new password' : 'Reset password'}</Button>
        </form>
        <p className={styles.back}><Link to="/">Back to online booking</Link></p>
      </section>
      <AppDialog
        title={reset ? 'Password changed' : 'Check your email'}
        isOpen={vm.done !== undefined}
        actions={<Button onClick={() => vm.continue()}>Continue</Button>}
      >
        <p>{vm.done}</p>
      </AppDialog>
    </div>
  )
})

export default PasswordResetPage
