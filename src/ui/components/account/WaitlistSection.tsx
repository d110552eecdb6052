import { observer } from 'mobx-react-lite'
import { NO_WAITLIST, WAITLIST_REMOVE_TITLE, type WaitlistTabViewModel } from '../../view-models/waitlist-tab.view-model'
import { AppDialog } from '../Dialog'
import { Button } from '../Button'
import styles from './account.module.css'

/**
 * 'Your waitlist' under the appointments (issue 32): what the customer waits for, each with Remove
 * (asked first). Shown only to a customer who has joined a waitlist: the account reads as before for
 * everyone else.
 */
export const WaitlistSection = observer(function WaitlistSection({ vm }: { vm: WaitlistTabViewModel }) {
  if (!vm.shown) return null
  return (
    <section className={styles.section} aria-labelledby="waitlist-title">
      <div className={styles.sectionHead}>
        <h2 id="waitlist-title" className={styles.sectionTitle}>Your waitlist</h2>
      </div>
      {vm.isEmpty ? <p className={styles.empty}>{NO_WAITLIST}</p> : null}
      <ul className={styles.itemCards} aria-labelledby="waitlist-title">
        {vm.rows.map((row) => (
          <li key={row.id} className={styles.itemCard} data-waitlist-id={row.id}>
            <div className={styles.itemTop}>
              <span className={styles.itemTitle}>{row.services}</span>
              <span className={styles.status}>{row.status}</span>
            </div>
            <span>{row.clinic} · {row.practitioner}</span>
            <span className={styles.muted}>{row.dates} · {row.parts}</span>
            <div className={styles.itemActions}>
              <button type="button" className={styles.linkAction} aria-label={`Remove ${row.services} from the waitlist`} onClick={() => vm.askRemove(row)}>
                Remove
              </button>
            </div>
          </li>
        ))}
      </ul>
      <AppDialog
        title={WAITLIST_REMOVE_TITLE}
        isOpen={vm.removing !== undefined}
        role="alertdialog"
        onClose={() => vm.cancelRemove()}
        actions={
          <>
            <Button variant="secondary" onClick={() => vm.cancelRemove()}>Cancel</Button>
            <Button variant="danger" busy={vm.busy} onClick={() => void vm.confirmRemove()}>Remove</Button>
          </>
        }
      >
        {vm.removing ? <p>{vm.removing.services} at {vm.removing.clinic}, {vm.removing.dates}.</p> : null}
      </AppDialog>
    </section>
  )
})
