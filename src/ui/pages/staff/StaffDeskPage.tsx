import { observer } from 'mobx-react-lite'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { I18nProvider } from 'react-aria-components'
import { useViewModel } from '../../use-view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { StaffDeskViewModel } from '../../view-models/staff-desk.view-model'
import { StaffCustomersViewModel } from '../../view-models/staff-customers.view-model'
import { StaffDatePicker, StaffSelect } from './StaffControls'
import { CancelDialog, MoveDialog, StaffBookingCard } from './StaffBookingCard'
import { StaffCustomerSearch } from './StaffCustomerSearch'
import { StaffBlockEntry } from './StaffBlockEntry'
import { StaffWaitlistViewModel } from '../../view-models/staff-waitlist.view-model'
import { CheckoutDialog } from './StaffCheckoutDialog'
import { StaffWaitlist } from './StaffWaitlist'
import styles from './StaffDesk.module.css'

const SignIn = observer(function SignIn({ vm }: { vm: StaffDeskViewModel }) {
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void vm.signIn()
  }
  return (
    <section className={styles.card} aria-labelledby="staff-login-title">
      <h1 id="staff-login-title" className={styles.title}>Staff sign-in</h1>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField label="Email" type="email" autoComplete="username" required value={vm.email} onChange={(v) => vm.setEmail(v)} />
        <TextField label="Password" type="password" autoComplete="current-password" required value={vm.password} onChange={(v) => vm.setPassword(v)} />
        {vm.loginError ? <p className={styles.error} role="alert">{vm.loginError}</p> : null}
        <Button type="submit" block busy={vm.signingIn}>Sign in</Button>
      </form>
      <p className={styles.hint}><Link to="/staff/forgot-password">Forgot password?</Link></p>
    </section>
  )
})

/**
 * /staff: the staff desk (issue 13), a location's day with a column per practitioner. The chosen day
 * is in the address (?date=), so a reload stays on it; the staff session survives a reload too.
 */
const StaffDeskPage = observer(function StaffDeskPage() {
  const vm = useViewModel<StaffDeskViewModel>(StaffDeskViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const customers = useViewModel<StaffCustomersViewModel>(StaffCustomersViewModel)
  const waitlist = useViewModel<StaffWaitlistViewModel>(StaffWaitlistViewModel)
  const [params, setParams] = useSearchParams()
  const [practitioner, setPractitioner] = useState('')
  useEffect(() => {
    void vm.enter(params.get('date') ?? undefined)
    // entered once: later changes of the address come from the desk itself
  }, [vm])
  useEffect(() => {
    if (vm.date && params.get('date') !== vm.date) setParams({ date: vm.date }, { replace: true })
  }, [vm.date, params, setParams])
  if (!vm.signedIn) return <div className={styles.page}><SignIn vm={vm} /></div>
  const columns = practitioner ? vm.columns.filter((c) => c.practitioner === practitioner) : vm.columns
  return (
    <I18nProvider locale="en-GB">
      <div className={styles.page}>
        <header className={styles.bar}>
          <div>
            <h1 className={styles.title}>Day bookings</h1>
            {vm.staff ? <p className={styles.who}>Signed in as {vm.staff.displayName} ({vm.staff.role})</p> : null}
          </div>
          <div className={styles.bar}>
            <Link to={`/staff/week?date=${vm.date}`}>Week view</Link>
            {vm.staff?.role === 'admin' ? <Link to={`/staff/new-booking?location=${vm.location}&date=${vm.date}`}>New booking</Link> : null}
            {vm.staff?.role === 'admin' ? <Link to="/staff/reports">Reports</Link> : null}
            <Link to="/staff/notifications">Notifications &amp; calendar</Link>
            {vm.staff?.role === 'admin' ? <Link to="/staff/settings">Settings</Link> : null}
            {vm.staff?.role === 'admin' ? <Link to="/staff/integrations">Integrations</Link> : null}
            <Button variant="secondary" onClick={() => void vm.signOut()}>Sign out</Button>
          </div>
        </header>
        <div className={styles.controls}>
          <StaffSelect label="Location" value={vm.location} options={vm.locations.map((l) => ({ value: l.id, label: l.name }))} onChange={(v) => void vm.setLocation(v)} />
          <div className={styles.dateRow}>
            <Button variant="secondary" onClick={() => void vm.shiftDay(-1)} aria-label="Previous day">‹</Button>
            <StaffDatePicker label="Date" value={vm.date} onChange={(v) => void vm.setDate(v)} />
            <Button variant="secondary" onClick={() => void vm.shiftDay(1)} aria-label="Next day">›</Button>
          </div>
          <StaffSelect
            label="Practitioner"
            value={practitioner}
            options={[{ value: '', label: 'All practitioners' }, ...vm.columns.map((c) => ({ value: c.practitioner, label: c.practitioner }))]}
            onChange={setPractitioner}
          />
        </div>
        {vm.error ? <p className={styles.error} role="alert">{vm.error}</p> : null}
        <p className={styles.notice} role="status">{vm.notice ?? ''}</p>
        {vm.loading ? <p role="status">Loading…</p> : null}
        {!vm.loading && !vm.error && vm.bookings.length === 0 ? <p>{vm.blocks.length ? 'No bookings on this day; time is blocked below.' : 'No bookings on this day.'}</p> : null}
        <div className={styles.columns}>
          {columns.map((c) => (
            <section key={c.practitioner} className={styles.column} aria-label={c.practitioner}>
              <h2 className={styles.columnTitle}>{c.practitioner}</h2>
              {c.bookings.length === 0 && c.blocks.length === 0 ? <p className={styles.muted}>No bookings.</p> : null}
              {c.bookings.length + c.blocks.length > 0 ? (
                <ul className={styles.list}>
                  {[
                    ...c.bookings.map((b) => ({ start: b.start, node: <StaffBookingCard key={b.id} vm={vm} booking={b} currency={session.currency} onCheckout={vm.isAdmin ? (x) => void vm.openCheckout(x) : undefined} /> })),
                    ...c.blocks.map((b) => ({ start: b.start, node: <StaffBlockEntry key={b.id} block={b} date={vm.date} busy={vm.busy !== undefined} onRemove={(x) => void vm.removeBlock(x)} /> })),
                  ].sort((a, b) => a.start.localeCompare(b.start)).map((e) => e.node)}
                </ul>
              ) : null}
            </section>
          ))}
        </div>
        <StaffWaitlist vm={waitlist} location={vm.location} date={vm.date} />
        {vm.isAdmin ? <StaffCustomerSearch vm={customers} /> : null}
        <CancelDialog vm={vm} currency={session.currency} />
        <MoveDialog vm={vm} practitioners={vm.columns.map((c) => c.practitioner)} />
        <CheckoutDialog vm={vm.checkout} />
      </div>
    </I18nProvider>
  )
})

export default StaffDeskPage
