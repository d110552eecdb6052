import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import {
  ERASE_CONFIRM, ERASE_DIALOG_TITLE, ERASE_KEEP, ERASE_PASSWORD_LABEL, ERASE_TEXT, ERASE_TITLE, type EraseAccountViewModel,
} from '../../view-models/erase-account.view-model'
import { AppDialog } from '../Dialog'
import { Button } from '../Button'
import { TextField } from '../Field'

/** The details tab's 'Erase my account': a confirmation (alertdialog) that asks for the password. */
export const EraseAccountSection = observer(function EraseAccountSection({ vm }: { vm: EraseAccountViewModel }) {
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void vm.confirm()
  }
  return (
    <section aria-labelledby="erase-account-title">
      <h2 id="erase-account-title">{ERASE_TITLE}</h2>
      <p>{ERASE_TEXT}</p>
      <Button variant="danger" onClick={() => vm.open()}>{ERASE_TITLE}</Button>
      <AppDialog
        title={ERASE_DIALOG_TITLE}
        role="alertdialog"
        isOpen={vm.isOpen}
        onClose={() => vm.close()}
        actions={
          <>
            <Button variant="secondary" disabled={vm.busy} onClick={() => vm.close()}>{ERASE_KEEP}</Button>
            <Button variant="danger" busy={vm.busy} type="submit" form="erase-account-form">{ERASE_CONFIRM}</Button>
          </>
        }
      >
        <form id="erase-account-form" onSubmit={submit} noValidate>
          <p>{ERASE_TEXT}</p>
          <TextField label={ERASE_PASSWORD_LABEL} type="password" autoComplete="current-password" required value={vm.password} error={vm.error} onChange={(v) => vm.setPassword(v)} />
        </form>
      </AppDialog>
    </section>
  )
})
