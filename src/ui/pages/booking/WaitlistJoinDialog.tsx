import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { Checkbox, CheckboxGroup, Label, Radio, RadioGroup, Text } from 'react-aria-components'
import {
  DAY_PART_LABELS,
  WAITLIST_JOIN_TITLE,
  WAITLIST_JOINED_TEXT,
  WAITLIST_JOINED_TITLE,
  type WaitlistJoinViewModel,
} from '../../view-models/waitlist-join.view-model'
import { DAY_PARTS } from '../../../domain/waitlist/waitlist'
import { AppDialog } from '../../components/Dialog'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import styles from './WaitlistJoinDialog.module.css'

const FORM_ID = 'waitlist-join-form'

/** 'Join the waitlist' (issue 32): practitioner or any, a date range, parts of the day; then the confirmation. */
export const WaitlistJoinDialog = observer(function WaitlistJoinDialog({ vm }: { vm: WaitlistJoinViewModel }) {
  if (vm.joined) {
    return (
      <AppDialog
        title={WAITLIST_JOINED_TITLE}
        isOpen={vm.open}
        onClose={() => vm.close()}
        actions={
          <>
            <Link to="/app" onClick={() => vm.close()}>My account</Link>
            <Button onClick={() => vm.close()}>Ok</Button>
          </>
        }
      >
        <p>{WAITLIST_JOINED_TEXT}</p>
      </AppDialog>
    )
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void vm.submit()
  }
  const errors = vm.errors
  return (
    <AppDialog
      title={WAITLIST_JOIN_TITLE}
      isOpen={vm.open}
      onClose={() => vm.close()}
      actions={
        <>
          <Button variant="secondary" onClick={() => vm.close()}>Cancel</Button>
          <Button type="submit" form={FORM_ID} busy={vm.submitting}>Join the waitlist</Button>
        </>
      }
    >
      <form id={FORM_ID} className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.what}>{vm.summary}</p>
        <RadioGroup className={styles.group} value={vm.form.practitioner} onChange={(v) => vm.setPractitioner(v)}>
          <Label className={styles.legend}>Practitioner</Label>
          <div className={styles.options}>
            {vm.practitionerOptions.map((o) => (
              <Radio key={o.value} value={o.value} className={styles.option}>
                <span className={styles.dot} aria-hidden="true" />
                {o.label}
              </Radio>
            ))}
          </div>
        </RadioGroup>
        <div className={styles.dates}>
          <TextField label="From" type="date" required min={vm.today} max={vm.lastDay} value={vm.form.from} error={errors.from} onChange={(v) => vm.setFrom(v)} />
          <TextField label="To" type="date" required min={vm.form.from || vm.today} max={vm.lastDay} value={vm.form.to} error={errors.to} onChange={(v) => vm.setTo(v)} />
        </div>
        <CheckboxGroup className={styles.group} value={vm.form.parts} onChange={(v) => vm.setParts(v)} isInvalid={errors.parts !== undefined}>
          <Label className={styles.legend}>Parts of the day</Label>
          <div className={styles.options}>
            {DAY_PARTS.map((part) => (
              <Checkbox key={part} value={part} className={styles.option}>
                {({ isSelected }) => (
                  <>
                    <span className={styles.box} aria-hidden="true">{isSelected ? '✓' : ''}</span>
                    {DAY_PART_LABELS[part].label}
                    <span className={styles.hint}>{DAY_PART_LABELS[part].hint}</span>
                  </>
                )}
              </Checkbox>
            ))}
          </div>
          {errors.parts ? <Text slot="errorMessage" className={styles.error} role="alert">{errors.parts}</Text> : null}
        </CheckboxGroup>
        {vm.failure ? <p className={styles.error} role="alert">{vm.failure}</p> : null}
      </form>
    </AppDialog>
  )
})
