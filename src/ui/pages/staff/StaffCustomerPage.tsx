import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import { formatInTimeZone } from 'date-fns-tz'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { AppDialog } from '../../components/Dialog'
import { TextField } from '../../components/Field'
import { CustomerRecordViewModel } from '../../view-models/customer-record.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { StaffCustomerPrivacyViewModel } from '../../view-models/staff-customer-privacy.view-model'
import { StaffCustomerPrivacy } from './StaffCustomerPrivacy'
import { formatMoney, type Currency } from '../../../domain/pricing/money'
import type { DayBooking } from '../../../contract/admin.routes'
import { DISPLAY_DATE_TIME_FORMAT, LONDON_TIME_ZONE } from '../../../domain/time'
import desk from './StaffDesk.module.css'
import styles from './DeskBooking.module.css'

const when = (iso: string) => formatInTimeZone(new Date(iso), LONDON_TIME_ZONE, DISPLAY_DATE_TIME_FORMAT)

/** A list of visits; a deposit paid shows in the organisation's currency. */
export function Visits({ title, visits, currency }: { title: string; visits: DayBooking[]; currency: Currency }) {
  return (
    <section className={styles.panel} aria-label={title}>
      <h2 className={styles.panelTitle}>{title}</h2>
      {visits.length === 0 ? <p className={desk.muted}>None.</p> : (
        <ul className={styles.list}>
          {visits.map((v) => <li key={v.id}>{when(v.start)} · {v.service} with {v.practitioner} at {v.location} · {v.status}{v.depositPaid > 0 ? ` · deposit paid ${formatMoney(v.depositPaid, currency)}` : ''}</li>)}
        </ul>
      )}
    </section>
  )
}

/**
 * A completed form in the app's dialog (AppDialog: over the page, a bottom sheet on a phone that
 * scrolls inside, focus trapped, a close icon). As a bare Modal it was drawn after the footer, below
 * the screen, with the page's scroll locked: a tap on Open showed nothing.
 */
const FormDialog = observer(function FormDialog({ vm }: { vm: CustomerRecordViewModel }) {
  const form = vm.form
  return (
    <AppDialog title={form?.model.name ?? 'Form'} isOpen={form !== undefined} onClose={() => vm.closeForm()} actions={<Button onClick={() => vm.closeForm()}>Close</Button>}>
      {form ? (
        <>
          <p>{form.isSigned ? 'Signed' : form.isUpdated ? 'Completed' : 'Not completed yet'}{form.updatedAt ? ` on ${when(form.updatedAt)}` : ''}</p>
          <dl className={styles.dl}>
            {form.model.fields.filter((f) => f.title).map((f) => (
              <div key={f.id} style={{ display: 'contents' }}>
                <dt>{f.title}</dt>
                <dd>{String((form.data ?? {})[f.id] ?? '—')}</dd>
              </div>
            ))}
          </dl>
          {form.signature ? <img src={form.signature} alt={`Signature of ${form.customer.firstName} ${form.customer.surname}`} style={{ maxWidth: '100%' }} /> : null}
        </>
      ) : null}
    </AppDialog>
  )
})

/** /staff/customers/:id: the customer's record at the desk (issue 29); the notes are shown to staff only (and are in the customer's data export). */
const StaffCustomerPage = observer(function StaffCustomerPage() {
  const vm = useViewModel<CustomerRecordViewModel>(CustomerRecordViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const privacy = useViewModel<StaffCustomerPrivacyViewModel>(StaffCustomerPrivacyViewModel)
  const { id = '' } = useParams()
  useEffect(() => {
    privacy.reset()
    void vm.load(id)
  }, [vm, privacy, id])
  const r = vm.record
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void vm.saveNote()
  }
  return (
    <div className={desk.page}>
      <header className={desk.bar}>
        <h1 className={desk.title}>{vm.name || 'Customer'}</h1>
        <div className={desk.bar}>
          <Link to="/staff/new-booking">New booking</Link>
          <Link to="/staff">Back to the desk</Link>
        </div>
      </header>
      {vm.error ? <p className={desk.error} role="alert">{vm.error}</p> : null}
      {vm.loading ? <p role="status">Loading…</p> : null}
      {r ? (
        <div className={styles.layout}>
          <section className={styles.panel} aria-labelledby="record-contact">
            <h2 id="record-contact" className={styles.panelTitle}>Contact details</h2>
            <dl className={styles.dl}>
              <dt>Email</dt><dd><a href={`mailto:${r.contact.email}`}>{r.contact.email}</a></dd>
              {r.contact.mobilePhone ? <><dt>Mobile</dt><dd><a href={`tel:${r.contact.mobilePhone}`}>{r.contact.mobilePhone}</a></dd></> : null}
              {r.contact.dateOfBirth ? <><dt>Date of birth</dt><dd>{r.contact.dateOfBirth.split('-').reverse().join('/')}</dd></> : null}
              {r.contact.address ? <><dt>Address</dt><dd>{r.contact.address}</dd></> : null}
              <dt>Account</dt><dd>{r.contact.verified ? 'Active' : 'Password not set yet'}</dd>
            </dl>
          </section>
          <section className={styles.panel} aria-labelledby="record-notes">
            <h2 id="record-notes" className={styles.panelTitle}>Staff notes</h2>
            <p className={desk.hint}>Not shown to the customer, but included in their data download.</p>
            <form className={desk.form} onSubmit={submit}>
              <TextField label="New note" multiline rows={3} value={vm.note} error={vm.noteError} onChange={(v) => vm.setNote(v)} />
              <Button type="submit" variant="secondary" busy={vm.saving}>Add note</Button>
            </form>
            <ul className={styles.list} aria-label="Notes">
              {r.notes.map((n) => <li key={n.id}><p className={styles.note}>{n.text}</p><p className={desk.muted}>{n.author}, {when(n.createdAt)}</p></li>)}
            </ul>
          </section>
          <Visits title="Upcoming visits" visits={r.upcoming} currency={session.currency} />
          <Visits title="Past visits" visits={r.past} currency={session.currency} />
          <section className={styles.panel} aria-labelledby="record-courses">
            <h2 id="record-courses" className={styles.panelTitle}>Courses</h2>
            {r.courses.length === 0 ? <p className={desk.muted}>None.</p> : (
              <ul className={styles.list}>
                {r.courses.map((c) => <li key={c.id}>{c.name} · {c.service.name} · used {c.redeemed} of {c.quantity}{c.reserved ? ` · booked ${c.reserved}` : ''}{c.endsOn ? ` · expires ${c.endsOn.slice(0, 10).split('-').reverse().join('/')}` : ' · No expiry'}</li>)}
              </ul>
            )}
          </section>
          <section className={styles.panel} aria-labelledby="record-forms">
            <h2 id="record-forms" className={styles.panelTitle}>Forms</h2>
            {r.forms.length === 0 ? <p className={desk.muted}>None sent.</p> : (
              <ul className={styles.list}>
                {r.forms.map((f) => (
                  <li key={f.id}>
                    {f.name} ({f.type}) · sent {when(f.sentAt)} · {f.isSigned ? 'signed' : f.isUpdated ? 'completed' : 'waiting'}
                    {' '}{f.isSigned || f.isUpdated ? <Button variant="secondary" onClick={() => void vm.open(f.id)} aria-label={`Open ${f.name}`}>Open</Button> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <StaffCustomerPrivacy vm={privacy} customerId={id} name={vm.name} onErased={() => void vm.load(id)} />
        </div>
      ) : null}
      <FormDialog vm={vm} />
    </div>
  )
})

export default StaffCustomerPage
