import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import DOMPurify from 'dompurify'
import { useViewModel } from '../../use-view-model'
import { FORM_TEXT, FormViewModel } from '../../view-models/form.view-model'
import { FormRenderer } from '../../components/form-widgets/FormRenderer'
import { SignatureInput } from '../../components/form-widgets/SignatureInput'
import { widgetIds } from '../../components/form-widgets/WidgetFrame'
import { AppDialog } from '../../components/Dialog'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { Skeleton } from '../../components/Spinner'
import styles from './FormPage.module.css'

/** /form/{formId}[?password=]: a consent form or a general, medical or aftercare form (spec section 2). */
const FormPage = observer(function FormPage() {
  const vm = useViewModel<FormViewModel>(FormViewModel)
  const { formId = '' } = useParams()
  const [search] = useSearchParams()
  const password = search.get('password') ?? undefined
  useEffect(() => {
    void vm.load(formId, password)
  }, [vm, formId, password])

  return (
    <div className={styles.page}>
      {vm.status === 'loading' || vm.status === 'idle' ? (
        <div className={styles.card}><Skeleton rows={6} /></div>
      ) : vm.passwordMessage !== undefined ? (
        <PasswordPrompt vm={vm} />
      ) : vm.form ? (
        <form
          className={styles.card}
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            void vm.save()
          }}
        >
          <header>
            <h1 className={styles.heading}>{vm.title}</h1>
            {vm.form.model.description ? <p className={styles.description}>{vm.form.model.description}</p> : null}
          </header>
          {vm.readOnly ? <p className={styles.notice}>This form has already been completed. You can read your answers below.</p> : null}
          {vm.isConsent ? <ConsentBody vm={vm} /> : <FormRenderer answers={vm.answers} />}
          <div className={styles.footer}>
            {!vm.readOnly && !vm.isConsent && vm.answers.pending.length > 0 ? (
              <>
                <p className={styles.sectionTitle}>To save the form, complete:</p>
                <ul className={styles.pending}>
                  {vm.answers.pending.map((p) => (
                    <li key={p.id}>
                      <a href={`#${widgetIds(p.id).control}`} onClick={() => vm.answers.touch(p.id)}>{p.message}</a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <div className={styles.actions}>
              <Button type="submit" disabled={!vm.canSave}>{vm.saving ? 'Saving…' : FORM_TEXT.save}</Button>
            </div>
          </div>
        </form>
      ) : null}
      <AppDialog
        title={vm.dialogText ?? ''}
        isOpen={vm.dialog !== undefined}
        onClose={() => vm.closeDialog()}
        role="alertdialog"
        actions={<Button onClick={() => vm.closeDialog()}>{FORM_TEXT.close}</Button>}
      />
    </div>
  )
})

/** A form with a password opened without it (or with a wrong one): the server's text and a password field. */
const PasswordPrompt = observer(function PasswordPrompt({ vm }: { vm: FormViewModel }) {
  const [password, setPassword] = useState('')
  return (
    <form
      className={styles.card}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void vm.openWithPassword(password)
      }}
    >
      <header>
        <h1 className={styles.heading}>{FORM_TEXT.passwordTitle}</h1>
        <p className={styles.description}>{FORM_TEXT.passwordIntro}</p>
      </header>
      {vm.passwordTried ? <p className={styles.refused} role="alert">{vm.passwordMessage}</p> : null}
      <TextField label="Password" type="password" autoComplete="off" value={password} onChange={setPassword} required />
      <div className={styles.actions}>
        <Button type="submit" disabled={password.trim() === ''}>Open form</Button>
      </div>
    </form>
  )
})

const ConsentBody = observer(function ConsentBody({ vm }: { vm: FormViewModel }) {
  return (
    <>
      <div className={styles.consent} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(vm.consentText) }} />
      <dl className={styles.facts}>
        <dt>Date</dt>
        <dd>{vm.today}</dd>
        <dt>Name</dt>
        <dd>{vm.customerName}</dd>
        {vm.customerDateOfBirth ? (
          <>
            <dt>Date of birth</dt>
            <dd>{vm.customerDateOfBirth}</dd>
          </>
        ) : null}
      </dl>
      <div>
        <p className={styles.sectionTitle} id="consent-signature">Signature <span aria-hidden="true" style={{ color: 'var(--danger)' }}>*</span></p>
        <SignatureInput vm={vm.consentSignature} label="Signature" />
      </div>
    </>
  )
})

export default FormPage
