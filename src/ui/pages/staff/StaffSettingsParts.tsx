// The shared parts of /staff/settings' forms: a react-aria checkbox and a form with its save button.
import type { FormEvent, ReactNode } from 'react'
import { observer } from 'mobx-react-lite'
import { Checkbox } from 'react-aria-components'
import { Button } from '../../components/Button'
import type { SettingsSession } from '../../view-models/settings-session.view-model'
import desk from './StaffDesk.module.css'
import styles from './StaffSettings.module.css'

export function Check({ selected, onChange, children }: { selected: boolean; onChange: (v: boolean) => void; children: ReactNode }) {
  return (
    <Checkbox className={desk.check} isSelected={selected} onChange={onChange}>
      <span className={desk.box} aria-hidden="true">{selected ? '✓' : ''}</span>
      {children}
    </Checkbox>
  )
}

export const SettingsForm = observer(function SettingsForm({ title, action, session, onSave, children }: { title: string; action?: string; session: SettingsSession; onSave: () => Promise<void>; children: ReactNode }) {
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void onSave()
  }
  return (
    <form className={styles.form} onSubmit={submit} aria-label={title} noValidate>
      {children}
      <div><Button type="submit" busy={session.saving}>{action ?? `Save ${title.toLowerCase()}`}</Button></div>
    </form>
  )
})
