import { observer } from 'mobx-react-lite'
import { useEffect, useState, type FormEvent } from 'react'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { SelectField, TextField } from '../../components/Field'
import { clinicTimeOf, StaffDeskViewModel } from '../../view-models/staff-desk.view-model'
import type { DayBooking } from '../../../contract/admin.routes'
import styles from './StaffDesk.module.css'

const money = (n: number) => `£${n.toFixed(2)}`

const statusOf = (b: DayBooking) => (b.checkedIn ? 'Checked in' : b.status)

const BookingCard = observer(function BookingCard({ vm, booking }: { vm: StaffDeskViewModel; booking: DayBooking }) {
  const open = !booking.checkedIn && !/cancel|no.?show/i.test(booking.status)
  const busy = vm.busy === booking.id
  const label = `${booking.customer} at ${clinicTimeOf(booking.start)}`
  return (
    <li className={styles.booking} aria-label={label}>
      <p className={styles.time}>{clinicTimeOf(booking.start)}–{clinicTimeOf(booking.end)}</p>
      <p className={styles.customer}>{booking.customer}</p>
      {booking.customerPhone ? <p><a href={`tel:${booking.customerPhone}`}>{booking.customerPhone}</a></p> : null}
      {booking.customerEmail ? <p className={styles.muted}>{booking.customerEmail}</p> : null}
      <p>{booking.service}</p>
      <p className={styles.muted}>
        <span className={styles.status}>{statusOf(booking)}</span> · Deposit paid {money(booking.depositPaid)}
      </p>
      {open ? (
        <div className={styles.actions}>
          <Button onClick={() => void vm.act(booking.id, 'checked-in')} disabled={busy} aria-label={`Check in ${label}`}>Check in</Button>
          <Button variant="secondary" onClick={() => void vm.act(booking.id, 'no-show')} disabled={busy} aria-label={`No-show ${label}`}>No-show</Button>
          <Button variant="secondary" onClick={() => void vm.act(booking.id, 'cancel')} disabled={busy} aria-label={`Cancel ${label}`}>Cancel</Button>
        </div>
      ) : null}
    </li>
  )
})

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
        <Button type="submit" block disabled={vm.signingIn}>Sign in</Button>
      </form>
    </section>
  )
})

/** /staff: the staff desk (issue 13), a location's day with a column per practitioner. */
const StaffDeskPage = observer(function StaffDeskPage() {
  const vm = useViewModel<StaffDeskViewModel>(StaffDeskViewModel)
  const [practitioner, setPractitioner] = useState('')
  useEffect(() => {
    void vm.enter()
  }, [vm])
  if (!vm.signedIn) return <div className={styles.page}><SignIn vm={vm} /></div>
  const columns = practitioner ? vm.columns.filter((c) => c.practitioner === practitioner) : vm.columns
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <h1 className={styles.title}>Day bookings</h1>
        <Button variant="secondary" onClick={() => void vm.signOut()}>Sign out{vm.staff ? ` (${vm.staff.displayName})` : ''}</Button>
      </header>
      <div className={styles.controls}>
        <SelectField label="Location" value={vm.location} options={vm.locations.map((l) => ({ value: l.id, label: l.name }))} onChange={(v) => void vm.setLocation(v)} />
        <div className={styles.dateRow}>
          <Button variant="secondary" onClick={() => void vm.shiftDay(-1)} aria-label="Previous day">‹</Button>
          <TextField label="Date" type="date" value={vm.date} onChange={(v) => void vm.setDate(v)} />
          <Button variant="secondary" onClick={() => void vm.shiftDay(1)} aria-label="Next day">›</Button>
        </div>
        <SelectField
          label="Practitioner"
          value={practitioner}
          options={[{ value: '', label: 'All practitioners' }, ...vm.columns.map((c) => ({ value: c.practitioner, label: c.practitioner }))]}
          onChange={setPractitioner}
        />
      </div>
      {vm.error ? <p className={styles.error} role="alert">{vm.error}</p> : null}
      <p className={styles.notice} role="status">{vm.notice ?? ''}</p>
      {vm.loading ? <p role="status">Loading…</p> : null}
      {!vm.loading && vm.columns.length === 0 ? <p>No bookings on this day.</p> : null}
      <div className={styles.columns}>
        {columns.map((c) => (
          <section key={c.practitioner} className={styles.column} aria-label={c.practitioner}>
            <h2 className={styles.columnTitle}>{c.practitioner}</h2>
            <ul className={styles.list}>
              {c.bookings.map((b) => <BookingCard key={b.id} vm={vm} booking={b} />)}
            </ul>
          </section>
        ))}
      </div>
    </div>
  )
})

export default StaffDeskPage
