import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { LoginViewModel, type LoginMode, type SignUpFields } from '../../view-models/login.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { useViewModel } from '../../use-view-model'
import { AppDialog } from '../../components/Dialog'
import { Button } from '../../components/Button'
import { FieldRow, SelectField, TextField } from '../../components/Field'
import { REFERRAL_SOURCES, SIGN_UP_GENDER_LABELS, SIGN_UP_GENDERS, SIGN_UP_TITLES } from '../../../domain/constants/people'
import styles from './LoginModal.module.css'

/** Login / sign-up modal: existing customer and new customer; unclosable at the book step. */
const LoginModal = observer(function LoginModal() {
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const vm = useViewModel<LoginViewModel>(LoginViewModel)
  const onClose = session.loginModalLocked ? undefined : () => session.closeLoginModal()
  const submitLogin = (e: FormEvent) => {
    e.preventDefault()
    void vm.login()
  }
  const submitSignUp = (e: FormEvent) => {
    e.preventDefault()
    void vm.register()
  }
  const field = (name: keyof SignUpFields, label: string, type = 'text', autoComplete?: string, hint?: string) => (
    <TextField
      label={label}
      type={type}
      autoComplete={autoComplete}
      hint={hint}
      required={name !== 'referralSource'}
      value={vm.signUp[name]}
      error={vm.signUpErrors[name]}
      onChange={(v) => vm.setSignUpField(name, v)}
    />
  )
  return (
    <>
      <AppDialog title="Log in to continue" isOpen={session.loginModalOpen && !vm.emailSentOpen} onClose={onClose} wide>
        <Tabs className={styles.tabs} selectedKey={vm.mode} onSelectionChange={(k) => vm.setMode(k as LoginMode)}>
          <TabList className={styles.tabList} aria-label="Customer type">
            <Tab id="existing" className={styles.tab}>Existing customer</Tab>
            <Tab id="new" className={styles.tab}>New customer</Tab>
          </TabList>
          {session.loginNotice && !vm.info ? <p className={styles.info} role="status">{session.loginNotice}</p> : null}
          {vm.info ? <p className={styles.info} role="status">{vm.info}</p> : null}
          {vm.error ? <p className={styles.error} role="alert">{vm.error}</p> : null}
          <TabPanel id="existing">
            <form className={styles.form} onSubmit={submitLogin} noValidate>
              <TextField label="Email" type="email" autoComplete="email" required value={vm.email} onChange={(v) => vm.setEmail(v)} />
              <TextField label="Password" type="password" autoComplete="current-password" required value={vm.password} onChange={(v) => vm.setPassword(v)} />
              <Button type="submit" block busy={vm.submitting}>Log in</Button>
              <div className={styles.links}>
                <a href="/forgot-password" target="_blank" rel="noopener">Forgot password?</a>
                <button type="button" className={styles.linkButton} onClick={() => void vm.requestPasswordLink()}>
                  Already a client? Send me a password link
                </button>
              </div>
            </form>
          </TabPanel>
          <TabPanel id="new">
            <form className={styles.form} onSubmit={submitSignUp} noValidate>
              <FieldRow>
                <SelectField
                  label="Title"
                  required
                  value={vm.signUp.title}
                  error={vm.signUpErrors.title}
                  onChange={(v) => vm.setSignUpField('title', v)}
                  options={[{ value: '', label: 'Select' }, ...SIGN_UP_TITLES.map((t) => ({ value: t, label: t }))]}
                />
                <SelectField
                  label="Gender"
                  required
                  value={vm.signUp.gender}
                  error={vm.signUpErrors.gender}
                  onChange={(v) => vm.setSignUpField('gender', v)}
                  options={[{ value: '', label: 'Select' }, ...SIGN_UP_GENDERS.map((g) => ({ value: g, label: SIGN_UP_GENDER_LABELS[g] }))]}
                />
              </FieldRow>
              <FieldRow>
                {field('name', 'First name', 'text', 'given-name')}
                {field('surname', 'Surname', 'text', 'family-name')}
              </FieldRow>
              <FieldRow>
                {field('mobile', 'Mobile', 'tel', 'tel')}
                {field('dateOfBirth', 'Date of birth', 'text', 'bday', 'dd/mm/yyyy')}
              </FieldRow>
              {field('email', 'Email', 'email', 'email')}
              <FieldRow>
                {field('password', 'Password', 'password', 'new-password', 'At least 8 characters, one capital letter and one number')}
                {field('confirmPassword', 'Confirm password', 'password', 'new-password')}
              </FieldRow>
              <SelectField
                label="How did you hear about us? (optional)"
                value={vm.signUp.referralSource}
                onChange={(v) => vm.setSignUpField('referralSource', v)}
                options={[{ value: '', label: 'Select' }, ...REFERRAL_SOURCES.map((r) => ({ value: r, label: r }))]}
              />
              <Button type="submit" block busy={vm.submitting}>Create account</Button>
            </form>
          </TabPanel>
        </Tabs>
      </AppDialog>
      <AppDialog
        title="Email sent"
        isOpen={vm.emailSentOpen}
        actions={<Button onClick={() => vm.closeEmailSent()}>Ok</Button>}
      >
        <p>{vm.info}</p>
      </AppDialog>
    </>
  )
})

export default LoginModal
