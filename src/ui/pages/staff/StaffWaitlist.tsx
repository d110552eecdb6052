import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { AppDialog } from '../../components/Dialog'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import type { StaffWaitlistViewModel } from '../../view-models/staff-waitlist.view-model'
import { StaffSelect } from './StaffControls'
import styles from './StaffDesk.module.css'

/** The desk's waiting customers for its location and day (issue 32), in order of joining, with 'Offer a time' and Remove. */
export const StaffWaitlist = observer(function StaffWaitlist({ vm, location, date }: { vm: StaffWaitlistViewModel; location: string; date: string }) {
  useEffect(() => {
    void vm.load(location, date)
  }, [vm, location, date])
  return (
    <section className={styles.search} aria-labelledby="staff-waitlist-title">
      <h2 id="staff-waitlist-title" className={styles.columnTitle}>Waiting customers</h2>
      {vm.error ? <p className={styles.error} role="alert">{vm.error}</p> : null}
      <p className={`${styles.notice} ${styles.quietWhenEmpty}`} role="status">{vm.notice ?? ''}</p>
      {!vm.loading && vm.waiting.length === 0 && !vm.error ? <p className={styles.muted}>No one is waiting for this day.</p> : null}
      {/* No empty list when no one waits: it left a gap under the heading. */}
      {vm.waiting.length === 0 ? null : <ol className={styles.list}>
        {vm.waiting.map((w) => (
          <li key={w.id} className={styles.booking} data-waitlist-id={w.id}>
            <div className={styles.bookingHead}>
              <span className={styles.customer}>{w.customer}</span>
              <span className={styles.muted}>{w.status}</span>
            </div>
            <p>{w.services} · {w.practitioner}</p>
            <p className={styles.muted}>{w.dates} · {w.parts}</p>
            <p className={styles.muted}>{w.contact}</p>
            <div className={styles.bar}>
              <Button variant="secondary" onClick={() => vm.askOffer(w)} disabled={w.entry.offer !== undefined}>Offer a time</Button>
              <Button variant="ghost" onClick={() => vm.askRemove(w)}>Remove</Button>
            </div>
          </li>
        ))}
      </ol>}
      <OfferDialog vm={vm} />
      <AppDialog
        title="Remove from the waitlist?"
        role="alertdialog"
        isOpen={vm.removing !== undefined}
        onClose={() => vm.cancelRemove()}
        actions={
          <>
            <Button variant="secondary" onClick={() => vm.cancelRemove()}>Keep</Button>
            <Button variant="danger" busy={vm.busy} onClick={() => void vm.confirmRemove()}>Remove</Button>
          </>
        }
      >
        {vm.removing ? <p>{vm.removing.customer}: {vm.removing.services}</p> : null}
      </AppDialog>
    </section>
  )
})

/** 'Offer a time': a time on the desk's day and a practitioner; the customer gets the offer mail with the time held. */
const OfferDialog = observer(function OfferDialog({ vm }: { vm: StaffWaitlistViewModel }) {
  const form = vm.offering
  return (
    <AppDialog
      title="Offer a time"
      isOpen={form !== undefined}
      onClose={() => vm.closeOffer()}
      actions={
        <>
          <Button variant="secondary" onClick={() => vm.closeOffer()}>Cancel</Button>
          <Button busy={vm.busy} onClick={() => void vm.confirmOffer()}>Send offer</Button>
        </>
      }
    >
      {form ? (
        <>
          <p>{form.entry.services} for {form.entry.customer}</p>
          <TextField label="Time (HH:mm)" value={form.time} onChange={(v) => vm.setOffer('time', v)} />
          <StaffSelect label="Practitioner" value={form.practitioner} options={vm.practitioners.map((p) => ({ value: p.id, label: p.name }))} onChange={(v) => vm.setOffer('practitioner', v)} />
          {form.error ? <p className={styles.error} role="alert">{form.error}</p> : null}
        </>
      ) : null}
    </AppDialog>
  )
})
