import { observer } from 'mobx-react-lite'
import { Label, Radio, RadioGroup } from 'react-aria-components'
import { GiftVoucherViewModel, type Recipient } from '../../view-models/gift-voucher.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { useViewModel } from '../../use-view-model'
import { AppDialog } from '../../components/Dialog'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { formatMoney } from '../../../domain/pricing/money'
import styles from './GiftVoucherDialog.module.css'

/** The gift voucher buyer dialog: for me or someone else (name, email, confirm email, message). */
const GiftVoucherDialog = observer(function GiftVoucherDialog() {
  const vm = useViewModel<GiftVoucherViewModel>(GiftVoucherViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  return (
    <AppDialog
      title={`Gift voucher ${vm.chosenValue !== undefined ? formatMoney(vm.chosenValue, session.currency) : ''}`}
      isOpen={vm.dialogOpen}
      onClose={() => vm.cancel()}
      actions={
        <>
          <Button variant="secondary" onClick={() => vm.cancel()}>Cancel</Button>
          <Button onClick={() => vm.submit()}>Continue</Button>
        </>
      }
    >
      <RadioGroup className={styles.radios} value={vm.recipient} onChange={(v) => vm.setRecipient(v as Recipient)}>
        <Label className={styles.radioLabel}>Who is this gift voucher for?</Label>
        <Radio value="me" className={styles.radio}><span className={styles.dot} aria-hidden="true" />For me</Radio>
        <Radio value="someoneElse" className={styles.radio}><span className={styles.dot} aria-hidden="true" />For someone else</Radio>
      </RadioGroup>
      {vm.recipient === 'someoneElse' ? (
        <div className={styles.form}>
          <TextField label="Name" required value={vm.receiver.name} error={vm.errors.name} onChange={(v) => vm.setField('name', v)} />
          <TextField label="Email" type="email" required value={vm.receiver.email} error={vm.errors.email} onChange={(v) => vm.setField('email', v)} />
          <TextField label="Confirm email" type="email" required value={vm.receiver.confirmEmail} error={vm.errors.confirmEmail} onChange={(v) => vm.setField('confirmEmail', v)} />
          <TextField label="Message" multiline value={vm.receiver.message} onChange={(v) => vm.setField('message', v)} />
        </div>
      ) : null}
    </AppDialog>
  )
})

export default GiftVoucherDialog
