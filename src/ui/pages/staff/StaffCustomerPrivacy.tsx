import { observer } from 'mobx-react-lite'
import { AppDialog } from '../../components/Dialog'
import { Button } from '../../components/Button'
import {
  STAFF_DOWNLOAD_DATA, STAFF_ERASE, STAFF_ERASE_KEEP, STAFF_ERASE_TEXT, STAFF_PRIVACY_TEXT, STAFF_PRIVACY_TITLE, type StaffCustomerPrivacyViewModel,
} from '../../view-models/staff-customer-privacy.view-model'
import desk from './StaffDesk.module.css'
import styles from './DeskBooking.module.css'

/**
 * The record's 'Personal data' panel (issue 30 at the desk): the customer's export as a file, and their
 * erasure after an alertdialog that names them. `onErased` shows the record again (the pseudonym).
 */
export const StaffCustomerPrivacy = observer(function StaffCustomerPrivacy({ vm, customerId, name, onErased }: {
  vm: StaffCustomerPrivacyViewModel
  customerId: string
  name: string
  onErased: () => void
}) {
  const erase = async () => {
    if (await vm.confirmErase(customerId)) onErased()
  }
  return (
    <section className={styles.panel} aria-labelledby="record-privacy">
      <h2 id="record-privacy" className={styles.panelTitle}>{STAFF_PRIVACY_TITLE}</h2>
      {vm.erased ? <p role="status">{vm.erased}</p> : <p className={desk.hint}>{STAFF_PRIVACY_TEXT}</p>}
      <div className={desk.bar}>
        <Button variant="secondary" busy={vm.downloading} onClick={() => void vm.download(customerId)}>{STAFF_DOWNLOAD_DATA}</Button>
        {vm.erased ? null : <Button variant="danger" onClick={() => vm.openErase()}>{STAFF_ERASE}</Button>}
      </div>
      <AppDialog
        title={`Erase ${name}?`}
        role="alertdialog"
        isOpen={vm.confirming}
        onClose={() => vm.closeErase()}
        actions={
          <>
            <Button variant="secondary" disabled={vm.erasing} onClick={() => vm.closeErase()}>{STAFF_ERASE_KEEP}</Button>
            <Button variant="danger" busy={vm.erasing} onClick={() => void erase()}>{STAFF_ERASE}</Button>
          </>
        }
      >
        <p>{STAFF_ERASE_TEXT}</p>
        {vm.error ? <p className={desk.error} role="alert">{vm.error}</p> : null}
      </AppDialog>
    </section>
  )
})
